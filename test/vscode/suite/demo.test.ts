import assert from 'node:assert/strict';
import { after, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse } from '../../../src/api/types';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import { agentRows, DEMO_CREDENTIALS, inViewOrder, netmonApi, root, signOut } from './netmon-fixture';

/** Every agent the demo account has, deleted ones too, read in the dialect the demo emulator speaks. */
async function agentsAt(url: string, api: 'v6' | 'v7'): Promise<EndpointAgentsResponse> {
  const path = api === 'v7' ? '/v7/endpoint/agents?includeDeleted=true' : '/v6/endpoint-agents';
  const response = await fetch(`${url}${path}`, {
    headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
  });
  const body = (await response.json()) as EndpointAgentsResponse & {
    agents?: EndpointAgentsResponse['endpointAgents'];
  };
  return api === 'v7' ? { endpointAgents: body.agents ?? [] } : body;
}

describe('demo mode', () => {
  after(() => signOut());

  it('starts the embedded emulator on a loopback port and browses it as the demo admin', async () => {
    const api = await netmonApi();
    const info = await vscode.commands.executeCommand('netmon.useDemo');
    assert.ok(info, 'Use Demo Account failed');
    assert.equal(api.connection.current?.kind, 'demo');
    const url = api.connection.demoUrl;
    assert.match(url ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(api.statusBarText(), /Netmon: demo/);

    // The emulator states its dialect (netmon.apiVersion chooses it); it is never probed.
    const dialect = api.connection.current?.api;
    assert.equal(dialect?.source, 'emulator');
    const expected = inViewOrder((await agentsAt(url ?? '', dialect?.version ?? 'v6')).endpointAgents).map(
      (agent) => agent.computerName,
    );
    const shown = (await agentRows(api, await root(api, 'Endpoint Agents'))).map((node) => node.label);
    assert.ok(expected.length > 0);
    assert.deepEqual(shown, expected);
  });

  it('shows the six roots while demo mode is still starting; their children arrive once it is up', async () => {
    const api = await netmonApi();
    await signOut();
    const starting = vscode.commands.executeCommand('netmon.useDemo');
    // The emulator binds its port on a later turn of the event loop; until then the connection is only being made.
    for (let turn = 0; turn < 10_000 && !api.connection.clientWhenReady; turn += 1) await Promise.resolve();
    const roots = await api.tree.getChildren();
    const connectedKind = (): string | undefined => api.connection.current?.kind; // read anew after each await
    assert.equal(connectedKind(), undefined, 'the roots came before the connection was up');
    assert.deepEqual(
      roots.map((node) => node.label),
      [
        'Endpoint Agents',
        'Networks',
        'Enterprise Agents',
        'Alerts',
        'Deployed Tests',
        'Endpoint Tests',
        'User Sessions',
        'Network Sessions',
        'Network Topology',
      ],
    );
    const agents = await agentRows(api, roots[0] as TreeNode);
    assert.ok(
      agents.length > 0 && agents.every((node) => node.spec.kind === 'agent'),
      agents.map((node) => node.label).join(', '),
    );
    assert.ok(await starting, 'Use Demo Account failed');
    assert.equal(connectedKind(), 'demo');
    assert.equal(
      (await api.tree.getChildren())[0],
      roots[0],
      'the account group arriving later did not rebuild the roots',
    );
  });

  it('stops the emulator when leaving demo mode', async () => {
    const api = await netmonApi();
    if (api.connection.current?.kind !== 'demo') await vscode.commands.executeCommand('netmon.useDemo');
    const url = api.connection.demoUrl ?? '';
    await signOut();
    assert.equal(api.connection.demoUrl, undefined);
    await assert.rejects(fetch(`${url}/v6/endpoint-agents`), 'the demo emulator still answers after sign-out');
  });
});
