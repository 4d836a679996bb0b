import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { childrenOf, clearEmulatorRequests, emulatorRequests, netmonApi, records, root, signInTo, signOut, startControlledEmulator } from './netmon-fixture';

const USER_SESSIONS = '/v6/endpoint-data/user-sessions';
const TOPOLOGY = '/v6/endpoint-data/network-topology';

describe('time range and filters', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startControlledEmulator();
    await signInTo(emulator);
  });
  after(async () => {
    await vscode.commands.executeCommand('netmon.clearFilters');
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '1h' }); // the default
    await signOut();
    await emulator.close();
  });

  it('sends the chosen time range with the data requests and shows it in the view description', async () => {
    const api = await netmonApi();
    // 6h: no other part of the extension asks for that window (the documents' catalog samples 1d).
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '6h' });
    assert.match(api.treeView.description ?? '', /Last 6h/);
    await clearEmulatorRequests(emulator);
    await childrenOf(api, await root(api, 'User Sessions'));
    // Exactly one load with the new range (a load cancelled by the change may still be logged late).
    const sent = (await emulatorRequests(emulator)).filter((request) => request.path === USER_SESSIONS && request.query['window'] === '6h');
    assert.equal(sent.length, 1, JSON.stringify(sent));

    const from = new Date('2026-11-20T10:00:00Z');
    const to = new Date('2026-11-20T12:30:00Z');
    await vscode.commands.executeCommand('netmon.setTimeRange', { from: from.toISOString(), to: to.toISOString() });
    await clearEmulatorRequests(emulator);
    await childrenOf(api, await root(api, 'Network Topology'));
    const custom = (await emulatorRequests(emulator)).filter((request) => request.path === TOPOLOGY && request.query['from'] !== undefined);
    assert.equal(custom.length, 1);
    assert.deepEqual([custom[0]?.query['from'], custom[0]?.query['to'], custom[0]?.query['window']], ['2026-11-20T10:00:00', '2026-11-20T12:30:00', undefined]);
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '1h' }); // the default
  });

  it('applies a filter to sessions and topology (POST searchFilters) and clearing it restores the lists', async () => {
    const api = await netmonApi();
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '2d' }); // two days hold both platforms
    const unfiltered = records(await childrenOf(api, await root(api, 'User Sessions'))).map((node) => node.label);

    await vscode.commands.executeCommand('netmon.addFilter', { key: 'platform', values: ['Mac'] });
    await vscode.commands.executeCommand('netmon.addFilter', { key: 'type', values: ['gateway'] });
    assert.match(api.treeView.description ?? '', /platform=Mac/);
    assert.match(api.treeView.description ?? '', /type=gateway/);
    assert.match(api.treeView.message ?? '', /platform=Mac/, 'the view itself says what narrows the lists');
    assert.equal((await root(api, 'User Sessions')).treeItem().description, 'Last 2d · platform=Mac');
    assert.equal((await root(api, 'Network Topology')).treeItem().description, 'Last 2d · platform=Mac · type=gateway');
    await clearEmulatorRequests(emulator);
    const filtered = records(await childrenOf(api, await root(api, 'User Sessions')));
    await childrenOf(api, await root(api, 'Network Topology'));
    const posted = (await emulatorRequests(emulator)).filter((request) => request.method === 'POST');
    const sessions = posted.find((request) => request.path === USER_SESSIONS);
    const topology = posted.find((request) => request.path === TOPOLOGY);
    assert.equal(sessions?.query['window'], '2d');
    // `type` only applies to the topology endpoint, so sessions get the platform filter alone.
    assert.deepEqual(sessions?.body, { searchFilters: [{ key: 'platform', values: ['Mac'] }] });
    assert.deepEqual(topology?.body, { searchFilters: [{ key: 'platform', values: ['Mac'] }, { key: 'type', values: ['gateway'] }] });
    assert.notDeepEqual(filtered.map((node) => node.label), unfiltered);

    await vscode.commands.executeCommand('netmon.clearFilters');
    assert.doesNotMatch(api.treeView.description ?? '', /platform=/);
    assert.equal((await root(api, 'User Sessions')).treeItem().description, 'Last 2d');
    await clearEmulatorRequests(emulator);
    const restored = records(await childrenOf(api, await root(api, 'User Sessions'))).map((node) => node.label);
    assert.deepEqual(restored, unfiltered);
    const again = (await emulatorRequests(emulator)).filter((request) => request.path === USER_SESSIONS && request.method === 'GET' && request.query['window'] === '2d');
    assert.equal(again.length, 1, 'cleared filters go back to the unfiltered GET');
  });
});
