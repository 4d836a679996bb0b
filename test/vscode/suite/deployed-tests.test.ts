// Deployed Tests and Show Test Results against the emulator speaking v7 (netmon.apiVersion
// v7): the account group's enterprise tests by type with their health at a glance, the test
// crossing the seeded loss episode shown degraded, its result lists paged in the tree, and
// Show Results opening the Health panel (each agent graded, the lossy transit's sharers degraded
// by the loss, a row's Metrics on that agent), the metrics and path panels (the loss localized) — and the waterfall of
// a page-load test's round, and of a web-transactions test's slowest page with its other pages
// a pick away — from the tree and from a bound test document; a BGP test's summary with each
// monitor's AS path.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import type { PathEpisode } from '../../../src/emulator/world/path-episodes';
import type { EnterpriseTest } from '../../../src/api/types';
import type { HealthShown } from '../../../src/vscode/panels/health-panels';
import type { PanelSnapshot } from '../../../src/vscode/panels/panel-host';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import { acceptConfirmations, answeringPrompts, childrenOf, nativeGet, netmonApi, root } from './netmon-fixture';
import { closeAllEditors, sendFromWebview, waitForPanels, waitForRendered } from './panels-fixture';
import {
  createTestDirectly,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
  type WorkspaceScratch,
} from './documents-fixture';

const HOUR = 3600;

