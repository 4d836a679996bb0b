import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type {
  EndpointAgentsResponse,
  EndpointTestResponse,
  PageDetailResponse,
  PrivateNetworksResponse,
  UserSessionDetailResponse,
  UserSessionsResponse,
} from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import { experienceText } from '../../../src/analysis/grades';
import { shortTime } from '../../../src/analysis/records/summaries';
import { THRESHOLDS } from '../../../src/analysis/session/thresholds';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import {
  SUITE_API,
  WIRE_PATHS,
  agentRows,
  answeringPrompts,
  apiGet,
  childrenOf,
  nativeGet,
  clearEmulatorRequests,
  detailRecord,
  emulatorRequests,
  inViewOrder,
  kindOf,
  netmonApi,
  records,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

describe('explorer tree', () => {
  let emulator: RunningEmulator;
  let scratch: string;
  before(async () => {
    emulator = await startControlledEmulator({ pageSize: 20 });
    scratch = mkdtempSync(join(tmpdir(), 'netmon-tree-'));
    await signInTo(emulator);
  });
  after(async () => {
    await signOut();
    await emulator.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('lists the endpoint agents the API returns, grouped by status with counts, with OS/hardware tooltips', async () => {
    const api = await netmonApi();
    const endpointAgents = inViewOrder(
      (await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents')).endpointAgents,
    );
    const groups = await childrenOf(api, await root(api, 'Endpoint Agents'));
    const count = (test: (agent: { status: string; deleted: boolean }) => boolean): number =>
      endpointAgents.filter(test).length;
    const expectedGroups = [
      ['Enabled', count((a) => !a.deleted && a.status === 'enabled')],
      ['Disabled', count((a) => !a.deleted && a.status === 'disabled')],
      ['Deleted', count((a) => a.deleted)],
    ]
      .filter(([, n]) => n !== 0)
      .map(([label, n]) => [label, `${n} agent${n === 1 ? '' : 's'}`])
      // v7 accounts also group their agents by endpoint label (the emulator seeds three).
      .concat(SUITE_API === 'v7' ? [['Labels', '3 labels']] : []);
    assert.deepEqual(
      groups.map((group) => [group.label, group.treeItem().description]),
      expectedGroups,
    );
    const nodes = await agentRows(api, await root(api, 'Endpoint Agents'));
    assert.deepEqual(
      nodes.map((node) => node.label),
      endpointAgents.map((agent) => agent.computerName),
    );
    for (const [index, agent] of endpointAgents.entries()) {
      const item = nodes[index]?.treeItem();
      const status = agent.deleted ? `${agent.status} · deleted` : agent.status;
      // A v7 agent also says when it tunnels and, after a quiet while, when it was last seen (v6 has neither).
      if (SUITE_API === 'v6') assert.equal(item?.description, status);
      else
        assert.match(
          String(item?.description),
          new RegExp(`^${status}( · VPN)?( · last seen \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC)?$`),
        );
      const markdown = item?.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item?.tooltip);
      const tooltip = markdown.replace(/&nbsp;/g, ' ').replace(/\\/g, '');
      assert.ok(tooltip.includes(agent.osVersion), `tooltip of ${agent.computerName} lacks the OS: ${tooltip}`);
      assert.ok(tooltip.includes(agent.model), `tooltip of ${agent.computerName} lacks the hardware model`);
    }
  });

  it('expands an agent into its details (fields of the detail endpoint)', async () => {
    const api = await netmonApi();
    const [agentNode] = await agentRows(api, await root(api, 'Endpoint Agents'));
    assert.ok(agentNode);
    const properties = await childrenOf(api, agentNode);
    const endpointAgents = inViewOrder(
      (await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents')).endpointAgents,
    );
    const detail = await detailRecord(emulator, 'endpointAgent', endpointAgents[0]?.agentId ?? '');
    assert.deepEqual(
      properties.map((node) => node.label),
      Object.keys(detail),
    );
  });

  it('lists the private networks', async () => {
    const api = await netmonApi();
    const { privateNetworks } = await apiGet<PrivateNetworksResponse>(emulator, '/v6/endpoint-data/networks');
    const nodes = await childrenOf(api, await root(api, 'Networks'));
    assert.deepEqual(
      nodes.map((node) => node.label),
      privateNetworks.map((network) => network.networkName),
    );
  });

  it('groups endpoint tests by type, each test with its data nodes', async () => {
    const api = await netmonApi();
    const { endpointTest } = await apiGet<EndpointTestResponse>(emulator, '/v7/endpoint-tests');
    const all = await childrenOf(api, await root(api, 'Endpoint Tests'));
    // v7 adds the dynamic tests beside the scheduled ones, said as dynamic.
    const dynamicGroup = all.find((node) => node.label === 'dynamic');
    if (SUITE_API === 'v7') {
      const { tests: dynamic } = await nativeGet<{ tests: { testName: string }[] }>(
        emulator,
        '/v7/endpoint/tests/dynamic-tests/agent-to-server',
      );
      assert.ok(dynamicGroup && dynamic.length > 0, all.map((node) => node.label).join(', '));
      const dynamicNodes = await childrenOf(api, dynamicGroup);
      assert.deepEqual(
        dynamicNodes.map((node) => node.label),
        dynamic.map((test) => test.testName),
      );
      assert.ok(
        dynamicNodes.every((node) => String(node.spec.description).startsWith('dynamic test · follows ')),
        String(dynamicNodes[0]?.spec.description),
      );
    } else {
      assert.equal(dynamicGroup, undefined, 'v6 has no dynamic tests');
    }
    const groups = all.filter((node) => node !== dynamicGroup);
    assert.deepEqual(
      groups.map((node) => node.label),
      [...new Set(endpointTest.map((test) => test.type))].sort(),
    );
    for (const group of groups) {
      const tests = await childrenOf(api, group);
      assert.deepEqual(
        tests.map((node) => node.label),
        endpointTest.filter((test) => test.type === group.label).map((test) => test.testName),
      );
    }
    const httpGroup = groups.find((node) => node.label === 'http-server');
    const [httpTest] = httpGroup ? await childrenOf(api, httpGroup) : [];
    assert.ok(httpTest, 'no http-server test in the demo world');
    const dataNodes = await childrenOf(api, httpTest);
    assert.deepEqual(
      dataNodes.map((node) => node.label),
      ['Metrics', 'Path Visualization', 'HTTP Server'],
    );
    const metrics = records(await childrenOf(api, dataNodes[0] as TreeNode));
    assert.ok(metrics.every((node) => kindOf(node) === 'metric'));
  });

  it("shows the first page of user sessions of the last hour (the default range) and a session's pages", async () => {
    const api = await netmonApi();
    assert.match(api.treeView.description ?? '', /^Last hour/);
    const { userSessions } = await apiGet<UserSessionsResponse>(emulator, '/v6/endpoint-data/user-sessions?window=1h');
    assert.ok(userSessions.length > 0, 'the last hour of the emulator holds sessions');
    const nodes = records(await childrenOf(api, await root(api, 'User Sessions')));
    assert.deepEqual(
      nodes.map((node) => node.label.split(' · ').at(-1)),
      userSessions.map((session) => session.visitedSite),
    );
    const first = userSessions[0];
    assert.ok(first);
    const detail = await apiGet<UserSessionDetailResponse>(
      emulator,
      `/v6/endpoint-data/user-sessions/${first.userSessionId}`,
    );
    const pages = await childrenOf(api, nodes[0] as TreeNode);
    assert.deepEqual(
      pages.map((node) => node.label),
      (detail.userSessions[0]?.pages ?? []).map((page) => page.title || page.id),
    );
  });

  it('session rows show the experience score at a glance: icon colour, score and word, short time, spoken label', async () => {
    const api = await netmonApi();
    // The suite's emulator stands at EMULATOR_NOW while the tree writes times relative to the real
    // clock ("Fri 11:00" for a few days, then "Nov 20 11:00"): each row is checked against its own
    // session, its time in the list's short form at the instants around the tree's read.
    const { userSessions } = await apiGet<UserSessionsResponse>(emulator, '/v6/endpoint-data/user-sessions?window=1h');
    const sessions = new Map(userSessions.map((session) => [session.userSessionId, session]));
    const readFrom = new Date();
    const nodes = records(await childrenOf(api, await root(api, 'User Sessions')));
    const readTo = new Date();
    const { fairBelow, poorBelow } = THRESHOLDS.experience;
    const seen = new Set<string>();
    assert.ok(nodes.length > 0, 'the demo hour has sessions');
    for (const node of nodes) {
      const item = node.treeItem();
      const session = sessions.get(String(node.spec.ids?.userSessionId));
      assert.ok(session, `row ${String(item.label)} is a session of the hour`);
      const score = session.experienceScore ?? Number.NaN;
      const written = experienceText(score) ?? 'not a score';
      const [grade, word, color] =
        score < poorBelow
          ? ['bad', 'poor', 'editorError.foreground']
          : score < fairBelow
            ? ['warn', 'fair', 'editorWarning.foreground']
            : ['ok', 'good', 'testing.iconPassed'];
      seen.add(grade);
      assert.ok(written.endsWith(` ${word}`), `${written} is written with the grade's word`);
      assert.equal((item.iconPath as vscode.ThemeIcon).color?.id, color, `icon colour of a session scored ${score}`);
      assert.ok(String(item.label).startsWith(`${written} · `), `score and time lead the label: ${String(item.label)}`);
      const times = [readFrom, readTo].map((at) => `${written} · ${shortTime(session.date, at)} · `);
      assert.ok(
        times.some((start) => String(item.label).startsWith(start)),
        `the session's short time follows its score: ${String(item.label)}`,
      );
      assert.match(String(item.description), /^\d+ pages?$/);
      assert.ok((item.accessibilityInformation?.label ?? '').startsWith('User session '), 'a spoken label');
      assert.ok(
        (item.accessibilityInformation?.label ?? '').endsWith(`experience score ${written}`),
        'the spoken label ends with the score and its word',
      );
    }
    assert.ok(seen.size >= 2, `the demo hour holds sessions of more than one grade (saw ${[...seen].join(', ')})`);
    const pages = await childrenOf(api, nodes[0] as TreeNode);
    assert.ok(
      pages.every((page) => page.treeItem().accessibilityInformation?.label.startsWith('Page ')),
      'pages have spoken labels too',
    );
  });

  it('sorts the loaded sessions worst first or slowest page first, and groups them by site, without fetching the list again', async () => {
    const api = await netmonApi();
    const { userSessions, pages } = await apiGet<UserSessionsResponse>(
      emulator,
      '/v6/endpoint-data/user-sessions?window=1h',
    );
    const sessionsRoot = await root(api, 'User Sessions');
    const loaded = records(await childrenOf(api, sessionsRoot)).length;
    const shown = userSessions.slice(0, loaded);
    try {
      await clearEmulatorRequests(emulator);
      await vscode.commands.executeCommand('netmon.sortSessions', 'worst');
      const worst = records(await childrenOf(api, sessionsRoot));
      const expected = shown
        .map((session, index) => ({ session, index }))
        .sort((a, b) => (a.session.experienceScore ?? 2) - (b.session.experienceScore ?? 2) || a.index - b.index)
        .map(({ session }) => session.userSessionId);
      assert.deepEqual(
        worst.map((node) => node.spec.ids?.userSessionId),
        expected,
      );
      assert.equal(
        (await emulatorRequests(emulator)).filter((r) => r.path === WIRE_PATHS.sessionsFilter).length,
        0,
        'sorting fetches no list',
      );
      const more = userSessions.length > loaded || pages.next !== undefined;
      assert.match(
        String(sessionsRoot.treeItem().description),
        new RegExp(
          `sorted: worst experience first \\(${loaded} loaded${more ? ' of more — Load more to include them' : ''}\\)$`,
        ),
      );

      await vscode.commands.executeCommand('netmon.sortSessions', 'slowestPage');
      const slowest = records(await childrenOf(api, sessionsRoot)).map((node) => node.spec.ids?.userSessionId);
      const loads = new Map<string, number>();
      for (const session of shown) {
        const detail = await apiGet<UserSessionDetailResponse>(
          emulator,
          `/v6/endpoint-data/user-sessions/${session.userSessionId}`,
        );
        loads.set(
          session.userSessionId,
          Math.max(...(detail.userSessions[0]?.pages ?? []).map((page) => page.pageTimings.onLoad)),
        );
      }
      const bySlowest = [...shown]
        .map((session, index) => ({ id: session.userSessionId, index }))
        .sort((a, b) => (loads.get(b.id) ?? 0) - (loads.get(a.id) ?? 0) || a.index - b.index)
        .map(({ id }) => id);
      assert.deepEqual(slowest, bySlowest);

      await vscode.commands.executeCommand('netmon.groupSessions', 'site');
      const groups = (await childrenOf(api, sessionsRoot)).filter((node) => kindOf(node) === 'sessionGroup');
      assert.deepEqual(
        new Set(groups.map((group) => group.label)),
        new Set(shown.map((session) => session.visitedSite)),
      );
      for (const group of groups) {
        const members = await childrenOf(api, group);
        assert.ok(
          members.every((member) => member.label.endsWith(` · ${group.label}`)),
          `the ${group.label} group holds its own sessions`,
        );
        assert.match(String(group.treeItem().description), /^\d+ sessions?( · worst \d\.\d\d (good|fair|poor))?$/);
      }
    } finally {
      await vscode.commands.executeCommand('netmon.sortSessions', 'time');
      await vscode.commands.executeCommand('netmon.groupSessions', 'none');
    }
    assert.deepEqual(
      records(await childrenOf(api, sessionsRoot)).map((node) => node.spec.ids?.userSessionId),
      shown.map((session) => session.userSessionId),
      'back to the API order',
    );
  });

  it('Worst Sessions walks every page of the range and lists the lowest-scored sessions, worst first, ties by what hurt most, and says the order', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const sessionsRoot = await root(api, 'User Sessions');
    const [worstNode] = (await childrenOf(api, sessionsRoot)).filter((node) => kindOf(node) === 'worstSessions');
    assert.ok(worstNode, 'User Sessions leads with Worst Sessions');
    const rows = await childrenOf(api, worstNode);
    const listed = rows.filter((node) => kindOf(node) === 'userSession');
    const summary = rows.at(-1)!;
    assert.equal(kindOf(summary), 'worstSummary', 'the list ends with what the walk found');
    // The test's own full walk of the same range, page by page.
    const all: { userSessionId: string; experienceScore?: number }[] = [];
    for (let path: string | undefined = '/v6/endpoint-data/user-sessions?window=1h'; path;) {
      const page: UserSessionsResponse = await apiGet<UserSessionsResponse>(emulator, path);
      all.push(...page.userSessions);
      path = page.pages.next ? new URL(page.pages.next).pathname + new URL(page.pages.next).search : undefined;
    }
    assert.ok(all.length > 20, 'the range spans several pages');
    const scores = all
      .map((session) => session.experienceScore)
      .filter((score): score is number => typeof score === 'number')
      .sort((a, b) => a - b);
    const listedSessions = listed.map((node) => node.spec.record as { userSessionId: string; experienceScore: number });
    assert.deepEqual(
      listedSessions.map((session) => session.experienceScore),
      scores.slice(0, 10),
      'the ten lowest scores, worst first',
    );
    const byId = new Set(all.map((session) => session.userSessionId));
    assert.ok(listedSessions.every((session) => byId.has(session.userSessionId)));
    // Equal scores: the slower slowest page first (the test reads the details itself).
    const slowest = async (id: string): Promise<number> =>
      Math.max(
        ...(
          await apiGet<UserSessionDetailResponse>(emulator, `/v6/endpoint-data/user-sessions/${id}`)
        ).userSessions[0]!.pages.map((p) => p.pageTimings.onLoad),
      );
    for (let i = 1; i < listedSessions.length; i++) {
      const [before, at] = [listedSessions[i - 1]!, listedSessions[i]!];
      if (before.experienceScore === at.experienceScore)
        assert.ok(
          (await slowest(before.userSessionId)) >= (await slowest(at.userSessionId)),
          `tie ${before.userSessionId} before ${at.userSessionId}: slower page first`,
        );
    }
    assert.match(summary.label, new RegExp(`^10 lowest of ${all.length.toLocaleString('en-US')} sessions`));
    assert.equal(String(summary.treeItem().description), 'by score, ties by slowest page, loss, errors');
    assert.match(
      String(summary.treeItem().tooltip),
      /Order: lowest score first; equal scores: slowest page, then most packet loss/,
    );
    assert.match(
      String(worstNode.treeItem().tooltip),
      /Order: lowest score first; equal scores: slowest page, then most packet loss/,
    );
    assert.equal(rows.length, listed.length + 1, 'nothing else in the list');
    assert.equal(kindOf(listed[0]!), 'userSession', 'each is a session node: pages, overview and filters work on it');
  });

  it('rows name endpoint agents, not ids: network sessions, probes and the session tooltip', async function () {
    this.timeout(30_000);
    const api = await netmonApi();
    const { endpointAgents } = await apiGet<EndpointAgentsResponse>(emulator, '/v6/endpoint-agents');
    const names = new Map(endpointAgents.map((agent) => [agent.agentId, agent.computerName]));
    await api.connection.requireClient().agentDirectory().ready(); // what the tree starts at its first list
    const [networkSession] = records(await childrenOf(api, await root(api, 'Network Sessions')));
    const networkAgent = networkSession?.spec.ids?.agentId ?? '';
    assert.ok(names.get(networkAgent), 'the network session belongs to a named agent');
    assert.match(String(networkSession!.treeItem().description), new RegExp(`^${names.get(networkAgent)} → `));
    const [probe] = records(await childrenOf(api, await root(api, 'Network Topology')));
    assert.ok(
      String(probe?.treeItem().description).endsWith(` · ${names.get(probe?.spec.ids?.agentId ?? '')}`),
      String(probe?.treeItem().description),
    );
    const [session] = records(await childrenOf(api, await root(api, 'User Sessions')));
    const tooltip = session?.treeItem().tooltip;
    const text = (tooltip instanceof vscode.MarkdownString ? tooltip.value : String(tooltip))
      .replace(/&nbsp;/g, ' ')
      .replace(/\\/g, '');
    assert.ok(
      text.includes(`Agent: ${names.get(session?.spec.ids?.agentId ?? '')} (${session?.spec.ids?.agentId})`),
      text,
    );
    // The id stays one click away: Copy Agent Id on any row of an agent.
    assert.match(networkSession!.contextValue(), /\bfilter-agentId\b/);
    assert.equal(await vscode.commands.executeCommand('netmon.copyEndpointAgentId', networkSession), networkAgent);
    assert.equal(await vscode.env.clipboard.readText(), networkAgent);
  });

  it('opens details as a read-only JSON document and exports a page as .har', async () => {
    const api = await netmonApi();
    const [sessionNode] = records(await childrenOf(api, await root(api, 'User Sessions')));
    assert.ok(sessionNode);
    const uri = await vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.openDetails', sessionNode);
    assert.equal(uri?.scheme, 'netmon');
    const document = await vscode.workspace.openTextDocument(uri as vscode.Uri);
    assert.equal(document.languageId, 'json');
    // The details show the session itself, not the API's envelope around it.
    const shown = JSON.parse(document.getText()) as UserSessionDetailResponse['userSessions'][number];
    const sessionId = shown.userSessionId;
    assert.deepEqual(shown, await detailRecord(emulator, 'userSession', sessionId));

    const [pageNode] = await childrenOf(api, sessionNode);
    assert.ok(pageNode?.spec.harPage);
    const target = join(scratch, 'page.har');
    const { result: written, prompts } = await answeringPrompts(
      (prompt) =>
        prompt.kind === 'save' ? vscode.Uri.file(target) : prompt.kind === 'confirm' ? prompt.actions[0] : undefined,
      () => vscode.commands.executeCommand<string | undefined>('netmon.exportHar', pageNode),
    );
    assert.equal(written, target);
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['confirm', 'save', 'offer'],
      'what redaction removes is shown first; the destination is asked in the save dialog',
    );
    const [preview] = prompts;
    assert.ok(
      preview?.kind === 'confirm' &&
        preview.actions[0] === 'Export Redacted HAR…' &&
        /Unredacted HAR \(keeps secrets\)/.test(preview.actions[1] ?? ''),
      'redacted is the first choice',
    );
    assert.match(preview.kind === 'confirm' ? preview.detail : '', /cookie values: \d+/);
    const expected = await apiGet<PageDetailResponse>(
      emulator,
      `/v6/endpoint-data/user-sessions/${sessionId}/page/${pageNode.spec.harPage.pageId}`,
    );
    const exported = readFileSync(target, 'utf8');
    const recorded = expected.har as unknown as {
      log: { entries: { time: number; request: { cookies: { value: string }[] } }[] };
    };
    const secrets = recorded.log.entries.flatMap((entry) => entry.request.cookies.map((cookie) => cookie.value));
    assert.ok(secrets.length > 0, 'the demo page sends a session cookie');
    assert.ok(
      secrets.every((secret) => !exported.includes(secret)),
      'no cookie value is in the exported file',
    );
    const parsed = JSON.parse(exported) as typeof recorded;
    assert.deepEqual(
      parsed.log.entries.map((e) => e.time),
      recorded.log.entries.map((e) => e.time),
      'timings are kept',
    );
  });

  it('exports the HAR as recorded only as the second choice, after saying what it keeps', async () => {
    const api = await netmonApi();
    const [sessionNode] = records(await childrenOf(api, await root(api, 'User Sessions')));
    const [pageNode] = await childrenOf(api, sessionNode!);
    const target = join(scratch, 'page-raw.har');
    const { result: written, prompts } = await answeringPrompts(
      (prompt) =>
        prompt.kind === 'save'
          ? vscode.Uri.file(target)
          : prompt.kind === 'confirm'
            ? prompt.actions.at(-1)
            : undefined,
      () => vscode.commands.executeCommand<string | undefined>('netmon.exportHar', pageNode),
    );
    assert.equal(written, target);
    assert.deepEqual(
      prompts.map((p) => p.kind),
      ['confirm', 'confirm', 'save', 'offer'],
    );
    assert.match(
      prompts[1]?.kind === 'confirm' ? prompts[1].detail : '',
      /keeps every cookie, token, password and response body/,
    );
    const { userSessionId, pageId } = pageNode!.spec.harPage!;
    const expected = await apiGet<PageDetailResponse>(
      emulator,
      `/v6/endpoint-data/user-sessions/${userSessionId}/page/${pageId}`,
    );
    assert.deepEqual(JSON.parse(readFileSync(target, 'utf8')), expected.har);
  });

  it('session and page nodes carry their ids; clicking a session opens its overview, a page its waterfall', async () => {
    const api = await netmonApi();
    const [sessionNode] = records(await childrenOf(api, await root(api, 'User Sessions')));
    assert.ok(sessionNode?.spec.ids?.userSessionId);
    const sessionClick = sessionNode.treeItem().command;
    assert.equal(sessionClick?.command, 'netmon.openSessionOverview');
    assert.deepEqual(sessionClick.arguments, [sessionNode.spec.ids.userSessionId]);
    assert.equal(
      sessionNode.treeItem().collapsibleState,
      vscode.TreeItemCollapsibleState.Collapsed,
      'the pages stay under the arrow',
    );
    const overview: unknown = await vscode.commands.executeCommand(
      sessionClick.command,
      ...(sessionClick.arguments ?? []),
    );
    assert.ok(overview, 'the session overview opened');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const [pageNode] = await childrenOf(api, sessionNode);
    assert.ok(pageNode);
    assert.equal(pageNode.spec.ids?.userSessionId, sessionNode.spec.ids.userSessionId);
    assert.equal(pageNode.spec.ids?.pageId, pageNode.spec.harPage?.pageId);
    const click = pageNode.treeItem().command;
    assert.equal(click?.command, 'netmon.openPageWaterfall');
    const opened: unknown = await vscode.commands.executeCommand(click.command, ...(click.arguments ?? []));
    assert.ok(opened, 'the waterfall panel opened');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('test data records carry their test, agent and round', async () => {
    const api = await netmonApi();
    const [typeNode] = await childrenOf(api, await root(api, 'Endpoint Tests'));
    const [testNode] = await childrenOf(api, typeNode as TreeNode);
    const testId = testNode?.spec.ids?.testId;
    assert.equal(typeof testId, 'number');
    const [metricsNode] = await childrenOf(api, testNode as TreeNode);
    assert.equal(metricsNode?.spec.ids?.testId, testId);
    const metrics = records(await childrenOf(api, metricsNode as TreeNode));
    assert.ok(metrics.length > 0, 'the last hour holds metrics');
    for (const metric of metrics) {
      assert.equal(metric.spec.ids?.testId, testId);
      assert.ok(metric.label.startsWith(`${metric.spec.ids?.agentId ?? '?'} · `), metric.label);
      assert.equal(typeof metric.spec.ids?.roundId, 'number');
    }
  });

  it("copies a record's permalink", async () => {
    const api = await netmonApi();
    const [sessionNode] = records(await childrenOf(api, await root(api, 'User Sessions')));
    if (SUITE_API === 'v7') {
      // v7's endpoint results carry no link into the vendor's app (the OpenAPI has none): nothing is offered.
      assert.ok(sessionNode && !sessionNode.spec.permalink);
      assert.doesNotMatch(sessionNode.contextValue(), /\bpermalink\b/, 'no Copy/Open Permalink on a v7 session');
      return;
    }
    const copied = await vscode.commands.executeCommand<string | undefined>('netmon.copyPermalink', sessionNode);
    assert.ok(copied && copied === sessionNode?.spec.permalink);
    assert.equal(await vscode.env.clipboard.readText(), copied);
  });
});
