import assert from 'node:assert/strict';
import { after, afterEach, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import {
  DEMO_CREDENTIALS,
  agentRows,
  emulatorRequests,
  netmonApi,
  netmonLogText,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

async function setApiVersion(value: 'auto' | 'v7' | 'v6' | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('netmon').update('apiVersion', value, vscode.ConfigurationTarget.Global);
}

describe('API version: detected, set, or stated by the emulator', () => {
  const emulators: RunningEmulator[] = [];
  const start = async (api: 'v6' | 'v7'): Promise<RunningEmulator> => {
    const emulator = await startControlledEmulator({ api });
    emulators.push(emulator);
    return emulator;
  };
  afterEach(async () => {
    await signOut();
    await setApiVersion(undefined);
  });
  after(async () => {
    await Promise.all(emulators.map((emulator) => emulator.close()));
  });

  it('Sign In detects v7 with one v7 read, and a v7 account never sees a v6 request', async () => {
    const api = await netmonApi();
    const emulator = await start('v7');
    await signInTo(emulator);
    assert.deepEqual(api.connection.current?.api, { version: 'v7', source: 'detected' });
    await api.tree.getChildren(); // the roots, then a list, through the connected client
    const paths = (await emulatorRequests(emulator)).map((request) => `${request.method} ${request.path}`);
    assert.equal(paths[0], 'GET /v7/endpoint/agents', 'the detection read comes first');
    assert.deepEqual(
      paths.filter((path) => / \/v6\//.test(path)),
      [],
    );
  });

  it('Sign In detects v6 where the v7 read answers 404', async () => {
    const api = await netmonApi();
    const emulator = await start('v6');
    await signInTo(emulator);
    assert.deepEqual(api.connection.current?.api, { version: 'v6', source: 'detected' });
  });

  it('netmon.apiVersion set to a version is used as set: no detection read is sent', async () => {
    const api = await netmonApi();
    const emulator = await start('v6');
    await setApiVersion('v6');
    await signInTo(emulator);
    assert.deepEqual(api.connection.current?.api, { version: 'v6', source: 'setting' });
    const paths = (await emulatorRequests(emulator)).map((request) => request.path);
    assert.ok(!paths.includes('/v7/endpoint/agents'), `no detection read: ${paths.join(', ')}`);
  });

  it('demo mode runs its emulator in the version netmon.apiVersion sets (auto: v7, as accounts today), never probed', async () => {
    const api = await netmonApi();
    await vscode.commands.executeCommand('netmon.useDemo');
    assert.deepEqual(api.connection.current?.api, { version: 'v7', source: 'emulator' });
    const v7Agents = await fetch(`${api.connection.demoUrl ?? ''}/v7/endpoint/agents`, {
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
    });
    assert.equal(v7Agents.status, 200, 'the default demo emulator serves v7');
    await signOut();
    await setApiVersion('v7');
    await vscode.commands.executeCommand('netmon.useDemo');
    assert.deepEqual(api.connection.current?.api, { version: 'v7', source: 'emulator' });
    await signOut();
    await setApiVersion('v6');
    await vscode.commands.executeCommand('netmon.useDemo');
    assert.deepEqual(api.connection.current?.api, { version: 'v6', source: 'emulator' });
    const agents = await fetch(`${api.connection.demoUrl ?? ''}/v7/endpoint/agents`, {
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
    });
    assert.equal(agents.status, 404, 'the v6 demo emulator answers no v7 endpoint-data path');
  });

  it('changing netmon.apiVersion reconnects the connection that is up in the version it names, and the log says so', async () => {
    const api = await netmonApi();
    await vscode.commands.executeCommand('netmon.useDemo');
    assert.equal(api.connection.current?.api?.version, 'v7');
    const before = api.connection.demoUrl;
    await setApiVersion('v6');
    await waitFor(
      'the demo to reconnect on v6',
      () => (api.connection.current?.api?.version === 'v6' ? true : undefined),
      15_000,
    );
    assert.notEqual(api.connection.demoUrl, before, 'a new demo emulator, in the new version');
    const agents = await fetch(`${api.connection.demoUrl ?? ''}/v6/endpoint-agents`, {
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
    });
    assert.equal(agents.status, 200, 'the demo emulator now serves v6');
    assert.ok(
      (await agentRows(api, await root(api, 'Endpoint Agents'))).length > 0,
      'the tree reads the new connection',
    );
    await netmonLogText(
      /netmon\.apiVersion is now v6: reconnecting to the demo emulator[^]*Connected to the demo emulator using API v6/,
    );
  });

  it('a signed-in account reconnects as netmon.apiVersion says too: v6 detected, then v7 as set', async () => {
    const api = await netmonApi();
    const emulator = await start('v6');
    await signInTo(emulator);
    assert.deepEqual(api.connection.current?.api, { version: 'v6', source: 'detected' });
    await setApiVersion('v7');
    await waitFor(
      'the account to reconnect as v7',
      () => (api.connection.current?.api?.version === 'v7' ? true : undefined),
      15_000,
    );
    assert.deepEqual(api.connection.current?.api, { version: 'v7', source: 'setting' });
    assert.equal(api.connection.current?.baseUrl, emulator.url, 'the same account, signed in still');
    await netmonLogText(`netmon.apiVersion is now v7: reconnecting to ${emulator.url}`);
  });
});
