import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import {
  DEMO_CREDENTIALS,
  netmonApi,
  netmonLogText,
  root,
  roots,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

/** Every value the netmon.* settings hold at any level, as text. */
function settingsText(): string {
  const config = vscode.workspace.getConfiguration('netmon');
  const keys = ['baseUrl', 'authForm', 'email', 'timeoutMs', 'proxy', 'pageSize', 'startInDemoMode'];
  return JSON.stringify(keys.map((key) => config.inspect(key)));
}

describe('sign in and sign out', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startControlledEmulator({ rateLimit: { limit: 1000, windowSeconds: 3600 } });
  });
  after(async () => {
    await signOut();
    await emulator.close();
  });

  it('shows no roots (only the welcome view) before sign-in', async () => {
    const api = await netmonApi();
    await signOut();
    assert.equal(api.connection.current, undefined);
    assert.deepEqual(await roots(api), []);
    assert.match(api.statusBarText(), /signed out/);
  });

  it('refuses a wrong token, says what to do, and stores nothing', async () => {
    const api = await netmonApi();
    const result = await api.signIn({ baseUrl: emulator.url, authForm: 'bearer', token: 'not-a-token' });
    assert.equal(result, undefined);
    assert.equal(api.connection.current, undefined);
    assert.ok(!settingsText().includes('not-a-token'));
  });

  it('signs in: the tree fills, the token is kept only in SecretStorage', async () => {
    const api = await netmonApi();
    await signInTo(emulator);
    assert.equal(api.connection.current?.kind, 'remote');
    assert.equal(api.connection.current?.baseUrl, emulator.url);
    assert.deepEqual(
      (await roots(api)).map((node) => node.label),
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
    assert.match(api.statusBarText(), new RegExp(`Netmon: ${new URL(emulator.url).host}`));

    const settings = settingsText();
    assert.ok(settings.includes(emulator.url), 'the base URL is a setting');
    assert.ok(!settings.includes(DEMO_CREDENTIALS.admin.token), 'the token must not be in settings');

    // Restoring (as after a window reload) finds the token again: it can only come from SecretStorage.
    await api.connection.restore();
    assert.equal(api.connection.current?.baseUrl, emulator.url);
    assert.ok((await api.tree.getChildren(await root(api, 'Endpoint Agents'))).length > 0);
  });

  it('logs one line per request, without the token (also with the authToken query form)', async () => {
    const api = await netmonApi();
    await api.signIn({ baseUrl: emulator.url, authForm: 'query', token: DEMO_CREDENTIALS.admin.token });
    assert.equal(api.connection.current?.authForm, 'query');
    await api.tree.getChildren(await root(api, 'Networks'));
    const log = await netmonLogText('/v6/endpoint-data/networks');
    assert.match(log, /GET \/v6\/endpoint-data\/networks\S* 200 \d+ ms rate-limit remaining \d+/);
    assert.match(api.statusBarText(), / \d+ left$/, 'the status bar shows the rate-limit budget');
    assert.ok(!log.includes(DEMO_CREDENTIALS.admin.token), 'the token leaked into the log');
    assert.ok(!settingsText().includes(DEMO_CREDENTIALS.admin.token));
  });

  it('does not carry the rate-limit budget of one connection over to another', async () => {
    const api = await netmonApi();
    await signInTo(emulator);
    await api.tree.getChildren(await root(api, 'Networks'));
    assert.match(api.statusBarText(), / \d+ left$/);
    // A service (or a proxy in front of it) that sends no rate-limit headers at all.
    const bare = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        request.url?.startsWith('/v6/account-groups')
          ? JSON.stringify({ accountGroups: [{ aid: 7, accountGroupName: 'Bare', current: true, default: true }] })
          : JSON.stringify({ endpointAgents: [], privateNetworks: [], endpointTest: [] }),
      );
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    try {
      await api.signIn({
        baseUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
        authForm: 'bearer',
        token: 'bare-token',
      });
      await api.tree.getChildren(await root(api, 'Networks'));
      assert.doesNotMatch(
        api.statusBarText(),
        / left$/,
        `the other connection's budget is shown: ${api.statusBarText()}`,
      );
    } finally {
      bare.closeAllConnections();
      await new Promise<void>((resolve) => bare.close(() => resolve()));
      await signInTo(emulator);
    }
  });

  it('signs out: the token is forgotten and the tree empties', async () => {
    const api = await netmonApi();
    await signInTo(emulator);
    await signOut();
    assert.equal(api.connection.current, undefined);
    assert.deepEqual(await roots(api), []);
    await api.connection.restore(); // nothing to restore without the token
    assert.equal(api.connection.current, undefined);
  });
});
