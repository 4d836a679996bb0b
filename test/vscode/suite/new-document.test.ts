// "Netmon: New Test Document…" for every kind: the document is written in the workspace's
// new-document folder with no save dialog, opened with its name and target as tab stops, runs
// from the enterprise agents the user picked (named in comments), and has no diagnostic at
// all — while a broken copy of it would. A Deployed Tests type group starts it with its kind;
// a write that fails keeps the kind and agents and offers the save dialog.
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { TEMPLATES } from '../../../src/documents/templates';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import { createTestDirectly, endDocumentSuite, startDocumentSuite, type WorkspaceScratch } from './documents-fixture';
import { answeringPrompts } from './netmon-fixture';

/** Diagnostics of every source: the JSON language service checks the schema, Netmon the rules. */
function anyDiagnostics(
  uri: vscode.Uri,
  accept: (found: vscode.Diagnostic[]) => boolean,
): Promise<vscode.Diagnostic[]> {
  return waitFor(
    `diagnostics of ${uri.path}`,
    () => {
      const found = vscode.languages.getDiagnostics(uri);
      return accept(found) ? found : undefined;
    },
    10_000,
  );
}

describe('New Test Document', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('new-documents', {
      // A deployed test, so the catalog knows (learns) enterprise agents of the account.
      beforeSignIn: async (started) => {
        await createTestDirectly(started, 'agent-to-server', {
          testName: 'agents to learn',
          interval: 300,
          agents: [{ agentId: 1000 }, { agentId: 1037 }],
          server: 'example.net',
        });
      },
    }));
    await vscode.commands.executeCommand('netmon.documents.refreshCatalog');
    await setFolder(vscode.workspace.asRelativePath(scratch.folder));
  });
  after(async () => {
    await setFolder(undefined);
    await endDocumentSuite(scratch, emulator);
  });

  /** The first template's file, as the template test writes it: tests of a taken name hold when run alone too. */
  function taken(name = 'new-http-server.netmon-test.json'): vscode.Uri {
    const uri = vscode.Uri.joinPath(scratch.folder, name);
    if (!existsSync(uri.fsPath))
      writeFileSync(
        uri.fsPath,
        '{ "type": "http-server", "testName": "Taken", "interval": 300, "agents": [], "url": "https://taken.example/" }\n',
      );
    return uri;
  }

  async function setFolder(value: string | undefined): Promise<void> {
    await vscode.workspace
      .getConfiguration()
      .update('netmon.documents.newDocumentFolder', value, vscode.ConfigurationTarget.Workspace);
  }

  for (const template of TEMPLATES) {
    it(`${template.label}: written in the new-document folder with no save dialog, opened and free of diagnostics`, async function () {
      this.timeout(30_000);
      const target = vscode.Uri.joinPath(scratch.folder, `new-${template.id}.netmon-${template.kind}.json`);
      const offered: string[][] = [];
      const { result: uri, prompts } = await answeringPrompts(
        (prompt) => {
          if (prompt.kind === 'choose' && !prompt.many) return template.label;
          if (prompt.kind === 'choose') {
            offered.push([...prompt.labels]);
            return prompt.labels.slice(0, 2);
          }
          return undefined;
        },
        () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'),
      );
      assert.equal(uri?.toString(), target.toString());
      assert.ok(existsSync(target.fsPath), 'written before the user types anything');
      assert.deepEqual(
        prompts.map((p) => p.kind),
        template.usesEnterpriseAgents ? ['choose', 'choose'] : ['choose'],
        'the kind and the agents, and no save dialog',
      );
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor?.document.uri.toString(), target.toString(), 'the new document is open');
      const text = editor.document.getText();
      assert.equal(
        text,
        new TextDecoder().decode(await vscode.workspace.fs.readFile(target)),
        'the editor shows the file as written',
      );
      assert.equal(editor.document.isDirty, false, 'opened saved');
      if (template.kind !== 'filter') {
        const selected = editor.document.getText(editor.selection);
        assert.ok(
          selected.length > 0 && text.includes(`"testName": "${selected}"`),
          `the test name is selected, ready to type over: "${selected}"`,
        );
      }
      if (template.usesEnterpriseAgents) {
        assert.equal(offered.length, 1, "the account's enterprise agents were offered");
        for (const name of offered[0]!.slice(0, 2)) assert.ok(text.includes(name), `${name} is named in the document`);
      }
      // Diagnostics run on it: a broken copy gets one, the document as written gets none.
      const broken = new vscode.WorkspaceEdit();
      broken.insert(target, editor.document.positionAt(text.lastIndexOf('}')), '  "notAField": ,\n');
      await vscode.workspace.applyEdit(broken);
      await anyDiagnostics(target, (found) => found.length > 0);
      const restore = new vscode.WorkspaceEdit();
      restore.replace(
        target,
        new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length)),
        text,
      );
      await vscode.workspace.applyEdit(restore);
      // Neither the JSON language service (schema) nor Netmon's rules find anything; Netmon's
      // rules run on every change, so the second edit has been checked by them too.
      await anyDiagnostics(target, (found) => found.length === 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(
        vscode.languages.getDiagnostics(target).map((d) => `${d.source}: ${d.message}`),
        [],
      );
      await editor.document.save();
    });
  }

  it('snippets: an empty test document file completes to each of the eight types; a filter list to a filter entry', async function () {
    this.timeout(30_000);
    const labels = async (name: string, text: string, at: string): Promise<string[]> => {
      const uri = vscode.Uri.joinPath(scratch.folder, name);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(document);
      const position = document.positionAt(text.indexOf(at) + at.length);
      // The JSON language service reads the schema on first use: ask again until it has.
      for (let attempt = 0; ; attempt++) {
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          uri,
          position,
        );
        const found = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
        if (found.some((label) => label.endsWith('test') || label === 'Filter entry') || attempt === 40) return found;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const offered = await labels('empty.netmon-test.json', '', '');
    for (const label of [
      'Network test (agent-to-server)',
      'Agent-to-agent test',
      'DNS trace test',
      'DNS server test',
      'DNSSEC test',
      'HTTP server test',
      'Page load test',
      'Web transaction test',
    ]) {
      assert.ok(offered.includes(label), `${label} in ${offered.join(', ')}`);
    }
    const entries = await labels(
      'entries.netmon-filter.json',
      '{\n  "target": "web",\n  "searchFilters": [\n    \n  ]\n}\n',
      '"searchFilters": [\n    ',
    );
    assert.ok(entries.includes('Filter entry'), entries.join(', '));
  });

  it('a Deployed Tests type group starts a document of its type: only the agents are asked; a second one gets a free name', async function () {
    this.timeout(30_000);
    taken();
    const group = { label: 'http-server', kind: 'deployedTestType', ids: undefined };
    const { result: uri, prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'choose' && prompt.many ? prompt.labels.slice(0, 2) : undefined),
      () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.newOfType', group),
    );
    assert.deepEqual(
      prompts.map((p) => p.kind === 'choose' && p.title),
      ['Enterprise agents that run the test'],
    );
    assert.equal(
      uri?.path.split('/').pop(),
      'new-http-server-2.netmon-test.json',
      'new-http-server.netmon-test.json (written above) is left alone',
    );
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /"type": "http-server"/);
    // Typing the name, Tab, the URL: the two tab stops.
    await vscode.commands.executeCommand('type', { text: 'Portal health' });
    await vscode.commands.executeCommand('jumpToNextSnippetPlaceholder');
    await vscode.commands.executeCommand('type', { text: 'https://portal.example/health' });
    await vscode.window.activeTextEditor?.document.save();
    const saved = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri!));
    assert.match(saved, /"testName": "Portal health",[\s\S]*"url": "https:\/\/portal\.example\/health"/);
  });

  it('a write that fails says why, keeps the kind and agents, and offers the save dialog; a taken name there asks again', async function () {
    this.timeout(30_000);
    // A file where the folder should be: the folder cannot be made.
    writeFileSync(join(scratch.path, 'not-a-folder'), '');
    await setFolder(`${vscode.workspace.asRelativePath(scratch.folder)}/not-a-folder`);
    const first = taken();
    const saves: string[] = [];
    let failure = '';
    let choices = 0;
    try {
      const { result: uri } = await answeringPrompts(
        (prompt) => {
          if (prompt.kind === 'choose') {
            choices++;
            return prompt.many ? prompt.labels.slice(0, 2) : 'HTTP server test';
          }
          if (prompt.kind === 'offer' && prompt.error) {
            failure = prompt.message;
            return prompt.actions[0];
          }
          if (prompt.kind !== 'save') return undefined;
          saves.push(prompt.title);
          // First a taken name typed without its suffix, then a new one typed the same way.
          return saves.length === 1
            ? vscode.Uri.joinPath(scratch.folder, 'new-http-server.json')
            : vscode.Uri.joinPath(scratch.folder, 'intranet-portal');
        },
        () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'),
      );
      assert.match(
        failure,
        /^Writing the new document in .*not-a-folder.*Choose Where to Save keeps the kind \(http server test\) and the 2 agents chosen; or change the setting "netmon\.documents\.newDocumentFolder"/,
      );
      assert.equal(uri?.path.split('/').pop(), 'intranet-portal.netmon-test.json');
      assert.ok(existsSync(first.fsPath));
      assert.equal(saves.length, 2);
      assert.match(saves[1]!, /new-http-server\.netmon-test\.json already exists: choose another name/);
      assert.equal(choices, 2, 'the kind and the agents were asked once each, not again after the failure');
      assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /"type": "http-server"/);
      await vscode.window.activeTextEditor?.document.save();
    } finally {
      await setFolder(vscode.workspace.asRelativePath(scratch.folder));
    }
  });

  it('a setting that leaves the workspace is refused with a sentence, and nothing is written', async function () {
    this.timeout(30_000);
    await setFolder('../outside');
    try {
      const { result, prompts } = await answeringPrompts(
        (prompt) => (prompt.kind === 'choose' ? (prompt.many ? [] : 'Search filter') : undefined),
        () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'),
      );
      assert.equal(result, undefined);
      const failure = prompts.find((p) => p.kind === 'offer' && p.error);
      assert.match(
        failure?.kind === 'offer' ? failure.message : '',
        /must be a folder inside the workspace, like "netmon-tests"/,
      );
      assert.ok(
        prompts.every((p) => p.kind !== 'save'),
        'declined: no save dialog',
      );
    } finally {
      await setFolder(vscode.workspace.asRelativePath(scratch.folder));
    }
  });
});
