import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import { agentRows, apiGet, netmonApi, root, signInTo, signOut, startControlledEmulator } from './netmon-fixture';
import { closeAllEditors, panelStates, sendFromWebview, waitForRendered } from './panels-fixture';

describe('agent card', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startControlledEmulator();
    await signInTo(emulator);
  });
  afterEach(closeAllEditors);
  after(async () => {
    await vscode.commands.executeCommand('netmon.clearFilters');
    await signOut();
    await emulator.close();
  });

  it('a click on an agent opens it as a card titled with its name; the card narrows the view to it and opens its JSON', async () => {
    const api = await netmonApi();
    const [agentNode] = await agentRows(api, await root(api, 'Endpoint Agents'));
    assert.ok(agentNode);
    const click = agentNode.treeItem().command;
    assert.equal(click?.command, 'netmon.openAgent', 'the click reads the agent, not raw JSON');
    const id = await vscode.commands.executeCommand<string>(click.command, ...(click.arguments ?? []));
    const state = await waitForRendered(id);
    const agentId = agentNode.spec.ids?.agentId ?? '';
    const { endpointAgents } = await apiGet<EndpointAgentsResponse>(emulator, `/v6/endpoint-agents/${agentId}`);
    assert.equal(state.kind, 'agent');
    assert.equal(state.title, `Agent: ${endpointAgents[0]?.computerName}`);
    assert.deepEqual(state.rendered, { agentId });

    await sendFromWebview(id, { type: 'filterByAgent', params: { agentId } });
    assert.match(
      api.treeView.description ?? '',
      new RegExp(`agent=${endpointAgents[0]?.computerName}`),
      'filtered by name, not id',
    );
    await sendFromWebview(id, { type: 'openJson', params: { agentId } });
    const json = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.scheme === 'netmon');
    assert.ok(json, 'Open as JSON shows the details document');
    assert.equal(
      (JSON.parse(json.document.getText()) as EndpointAgentsResponse['endpointAgents'][number]).agentId,
      agentId,
      'the agent itself, not an envelope',
    );

    const before = (await panelStates()).length;
    await sendFromWebview(id, { type: 'filterByAgent', params: { agentId: 'another-agent' } });
    assert.doesNotMatch(api.treeView.description ?? '', /another-agent/, 'a message naming another agent does nothing');
    assert.equal((await panelStates()).length, before);
  });

  it('Open Agent by id (scripts) shows the card without Open as JSON; an unknown id says so in the panel', async () => {
    const { endpointAgents } = await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents');
    const id = await vscode.commands.executeCommand<string>('netmon.openAgent', endpointAgents[0]?.agentId);
    await waitForRendered(id);
    const missing = await vscode.commands.executeCommand<string>('netmon.openAgent', 'no-such-agent');
    const state = (await panelStates()).find((panel) => panel.id === missing);
    assert.match(state?.error ?? '', /no-such-agent|404|not found/i);
  });
});