describe('Deployed Tests and Show Test Results (v7)', () => {
  let suite: DocumentSuite;
  let emulator: RunningEmulator;
  let clock = 0;
  let loss: PathEpisode;
  let scratch: WorkspaceScratch;
  const ids: Record<string, number> = {};
  const agentIds: number[] = [];

  /** Deployed before signing in, an hour before the seeded loss episode; the clock then moves into it. */
  const deployTests = async (started: RunningEmulator): Promise<void> => {
    const group = started.world.group(started.world.accountGroups[0]?.aid ?? 0);
    const day = Math.floor(Date.UTC(2026, 10, 20) / 1000);
    const found = group?.pathEpisodes(day, day + 86400).find((e) => e.kind === 'lossEpisode');
    assert.ok(found && group);
    loss = found;
    clock = loss.startSeconds - HOUR;
    const agents = fiveAgents(started);
    agentIds.push(
      ...group
        .enterpriseAgents()
        .slice(0, 1)
        .map((a) => Number(a.agentId)),
    );
    const create = async (type: string, name: string, target: Record<string, unknown>): Promise<void> => {
      ids[name] = (
        await createTestDirectly(started, type, {
          testName: name,
          interval: 300,
          ...(type === 'bgp' ? {} : { agents }),
          ...target,
        })
      ).testId;
    };
    await create('agent-to-server', 'Outlook from the offices', { server: 'outlook.office365.com', port: 443 });
    await create('agent-to-server', 'Zoom from the offices', { server: 'zoom.us', port: 443 });
    await create('page-load', 'Office home page', { url: 'https://www.office.com/' });
    await create('dns-trace', 'Example zone', { domain: 'example.com' });
    await create('ftp-server', 'Nightly drop', {
      url: 'ftp://ftp.example.com/drop.zip',
      requestType: 'download',
      username: 'u',
      password: 'p',
    });
    await create('bgp', 'Our prefix', { prefix: '203.0.113.0/24' });
    // Last: the tests created later in the suite cross the transits they always did (test id modulo 2).
    await create('web-transactions', 'Portal sign-in', {
      url: 'https://acme.atlassian.net/',
      transactionScript: 'await driver.get(url);',
    });
    clock = loss.startSeconds + 20 * 60;
  };

  before(async function () {
    this.timeout(60_000);
    suite = await startDocumentSuite('deployed-tests', {
      v7: true,
      emulator: { now: () => clock * 1000 },
      beforeSignIn: deployTests,
    });
    ({ emulator, scratch } = suite);
  });
  after(() => suite.end());

  /** The agents of a deployed test that the emulator routes over its seeded transit (the lossy one, here). */
  const sharersOf = async (testId: number): Promise<ReadonlySet<string>> => {
    const test = await nativeGet<EnterpriseTest>(emulator, `/v7/tests/agent-to-server/${testId}`);
    const plan = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0)!.enterprisePlan(test);
    assert.equal(plan.path?.kind, 'lossEpisode', 'the test crosses the lossy transit');
    return plan.sharers;
  };

  const testsOfType = async (type: string): Promise<TreeNode[]> => {
    const api = await netmonApi();
    const groups = await childrenOf(api, await root(api, 'Deployed Tests'));
    // Every type the account can create has its group (each offers "New Test Document of This Type"); empty ones say
    // so. The ftp-server, page-load and web-transactions tests cross a seeded transit too (their network layer): the
    // default rules fire on them as on the agent-to-server tests.
    assert.deepEqual(
      groups.map((g) => [g.label, g.spec.description]),
      [
        ['agent-to-agent', 'none deployed'],
        ['agent-to-server', '2 tests · 2 alerting'],
        ['api', 'none deployed'],
        ['bgp', '1 test'],
        ['dns-server', 'none deployed'],
        ['dns-trace', '1 test'],
        ['dnssec', 'none deployed'],
        ['ftp-server', '1 test · 1 alerting'],
        ['http-server', 'none deployed'],
        ['page-load', '1 test · 1 alerting'],
        ['sip-server', 'none deployed'],
        ['voice', 'none deployed'],
        ['web-transactions', '1 test · 1 alerting'],
      ],
    );
    assert.ok(
      groups.every((g) => g.contextValue().split(' ').includes('deployedTestType')),
      'each group carries the new-document action',
    );
    return childrenOf(
      api,
      groups.find((g) => g.label === type)!,
    );
  };

  it('groups the deployed tests by type, each with its latest health; the one on the lossy transit is degraded', async function () {
    this.timeout(60_000);
    const tests = await testsOfType('agent-to-server');
    assert.deepEqual(
      tests.map((t) => t.label),
      ['Outlook from the offices', 'Zoom from the offices'],
    );
    const degraded = tests.filter((t) =>
      /^\d+ active alerts? · DEGRADED · 4 of 5 agents · \d+% loss, latency \d+ ms\b/.test(String(t.spec.description)),
    );
    assert.equal(degraded.length, 1, tests.map((t) => t.spec.description).join(' | '));
    // The degraded test's loss meets the default loss rule's 5 %, and the other test's own seeded episode has fired a
    // default rule: an active alert leads each row, whatever its newest round says.
    assert.ok(tests.some((t) => t.spec.description === '1 active alert · ok · 5 agents'));
    assert.equal(degraded[0]!.spec.icon, 'warning');
    const api = await netmonApi();
    const lists = await childrenOf(api, degraded[0]!);
    assert.deepEqual(
      lists.map((l) => l.label),
      ['Network', 'Path Visualization'],
    );
    const rows = await childrenOf(api, lists[0]!);
    assert.ok(
      rows.some((row) => row.spec.kind === 'deployedResult' && /\d+% loss/.test(String(row.spec.description))),
      'the network rows say the loss',
    );
  });

  it('Show Results on the degraded test opens its Health panel, its metrics and its path, where the loss is localized at the seeded hop', async function () {
    this.timeout(90_000);
    const tests = await testsOfType('agent-to-server');
    const degraded = tests.find((t) => String(t.spec.description).includes('DEGRADED'))!;
    const shown = await vscode.commands.executeCommand<Shown>('netmon.showTestResults', degraded);
    assert.equal(shown?.panels.length, 2);
    // First, one row per agent of the test, worst first: the agents sharing the lossy transit degraded (or failing)
    // by the loss, the others ok.
    const health = await healthOf(shown);
    assert.equal(health.title, `Health: ${degraded.label}`);
    const sharers = await sharersOf(ids[String(degraded.label)]!);
    const { rows } = health.rendered as HealthShown;
    assert.deepEqual(
      rows.map((row) => row.agentId).sort(),
      fiveAgents(emulator)
        .map((a) => a.agentId)
        .sort(),
    );
    assert.ok(sharers.size > 0 && sharers.size < rows.length, `sharers: ${[...sharers].join(', ')}`);
    for (const row of rows) {
      if (sharers.has(row.agentId)) {
        assert.match(row.grade, /^(degraded|failing)$/, JSON.stringify(row));
        assert.match(row.reason, /^network: \d+% loss\b/, JSON.stringify(row));
      } else assert.equal(row.grade, 'ok', JSON.stringify(row));
      assert.match(row.agent, /\S/);
      assert.ok(row.round !== undefined && row.round > loss.startSeconds, 'a round inside the episode');
    }
    assert.deepEqual(
      rows.map((row) => row.grade === 'ok'),
      rows.map((_, i) => i >= sharers.size),
      'worst first',
    );
    const path = await waitForRendered(shown.panels[1]!);
    assert.equal(path.kind, 'path');
    assert.equal(path.title, `Path: ${degraded.label}`);
    const drawn = path.rendered as { agents: number; findings?: number };
    assert.equal(drawn.agents, 5);
    assert.ok((drawn.findings ?? 0) > 0, 'the path panel shows a finding');
    // The metrics panel opened first, under the path: the network list's Open Metrics reveals it.
    const api = await netmonApi();
    const [network] = await childrenOf(api, degraded);
    assert.equal(await vscode.commands.executeCommand('netmon.openMetrics', network), shown.panels[0]);
    const metrics = await waitForRendered(shown.panels[0]!);
    assert.equal(metrics.kind, 'metrics');
    assert.equal(metrics.title, `Metrics: ${degraded.label}`);
    assert.ok((metrics.rendered as { charts: { points: number }[] }).charts.some((chart) => chart.points > 0));
    // The Health panel is in the same group as the metrics (no third group).
    assert.equal((await healthOf(shown)).column, metrics.column);
    // A degraded row's Metrics: the metrics panel draws again, on that agent.
    const worst = rows[0]!;
    await sendFromWebview(shown.health!, { type: 'openMetrics', params: { agentId: worst.agentId } });
    const focused = await waitForRendered(shown.panels[0]!, metrics.renders + 1);
    assert.equal(focused.title, `Metrics: ${degraded.label}`);
    assert.ok((focused.rendered as { charts: { points: number }[] }).charts.some((chart) => chart.points > 0));
  });

  it('over six hours, Show Results ends on the whole range: the metrics of every round since the test was deployed, not only the last hour drawn first', async function () {
    this.timeout(90_000);
    await overWindow('6h', async () => {
      const degraded = (await testsOfType('agent-to-server')).find((t) =>
        String(t.spec.description).includes('DEGRADED'),
      )!;
      const shown = await vscode.commands.executeCommand<{ panels: string[] }>('netmon.showTestResults', degraded);
      const path = await waitForRendered(shown.panels[1]!);
      assert.equal((path.rendered as { agents: number }).agents, 5);
      const [network] = await childrenOf(await netmonApi(), degraded);
      assert.equal(
        await vscode.commands.executeCommand('netmon.openMetrics', network),
        shown.panels[0],
        'revealed, not reloaded',
      );
      const metrics = await waitForRendered(shown.panels[0]!);
      // Deployed 80 minutes ago: 16 or 17 rounds; the last hour alone has 12 or 13.
      const rounds = (metrics.rendered as { charts: { points: number }[] }).charts.map((chart) => chart.points);
      assert.ok(
        rounds.length > 0 && rounds.every((points) => points >= 16 && points <= 17),
        `rounds drawn: ${rounds.join(', ')}`,
      );
    });
  });

  it('a page-load test opens the waterfall of a round; a bound test document shows its results from the code lens command', async function () {
    this.timeout(90_000);
    const [pageLoad] = await testsOfType('page-load');
    const shown = await vscode.commands.executeCommand<{ panels: string[] }>('netmon.showTestResults', pageLoad);
    assert.equal(shown?.panels.length, 3, 'metrics, path and the waterfall');
    const waterfall = await waitForRendered(shown.panels[2]!);
    assert.equal(waterfall.kind, 'waterfall');
    assert.match(waterfall.title, /^Waterfall: Office home page$/);

    const api = await netmonApi();
    const info = api.connection.current!;
    const aid = info.accountGroup ? String(info.accountGroup.aid) : 'default';
    const uri = writeDocument(
      scratch.path,
      'zone.netmon-test.json',
      JSON.stringify(
        {
          type: 'dns-trace',
          testName: 'Example zone',
          interval: 300,
          agents: [],
          domain: 'example.com',
          deployments: { [info.serviceKey]: { [aid]: ids['Example zone'] } },
        },
        null,
        2,
      ),
    );
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const results = lenses.find((lens) => lens.command?.title === '$(graph) Results');
    assert.equal(results?.command?.command, 'netmon.showTestResults', lenses.map((l) => l.command?.title).join(' | '));
    const fromDocument = await vscode.commands.executeCommand<Shown>(
      results.command.command,
      ...(results.command.arguments ?? []),
    );
    assert.deepEqual(fromDocument?.panels, [], 'a DNS test has no other panel');
    assert.equal(fromDocument.document, undefined, 'no summary text: its Health panel says it');
    const health = await healthOf(fromDocument);
    assert.equal(health.title, 'Health: Example zone');
    const { rows, headline } = health.rendered as HealthShown;
    assert.equal(headline, '5 ok');
    assert.ok(
      rows.every((row) => /^final query \d+ ms$/.test(row.reason)),
      rows.map((r) => r.reason).join(' | '),
    );
  });

  it("a web-transactions test opens the waterfall of its newest round's slowest page, named with the agent, the round's other pages a pick away", async function () {
    this.timeout(90_000);
    const [tx] = await testsOfType('web-transactions');
    assert.equal(tx?.label, 'Portal sign-in');
    const shown = await vscode.commands.executeCommand<{ panels: string[] }>('netmon.showTestResults', tx);
    assert.equal(shown?.panels.length, 3, 'metrics, path and the waterfall');
    const waterfall = await waitForRendered(shown.panels[2]!);
    assert.deepEqual([waterfall.kind, waterfall.title], ['waterfall', 'Waterfall: Portal sign-in']);
    const drawn = waterfall.rendered as { pages: number; entries: number; heading: string };
    const heading = /^Portal sign-in · (.+ · acme\.atlassian\.net) · (.+) · \d{4}-\d\d-\d\d \d\d:\d\d UTC$/.exec(
      drawn.heading,
    );
    assert.ok(heading, drawn.heading);
    // The page it opened on is the slowest of that agent's newest round, as the service lists the round's pages.
    const read = (path: string): Promise<{ results: Record<string, unknown>[] }> => nativeGet(emulator, path);
    const rounds = (await read(`/v7/test-results/${ids['Portal sign-in']}/web-transactions?window=1h`)).results.filter(
      (r) => (r.agent as { agentName: string }).agentName === heading[2],
    );
    const newest = rounds.at(-1) as { agent: { agentId: string }; roundId: number };
    const [round] = (
      await read(
        `/v7/test-results/${ids['Portal sign-in']}/web-transactions/agent/${newest.agent.agentId}/round/${newest.roundId}`,
      )
    ).results;
    const pages = (round?.pages ?? []) as { pageName: string; duration: number }[];
    assert.equal(heading[1], [...pages].sort((a, b) => b.duration - a.duration)[0]?.pageName);
    assert.deepEqual(
      [drawn.pages, drawn.entries],
      [pages.length, pages.length === 3 ? 24 : 1],
      'every page of the round, to pick from',
    );

    const api = await netmonApi();
    const lists = await childrenOf(api, tx!);
    assert.deepEqual(
      lists.map((l) => l.label),
      ['Web Transactions', 'Network', 'Path Visualization'],
    );
    const [row] = await childrenOf(api, lists[0]!);
    assert.equal(row?.spec.command?.title, 'Open Waterfall');
    const fromRow = await vscode.commands.executeCommand<{ panels: string[] }>(
      row!.spec.command!.command,
      ...(row!.spec.command!.arguments ?? []),
    );
    const rowWaterfall = await waitForRendered(fromRow!.panels[0]!);
    assert.equal(rowWaterfall.kind, 'waterfall');
    assert.match(
      (rowWaterfall.rendered as { heading: string }).heading,
      /^Portal sign-in · .+ · acme\.atlassian\.net · /,
    );
    await closeAllEditors();
  });

  it("an FTP server test shows its agents' latest health and its network layer; Show Results opens its Health panel, its metrics and path", async function () {
    this.timeout(90_000);
    const [ftp] = await testsOfType('ftp-server');
    assert.equal(ftp?.label, 'Nightly drop');
    // Its active alert leads (the seeded transit it crosses), then its health.
    assert.match(String(ftp.spec.description), /^1 active alert · (ok · 5 agents|FAILING · 1 of 5 agents · .+)$/);
    const api = await netmonApi();
    const lists = await childrenOf(api, ftp);
    assert.deepEqual(
      lists.map((l) => l.label),
      ['FTP Server', 'Network', 'Path Visualization'],
    );
    const rows = await childrenOf(api, lists[0]!);
    assert.ok(
      rows.some((row) => / · FTP 226, total \d+ ms$/.test(String(row.spec.description))),
      rows.map((r) => r.spec.description).join(' | '),
    );
    const networkRows = await childrenOf(api, lists[1]!);
    assert.equal(networkRows.length > 0, true, "each agent's loss and latency to the FTP server");
    const shown = await vscode.commands.executeCommand<{ panels: string[]; document?: string }>(
      'netmon.showTestResults',
      ftp,
    );
    assert.equal(shown?.panels.length, 2, 'metrics and path');
    const path = await waitForRendered(shown.panels[1]!);
    assert.equal(path.kind, 'path');
    assert.equal(path.title, 'Path: Nightly drop');
    assert.equal((path.rendered as { agents: number }).agents, 5);
    // The metrics panel opened first, under the path: the network list's Open Metrics reveals it.
    assert.equal(await vscode.commands.executeCommand('netmon.openMetrics', lists[1]), shown.panels[0]);
    const metrics = await waitForRendered(shown.panels[0]!);
    assert.equal(metrics.kind, 'metrics');
    assert.ok((metrics.rendered as { charts: { points: number }[] }).charts.some((chart) => chart.points > 0));
    // Its own results no panel draws: its Health panel says each agent's, no summary text.
    assert.equal(shown.document, undefined);
    const health = await healthOf(shown);
    assert.equal(health.title, 'Health: Nightly drop');
    const { rows: graded } = health.rendered as HealthShown;
    assert.equal(graded.length, 5);
    assert.ok(
      graded.every((row) =>
        row.grade === 'ok' ? /^ftp-server: FTP 226, total \d+ ms$/.test(row.reason) : /^\S+: /.test(row.reason),
      ),
      graded.map((r) => `${r.grade} ${r.reason}`).join(' | '),
    );
    await closeAllEditors();
  });

  it("a BGP test's Show Results opens its summary with each monitor's AS path in the newest round, compared with the round before", async function () {
    this.timeout(60_000);
    const [bgp] = await testsOfType('bgp');
    assert.equal(bgp?.label, 'Our prefix');
    const shown = await vscode.commands.executeCommand<{ panels: string[]; document?: string }>(
      'netmon.showTestResults',
      bgp,
    );
    assert.deepEqual(shown?.panels, [], 'a BGP test has no panel: its summary opens');
    // Untitled names are reused once closed: until the extension host hears that the last summary
    // (same name) was closed, it may hand back that one; the summary shown is the one to read.
    const shownText = (): string =>
      vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === shown?.document)?.document.getText() ??
      '';
    await until('the BGP summary in its editor', () => Promise.resolve(shownText().startsWith('Our prefix')));
    const text = shownText();
    assert.match(text, /^Our prefix \(bgp test \d+\): (ok|DEGRADED)\n\nbgp: (ok|DEGRADED) \(8 agents, \d+ results\)/);
    assert.match(
      text,
      /\n\nAS paths to 203\.0\.113\.0\/24 \(round [0-9-]+ [0-9:]+ UTC, compared with [0-9-]+ [0-9:]+ UTC\): 8 of 8 monitors reach 203\.0\.113\.0\/24; (no route changed|\d routes? changed)/,
    );
    const routes = text
      .split('\n')
      .filter((line) => /^ {2}(same|CHANGED) +\S.* 100% {2}AS \d+ .+ → AS \d+ /.test(line));
    assert.equal(routes.length, 8, text);
    await closeAllEditors();
  });

  it('a test created from a document shows in Deployed Tests at once, and is gone from it after Delete', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const listed = async (): Promise<string[]> => {
      const groups = await childrenOf(api, await root(api, 'Deployed Tests'));
      const http = groups.find((g) => g.label === 'http-server');
      return http ? (await childrenOf(api, http)).map((t) => String(t.label)) : [];
    };
    assert.deepEqual(await listed(), [], 'no http-server test yet');
    const uri = writeDocument(
      scratch.path,
      'portal.netmon-test.json',
      JSON.stringify(
        {
          type: 'http-server',
          testName: 'Portal from the offices',
          interval: 300,
          agents: [{ agentId: agentIds[0] }],
          url: 'https://portal.example.com/',
        },
        null,
        2,
      ),
    );
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const { result: created } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.create', uri),
    );
    assert.ok(created, 'created');
    await until('the new test in Deployed Tests', async () => (await listed()).includes('Portal from the offices'));
    await answeringPrompts(acceptConfirmations, () => vscode.commands.executeCommand('netmon.documents.delete', uri));
    await until('the test gone from Deployed Tests', async () => (await listed()).length === 0);
  });

  it("Delete Test… in a deployed test's context menu asks first, naming the test and its group: Cancel keeps it, Delete removes it", async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const menus = (vscode.extensions.getExtension('netmon.netmon-workbench')?.packageJSON ?? {}).contributes?.menus;
    const entry = (menus?.['view/item/context'] ?? []).find(
      (m: { command: string }) => m.command === 'netmon.deleteDeployedTest',
    );
    assert.ok(entry, 'Delete Test… is in the tree context menu');
    const { testId } = await createTestDirectly(emulator, 'http-server', {
      testName: 'Intranet to retire',
      interval: 300,
      agents: [{ agentId: String(agentIds[0]) }],
      url: 'https://intranet.example.com/',
    });
    await vscode.commands.executeCommand('netmon.refreshDeployedTests');
    const node = async (): Promise<TreeNode | undefined> => {
      const groups = await childrenOf(api, await root(api, 'Deployed Tests'));
      const http = groups.find((g) => g.label === 'http-server');
      return http ? (await childrenOf(api, http)).find((t) => t.label === 'Intranet to retire') : undefined;
    };
    await until('the test in Deployed Tests', async () => (await node()) !== undefined);
    const test = (await node())!;
    assert.match(test.contextValue(), new RegExp(entry.when.match(/viewItem =~ \/(.*?)\//)[1]));

    const refused = await answeringPrompts(
      () => undefined,
      () => vscode.commands.executeCommand<number | undefined>('netmon.deleteDeployedTest', test),
    );
    assert.equal(refused.result, undefined);
    assert.equal(refused.prompts.length, 1, 'a click in the tree still asks');
    assert.match(
      (refused.prompts[0] as { message?: string }).message ?? '',
      /^Delete test "Intranet to retire" \(\d+\) from .+\?$/,
    );
    assert.ok(await node(), 'Cancel keeps the test');

    const deleted = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<number | undefined>('netmon.deleteDeployedTest', test),
    );
    assert.equal(deleted.result, testId);
    await until('the test gone from Deployed Tests', async () => (await node()) === undefined);
    const listed = await nativeGet<{ tests: { testId: string }[] }>(emulator, '/v7/tests');
    assert.ok(!listed.tests.some((t) => Number(t.testId) === testId), 'the service no longer has it');
  });

  it('over eight days, more results than the metrics panel draws: it ends on the newest hours that fit and says so, not on the oldest', async function () {
    this.timeout(120_000);
    const now = clock;
    clock = now - 8 * 24 * HOUR;
    let testId: number;
    try {
      testId = (
        await createTestDirectly(emulator, 'agent-to-server', {
          testName: 'Teams for a week',
          interval: 300,
          agents: fiveAgents(emulator),
          server: 'teams.microsoft.com',
          port: 443,
        })
      ).testId;
    } finally {
      clock = now;
    }
    await overWindow('8d', async () => {
      // 5 agents × 12 rounds an hour × 192 h: 11,520 results, more than the 10,000 drawn.
      const shown = await vscode.commands.executeCommand<{ panels: string[] }>('netmon.showTestResults', testId);
      // The metrics panel opened under the path: the network list's Open Metrics reveals it.
      await vscode.commands.executeCommand('netmon.refreshAll');
      const api = await netmonApi();
      const group = (await childrenOf(api, await root(api, 'Deployed Tests'))).find(
        (g) => g.label === 'agent-to-server',
      )!;
      const week = (await childrenOf(api, group)).find((t) => t.label === 'Teams for a week')!;
      const [network] = await childrenOf(api, week);
      assert.equal(
        await vscode.commands.executeCommand('netmon.openMetrics', network),
        shown.panels[0],
        'revealed, not reloaded',
      );
      const metrics = await waitForPanels('the metrics of the newest hours that fit', (states) =>
        states.find((s) => s.id === shown.panels[0] && /\(the last \d+ h\)$/.test(s.title) && !s.busy && s.renders > 0),
      );
      const hours = Number(/\(the last (\d+) h\)$/.exec(metrics.title)?.[1]);
      assert.ok(hours >= 150 && hours < 192, metrics.title);
      // The rounds of the last hours (12 an hour), not the 2,000 oldest rounds of the week a capped read of the range drew.
      const rounds = (metrics.rendered as { charts: { points: number }[] }).charts.map((chart) => chart.points);
      assert.ok(
        rounds.length > 0 && rounds.every((points) => Math.abs(points - hours * 12) <= 1),
        `${hours} h, rounds drawn: ${rounds.join(', ')}`,
      );
    });
  });
});

/** What Show Test Results answers. */
interface Shown {
  health?: string;
  panels: string[];
  document?: string;
}

/** The Health panel Show Test Results opened, drawn. */
async function healthOf(shown: Shown | undefined): Promise<PanelSnapshot> {
  assert.ok(shown?.health, 'a Health panel');
  const health = await waitForRendered(shown.health);
  assert.equal(health.kind, 'health');
  return health;
}

/** The account group's first five enterprise agents, as a test's agents. */
function fiveAgents(emulator: RunningEmulator): { agentId: string }[] {
  return (emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0)?.enterpriseAgents() ?? [])
    .slice(0, 5)
    .map((a) => ({ agentId: String(a.agentId) }));
}

/** Runs `work` with the time range at `window`, editors closed before and after; the range is back to the default 1h after. */
async function overWindow(window: string, work: () => Promise<void>): Promise<void> {
  await closeAllEditors();
  await vscode.commands.executeCommand('netmon.setTimeRange', { window });
  try {
    await work();
  } finally {
    await vscode.commands.executeCommand('netmon.setTimeRange', { window: '1h' });
    await closeAllEditors();
  }
}

/** The tree reloads after the write's command returned: poll what it lists. */
async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
