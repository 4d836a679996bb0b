// What cost a newcomer steps while authoring (issue #30): interval values offered in numeric
// order and a refused one marked as an error; a failing Create that names the field and
// takes the user to it; Plan reachable from the document; example documents left out of a
// folder's plan; and a binding brought back by undo after Delete, which offers Unbind or
// Create Anew instead of an Update that can only fail.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { Plan } from '../../../src/documents';
import type { RunningEmulator } from '../../../src/emulator';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { waitFor } from '../helpers';
import {
  endDocumentSuite,
  netmonDiagnostics,
  openDocument,
  rangeOf,
  startDocumentSuite,
  writeDocument,
  type WorkspaceScratch,
} from './documents-fixture';
import { DEMO_CREDENTIALS, acceptConfirmations, answeringPrompts } from './netmon-fixture';

const INTERVALS = ['60', '120', '300', '600', '900', '1800', '3600'];

function testDocument(name: string, interval = 300): string {
  return `{\n  "type": "agent-to-server",\n  "testName": "${name}",\n  "interval": ${interval},\n  "agents": [{ "agentId": 1000 }],\n  "server": "${name.toLowerCase().replace(/\W+/g, '-')}.example.com"\n}\n`;
}

/** The order VS Code's suggest widget shows equally matching items in: sortText, else the label. */
function shownOrder(items: readonly vscode.CompletionItem[]): string[] {
  const label = (item: vscode.CompletionItem): string =>
    typeof item.label === 'string' ? item.label : item.label.label;
  return [...items].sort((a, b) => (a.sortText ?? label(a)).localeCompare(b.sortText ?? label(b))).map(label);
}

