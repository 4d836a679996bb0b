import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import {
  WIRE_PATHS,
  childrenOf,
  clearEmulatorRequests,
  emulatorRequests,
  kindOf,
  nativePage,
  netmonApi,
  records,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

const PAGE_SIZE = 5;
const USER_SESSIONS = WIRE_PATHS.lists.sessions;

describe('"Load more" paging', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await startControlledEmulator({ pageSize: PAGE_SIZE });
    await signInTo(emulator);
    // The current round may hold only a few sessions; two days hold many pages of them.
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '2d' });
  });
  after(async () => {
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '1h' }); // the default
    await signOut();
    await emulator.close();
  });

  it('fetches the next page exactly once under a double click, following pages.next', async () => {
    const api = await netmonApi();
    const sessionsRoot = await root(api, 'User Sessions');
    const firstStep = await childrenOf(api, sessionsRoot);
    assert.equal(records(firstStep).length, PAGE_SIZE);
    const loadMore = firstStep.at(-1);
    assert.equal(loadMore && kindOf(loadMore), 'loadMore');
    const command = loadMore?.treeItem().command;
    assert.equal(command?.command, 'netmon.loadMore');

    await clearEmulatorRequests(emulator);
    const args = command?.arguments ?? [];
    // Two clicks while the first load runs, then a late third click on the same (now stale) node.
    await Promise.all([
      vscode.commands.executeCommand('netmon.loadMore', ...args),
      vscode.commands.executeCommand('netmon.loadMore', ...args),
    ]);
    await vscode.commands.executeCommand('netmon.loadMore', ...args);

    const sent = (await emulatorRequests(emulator)).filter(
      (request) => request.path === USER_SESSIONS && request.query['window'] === '2d',
    );
    assert.equal(sent.length, 1, `expected one request for page 2, got ${JSON.stringify(sent)}`);
    const { next } = await nativePage(emulator, USER_SESSIONS, 'window=2d');
    assert.ok(next);
    assert.ok(
      [...new URL(next).searchParams].every(([key, value]) => sent[0]?.query[key] === value),
      `the request did not follow the next-page link ${next}`,
    );

    const secondStep = records(await childrenOf(api, sessionsRoot)).map((node) => node.label);
    assert.equal(secondStep.length, 2 * PAGE_SIZE);
    assert.deepEqual(
      secondStep.slice(0, PAGE_SIZE),
      records(firstStep).map((node) => node.label),
      'the first page changed',
    );
    // pages.next pins the emulator's clock, so asking for the same page again gives the same records.
    const replay = await nativePage(emulator, USER_SESSIONS, new URLSearchParams(sent[0]?.query).toString());
    assert.deepEqual(
      secondStep.slice(PAGE_SIZE).map((label) => label.split(' · ').at(-1)),
      replay.records.map((session) => session['visitedSite']),
    );
  });

  it('refreshing the node starts again at the first page', async () => {
    const api = await netmonApi();
    const sessionsRoot = await root(api, 'User Sessions');
    await vscode.commands.executeCommand('netmon.refresh', sessionsRoot);
    assert.equal(records(await childrenOf(api, sessionsRoot)).length, PAGE_SIZE);
  });

  it('shows netmon.pageSize records per step, revealing the rest of a fetched page without a request', async () => {
    const api = await netmonApi();
    const config = vscode.workspace.getConfiguration('netmon');
    await config.update('pageSize', 3, vscode.ConfigurationTarget.Global);
    try {
      const sessionsRoot = await root(api, 'User Sessions');
      const step = async (): Promise<{ shown: number; requests: number }> => {
        await clearEmulatorRequests(emulator);
        const loadMore = (await childrenOf(api, sessionsRoot)).at(-1);
        assert.equal(loadMore && kindOf(loadMore), 'loadMore');
        await vscode.commands.executeCommand('netmon.loadMore', ...(loadMore?.treeItem().command?.arguments ?? []));
        const requests = (await emulatorRequests(emulator)).filter(
          (request) => request.path === USER_SESSIONS && request.query['window'] === '2d',
        ).length;
        return { shown: records(await childrenOf(api, sessionsRoot)).length, requests };
      };
      assert.equal(records(await childrenOf(api, sessionsRoot)).length, 3);
      assert.deepEqual(await step(), { shown: PAGE_SIZE, requests: 0 }); // the rest of page 1 was already fetched
      assert.deepEqual(await step(), { shown: PAGE_SIZE + 3, requests: 1 }); // page 2
    } finally {
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a settings write that changes no value of ours keeps what the tree has loaded: nothing is read again', async () => {
    const api = await netmonApi();
    const sessionsRoot = await root(api, 'User Sessions');
    const shown = records(await childrenOf(api, sessionsRoot)).map((node) => node.spec.ids?.userSessionId);
    await clearEmulatorRequests(emulator);
    const config = vscode.workspace.getConfiguration('netmon');
    // Written out as their defaults: the settings file changes, no value the connection or the tree reads does.
    await config.update('timeoutMs', 30_000, vscode.ConfigurationTarget.Global);
    await config.update('pageSize', 100, vscode.ConfigurationTarget.Global);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(
        records(await childrenOf(api, sessionsRoot)).map((node) => node.spec.ids?.userSessionId),
        shown,
      );
      assert.deepEqual(
        (await emulatorRequests(emulator)).map((request) => request.path),
        [],
        'no reconnect, no list read again',
      );
    } finally {
      await config.update('timeoutMs', undefined, vscode.ConfigurationTarget.Global);
      await config.update('pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
