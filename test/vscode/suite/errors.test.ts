import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import {
  WIRE_PATHS,
  agentRows,
  apiGet,
  childrenOf,
  inViewOrder,
  kindOf,
  netmonApi,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

describe('error nodes', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startControlledEmulator();
    await signInTo(emulator);
  });
  after(async () => {
    emulator.setFaults([]);
    await signOut();
    await emulator.close();
  });

  it('shows what failed when the API answers 500, and recovers on Retry', async function () {
    this.timeout(40_000); // the client retries a failing GET with backoff before giving up
    const api = await netmonApi();
    await fetch(`${emulator.url}/_emulator/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults: [{ fault: 'error', status: 500, pathPrefix: WIRE_PATHS.endpointAgents }] }),
    });
    const agentsRoot = await root(api, 'Endpoint Agents');
    await vscode.commands.executeCommand('netmon.refresh', agentsRoot);
    const [errorNode, ...others] = await childrenOf(api, agentsRoot);
    assert.equal(others.length, 0);
    assert.equal(errorNode && kindOf(errorNode), 'error');
    assert.match(errorNode?.label ?? '', /^Loading endpoint agents failed: 500/);
    const item = errorNode?.treeItem();
    assert.equal(item?.command?.command, 'netmon.retry');
    const tooltip = item?.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : '';
    assert.match(tooltip, /retry/i);

    await fetch(`${emulator.url}/_emulator/faults`, { method: 'DELETE' });
    await vscode.commands.executeCommand('netmon.retry', ...(item?.command?.arguments ?? []));
    const recovered = await agentRows(api, agentsRoot);
    const { endpointAgents } = await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents');
    assert.deepEqual(
      recovered.map((node) => node.label),
      inViewOrder(endpointAgents).map((agent) => agent.computerName),
    );
  });

  it('a paged list that fails shows the error node, and Retry loads its first page', async function () {
    this.timeout(40_000);
    const api = await netmonApi();
    // Every attempt fails: the first and the client's four retries of a GET; a POST (v7's every
    // list, filtered or not) is not retried on a 500 (src/api/README.md), so one attempt.
    const attempts = WIRE_PATHS.unfilteredMethod === 'GET' ? 5 : 1;
    emulator.setFaults([{ fault: 'error', status: 500, pathPrefix: WIRE_PATHS.lists.topologies, times: attempts }]);
    const topology = await root(api, 'Network Topology');
    await vscode.commands.executeCommand('netmon.refresh', topology);
    const [errorNode] = await childrenOf(api, topology);
    assert.equal(errorNode && kindOf(errorNode), 'error');
    assert.match(errorNode?.label ?? '', /^Loading network topology probes failed: 500/);
    await vscode.commands.executeCommand('netmon.retry', ...(errorNode?.treeItem().command?.arguments ?? []));
    const recovered = await childrenOf(api, topology);
    assert.ok(
      recovered.every((node) => kindOf(node) !== 'error'),
      'still failing after Retry',
    );
  });
});