describe("authoring, a stranger's first hour", () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('first-hour'));
  });
  after(() => endDocumentSuite(scratch, emulator));

  const status = async (testId: number): Promise<number> =>
    (
      await fetch(`${emulator.url}/v7/tests/agent-to-server/${testId}`, {
        headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
      })
    ).status;

  it('interval completions come once each, in numeric order', async function () {
    this.timeout(20_000);
    const uri = writeDocument(scratch.path, 'interval.netmon-test.json', testDocument('Interval'));
    const document = await openDocument(uri);
    const position = rangeOf(document, '300').start;
    // The JSON language service reads the schema on first use: ask until Netmon's items are in.
    let offered: vscode.CompletionItem[] = [];
    for (let attempt = 0; attempt < 40 && offered.length < INTERVALS.length; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        uri,
        position,
      );
      offered = list.items.filter((item) =>
        INTERVALS.includes(typeof item.label === 'string' ? item.label : item.label.label),
      );
    }
    assert.deepEqual(shownOrder(offered), INTERVALS);
  });

  it('interval 450 is an error in the editor; Create refuses it naming the field, without "Retry", and shows it', async function () {
    this.timeout(20_000);
    const uri = writeDocument(scratch.path, 'refused.netmon-test.json', testDocument('Refused', 450));
    const document = await openDocument(uri);
    const [problem] = await netmonDiagnostics(uri, (found) => found.some((d) => d.code === 'test/interval'));
    assert.equal(problem?.severity, vscode.DiagnosticSeverity.Error);
    assert.deepEqual(problem?.range, rangeOf(document, '450'));
    const { result, prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'offer' ? 'Show in Document' : acceptConfirmations(prompt)),
      () => vscode.commands.executeCommand('netmon.documents.create', uri),
    );
    assert.equal(result, undefined);
    const failure = prompts.find(
      (p): p is Extract<Prompt, { kind: 'offer' }> => p.kind === 'offer' && p.error === true,
    );
    assert.match(
      failure?.message ?? '',
      /refused\.netmon-test\.json:4 "interval" must be one of 60, 120, 300, 600, 900, 1800, 3600 seconds: the service refuses 450/,
    );
    assert.doesNotMatch(failure?.message ?? '', /Retry/);
    assert.deepEqual(failure?.actions, ['Show in Document']);
    const editor = await waitFor('the field selected', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.toString() === uri.toString() && active.selection.isEqual(rangeOf(document, '450'))
        ? active
        : undefined;
    });
    assert.ok(editor);
  });

  it('a Create the service refuses says what the service said about which field, and what to do, not "Retry"', async function () {
    this.timeout(20_000);
    const uri = writeDocument(
      scratch.path,
      'unknown-agent.netmon-test.json',
      testDocument('Unknown agent').replace('"agentId": 1000', '"agentId": 4242'),
    );
    await openDocument(uri);
    const { result, prompts } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand('netmon.documents.create', uri),
    );
    assert.equal(result, undefined);
    const failure = prompts.find(
      (p): p is Extract<Prompt, { kind: 'offer' }> => p.kind === 'offer' && p.error === true,
    );
    assert.match(failure?.message ?? '', /agents\[0\]\.agentId 4242 is not an enterprise agent of account group 1001/);
    assert.match(failure?.message ?? '', /Fix what the service names in the document/);
    assert.doesNotMatch(failure?.message ?? '', /Retry, or check/);
  });

  it('Plan is a lens on the test document (after the lenses that change the account) and plans that document alone', async function () {
    this.timeout(20_000);
    const uri = writeDocument(scratch.path, 'lens/portal.netmon-test.json', testDocument('Portal lens'));
    writeDocument(scratch.path, 'lens/other.netmon-test.json', testDocument('Other lens'));
    await openDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const plan = lenses.find((lens) => lens.command?.command === 'netmon.documents.plan');
    assert.equal(plan?.command?.title, '$(checklist) Plan', lenses.map((l) => l.command?.title).join(' | '));
    const planned = await vscode.commands.executeCommand<{ plan: Plan; document: vscode.TextDocument } | undefined>(
      plan.command.command,
      ...(plan.command.arguments ?? []),
    );
    assert.deepEqual(
      planned?.plan.steps.map((s) => `${s.action} ${s.testName}`),
      ['create Portal lens'],
    );
    assert.match(planned?.document.getText() ?? '', /^Netmon plan for \S*lens\/portal\.netmon-test\.json on /);
    assert.doesNotMatch(
      planned?.document.getText() ?? '',
      /Not managed by these documents/,
      "the account's other tests are not this document's news",
    );
    // Beside it, the document's folder: every test document in it, in one plan of its own tab.
    const folderLens = lenses.find((lens) => lens.command?.title === 'Plan Folder');
    assert.ok(folderLens?.command, lenses.map((l) => l.command?.title).join(' | '));
    const folderPlan = await vscode.commands.executeCommand<{ plan: Plan; document: vscode.TextDocument } | undefined>(
      folderLens.command.command,
      ...(folderLens.command.arguments ?? []),
    );
    assert.deepEqual(folderPlan?.plan.steps.map((s) => `${s.action} ${s.testName}`).sort(), [
      'create Other lens',
      'create Portal lens',
    ]);
    assert.notEqual(folderPlan?.document.uri.toString(), planned?.document.uri.toString(), 'a tab of its own');
  });

  it("a folder's plan leaves out its examples folder and says so; planning the examples folder itself includes them", async function () {
    this.timeout(20_000);
    const folder = vscode.Uri.joinPath(scratch.folder, 'repo');
    writeDocument(folder.fsPath, 'tests/shop.netmon-test.json', testDocument('Shop'));
    writeDocument(folder.fsPath, 'examples/sample-a.netmon-test.json', testDocument('Sample A'));
    writeDocument(folder.fsPath, 'examples/more/sample-b.netmon-test.json', testDocument('Sample B'));
    const whole = await vscode.commands.executeCommand<{ plan: Plan; document: vscode.TextDocument } | undefined>(
      'netmon.documents.plan',
      folder,
    );
    assert.deepEqual(
      whole?.plan.steps.map((s) => `${s.action} ${s.testName}`),
      ['create Shop'],
    );
    const text = whole?.document.getText() ?? '';
    assert.match(
      text,
      /Left out \(example folders, setting "netmon\.plan\.excludedFolders"\): \S*repo\/examples\/more\/sample-b\.netmon-test\.json, \S*repo\/examples\/sample-a\.netmon-test\.json\. Plan that folder itself to include them\./,
    );
    assert.match(text, /Plan: 1 to create, 0 to update/);
    const examples = await vscode.commands.executeCommand<{ plan: Plan } | undefined>(
      'netmon.documents.plan',
      vscode.Uri.joinPath(folder, 'examples'),
    );
    assert.deepEqual(examples?.plan.steps.map((s) => `${s.action} ${s.testName}`).sort(), [
      'create Sample A',
      'create Sample B',
    ]);
  });

  it('after Delete, an undo brings the binding back: Update offers Create Anew or Unbind instead of failing', async function () {
    this.timeout(40_000);
    const uri = writeDocument(scratch.path, 'undo.netmon-test.json', testDocument('Undo me'));
    const document = await openDocument(uri);
    const { result: created } = await answeringPrompts(acceptConfirmations, () =>
      vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.create', uri),
    );
    assert.ok(created);
    // Beside the instant results the editor is narrow and the lens line is cut at its end: the actions come first.
    const titles = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)).map(
      (lens) => lens.command?.title ?? '',
    );
    // agent-to-server runs from its enterprise agents (v7) and from endpoint agents (v6 and v7).
    assert.deepEqual(
      titles.filter((title) => title !== '$(play) Run Now from enterprise agents').slice(0, 5),
      ['$(sync) Update', '$(trash) Delete', '$(play) Run Now from endpoint agents', '$(checklist) Plan', 'Plan Folder'],
      titles.join(' | '),
    );
    assert.match(titles.at(-1) ?? '', new RegExp(`Bound to test ${created.testId}`));
    await answeringPrompts(acceptConfirmations, () => vscode.commands.executeCommand('netmon.documents.delete', uri));
    assert.equal(await status(created.testId), 404);
    const undoBinding = async (): Promise<void> => {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('undo');
      await waitFor('the binding back', () => (document.getText().includes(`: ${created.testId}`) ? true : undefined));
    };

    await undoBinding();
    const { prompts: unbindAsked } = await answeringPrompts(
      (prompt) => (prompt.kind === 'confirm' ? 'Unbind' : undefined),
      () => vscode.commands.executeCommand('netmon.documents.update', uri),
    );
    const gone = unbindAsked.find((p): p is Extract<Prompt, { kind: 'confirm' }> => p.kind === 'confirm');
    assert.match(gone?.message ?? '', new RegExp(`^Test ${created.testId} no longer exists in `));
    assert.deepEqual(gone?.actions, ['Create Anew', 'Unbind']);
    assert.ok(!unbindAsked.some((p) => p.kind === 'offer' && p.error), 'no failure shown');
    assert.ok(!document.getText().includes('deployments'), 'Unbind removed the binding');

    await undoBinding();
    const { result: anew } = await answeringPrompts(
      (prompt) => (prompt.kind === 'confirm' ? prompt.actions[0] : undefined),
      () => vscode.commands.executeCommand<{ testId: number } | undefined>('netmon.documents.update', uri),
    );
    assert.ok(anew && anew.testId !== created.testId, 'a new test was created');
    assert.equal(await status(anew.testId), 200);
    assert.match(document.getText(), new RegExp(`: ${anew.testId}\\b`), 'and the document is bound to it');
    assert.ok(await document.save());
    assert.equal(readFileSync(uri.fsPath, 'utf8'), document.getText());
  });
});
