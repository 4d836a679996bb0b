import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { EndpointAgentsResponse, UserSessionsResponse } from '../../../src/api/types';
import {
  WIRE_PATHS,
  agentRows,
  answeringPrompts,
  apiGet,
  apiPost,
  clearEmulatorRequests,
  emulatorRequests,
  netmonApi,
  root,
} from './netmon-fixture';
import { panelStates, sendFromWebview, waitForPanels, signedInSuite } from './panels-fixture';
import type { TimelineDrawn } from '../../../webview/timeline/protocol';

const LISTS = WIRE_PATHS.timelineLists;

describe('agent timeline', () => {
  const suite = signedInSuite('netmon-timeline-');

  const complete = (id: string): Promise<TimelineDrawn> =>
    waitForPanels(
      'the complete timeline',
      (states) => {
        const drawn = states.find((panel) => panel.id === id)?.rendered as TimelineDrawn | undefined;
        return drawn?.complete ? drawn : undefined;
      },
      60_000,
    );

  it("opens from the agent's node in the tree: named, read with a server-side agent filter on the four lists, never a client-side scan", async function () {
    this.timeout(90_000);
    const api = await netmonApi();
    const agentNode = (await agentRows(api, await root(api, 'Endpoint Agents')))[0];
    const agentId = agentNode?.spec.ids?.agentId;
    assert.ok(agentNode && agentId);
    const {
      endpointAgents: [agent],
    } = await apiGet<EndpointAgentsResponse>(suite.emulator, `/v6/endpoint-agents/${agentId}`);
    await clearEmulatorRequests(suite.emulator);
    const id = await vscode.commands.executeCommand<string>('netmon.troubleshootAgent', agentNode);
    const drawn = await complete(id);
    const state = (await panelStates()).find((panel) => panel.id === id);
    assert.equal(state?.kind, 'timeline');
    assert.equal(state?.title, `Timeline: ${agent?.computerName}`);
    assert.equal(drawn.agentId, agentId);
    assert.ok(drawn.sessions > 0, 'the agent has sessions in the last 24 hours');

    const requests = (await emulatorRequests(suite.emulator)).filter((r) => LISTS.includes(r.path));
    for (const list of LISTS) {
      const reads = requests.filter((r) => r.path === list);
      assert.ok(reads.length > 0, `${list} was read`);
      for (const read of reads) {
        assert.equal(read.method, 'POST', `${list} is filtered on the server`);
        assert.deepEqual(read.body, WIRE_PATHS.agentFilterBody(list, [agentId]));
        assert.match(
          read.query['window'] ?? '',
          /^\d+[mhd]$/,
          'a window: the service places the range by its own clock',
        );
        assert.deepEqual(WIRE_PATHS.range(read.query), [undefined, undefined]);
      }
    }
    const detailPrefix = WIRE_PATHS.userSession('');
    const details = (await emulatorRequests(suite.emulator)).filter(
      (r) =>
        r.path.startsWith(detailPrefix) && !r.path.slice(detailPrefix.length).includes('/') && !LISTS.includes(r.path),
    );
    assert.ok(
      details.length > 0 && details.length <= drawn.sessions,
      `details read for some sessions only (${details.length} of ${drawn.sessions})`,
    );
  });

  it('opens from "Troubleshoot Endpoint Agent…" by typing part of a name; links open only records the timeline holds', async function () {
    this.timeout(90_000);
    const { endpointAgents } = await apiGet<EndpointAgentsResponse>(suite.emulator, '/v6/endpoint-agents');
    const agent = endpointAgents.find((a) => a.status === 'enabled' && !a.deleted && a.computerName.length > 6);
    assert.ok(agent);
    const typed = agent.computerName.slice(0, -1).toLowerCase();
    const { result: id, prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'search' ? typed : undefined),
      () => vscode.commands.executeCommand<string>('netmon.troubleshootAgent'),
    );
    const search = prompts.find((p) => p.kind === 'search');
    assert.ok(search?.kind === 'search');
    assert.equal(search.title, 'Troubleshoot Endpoint Agent');
    assert.equal(search.matches(agent.agentId)[0], agent.computerName, 'the id finds the agent too');
    await complete(id);
    assert.equal((await panelStates()).find((panel) => panel.id === id)?.key, `timeline:${agent.agentId}`);

    const window = (await emulatorRequests(suite.emulator)).filter((r) => r.path === LISTS[0]).at(-1)?.query['window'];
    const { userSessions } = await apiPost<UserSessionsResponse>(
      suite.emulator,
      `/v6/endpoint-data/user-sessions?window=${window}`,
      { searchFilters: [{ key: 'agentId', values: [agent.agentId] }] },
    );
    const session = userSessions[0];
    assert.ok(session, `the agent has a session in the last ${window}`);
    await sendFromWebview(id, { type: 'openSession', params: { userSessionId: session.userSessionId } });
    await waitForPanels('the session overview', (states) =>
      states.find((panel) => panel.key === `session:${session.userSessionId}`),
    );
    const count = (await panelStates()).length;
    await sendFromWebview(id, { type: 'openSession', params: { userSessionId: 'not-in-this-timeline' } });
    assert.equal((await panelStates()).length, count, 'a session the timeline does not hold opens nothing');

    // The overview took the timeline's place; opening the agent again brings the timeline back as it was.
    assert.equal(await vscode.commands.executeCommand<string>('netmon.troubleshootAgent', agent.agentId), id);
    const renders = (await panelStates()).find((panel) => panel.id === id)?.renders ?? 0;
    await sendFromWebview(id, { type: 'setRange', params: { preset: '6h' } });
    await waitForPanels(
      'the last 6 hours',
      (states) => {
        const panel = states.find((candidate) => candidate.id === id && candidate.renders > renders && !candidate.busy);
        return (panel?.rendered as TimelineDrawn | undefined)?.complete ? true : undefined;
      },
      60_000,
    );
    const last = (await emulatorRequests(suite.emulator)).filter((r) => r.path === LISTS[0]).at(-1);
    assert.equal(last?.query['window'], '6h');

    const file = join(mkdtempSync(join(tmpdir(), 'netmon-timeline-')), 'timeline.html');
    await answeringPrompts(
      (prompt) => (prompt.kind === 'save' ? vscode.Uri.file(file) : undefined),
      () => sendFromWebview(id, { type: 'exportEvidence', params: undefined }),
    );
    const html = readFileSync(file, 'utf8');
    assert.ok(html.includes(agent.computerName), 'the evidence names the agent');
    assert.doesNotMatch(html, /<script/i);
  });

  it('Cancel in the panel stops the walk: no request after it, and a cancel is not an error', async function () {
    this.timeout(90_000);
    const { endpointAgents } = await apiGet<EndpointAgentsResponse>(suite.emulator, '/v6/endpoint-agents');
    const agent = endpointAgents.filter((a) => a.status === 'enabled' && !a.deleted).at(-1);
    assert.ok(agent);
    suite.emulator.setFaults([{ fault: 'latency', latencyMs: 2500, pathPrefix: WIRE_PATHS.endpointData }]);
    try {
      const opening = vscode.commands.executeCommand<string>('netmon.troubleshootAgent', agent.agentId);
      const panel = await waitForPanels('the timeline panel', (states) =>
        states.find((p) => p.key === `timeline:${agent.agentId}` && p.busy),
      );
      await sendFromWebview(panel.id, { type: 'cancel', params: undefined });
      assert.equal(await opening, panel.id);
      const after = (await panelStates()).find((p) => p.id === panel.id);
      assert.equal(after?.busy, false);
      assert.equal(after?.error, undefined, 'a cancel is not an error');
      await clearEmulatorRequests(suite.emulator);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      assert.deepEqual(
        (await emulatorRequests(suite.emulator))
          .filter((r) => r.path.startsWith(WIRE_PATHS.endpointData))
          .map((r) => r.path),
        [],
        'no request after the cancel',
      );
    } finally {
      suite.emulator.setFaults([]);
    }
  });
});
