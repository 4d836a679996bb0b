// The Alerts root against the emulator speaking v7 with a clock: two network tests deployed two
// days before a seeded loss episode of 10 % (over the default rule's 5 %; as test/integration/alerts-world.ts sets
// them up), the clock twenty minutes into it. The root counts the active alerts, lists the loss
// alert of the test crossing the episode first with its rule and test named, and Show Alert opens
// that test's results around the alert's start, its path at the round the alert began in (not the
// newest) with the loss localized at the episode's hop; the metrics shade the alert's span, and the
// timeline of an endpoint agent that visited the test's server marks it. The root's count and Deployed Tests' marks
// come from one read of the alerts per load of the tree, read again after it failed. On v6 the
// root says in one row that alerts need v7.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { AlertRow } from '../../../src/analysis/alerts/explain';
import { ALERTS_NEED_V7 } from '../../../src/api/types';
import { createNetmonClient } from '../../../src/api';
import { siteHost } from '../../../src/analysis/timeline/site';
import type { RunningEmulator } from '../../../src/emulator';
import type { PathEpisode } from '../../../src/emulator/world/path-episodes';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import {
  DEMO_CREDENTIALS,
  childrenOf,
  clearEmulatorRequests,
  emulatorRequests,
  netmonApi,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';
import { closeAllEditors, panelStates, sendFromWebview, waitForPanels, waitForRendered } from './panels-fixture';
import { createTestDirectly, startDocumentSuite, type DocumentSuite } from './documents-fixture';

const DAY = 86400;
const TESTS = ['Outlook from the offices', 'Zoom from the offices'];

describe('Alerts in the explorer (v7)', () => {
  let suite: DocumentSuite;
  let clock = 0;
  let loss: PathEpisode;

  /** Deployed two days before a loss episode the default loss rule fires on; the clock then moves into it. */
  const deployTests = async (started: RunningEmulator): Promise<void> => {
    const group = started.world.group(started.world.accountGroups[0]?.aid ?? 0);
    assert.ok(group);
    // Any day of the world has its episodes: one far from today, whose loss reaches 10 % (the rule's 5 % and more).
    const first = Math.floor(Date.UTC(2026, 5, 1) / 1000);
    const found = Array.from({ length: 20 }, (_, i) => first + i * DAY)
      .flatMap((day) => group.pathEpisodes(day, day + DAY))
      .find((e) => e.kind === 'lossEpisode' && Number(e.detail['lossPercent']) >= 10);
    assert.ok(found);
    loss = found;
    clock = loss.startSeconds - 2 * DAY;
    const agents = group
      .enterpriseAgents()
      .slice(0, 5)
      .map((a) => ({ agentId: String(a.agentId) }));
    for (const [testName, server] of [
      [TESTS[0], 'outlook.office365.com'],
      [TESTS[1], 'zoom.us'],
    ] as const)
      await createTestDirectly(started, 'agent-to-server', { testName, interval: 300, agents, server, port: 443 });
    clock = loss.startSeconds + 20 * 60;
  };

  before(async function () {
    this.timeout(60_000);
    suite = await startDocumentSuite('alerts-tree', {
      v7: true,
      emulator: { now: () => clock * 1000 },
      beforeSignIn: deployTests,
    });
  });
  after(async () => {
    await closeAllEditors();
    await suite.end();
  });

  /** The root and its rows: read, the root's description counts what they hold. */
  const alertRows = async (): Promise<{ alerts: TreeNode; rows: TreeNode[] }> => {
    const api = await netmonApi();
    const alerts = await root(api, 'Alerts');
    return { alerts, rows: await childrenOf(api, alerts) };
  };

  it('opens folded, and counts the active alerts before it is opened', async function () {
    this.timeout(30_000);
    const api = await netmonApi();
    const alerts = await root(api, 'Alerts');
    assert.equal(alerts.treeItem().collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    // The first drawing starts the count; the root is drawn again once it is in.
    await waitForDescription(alerts, /^[1-9]\d* active$/);
    // The rows (each alert read) count the same.
    const rows = await childrenOf(api, alerts);
    const active = rows.filter((row) => /active since/.test(description(row))).length;
    assert.equal(description(alerts), `${active} active`);
  });

  it('lists the active loss alert first, its rule and the test crossing the episode named; the root counts the active ones', async function () {
    this.timeout(60_000);
    const { alerts, rows } = await alertRows();
    const active = rows.filter(
      (row) => row.spec.kind === 'alert' && /active since \d\d:\d\d UTC$/.test(description(row)),
    );
    assert.ok(active.length > 0, rows.map((row) => `${row.label}: ${description(row)}`).join(' | '));
    assert.equal(rows[0], active[0], 'active first');
    const lossRow = active.find((row) => row.label === 'Default Network Loss');
    assert.ok(lossRow, rows.map((row) => row.label).join(' | '));
    assert.match(description(lossRow), /^(Outlook|Zoom) from the offices · major · active since \d\d:\d\d UTC$/);
    assert.equal(lossRow.spec.icon, 'error');
    assert.equal(lossRow.spec.iconColor, 'errorForeground');
    assert.equal(lossRow.spec.command?.command, 'netmon.showAlert');
    assert.match(lossRow.contextValue(), /^alert\b/);
    const tooltip = lossRow.treeItem().tooltip;
    assert.ok(tooltip instanceof vscode.MarkdownString);
    // Appended as text: markdown escaped, spaces kept as &nbsp;.
    const text = tooltip.value.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
    assert.match(text, /^Rule: Default Network Loss \(100001\) {2}$/m);
    assert.match(text, /^Test: (Outlook|Zoom) from the offices \(agent-to-server \d+\) {2}$/m);
    assert.match(text, /^Sources: \d sources?: [A-Z]/m);
    assert.equal(alerts.treeItem().description, `${active.length} active`);
  });

  it('Deployed Tests marks the test with the active alert, and its type group counts it', async function () {
    this.timeout(60_000);
    const { rows } = await alertRows();
    const alerted = new Set(
      rows.filter((row) => /active since/.test(description(row))).map((row) => description(row).split(' · ')[0]),
    );
    const api = await netmonApi();
    const groups = await childrenOf(api, await root(api, 'Deployed Tests'));
    const group = groups.find((g) => g.label === 'agent-to-server');
    assert.ok(group);
    assert.equal(description(group), `2 tests · ${alerted.size} alerting`);
    const tests = await childrenOf(api, group);
    for (const test of tests) {
      const marked = /^\d+ active alerts? · /.test(description(test));
      assert.equal(marked, alerted.has(test.label), `${test.label}: ${description(test)}`);
    }
    assert.ok(alerted.size > 0);
  });

  it('one read of the alerts per load of the tree: the Alerts root counts from the read Deployed Tests marks by', async function () {
    this.timeout(60_000);
    await clearEmulatorRequests(suite.emulator);
    await vscode.commands.executeCommand('netmon.refreshAll');
    const api = await netmonApi();
    const alerts = await root(api, 'Alerts');
    await waitForDescription(alerts, /^[1-9]\d* active$/);
    const groups = await childrenOf(api, await root(api, 'Deployed Tests'));
    assert.match(description(groups.find((g) => g.label === 'agent-to-server')!), / · [1-9] alerting$/);
    const reads = (await emulatorRequests(suite.emulator)).filter((r) => r.path === '/v7/alerts');
    assert.equal(reads.length, 1, JSON.stringify(reads.map((r) => r.query)));
  });

  it('a failed read of the alerts is not kept: Deployed Tests refreshed reads them again and marks its test', async function () {
    this.timeout(60_000);
    const api = await netmonApi();
    const group = async (): Promise<TreeNode> =>
      (await childrenOf(api, await root(api, 'Deployed Tests'))).find((g) => g.label === 'agent-to-server')!;
    suite.emulator.setFaults([{ fault: 'error', status: 404, pathPrefix: '/v7/alerts', times: 1000 }]);
    try {
      await vscode.commands.executeCommand('netmon.refreshAll');
      assert.equal(description(await group()), '2 tests', 'no marks while the alerts cannot be read');
    } finally {
      suite.emulator.setFaults([]);
    }
    // Refreshing the root alone (the tree's generation stays) reads the alerts again.
    await vscode.commands.executeCommand('netmon.refresh', await root(api, 'Deployed Tests'));
    assert.match(description(await group()), /^2 tests · [1-9] alerting$/);
  });

  it('Show Alert opens the alert’s test at the round the alert began in, not the newest: its path there, the loss localized at the episode’s hop', async function () {
    this.timeout(90_000);
    const { rows } = await alertRows();
    const lossRow = rows.find((row) => row.label === 'Default Network Loss' && /active/.test(description(row)));
    assert.ok(lossRow);
    const testName = description(lossRow).split(' · ')[0];
    const startRound = Date.parse((lossRow.spec.record as AlertRow).startDate) / 1000;
    // Twenty minutes into the episode: newer rounds than the alert's first are there to be shown instead.
    assert.ok(clock - startRound >= 15 * 60, `the alert started at ${startRound}, the clock is ${clock}`);
    const shown = await vscode.commands.executeCommand<{ panels: string[] } | undefined>('netmon.showAlert', lossRow);
    assert.equal(shown?.panels.length, 2, 'metrics and path');
    const path = await waitForRendered(shown.panels[1]!);
    assert.equal(path.kind, 'path');
    assert.equal(path.title, `Path: ${testName}`);
    assert.ok(((path.rendered as { findings?: number }).findings ?? 0) > 0, 'the path panel shows where the loss is');
    // The panel's "as text" reports the round it shows, named in the document's address, with its localization.
    await sendFromWebview(path.id, { type: 'openAsText', params: {} });
    const report = await waitForPanels('the text report of the shown round', () => {
      const document = vscode.window.activeTextEditor?.document;
      return document?.languageId === 'netmon-path' ? document : undefined;
    });
    assert.equal(Number(new URLSearchParams(report.uri.query).get('roundId')), startRound, report.uri.toString());
    const [localization = ''] = report.getText().split('\n\nPath trace from ');
    assert.match(localization, /^Where the problem is:\n/);
    const hop = String(loss.detail['hopAddress']).replace(/\./g, '\\.');
    assert.match(localization, new RegExp(`\\bloses? packets after ${hop}\\b`));
    // The metrics panel opened first, under the path (it draws once shown).
    const metrics = (await panelStates()).find((panel) => panel.id === shown.panels[0]);
    assert.equal(metrics?.kind, 'metrics');
    assert.equal(metrics.title, `Metrics: ${testName}`);
  });

  it('after Show Alert the metrics shade the alert’s span; an agent that visited the test’s site shows its marker', async function () {
    this.timeout(90_000);
    const { rows } = await alertRows();
    const lossRow = rows.find((row) => row.label === 'Default Network Loss' && /active/.test(description(row)));
    assert.ok(lossRow);
    const row = lossRow.spec.record as AlertRow;
    const testName = row.testName ?? '';
    const label = new RegExp(
      `^Major alert Default Network Loss on ${testName}, \\d\\d:\\d\\d–now \\(active\\), \\d+ sources?$`,
    );
    const shown = await vscode.commands.executeCommand<{ panels: string[] } | undefined>('netmon.showAlert', lossRow);
    const metricsId = shown?.panels[0];
    assert.ok(metricsId);
    // The metrics panel (under the path, in the same group) draws once shown: its drawing holds the alert's band
    // (its label, as the list below the charts says it).
    for (let step = 0; step < 3 && !(await panelStates()).find((p) => p.id === metricsId)?.visible; step++)
      await vscode.commands.executeCommand('workbench.action.previousEditorInGroup');
    await waitForPanels('the metrics to shade the alert', (states) => {
      const drawn = states.find((state) => state.id === metricsId)?.rendered as { alerts?: string[] } | undefined;
      return drawn?.alerts?.some((text) => label.test(text)) ? drawn : undefined;
    });
    // An endpoint agent whose sessions reached the test's server in the view's range (the last hour, by the
    // service's clock: twenty minutes into the alert).
    const server = TESTS[0] === testName ? 'outlook.office365.com' : 'zoom.us';
    const visitor = await visitorOf(suite.emulator, server);
    const timelineId = await vscode.commands.executeCommand<string>('netmon.troubleshootAgent', visitor);
    await waitForPanels('the timeline to mark the alert', (states) => {
      const drawn = states.find((state) => state.id === timelineId)?.rendered as
        { complete?: boolean; alerts?: string[] } | undefined;
      return drawn?.complete && drawn.alerts?.some((text) => label.test(text)) ? drawn : undefined;
    });
  });
});

describe('Alerts in the explorer (v6)', () => {
  let emulator: RunningEmulator;

  before(async function () {
    this.timeout(60_000);
    emulator = await startControlledEmulator({ api: 'v6' });
    await signInTo(emulator);
  });
  after(async () => {
    await signOut();
    await emulator.close();
  });

  it('says in one row, not as an error, that alerts need v7', async function () {
    this.timeout(30_000);
    const api = await netmonApi();
    const rows = await childrenOf(api, await root(api, 'Alerts'));
    assert.deepEqual(
      rows.map((row) => [row.label, row.spec.kind]),
      [[ALERTS_NEED_V7, 'empty']],
    );
    assert.equal(description(await root(api, 'Alerts')), '', 'no count on v6');
  });
});

/** An endpoint agent whose sessions of the last hour (the service's clock) visited `host`. */
async function visitorOf(emulator: RunningEmulator, host: string): Promise<string> {
  const client = createNetmonClient({
    baseUrl: emulator.url,
    apiVersion: 'v7',
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  const sessions = (await client.userSessions({ window: '1h' }).collect({ maxRecords: 5000 })).records;
  const visit = sessions.find((session) => siteHost(String(session.visitedSite)) === host);
  assert.ok(visit, `no endpoint agent visited ${host} in the last hour`);
  return String(visit.agentId);
}

function description(node: TreeNode): string {
  return String(node.treeItem().description ?? '');
}

/** Draws the node until its description matches (a count read after the first drawing). */
async function waitForDescription(node: TreeNode, expected: RegExp): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!expected.test(description(node)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  assert.match(description(node), expected);
}
