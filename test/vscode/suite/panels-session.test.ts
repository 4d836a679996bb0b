import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { apiTimeMs } from '../../../src/analysis/time/api-time';
import type { EndpointTestResponse, PageDetailResponse, UserSessionDetailResponse } from '../../../src/api/types';
import { activateExtension } from '../helpers';
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
} from './netmon-fixture';
import {
  detailsId,
  firstRecord,
  openFirstSessionOverview,
  openPanel,
  panelStates,
  sendFromWebview,
  waitForPanels,
  waitForRendered,
  signedInSuite,
} from './panels-fixture';

describe('session overview, page waterfall and .har files', () => {
  const suite = signedInSuite('netmon-panels-');

  it('opens a user session from the tree as an overview titled with the visited site', async () => {
    const api = await netmonApi();
    const sessionNode = await firstRecord(api, await root(api, 'User Sessions'));
    const userSessionId = detailsId(sessionNode);
    const {
      userSessions: [session],
    } = await apiGet<UserSessionDetailResponse>(suite.emulator, `/v6/endpoint-data/user-sessions/${userSessionId}`);
    assert.ok(session);

    const id = await openPanel('netmon.openSessionOverview', sessionNode);
    const state = await waitForRendered(id);
    assert.equal(state.kind, 'session');
    assert.equal(state.title, `Session: ${session.visitedSite}`);
    assert.equal((state.rendered as { userSessionId: string }).userSessionId, userSessionId);
    assert.equal(state.visible, true);

    // Opening the same session again reveals that panel rather than a second one.
    assert.equal(await openPanel('netmon.openSessionOverview', userSessionId), id);
    assert.equal((await panelStates()).filter((panel) => panel.kind === 'session').length, 1);
  });

  it('links the overview to the path and metrics of the scheduled test toward the same site, at the round nearest the session', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const { endpointTest: tests } = await apiGet<EndpointTestResponse>(suite.emulator, '/v7/endpoint-tests');
    const hostOf = (t: { url?: string; server?: string }): string =>
      t.url ? new URL(t.url).hostname : String(t.server).replace(/:\d+$/, '');
    const sessions = records(await childrenOf(api, await root(api, 'User Sessions')));
    let found: { id: string; testId: number; agentId: string; roundId: number } | undefined;
    for (const node of sessions.slice(0, 12)) {
      const {
        userSessions: [session],
      } = await apiGet<UserSessionDetailResponse>(suite.emulator, `/v6/endpoint-data/user-sessions/${detailsId(node)}`);
      const test = tests.find((t) => hostOf(t) === session?.visitedSite);
      if (!session || !test) continue;
      const timeS = apiTimeMs(session.date)! / 1000;
      const from = new Date((timeS - 1800) * 1000).toISOString().slice(0, 19);
      const to = new Date((timeS + 1800) * 1000).toISOString().slice(0, 19);
      const metrics = await apiGet<{ endpointNet: { metrics: { agentId: string; roundId: number }[] } }>(
        suite.emulator,
        `/v7/endpoint-data/tests/net/metrics/${test.testId}?from=${from}&to=${to}`,
      );
      const rounds = metrics.endpointNet.metrics.filter((m) => m.agentId === session.agentId).map((m) => m.roundId);
      if (rounds.length === 0) continue;
      const roundId = rounds.reduce((best, r) =>
        Math.abs(r - timeS) < Math.abs(best - timeS) || (Math.abs(r - timeS) === Math.abs(best - timeS) && r < best)
          ? r
          : best,
      );
      const id = await openPanel('netmon.openSessionOverview', node);
      const state = await waitForPanels('the related tests', (states) => {
        const panel = states.find((candidate) => candidate.id === id);
        return panel && (panel.rendered as { links?: number } | undefined)?.links !== undefined ? panel : undefined;
      });
      assert.equal((state.rendered as { links: number }).links, 1, `one link for ${session.visitedSite}`);
      assert.match(
        (state.rendered as { split?: string }).split ?? '',
        /^\d+\.\d s to (onLoad|last request): \d+\.\d s network, \d+\.\d s no request in flight, \d+\.\d s blocked$/,
        "where the slowest page's time went",
      );
      assert.match(
        (state.rendered as { critical?: string }).critical ?? '',
        /^critical path \S/,
        "the requests that decided the slowest page's load",
      );
      found = { id, testId: test.testId, agentId: session.agentId, roundId };
      break;
    }
    assert.ok(found, 'a session of the demo hour has a scheduled test toward its site, run by its agent');

    await clearEmulatorRequests(suite.emulator);
    await sendFromWebview(found.id, {
      type: 'openPath',
      params: { testId: found.testId, agentId: found.agentId, roundId: found.roundId },
    });
    await waitForPanels('the path of that test', (states) =>
      states.find((panel) => panel.key === `path:${found!.testId}` && panel.renders > 0),
    );
    const traced = (await emulatorRequests(suite.emulator)).map((r) => r.path);
    assert.ok(
      traced.includes(WIRE_PATHS.pathTrace(found.testId, found.agentId, found.roundId)),
      `the path of that agent at that round: ${traced.join(', ')}`,
    );

    await sendFromWebview(found.id, {
      type: 'openMetrics',
      params: { testId: found.testId, agentId: found.agentId, roundId: found.roundId },
    });
    const metrics = await waitForPanels('the metrics of that test', (states) =>
      states.find((panel) => panel.key === `metrics:${found!.testId}` && panel.renders > 0),
    );
    const latency = (metrics.rendered as { charts: { id: string; series: number }[] }).charts.find(
      (chart) => chart.id === 'latency',
    );
    assert.equal(latency?.series, 3, "focused on the session's agent: its average, minimum and maximum");

    const before = (await panelStates()).length;
    await sendFromWebview(found.id, {
      type: 'openPath',
      params: { testId: found.testId + 1000, agentId: found.agentId, roundId: found.roundId },
    });
    assert.equal((await panelStates()).length, before, 'a link the overview did not offer opens nothing');

    // The session's own traceroute, as a path graph of one agent.
    const sessionId = (await panelStates()).find((panel) => panel.id === found!.id)!.key.slice('session:'.length);
    await sendFromWebview(found.id, { type: 'openTraceroute', params: { userSessionId: sessionId } });
    const graph = await waitForPanels('the traceroute graph', (states) =>
      states.find((panel) => panel.key === `session-trace:${sessionId}` && panel.renders > 0),
    );
    assert.equal((graph.rendered as { agents: number }).agents, 1);
    assert.match(graph.title, /^Traceroute: /);

    // The agent's timeline, three hours either side of the session.
    await clearEmulatorRequests(suite.emulator);
    await sendFromWebview(found.id, { type: 'openTimeline', params: { userSessionId: sessionId } });
    const timeline = await waitForPanels('the agent timeline', (states) =>
      states.find((panel) => panel.key === `timeline:${found!.agentId}` && panel.renders > 0),
    );
    assert.equal((timeline.rendered as { agentId: string }).agentId, found.agentId);
    const {
      userSessions: [shown],
    } = await apiGet<UserSessionDetailResponse>(suite.emulator, `/v6/endpoint-data/user-sessions/${sessionId}`);
    const read = (await emulatorRequests(suite.emulator)).find(
      (r) => r.path === WIRE_PATHS.sessionsFilter && r.method === 'POST',
    );
    const at = Date.parse(`${shown!.date.replace(' ', 'T')}Z`);
    assert.deepEqual(WIRE_PATHS.range(read?.query ?? {}), [
      new Date(at - 3 * 3600_000).toISOString().slice(0, 19),
      new Date(at + 3 * 3600_000).toISOString().slice(0, 19),
    ]);
    const count = (await panelStates()).length;
    await sendFromWebview(found.id, { type: 'openTimeline', params: { userSessionId: 'another-session' } });
    assert.equal(
      (await panelStates()).length,
      count,
      'a timeline for a session the overview does not show opens nothing',
    );
  });

  it('opens the waterfall of a page picked in the overview, with every request of its HAR', async () => {
    const api = await netmonApi();
    const { sessionNode, userSessionId, overview: sessionPanel } = await openFirstSessionOverview();
    const [pageNode] = await childrenOf(api, sessionNode);
    assert.ok(pageNode?.spec.harPage, 'the session has no page node');
    const { pageId, title } = pageNode.spec.harPage;
    const { har } = await apiGet<PageDetailResponse>(
      suite.emulator,
      `/v6/endpoint-data/user-sessions/${userSessionId}/page/${pageId}`,
    );

    await sendFromWebview(sessionPanel, { type: 'openPage', params: { userSessionId, pageId, title } });
    const waterfall = await waitForPanels('the page waterfall', (states) =>
      states.find((panel) => panel.kind === 'waterfall'),
    );
    const drawn = await waitForRendered(waterfall.id);
    assert.equal(drawn.title, `Waterfall: ${title || pageId}`);
    const {
      endpointAgents: [agent],
    } = await apiGet<{ endpointAgents: { computerName: string }[] }>(
      suite.emulator,
      `/v6/endpoint-agents/${pageNode.spec.harPage.agentId}`,
    );
    assert.ok(agent?.computerName, "the session's agent has a computer name");
    assert.deepEqual(drawn.rendered, {
      pages: har.log.pages?.length ?? 0,
      entries: har.log.entries.length,
      warnings: [],
      // The header names the agent as people know it, never by its id.
      heading: `${title || pageId} · ${agent.computerName} · session ${userSessionId}`,
    });

    // The tree's page node opens the same panel.
    assert.equal(await openPanel('netmon.openPageWaterfall', pageNode), waterfall.id);

    // The overview was hidden behind the waterfall, so VS Code unloaded its webview; shown
    // again, it says `ready` and the host replays the session: drawn a second time.
    const drawnBefore = (await panelStates()).find((panel) => panel.id === sessionPanel)?.renders ?? 0;
    assert.equal(await openPanel('netmon.openSessionOverview', sessionNode), sessionPanel);
    const replayed = (await waitForRendered(sessionPanel, drawnBefore + 1)).rendered as {
      userSessionId: string;
      links?: number;
    };
    assert.equal(replayed.userSessionId, userSessionId);
    assert.equal(typeof replayed.links, 'number', 'replayed with the related tests it had found');
  });

  it('"Export HAR…" from a session page\'s waterfall saves the redacted HAR where the user chooses', async () => {
    const api = await netmonApi();
    const sessionNode = await firstRecord(api, await root(api, 'User Sessions'));
    const [pageNode] = await childrenOf(api, sessionNode);
    assert.ok(pageNode?.spec.harPage);
    const { userSessionId, pageId } = pageNode.spec.harPage;
    const id = await openPanel('netmon.openPageWaterfall', pageNode);
    await waitForRendered(id);
    await sendFromWebview(id, { type: 'previewExport', params: undefined });
    const target = vscode.Uri.file(join(suite.scratch, 'exported.har'));
    const { prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'save' ? target : undefined),
      () => sendFromWebview(id, { type: 'exportHar', params: { redacted: true } }),
    );
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['save', 'offer'],
      'a redacted export asks only where to save, then offers to open the file',
    );
    const { har } = await apiGet<PageDetailResponse>(
      suite.emulator,
      `/v6/endpoint-data/user-sessions/${userSessionId}/page/${pageId}`,
    );
    const written = readFileSync(target.fsPath, 'utf8');
    const cookies = (har.log.entries as unknown as { request: { cookies: { value: string }[] } }[]).flatMap((e) =>
      e.request.cookies.map((c) => c.value),
    );
    assert.ok(cookies.length > 0 && cookies.every((value) => !written.includes(value)), 'no cookie value is written');
    assert.equal((JSON.parse(written) as { log: { entries: unknown[] } }).log.entries.length, har.log.entries.length);

    const { prompts: refused } = await answeringPrompts(
      () => undefined,
      () => sendFromWebview(id, { type: 'exportHar', params: { redacted: false } }),
    );
    assert.deepEqual(
      refused.map((p) => p.kind),
      ['confirm'],
      'the HAR as recorded is confirmed first; dismissed, nothing is asked or written',
    );
  });

  it("a drawing that failed in the webview is kept as the panel's error, and the next drawing clears it", async () => {
    const api = await netmonApi();
    const sessionNode = await firstRecord(api, await root(api, 'User Sessions'));
    const id = await openPanel('netmon.openSessionOverview', sessionNode);
    const drawn = await waitForRendered(id);
    await sendFromWebview(id, {
      type: 'renderFailed',
      params: { message: "TypeError: Cannot read properties of undefined (reading 'avgRtt')" },
    });
    const failed = await waitForPanels('the panel error', (states) =>
      states.find((panel) => panel.id === id && panel.error),
    );
    assert.equal(
      failed.error,
      `${drawn.title}: this view could not be drawn from the data received (TypeError: Cannot read properties of undefined (reading 'avgRtt'))`,
    );
    await sendFromWebview(id, { type: 'loaded', params: { userSessionId: detailsId(sessionNode) } });
    assert.equal((await panelStates()).find((panel) => panel.id === id)?.error, undefined);
  });

  it('shows what failed and what to do, in the panel, when the API refuses the session', async () => {
    const api = await netmonApi();
    const userSessionId = detailsId(await firstRecord(api, await root(api, 'User Sessions')));
    suite.emulator.setFaults([{ fault: 'error', status: 403, pathPrefix: WIRE_PATHS.userSession(userSessionId) }]);
    try {
      const id = await openPanel('netmon.openSessionOverview', userSessionId);
      const failed = await waitForPanels('the failed session panel', (states) =>
        states.find((panel) => panel.id === id && panel.error),
      );
      assert.match(failed.error ?? '', new RegExp(`^Loading user session ${userSessionId} failed: .*403`));
      assert.match(failed.error ?? '', /Ask an administrator for that role/);
      assert.equal(failed.renders, 0);
    } finally {
      suite.emulator.setFaults([]);
    }
  });

  it('opens a .har file with the waterfall editor and draws every entry', async () => {
    // A Chrome export of one page with 14 requests.
    const file = join(suite.scratch, 'portal.har');
    copyFileSync(join((await activateExtension()).extensionPath, 'test/fixtures/vscode/portal.har'), file);
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
    const editor = await waitForPanels('the .har editor', (states) =>
      states.find((panel) => panel.kind === 'har-file' && panel.renders > 0),
    );
    assert.equal(editor.title, 'portal.har');
    assert.deepEqual(editor.rendered, { pages: 1, entries: 14, warnings: [], heading: 'portal.har' });

    // Saved again (say, a new export over the old one): the editor redraws from the file.
    const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: unknown[] } };
    har.log.entries = har.log.entries.slice(0, 5);
    writeFileSync(file, JSON.stringify(har));
    const redrawn = await waitForRendered(editor.id, editor.renders + 1);
    assert.deepEqual(redrawn.rendered, { pages: 1, entries: 5, warnings: [], heading: 'portal.har' });
  });

  it('"Open in Editor" of a response body opens the whole body, indented, in an editor of its language', async () => {
    const har = JSON.parse(
      readFileSync(join((await activateExtension()).extensionPath, 'test/fixtures/vscode/portal.har'), 'utf8'),
    ) as { log: { entries: { response: { content: Record<string, unknown> } }[] } };
    const [first, second] = har.log.entries;
    assert.ok(first && second);
    first.response.content = {
      size: 30,
      mimeType: 'application/json',
      encoding: 'base64',
      text: Buffer.from('{"cart":[{"sku":"A-1","qty":2}]}').toString('base64'),
    };
    second.response.content = {
      size: 4,
      mimeType: 'image/png',
      encoding: 'base64',
      text: Buffer.from([0x89, 0x50, 0, 1]).toString('base64'),
    };
    const file = join(suite.scratch, 'bodies.har');
    writeFileSync(file, JSON.stringify(har));
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
    const editor = await waitForPanels('the .har editor', (states) =>
      states.find((panel) => panel.kind === 'har-file' && panel.title === 'bodies.har' && panel.renders > 0),
    );
    await sendFromWebview(editor.id, { type: 'openBody', params: { index: 0 } });
    const opened = vscode.window.activeTextEditor?.document;
    assert.equal(opened?.languageId, 'json');
    assert.equal(opened?.isUntitled, true, 'a new document: nothing is written to disk');
    assert.equal(opened?.getText(), '{\n  "cart": [\n    {\n      "sku": "A-1",\n      "qty": 2\n    }\n  ]\n}');
    const documents = vscode.workspace.textDocuments.length;
    await sendFromWebview(editor.id, { type: 'openBody', params: { index: 1 } });
    assert.equal(vscode.workspace.textDocuments.length, documents, 'a binary body opens nothing');
  });

  it('says why a .har file that is not JSON cannot be drawn', async () => {
    const file = join(suite.scratch, 'broken.har');
    writeFileSync(file, '{"log": {"entries": [');
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
    const editor = await waitForPanels('the broken .har editor', (states) =>
      states.find((panel) => panel.kind === 'har-file' && panel.error),
    );
    assert.match(editor.error ?? '', /^broken\.har cannot be shown as a waterfall: it is not valid JSON/);
  });
});
