// Alert rule documents (*.netmon-alert-rule.json) in the editor, against the emulator speaking v7
// with a clock at a UTC midnight: two network tests deployed eight days before, the one with the
// odd test id crossing the group's seeded loss transit (as test/integration/cli/alerts-backtest.test.ts
// sets them up). A metric the alert type's data does not carry is marked where it is written;
// completion inside `expression` offers the type's metrics with their unit and the operators; the
// Backtest lens replays the last 7 days and opens "Backtest: <ruleName>" saying how often the rule
// would have fired: once a day, as the world's loss episodes come (the episodes, not the panel),
// and as often as the use case says for the same document; a test the account does not have is
// marked on its name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as DocumentsLayer from '../../../src/documents';
import type { RunningEmulator } from '../../../src/emulator';
import type { PathEpisode } from '../../../src/emulator/world/path-episodes';
import type { BacktestShown } from '../../../src/vscode/panels/backtest-panels';
import { backtestDocument } from '../../../src/workflows/backtest';
import { EXTENSION_ID, waitFor } from '../helpers';
import { acceptConfirmations, answeringPrompts, netmonApi } from './netmon-fixture';
import { clickLens, lensCommand } from './lens-fixture';
import { closeAllEditors, panelStates } from './panels-fixture';
import {
  createTestDirectly,
  netmonDiagnostics,
  openDocument,
  rangeOf,
  replaceAndSave,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
} from './documents-fixture';

const DAY = 86400;

/** The documents layer as the extension loads it (its bundle): its reader, for the use case's input. */
function documentsLayer(): typeof DocumentsLayer {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(extension.extensionPath, 'dist', 'documents-lib.js')) as typeof DocumentsLayer;
}
const TESTS = ['Outlook from the offices', 'Zoom from the offices'] as const;

/** The loss episodes (5–25 %) in the 7 days before `midnight`, one a day: the default loss rule's (5 %) alerts. */
function lossDays(episodesOf: (from: number, to: number) => PathEpisode[], midnight: number): PathEpisode[] {
  return episodesOf(midnight - 7 * DAY, midnight).filter((e) => e.kind === 'lossEpisode');
}

const rule = (fields: Record<string, unknown>): string =>
  `${JSON.stringify(
    {
      ruleName: 'Loss episodes',
      alertType: 'end-to-end-server',
      expression: '((loss >= 5%) && (loss < 100%))',
      roundsViolatingMode: 'any',
      roundsViolatingRequired: 1,
      roundsViolatingOutOf: 1,
      minimumSources: 1,
      severity: 'major',
      ...fields,
    },
    null,
    2,
  )}\n`;

