import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse, UserSessionDetailResponse, UserSessionsResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import {
  WIRE_PATHS,
  answeringPrompts,
  apiGet,
  childrenOf,
  clearEmulatorRequests,
  emulatorRequests,
  netmonApi,
  records,
  root,
  roots,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

/** Where the suite reads its expectations (v6's words, the twin on a v7 run). */
const V6_USER_SESSIONS = '/v6/endpoint-data/user-sessions';
/** Where the extension's requests go in the suite's dialect. */
const USER_SESSIONS = WIRE_PATHS.lists.sessions;
const TOPOLOGY = WIRE_PATHS.lists.topologies;
const statedFrom = (query: Record<string, string>): string | undefined => WIRE_PATHS.range(query)[0];

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
    const sent = (await emulatorRequests(emulator)).filter(
      (request) => request.path === USER_SESSIONS && request.query['window'] === '6h',
    );
    assert.equal(sent.length, 1, JSON.stringify(sent));

    const from = new Date('2026-11-20T10:00:00Z');
    const to = new Date('2026-11-20T12:30:00Z');
    await vscode.commands.executeCommand('netmon.setTimeRange', { from: from.toISOString(), to: to.toISOString() });
    await clearEmulatorRequests(emulator);
    await childrenOf(api, await root(api, 'Network Topology'));
    const custom = (await emulatorRequests(emulator)).filter(
      (request) => request.path === TOPOLOGY && statedFrom(request.query) !== undefined,
    );
    assert.equal(custom.length, 1);
    assert.deepEqual(
      [...WIRE_PATHS.range(custom[0]?.query ?? {}), custom[0]?.query['window']],
      ['2026-11-20T10:00:00', '2026-11-20T12:30:00', undefined],
    );
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '1h' }); // the default
  });

  it('"yesterday afternoon" can be asked for: local 12:00–18:00 of yesterday, said in local time', async () => {
    const api = await netmonApi();
    await vscode.commands.executeCommand('netmon.setTimeRange', 'yesterday afternoon');
    const today = new Date();
    const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, 12);
    const to = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, 18);
    const day = `${from.getFullYear()}-${String(from.getMonth() + 1).padStart(2, '0')}-${String(from.getDate()).padStart(2, '0')}`;
    assert.match(
      api.treeView.description ?? '',
      new RegExp(`^Yesterday afternoon \\(${day} 12:00 – 18:00 local time \\(UTC`),
    );
    await clearEmulatorRequests(emulator);
    await childrenOf(api, await root(api, 'Network Topology'));
    const sent = (await emulatorRequests(emulator)).filter(
      (request) => request.path === TOPOLOGY && statedFrom(request.query) !== undefined,
    );
    assert.deepEqual(WIRE_PATHS.range(sent[0]?.query ?? {}), [
      from.toISOString().slice(0, 19),
      to.toISOString().slice(0, 19),
    ]);
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
    assert.deepEqual(sessions?.body, WIRE_PATHS.filterBody(USER_SESSIONS, [{ key: 'platform', values: ['Mac'] }]));
    assert.deepEqual(
      topology?.body,
      WIRE_PATHS.filterBody(TOPOLOGY, [
        { key: 'platform', values: ['Mac'] },
        { key: 'type', values: ['gateway'] },
      ]),
    );
    assert.notDeepEqual(
      filtered.map((node) => node.label),
      unfiltered,
    );

    await vscode.commands.executeCommand('netmon.clearFilters');
    assert.doesNotMatch(api.treeView.description ?? '', /platform=/);
    assert.equal((await root(api, 'User Sessions')).treeItem().description, 'Last 2d');
    await clearEmulatorRequests(emulator);
    const restored = records(await childrenOf(api, await root(api, 'User Sessions'))).map((node) => node.label);
    assert.deepEqual(restored, unfiltered);
    const again = (await emulatorRequests(emulator)).filter(
      (request) =>
        request.path === USER_SESSIONS &&
        request.method === WIRE_PATHS.unfilteredMethod &&
        request.query['window'] === '2d',
    );
    assert.equal(again.length, 1, 'cleared filters go back to the unfiltered list');
    assert.deepEqual(again[0]?.body ?? {}, WIRE_PATHS.filterBody(USER_SESSIONS, []), 'with no filter in it');
  });

  /** The searchFilters the next User Sessions load posts. */
  async function postedSessionFilters(): Promise<unknown> {
    const api = await netmonApi();
    await clearEmulatorRequests(emulator);
    await childrenOf(api, await root(api, 'User Sessions'));
    return (await emulatorRequests(emulator)).find(
      (request) => request.path === USER_SESSIONS && request.method === 'POST',
    )?.body;
  }

  it("Add Filter offers agents by computer name: the request is the raw id's, the view reads the name, one click removes it", async () => {
    const api = await netmonApi();
    const agent = (await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents')).endpointAgents.find(
      (a) => a.computerName && !a.deleted,
    );
    assert.ok(agent);
    const { prompts } = await answeringPrompts(
      (prompt) => {
        if (prompt.kind !== 'choose') return undefined;
        return prompt.title.startsWith('Netmon: filter') ? 'agentId' : agent.computerName;
      },
      () => vscode.commands.executeCommand('netmon.addFilter'),
    );
    const valuesAsked = prompts.find((prompt) => prompt.kind === 'choose' && prompt.title === 'agentId is one of…');
    assert.ok(
      valuesAsked?.kind === 'choose' && valuesAsked.many && valuesAsked.labels.includes(agent.computerName),
      'agents offered by name, several at once',
    );
    assert.match(api.treeView.description ?? '', new RegExp(`agent=${agent.computerName}`));
    const byName = await postedSessionFilters();

    await vscode.commands.executeCommand('netmon.clearFilters');
    await vscode.commands.executeCommand('netmon.addFilter', { key: 'agentId', values: [agent.agentId] });
    assert.deepEqual(await postedSessionFilters(), byName, 'picked by name, sent by id');
    assert.deepEqual(byName, WIRE_PATHS.agentFilterBody(USER_SESSIONS, [agent.agentId]));

    await vscode.commands.executeCommand('netmon.clearFilters');
    await answeringPrompts(
      (prompt) =>
        prompt.kind === 'choose'
          ? prompt.title.startsWith('Netmon: filter')
            ? 'agentId'
            : agent.computerName
          : undefined,
      () => vscode.commands.executeCommand('netmon.addFilter'),
    );
    const filtersRoot = (await roots(api))[0] as TreeNode;
    assert.equal(filtersRoot.label, 'Filters', 'active filters lead the view');
    const [item] = await childrenOf(api, filtersRoot);
    assert.equal(item?.label, `agent = ${agent.computerName}`);
    const click = item?.treeItem().command;
    await vscode.commands.executeCommand(click?.command ?? '', ...(click?.arguments ?? []));
    assert.doesNotMatch(api.treeView.description ?? '', /agent=/);
    assert.notEqual((await roots(api))[0]?.label, 'Filters');
  });

  it('a value not listed can still be typed', async () => {
    const api = await netmonApi();
    await answeringPrompts(
      (prompt) => {
        if (prompt.kind === 'choose') return prompt.title.startsWith('Netmon: filter') ? 'destinationIp' : undefined;
        return prompt.kind === 'input' ? '203.0.113.9, 203.0.113.10' : undefined;
      },
      () => vscode.commands.executeCommand('netmon.addFilter'),
    );
    assert.match(api.treeView.description ?? '', /destinationIp=203\.0\.113\.9\|203\.0\.113\.10/);
    await vscode.commands.executeCommand('netmon.clearFilters');
  });

  it("Filter by This Agent, Site and SSID from a session's context menu", async () => {
    const api = await netmonApi();
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '1h' });
    const { userSessions } = await apiGet<UserSessionsResponse>(emulator, `${V6_USER_SESSIONS}?window=1h`);
    const nodes = records(await childrenOf(api, await root(api, 'User Sessions')));
    let wireless: { index: number; ssid: string } | undefined;
    for (const [index, session] of userSessions.slice(0, 20).entries()) {
      const detail = await apiGet<UserSessionDetailResponse>(emulator, `${V6_USER_SESSIONS}/${session.userSessionId}`);
      const ssid = detail.userSessions[0]?.network.networkProfile.wirelessProfile?.ssid;
      if (ssid) {
        wireless = { index, ssid };
        break;
      }
    }
    assert.ok(wireless, 'the demo hour has a session on Wi-Fi');
    const node = nodes[wireless.index] as TreeNode;
    const session = userSessions[wireless.index]!;
    assert.match(node.contextValue(), /\bfilter-agentId\b.*\bfilter-visitedSite\b.*\bfilter-ssid\b/);
    const agents = (await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents')).endpointAgents;
    const name = agents.find((a) => a.agentId === session.agentId)?.computerName ?? session.agentId;

    await vscode.commands.executeCommand('netmon.filterBySsid', node);
    await vscode.commands.executeCommand('netmon.filterBySite', node);
    await vscode.commands.executeCommand('netmon.filterByAgent', node);
    const description = api.treeView.description ?? '';
    assert.ok(description.includes(`ssid=${wireless.ssid}`), description);
    assert.ok(description.includes(`visitedSite=${session.visitedSite}`), description);
    assert.ok(description.includes(`agent=${name}`), `${description} names the agent`);
    assert.deepEqual(
      await postedSessionFilters(),
      WIRE_PATHS.filterBody(USER_SESSIONS, [
        { key: 'ssid', values: [wireless.ssid] },
        { key: 'visitedSite', values: [session.visitedSite] },
        { key: 'agentId', values: [session.agentId] },
      ]),
    );
    await vscode.commands.executeCommand('netmon.clearFilters');
  });
});
