import assert from 'node:assert/strict';
import { after, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse } from '../../../src/api/types';
import { childrenOf, DEMO_CREDENTIALS, netmonApi, root, signOut } from './netmon-fixture';

async function agentsAt(url: string): Promise<EndpointAgentsResponse> {
  const response = await fetch(`${url}/v6/endpoint-agents`, { headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` } });
  return (await response.json()) as EndpointAgentsResponse;
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

    const expected = (await agentsAt(url ?? '')).endpointAgents.map((agent) => agent.computerName);
    const shown = (await childrenOf(api, await root(api, 'Endpoint Agents'))).map((node) => node.label);
    assert.ok(expected.length > 0);
    assert.deepEqual(shown, expected);
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