describe('Alert rule documents', () => {
  let suite: DocumentSuite;
  let clock = 0;
  let expected: PathEpisode[] = [];
  let lossTest = '';

  const deployTests = async (started: RunningEmulator): Promise<void> => {
    const group = started.world.group(started.world.accountGroups[0]?.aid ?? 0);
    assert.ok(group);
    const episodes = (from: number, to: number) => group.pathEpisodes(from, to);
    const now = Math.floor(Date.UTC(2026, 5, 17) / 1000);
    expected = lossDays(episodes, now);
    clock = now - 8 * DAY;
    const agents = group
      .enterpriseAgents()
      .slice(0, 5)
      .map((a) => ({ agentId: String(a.agentId) }));
    const created = [];
    for (const [testName, server] of [
      [TESTS[0], 'outlook.office365.com'],
      [TESTS[1], 'zoom.us'],
    ] as const)
      created.push(
        await createTestDirectly(started, 'agent-to-server', { testName, interval: 300, agents, server, port: 443 }),
      );
    lossTest = String(created.find((t) => t.testId % 2 === 1)?.testName);
    clock = now;
  };

  before(async function () {
    this.timeout(60_000);
    suite = await startDocumentSuite('alert-rules', {
      v7: true,
      emulator: { now: () => clock * 1000 },
      beforeSignIn: deployTests,
    });
  });
  after(async () => {
    await closeAllEditors();
    await suite.end();
  });

  it('marks a metric the alert type’s data does not carry at its place in the expression', async function () {
    this.timeout(30_000);
    const uri = writeDocument(
      suite.scratch.path,
      'unknown.netmon-alert-rule.json',
      rule({ expression: '((packetLoss >= 10%))', tests: [lossTest] }),
    );
    const document = await openDocument(uri);
    const [diagnostic] = await netmonDiagnostics(uri, (found) => found.length > 0, 10_000);
    assert.ok(diagnostic);
    assert.match(diagnostic.message, /metric 'packetLoss' .*is not in end-to-end-server data/);
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.deepEqual(diagnostic.range, rangeOf(document, 'packetLoss'));
    // Fixed, it is gone.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, rangeOf(document, 'packetLoss'), 'loss');
    await vscode.workspace.applyEdit(edit);
    await netmonDiagnostics(uri, (found) => found.length === 0, 10_000);
  });

  it('completes the metrics of the rule’s alert type, with their unit, and the operators inside "expression" only', async function () {
    this.timeout(30_000);
    const text = rule({ expression: '((lo >= 10%))', tests: [lossTest] });
    const uri = writeDocument(suite.scratch.path, 'complete.netmon-alert-rule.json', text);
    const document = await openDocument(uri);
    const complete = async (offset: number): Promise<vscode.CompletionItem[]> =>
      (
        await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          uri,
          document.positionAt(offset),
        )
      ).items;
    const label = (item: vscode.CompletionItem): string =>
      typeof item.label === 'string' ? item.label : item.label.label;
    const inside = await complete(text.indexOf('((lo') + 4);
    const loss = inside.find((item) => label(item) === 'loss');
    assert.ok(loss, inside.map(label).join(', '));
    assert.equal(loss.detail, '%');
    assert.equal(inside.find((item) => label(item) === 'avgLatency')?.detail, 'ms · also latency');
    assert.ok(inside.some((item) => label(item) === '>='));
    // The typed "lo" is what the metric replaces.
    const typed = text.indexOf('((lo') + 2;
    assert.deepEqual(loss.range, new vscode.Range(document.positionAt(typed), document.positionAt(typed + 2)));
    // An http-server rule offers that type's metrics instead.
    const http = rule({ alertType: 'http-server', expression: '((re', tests: [lossTest] });
    const httpUri = writeDocument(suite.scratch.path, 'http.netmon-alert-rule.json', http);
    await openDocument(httpUri);
    const httpItems = (
      await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        httpUri,
        (await vscode.workspace.openTextDocument(httpUri)).positionAt(http.indexOf('((re') + 4),
      )
    ).items.map(label);
    assert.ok(httpItems.includes('responseTime') && !httpItems.includes('loss'), httpItems.join(', '));
    // Outside the expression (in ruleName), neither a metric nor an operator (the editor's own word
    // suggestions may still offer the words of open documents, "loss" among them, without a unit).
    const outside = await complete(text.indexOf('Loss episodes') + 2);
    const ours = outside.filter((item) => label(item) === '>=' || (label(item) === 'loss' && item.detail === '%'));
    assert.deepEqual(ours.map(label), [], outside.map(label).join(', '));
  });

  it('the Backtest lens replays 7 days and opens "Backtest: <ruleName>" saying how often it would have fired, beside the deployed rule', async function () {
    this.timeout(90_000);
    const text = rule({ ruleId: '100001', tests: [lossTest] });
    const uri = writeDocument(suite.scratch.path, 'episodes.netmon-alert-rule.json', text);
    await openDocument(uri);
    const lens = await lensCommand(uri, 'Backtest');
    assert.equal(lens.command, 'netmon.backtestAlertRule');
    const { result } = await clickLens<{ panel: string; firingCount: number; days: number }>(uri, 'Backtest');
    assert.ok(result, 'the backtest ran');
    assert.equal(result.days, 7);
    const panel = (await panelStates()).find((state) => state.id === result.panel);
    assert.ok(panel);
    assert.equal(panel.kind, 'backtest');
    assert.equal(panel.title, 'Backtest: Loss episodes');
    const shown = panel.rendered as BacktestShown;
    // One firing a day, as the world's loss episodes come; the deployed default loss rule alerted on each.
    assert.equal(expected.length, 7);
    assert.equal(
      shown.summary,
      `Loss episodes would have fired ${expected.length} times in 7 days (deployed rule: ${expected.length})`,
    );
    // The same document through the use case, over the same emulator: the same count.
    const parsed = documentsLayer().parseAlertRule(text);
    assert.ok(parsed.ok);
    const client = (await netmonApi()).connection.requireClient();
    const account = { client, serviceKey: '', aidKey: '', requestAid: undefined, label: 'test', close: async () => {} };
    const report = await backtestDocument(account, { document: parsed.document, days: 7 });
    assert.equal(shown.firingCount, report.result.firingCount);
    assert.equal(report.result.firingCount, expected.length);
  });

  it('a test the account does not have: the backtest says what to change and marks the name on the document', async function () {
    this.timeout(60_000);
    const uri = writeDocument(suite.scratch.path, 'nowhere.netmon-alert-rule.json', rule({ tests: ['Nowhere'] }));
    const document = await openDocument(uri);
    const before = (await panelStates()).length;
    const { result } = await clickLens(uri, 'Backtest');
    assert.equal(result, undefined, 'no report');
    assert.equal((await panelStates()).length, before, 'no panel');
    const [diagnostic] = await netmonDiagnostics(uri, (found) => found.length > 0);
    assert.ok(diagnostic);
    assert.match(diagnostic.message, /no deployed test is named or numbered "Nowhere"/);
    assert.deepEqual(diagnostic.range, rangeOf(document, '"Nowhere"'));
  });

  it('Create, Update and Delete lenses deploy the rule: a lens click is the consent, Delete asks in a modal', async function () {
    this.timeout(90_000);
    const ruleName = 'Deployed from the editor';
    const uri = writeDocument(
      suite.scratch.path,
      'deploy.netmon-alert-rule.json',
      rule({ ruleName, tests: [TESTS[0]] }),
    );
    await openDocument(uri);
    const client = (await netmonApi()).connection.requireClient();
    const outlook = String((await client.listEnterpriseTests()).find((t) => t.testName === TESTS[0])?.testId);
    const deployed = async () => (await client.listAlertRules()).filter((r) => r.ruleName === ruleName);

    const created = await clickLens<{ action: string }>(uri, `Create rule "${ruleName}"`);
    assert.equal(created.result?.action, 'create');
    assert.deepEqual(
      created.prompts.filter((p) => p.kind === 'confirm'),
      [],
      'the click was the consent',
    );
    const [listed] = await deployed();
    assert.ok(listed, 'the rule exists in the account');
    const read = await client.getAlertRule(listed.ruleId);
    assert.deepEqual(read.testIds, [outlook]);
    assert.equal(read.severity, 'major');

    await replaceAndSave(uri, '"severity": "major"', '"severity": "critical"');
    const updated = await clickLens<{ action: string }>(uri, 'Update: severity "major" → "critical"');
    assert.equal(updated.result?.action, 'update');
    assert.deepEqual(
      updated.prompts.filter((p) => p.kind === 'confirm'),
      [],
    );
    assert.equal((await client.getAlertRule(listed.ruleId)).severity, 'critical');
    await lensCommand(uri, `Deployed as rule ${listed.ruleId}`);

    const deleted = await clickLens<{ action: string }>(uri, 'Delete');
    assert.equal(deleted.result?.action, 'delete');
    const asked = deleted.prompts.find((p) => p.kind === 'confirm');
    assert.ok(asked, 'Delete asks');
    assert.match(asked.message, /Delete alert rule "Deployed from the editor"/);
    assert.deepEqual(await deployed(), []);
  });

  it('Plan Folder shows a rule document beside the tests; Apply creates the rule, after which the plan is empty', async function () {
    this.timeout(90_000);
    const folder = vscode.Uri.joinPath(suite.scratch.folder, 'rules-folder');
    const ruleName = 'Planned with the folder';
    writeDocument(folder.fsPath, 'planned.netmon-alert-rule.json', rule({ ruleName, tests: [TESTS[1]] }));
    const planned = await vscode.commands.executeCommand<{ document: vscode.TextDocument }>(
      'netmon.documents.plan',
      folder,
    );
    assert.match(planned.document.getText(), /\+ create {2}rule "Planned with the folder" from /);
    assert.match(planned.document.getText(), new RegExp(`test "${TESTS[1]}" → [0-9]+`));
    await answeringPrompts(acceptConfirmations, () => vscode.commands.executeCommand('netmon.documents.apply', folder));
    const client = (await netmonApi()).connection.requireClient();
    assert.equal((await client.listAlertRules()).filter((r) => r.ruleName === ruleName).length, 1);
    const again = await vscode.commands.executeCommand<{ document: vscode.TextDocument }>(
      'netmon.documents.plan',
      folder,
    );
    assert.match(again.document.getText(), /Alert rules: 0 to create, 0 to update, 0 to delete\./);
  });
  it('Plan Folder with a test document naming a rule by name; Apply binds them through the rule; then no change', async function () {
    this.timeout(120_000);
    const folder = vscode.Uri.joinPath(suite.scratch.folder, 'rules-named-folder');
    const ruleName = 'Named from a test document';
    const client = (await netmonApi()).connection.requireClient();
    const agentId = (await client.listEnterpriseTests())[0]?.agents[0]?.agentId;
    assert.ok(agentId !== undefined);
    const test = (alertRules: string[]): string =>
      JSON.stringify({
        type: 'agent-to-server',
        testName: 'Relay from the editor',
        interval: 300,
        server: 'relay.example.com',
        agents: [{ agentId }],
        alertRules,
      });
    writeDocument(folder.fsPath, 'named.netmon-alert-rule.json', rule({ ruleName }));
    const testFile = writeDocument(folder.fsPath, 'relay.netmon-test.json', test([ruleName]));
    const plan = async (): Promise<string> =>
      (
        await vscode.commands.executeCommand<{ document: vscode.TextDocument }>('netmon.documents.plan', folder)
      ).document.getText();
    const planned = await plan();
    assert.match(planned, /\+ create {2}"Relay from the editor" \(agent-to-server\) from /);
    assert.match(planned, /\+ create {2}rule "Named from a test document" from /);
    assert.match(planned, /relay.netmon-test.json names rule "Named from a test document" → the new rule/);
    await answeringPrompts(acceptConfirmations, () => vscode.commands.executeCommand('netmon.documents.apply', folder));
    const created = (await client.listEnterpriseTests()).find((t) => t.testName === 'Relay from the editor');
    const listed = (await client.listAlertRules()).find((r) => r.ruleName === ruleName);
    assert.ok(created && listed);
    assert.deepEqual((await client.getAlertRule(listed.ruleId)).testIds, [String(created.testId)]);
    assert.match(await plan(), /Alert rules: 0 to create, 0 to update, 0 to delete\./);

    // A name no rule has is marked where it is written, and stays marked when the open model (Apply
    // opened it to write the binding) catches up with the file the plan read.
    const model = await vscode.workspace.openTextDocument(testFile);
    const text = readFileSync(testFile.fsPath, 'utf8').replace(`"${ruleName}"`, '"No such rule"');
    writeFileSync(testFile.fsPath, text);
    assert.match(await plan(), /no alert rule is named "No such rule"/);
    await waitFor('the open model to read the file again', () => (model.getText() === text ? true : undefined), 20_000);
    const marks = vscode.languages.getDiagnostics(testFile).filter((d) => d.source === 'netmon alert rules');
    assert.equal(marks.length, 1);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('"No such rule"'));
    assert.deepEqual(
      [marks[0]?.range.start.line, marks[0]?.range.start.character],
      [line, lines[line]?.indexOf('"No such rule"')],
    );
  });
  it('Plan Folder shows a suppression window document; Apply creates the window, after which the plan is empty', async function () {
    this.timeout(90_000);
    const folder = vscode.Uri.joinPath(suite.scratch.folder, 'windows-folder');
    const window = {
      name: 'Window from the editor',
      startDate: '2026-07-04T22:00:00Z',
      duration: 3600,
      tests: [TESTS[0]],
    };
    writeDocument(folder.fsPath, 'night.netmon-alert-suppression-window.json', JSON.stringify(window));
    const plan = async (): Promise<string> =>
      (
        await vscode.commands.executeCommand<{ document: vscode.TextDocument }>('netmon.documents.plan', folder)
      ).document.getText();
    assert.match(await plan(), /\+ create {2}window "Window from the editor" from /);
    await answeringPrompts(acceptConfirmations, () => vscode.commands.executeCommand('netmon.documents.apply', folder));
    const client = (await netmonApi()).connection.requireClient();
    assert.equal((await client.listSuppressionWindows()).filter((w) => w.name === window.name).length, 1);
    assert.match(await plan(), /Suppression windows: 0 to create, 0 to update\./);
  });
  it('Plan Folder with a window naming a test the same apply creates; Apply creates the test, then the window with its id', async function () {
    this.timeout(120_000);
    const folder = vscode.Uri.joinPath(suite.scratch.folder, 'windows-new-test-folder');
    const client = (await netmonApi()).connection.requireClient();
    const agentId = (await client.listEnterpriseTests())[0]?.agents[0]?.agentId;
    assert.ok(agentId !== undefined);
    const relay = { type: 'agent-to-server', testName: 'Relay cutover test', interval: 300, server: 'cut.example.com' };
    writeDocument(folder.fsPath, 'relay.netmon-test.json', JSON.stringify({ ...relay, agents: [{ agentId }] }));
    const window = {
      name: 'Relay cutover',
      startDate: '2026-07-04T22:00:00Z',
      duration: 3600,
      tests: [relay.testName],
    };
    writeDocument(folder.fsPath, 'cutover.netmon-alert-suppression-window.json', JSON.stringify(window));
    const plan = async (): Promise<string> =>
      (
        await vscode.commands.executeCommand<{ document: vscode.TextDocument }>('netmon.documents.plan', folder)
      ).document.getText();
    const planned = await plan();
    assert.match(planned, /\+ create {2}"Relay cutover test" \(agent-to-server\) from /);
    assert.match(
      planned,
      /\+ create {2}window "Relay cutover" from [^\n]*\n {8}test "Relay cutover test" → its id once created/,
    );
    await answeringPrompts(acceptConfirmations, () => vscode.commands.executeCommand('netmon.documents.apply', folder));
    const created = (await client.listEnterpriseTests()).find((t) => t.testName === relay.testName);
    const listed = (await client.listSuppressionWindows()).find((w) => w.name === window.name);
    assert.ok(created && listed, 'the test and the window were created');
    assert.deepEqual((await client.getSuppressionWindow(listed.windowId)).testIds, [String(created.testId)]);
    assert.match(await plan(), /Suppression windows: 0 to create, 0 to update\./);
  });
  it('a test document naming a rule no one has is marked when opened, before any plan; saved again, checked again', async function () {
    this.timeout(60_000);
    const folder = vscode.Uri.joinPath(suite.scratch.folder, 'live-rule-names');
    writeDocument(folder.fsPath, 'defined.netmon-alert-rule.json', rule({ ruleName: 'Defined in the folder' }));
    const text = `${JSON.stringify({ type: 'agent-to-server', testName: 'Live', server: 'live.example.com', alertRules: ['Default Network Loss', 'No such rule'] }, null, 2)}\n`;
    const uri = writeDocument(folder.fsPath, 'live.netmon-test.json', text);
    const marks = (): vscode.Diagnostic[] =>
      vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'netmon alert rules');
    const document = await openDocument(uri);
    await waitFor('the unknown rule marked', () => (marks().length > 0 ? true : undefined), 15_000);
    assert.deepEqual(
      marks().map((d) => [d.message, d.range.start.line, document.getText(d.range)]),
      [
        [
          'alertRules: no alert rule is named "No such rule"',
          rangeOf(document, '"No such rule"').start.line,
          '"No such rule"',
        ],
      ],
    );
    // Saved again, checked again: a rule a document of the workspace defines (the next apply creates it) is not marked,
    // a new unknown name is.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, rangeOf(document, '"No such rule"'), '"Defined in the folder"');
    edit.replace(uri, rangeOf(document, '"Default Network Loss"'), '"Nor this one"');
    await vscode.workspace.applyEdit(edit);
    await document.save();
    await waitFor('the new unknown rule marked', () => (marks().length > 0 ? true : undefined), 15_000);
    assert.deepEqual(
      marks().map((d) => document.getText(d.range)),
      ['"Nor this one"'],
    );
  });
});
