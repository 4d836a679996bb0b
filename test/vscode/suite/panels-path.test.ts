import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import type {
  NetMetricsResponse,
  PathTraceResponse,
  PathVisResponse,
  UserSessionsResponse,
} from '../../../src/api/types';
import {
  WIRE_PATHS,
  answeringPrompts,
  apiGet,
  apiPost,
  clearEmulatorRequests,
  emulatorRequests,
  netmonApi,
} from './netmon-fixture';
import {
  closeAllEditors,
  detailsId,
  firstRecord,
  openPanel,
  panelStates,
  sendFromWebview,
  testNodes,
  waitForPanels,
  waitForRendered,
  signedInSuite,
} from './panels-fixture';

interface MetricsRendered {
  charts: { id: string; series: number; points: number }[];
}
interface PathRendered {
  nodes: number;
  links: number;
  agents: number;
}

const newestFirst = (a: number, b: number): number => b - a;

describe('path visualization, metrics and path trace as text', () => {
  const suite = signedInSuite('netmon-path-');

  /** The panels show the last hour when the view is on the current round. */
  async function lastHourPathVis(testId: number): Promise<PathVisResponse['endpointNet']['pathVis']> {
    return (await apiGet<PathVisResponse>(suite.emulator, `/v7/endpoint-data/tests/net/path-vis/${testId}?window=1h`))
      .endpointNet.pathVis;
  }

  it('from a hop back to the user sessions of the agents through it, around the round: picked, then opened', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'agent-to-server');
    const testId = Number(detailsId(test));
    const summaries = await lastHourPathVis(testId);
    const newest = Math.max(...summaries.map((summary) => summary.roundId));
    const agents = [
      ...new Set(summaries.filter((summary) => summary.roundId === newest).map((summary) => String(summary.agentId))),
    ];
    const id = await openPanel('netmon.openPathVisualization', data.get('pathVis'));
    await waitForRendered(id);
    const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 19);
    const expected = await apiPost<UserSessionsResponse>(
      suite.emulator,
      `/v6/endpoint-data/user-sessions?from=${iso(newest - 900)}&to=${iso(newest + 900)}`,
      { searchFilters: [{ key: 'agentId', values: agents }] },
    );
    assert.ok(expected.userSessions.length > 0, 'the agents of the newest round have sessions around it');
    const { prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'choose' ? prompt.labels[0] : undefined),
      () => sendFromWebview(id, { type: 'findSessions', params: { agentIds: agents, hop: '10.0.0.1' } }),
    );
    const asked = prompts.find((prompt) => prompt.kind === 'choose');
    assert.ok(asked?.kind === 'choose');
    assert.match(
      asked.title,
      new RegExp(
        `^\\d+ sessions of ${agents.length} agents? through 10\\.0\\.0\\.1 within 15 min of round \\d\\d:\\d\\d UTC$`,
      ),
    );
    assert.equal(asked.labels.length, expected.userSessions.length);
    await waitForPanels('the picked session', (states) =>
      states.find(
        (panel) => panel.kind === 'session' && panel.title === `Session: ${expected.userSessions[0]?.visitedSite}`,
      ),
    );

    const { prompts: refused } = await answeringPrompts(
      () => undefined,
      () => sendFromWebview(id, { type: 'findSessions', params: { agentIds: ['not-in-this-round'], hop: 'x' } }),
    );
    assert.deepEqual(refused, [], 'agents outside the shown round are refused, nothing is asked');
  });

  it('"Compare with…" draws the shown round against a listed baseline round; a round the panel does not list is refused', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'agent-to-server');
    const testId = Number(detailsId(test));
    const rounds = [...new Set((await lastHourPathVis(testId)).map((summary) => summary.roundId))].sort(
      (a, b) => a - b,
    );
    const id = await openPanel('netmon.openPathVisualization', data.get('pathVis'));
    const first = await waitForRendered(id);
    await clearEmulatorRequests(suite.emulator);
    await sendFromWebview(id, { type: 'compareWith', params: { roundId: rounds[0] } });
    const compared = await waitForRendered(id, first.renders + 1);
    assert.equal(
      typeof (compared.rendered as { changedAgents?: number }).changedAgents,
      'number',
      'drawn as a comparison',
    );
    const read = (await emulatorRequests(suite.emulator)).map((r) => r.path);
    assert.ok(
      read.length > 0 &&
        read.every((path) => path.startsWith(WIRE_PATHS.pathTraces(testId)) && path.endsWith(`/${rounds[0]}`)),
      `the baseline round's traces: ${read.join(', ')}`,
    );
    const renders = compared.renders;
    await sendFromWebview(id, { type: 'compareWith', params: { roundId: 12345 } });
    assert.equal(
      (await panelStates()).find((panel) => panel.id === id)?.renders,
      renders,
      'an unlisted round draws nothing',
    );
    await sendFromWebview(id, { type: 'compareWith', params: {} });
    const plain = await waitForRendered(id, renders + 1);
    assert.equal(
      (plain.rendered as { changedAgents?: number }).changedAgents,
      undefined,
      'back to the shown round alone',
    );
  });

  it('"Compare Path with Round…" on a test node opens the path and asks for the baseline round among the listed ones', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const { test } = await testNodes(api, 'agent-to-server');
    const { result: id, prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'choose' ? prompt.labels.at(-1) : undefined),
      () => vscode.commands.executeCommand<string>('netmon.comparePathRounds', test),
    );
    const asked = prompts.find((prompt) => prompt.kind === 'choose');
    assert.ok(asked && asked.kind === 'choose' && asked.labels.length > 0, 'the baseline round is asked for');
    assert.ok(
      asked.labels.every((label) => /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/.test(label)),
      asked.labels.join(', '),
    );
    const compared = await waitForPanels('the comparison', (states) =>
      states.find(
        (panel) =>
          panel.id === id && (panel.rendered as { changedAgents?: number } | undefined)?.changedAgents !== undefined,
      ),
    );
    assert.equal(compared.kind, 'path');
  });

  it("opens a scheduled test's path visualization from the tree: the newest round, every agent merged", async () => {
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'agent-to-server');
    const testId = Number(detailsId(test));
    const summaries = await lastHourPathVis(testId);
    const rounds = [...new Set(summaries.map((summary) => summary.roundId))].sort(newestFirst);
    const newestAgents = new Set(
      summaries.filter((summary) => summary.roundId === rounds[0]).map((summary) => summary.agentId),
    );

    await clearEmulatorRequests(suite.emulator);
    const id = await openPanel('netmon.openPathVisualization', data.get('pathVis'));
    const state = await waitForRendered(id);
    assert.equal(state.title, `Path: ${test.label}`);
    const drawn = state.rendered as PathRendered;
    assert.equal(drawn.agents, newestAgents.size);
    assert.ok(drawn.nodes > drawn.agents + 1, `only ${drawn.nodes} nodes for ${drawn.agents} agents`);
    const traced = (await emulatorRequests(suite.emulator)).filter((request) =>
      request.path.startsWith(WIRE_PATHS.pathTraces(testId)),
    );
    assert.deepEqual(
      new Set(traced.map((request) => request.path)),
      new Set([...newestAgents].map((agent) => WIRE_PATHS.pathTrace(testId, String(agent), rounds[0]!))),
    );

    // The round selector: the host fetches the traces of the picked round, the panel redraws.
    const older = rounds[3];
    assert.ok(older !== undefined, 'fewer than 4 rounds in the last hour');
    await clearEmulatorRequests(suite.emulator);
    await sendFromWebview(id, { type: 'selectRound', params: { roundId: older } });
    await waitForRendered(id, state.renders + 1);
    const requested = (await emulatorRequests(suite.emulator)).map((request) => request.path);
    assert.ok(
      requested.length > 0 && requested.every((path) => path.endsWith(`/${older}`)),
      `round ${older} was not fetched: ${requested.join(', ')}`,
    );
  });

  it("from a metrics point back to its agent's user sessions around that round; an agent the panel does not show is refused", async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'http-server');
    const testId = Number(detailsId(test));
    const { endpointNet } = await apiGet<NetMetricsResponse>(
      suite.emulator,
      `/v7/endpoint-data/tests/net/metrics/${testId}?window=1h`,
    );
    const id = await openPanel('netmon.openMetrics', data.get('metrics'));
    await waitForRendered(id);
    const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 19);
    let point: { agentId: string; roundId: number; sessions: number } | undefined;
    for (const metric of endpointNet.metrics.slice(0, 40)) {
      const found = await apiPost<UserSessionsResponse>(
        suite.emulator,
        `/v6/endpoint-data/user-sessions?from=${iso(metric.roundId - 900)}&to=${iso(metric.roundId + 900)}`,
        { searchFilters: [{ key: 'agentId', values: [String(metric.agentId)] }] },
      );
      if (found.userSessions.length > 0) {
        point = { agentId: String(metric.agentId), roundId: metric.roundId, sessions: found.userSessions.length };
        break;
      }
    }
    assert.ok(point, 'an agent of the test has sessions around one of its rounds');
    const { prompts } = await answeringPrompts(
      () => undefined,
      () => sendFromWebview(id, { type: 'findSessions', params: { agentId: point!.agentId, roundId: point!.roundId } }),
    );
    const asked = prompts.find((prompt) => prompt.kind === 'choose');
    assert.ok(asked?.kind === 'choose', 'a list of sessions was offered');
    assert.match(
      asked.title,
      new RegExp(`^${point.sessions} sessions of 1 agent running test '.+' within 15 min of round \\d\\d:\\d\\d UTC$`),
    );
    const { prompts: refused } = await answeringPrompts(
      () => undefined,
      () =>
        sendFromWebview(id, {
          type: 'findSessions',
          params: { agentId: 'not-an-agent-of-this-test', roundId: point!.roundId },
        }),
    );
    assert.deepEqual(refused, []);
  });

  it('"Compare to previous period" in the metrics panel reads the hour before and lays it over each chart', async () => {
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'agent-to-server');
    const testId = Number(detailsId(test));
    const id = await openPanel('netmon.openMetrics', data.get('metrics'));
    const first = await waitForRendered(id);
    const before = (first.rendered as MetricsRendered).charts.find((chart) => chart.id === 'latency')!.series;
    await clearEmulatorRequests(suite.emulator);
    await sendFromWebview(id, { type: 'comparePrevious', params: { on: true } });
    const overlaid = await waitForRendered(id, first.renders + 1);
    assert.equal(
      (overlaid.rendered as MetricsRendered).charts.find((chart) => chart.id === 'latency')!.series,
      before + 1,
      'one more line: the previous period',
    );
    const [read] = (await emulatorRequests(suite.emulator)).filter((r) => r.path === WIRE_PATHS.metrics(testId));
    const [from, to] = WIRE_PATHS.range(read?.query ?? {});
    assert.ok(from && to, 'an absolute range');
    const span = Date.parse(`${to}Z`) - Date.parse(`${from}Z`);
    assert.ok(span >= 3_300_000 && span <= 3_900_000, `as long as the shown hour (${span} ms)`);
    await sendFromWebview(id, { type: 'comparePrevious', params: { on: false } });
    const plain = await waitForRendered(id, overlaid.renders + 1);
    assert.equal((plain.rendered as MetricsRendered).charts.find((chart) => chart.id === 'latency')!.series, before);
  });

  it("opens a test's metrics from the tree (latency, loss, jitter per agent over the last hour); a picked point opens that path trace", async () => {
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'http-server');
    const testId = Number(detailsId(test));
    const { endpointNet } = await apiGet<NetMetricsResponse>(
      suite.emulator,
      `/v7/endpoint-data/tests/net/metrics/${testId}?window=1h`,
    );
    const agents = new Set(endpointNet.metrics.map((metric) => metric.agentId));
    const rounds = new Set(endpointNet.metrics.map((metric) => metric.roundId));

    const id = await openPanel('netmon.openMetrics', data.get('metrics'));
    const state = await waitForRendered(id);
    assert.equal(state.title, `Metrics: ${test.label}`);
    const { charts } = state.rendered as MetricsRendered;
    assert.deepEqual(
      charts.map((chart) => chart.id),
      ['latency', 'loss', 'jitter', 'http'],
    );
    for (const chart of charts.slice(0, 3)) {
      assert.equal(chart.series, agents.size, `${chart.id}: one series per agent`);
      assert.equal(chart.points, rounds.size, `${chart.id}: one point per round`);
    }

    // Asked again for one agent (as a link from a path node does), the open panel shows that agent.
    const [oneAgent] = [...agents];
    assert.equal(await openPanel('netmon.openMetrics', testId, String(oneAgent)), id, 'the open panel is reused');
    const focused = await waitForRendered(id, state.renders + 1);
    const latency = (focused.rendered as MetricsRendered).charts.find((chart) => chart.id === 'latency');
    assert.ok(
      agents.size > 1 && latency && latency.series !== agents.size,
      `still one series per agent: ${JSON.stringify(latency)}`,
    );

    const picked = endpointNet.metrics[0]!;
    await sendFromWebview(id, { type: 'openPathTrace', params: { agentId: picked.agentId, roundId: picked.roundId } });
    const path = await waitForPanels('the path panel opened from a metric point', (states) =>
      states.find((panel) => panel.key === `path:${testId}`),
    );
    await waitForRendered(path.id);
    const requested = (await emulatorRequests(suite.emulator)).map((request) => request.path);
    assert.ok(
      requested.includes(WIRE_PATHS.pathTrace(testId, String(picked.agentId), picked.roundId)),
      requested.join(', '),
    );
  });

  it('opens a path trace as text from a path-vis record: a netmon-path document listing every hop IP', async () => {
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'agent-to-server');
    const testId = Number(detailsId(test));
    const record = await firstRecord(api, data.get('pathVis')!);
    const summary = (await record.spec.details!.load(undefined as never, new AbortController().signal)) as {
      agentId: string;
      roundId: number;
    };
    const { endpointNet } = await apiGet<PathTraceResponse>(
      suite.emulator,
      `/v7/endpoint-data/tests/net/path-vis/${testId}/${summary.agentId}/${summary.roundId}`,
    );
    const hopIps = new Set(
      endpointNet.pathVis.flatMap((trace) => trace.routes.flatMap((route) => route.hops.map((hop) => hop.ipAddress))),
    );

    const uri = await vscode.commands.executeCommand<string>('netmon.openPathTraceAsText', record);
    assert.ok(uri, 'no document was opened');
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.toString(), uri);
    assert.equal(document.languageId, 'netmon-path');
    const text = document.getText();
    assert.match(text, /^Where the problem is:\n {2}\S/, 'the localization leads the report');
    assert.match(text, /\n\nPath trace from /, 'then the hop table');
    for (const ip of hopIps) assert.ok(text.includes(ip), `hop ${ip} is missing from:\n${text}`);
  });

  it('"as text" in the path panel opens the report of the shown round', async () => {
    const api = await netmonApi();
    const { data } = await testNodes(api, 'agent-to-server');
    const id = await openPanel('netmon.openPathVisualization', data.get('pathVis'));
    const drawn = (await waitForRendered(id)).rendered as PathRendered;
    await sendFromWebview(id, { type: 'openAsText', params: {} });
    const document = await waitForPanels('the text report', () =>
      vscode.window.activeTextEditor?.document.languageId === 'netmon-path'
        ? vscode.window.activeTextEditor.document
        : undefined,
    );
    assert.equal(
      document.getText().match(/^Path trace from /gm)?.length,
      drawn.agents,
      'one report per agent of the round',
    );
  });

  it('closing the panel while its traces load cancels the requests and shows no error', async () => {
    const api = await netmonApi();
    const { test, data } = await testNodes(api, 'agent-to-server');
    suite.emulator.setFaults([{ fault: 'latency', latencyMs: 8_000, pathPrefix: WIRE_PATHS.pathVis(detailsId(test)) }]);
    try {
      const opening = vscode.commands.executeCommand<string>('netmon.openPathVisualization', data.get('pathVis'));
      const busy = await waitForPanels('the path panel to start loading', (states) =>
        states.find((panel) => panel.kind === 'path' && panel.busy),
      );
      const closedAt = Date.now();
      await closeAllEditors();
      assert.equal(await opening, busy.id);
      assert.ok(Date.now() - closedAt < 4_000, `the command ended ${Date.now() - closedAt} ms after the panel closed`);
      assert.deepEqual(
        await waitForPanels('the path panel to be gone', (states) =>
          states.some((panel) => panel.id === busy.id) ? undefined : states,
        ),
        [],
      );
    } finally {
      suite.emulator.setFaults([]);
    }
  });
});
