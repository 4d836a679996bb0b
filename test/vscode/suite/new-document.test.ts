// "Netmon: New Test Document…" for every kind: the document is written where the user
// chose, opened, runs from the enterprise agents the user picked (named in comments), and
// has no diagnostic at all — while a broken copy of it would.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { TEMPLATES } from '../../../src/documents/templates';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import { createTestDirectly, endDocumentSuite, workspaceScratch } from './documents-fixture';
import { answeringPrompts, netmonApi, signInTo, startControlledEmulator } from './netmon-fixture';

/** Diagnostics of every source: the JSON language service checks the schema, Netmon the rules. */
function anyDiagnostics(uri: vscode.Uri, accept: (found: vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> {
  return waitFor(`diagnostics of ${uri.path}`, () => {
    const found = vscode.languages.getDiagnostics(uri);
    return accept(found) ? found : undefined;
  }, 10_000);
}

describe('New Test Document', () => {
  let emulator: RunningEmulator;
  let scratch: ReturnType<typeof workspaceScratch>;
  before(async () => {
    await netmonApi();
    emulator = await startControlledEmulator();
    // A deployed test, so the catalog knows (learns) enterprise agents of the account.
    await createTestDirectly(emulator, 'agent-to-server', { testName: 'agents to learn', interval: 300, agents: [{ agentId: 1000 }, { agentId: 1037 }], server: 'example.net' });
    await signInTo(emulator);
    await vscode.commands.executeCommand('netmon.documents.refreshCatalog');
    scratch = workspaceScratch('new-documents');
  });
  after(() => endDocumentSuite(scratch, emulator));

  for (const template of TEMPLATES) {
    it(`${template.label}: written, opened and free of diagnostics`, async function () {
      this.timeout(30_000);
      const target = vscode.Uri.joinPath(scratch.folder, `new-${template.id}.netmon-${template.kind}.json`);
      const offered: string[][] = [];
      const { result: uri } = await answeringPrompts((prompt) => {
        if (prompt.kind === 'choose' && !prompt.many) return template.label;
        if (prompt.kind === 'choose') { offered.push([...prompt.labels]); return prompt.labels.slice(0, 2); }
        if (prompt.kind === 'save') return target;
        return undefined;
      }, () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'));
      assert.equal(uri?.toString(), target.toString());
      assert.ok(existsSync(target.fsPath));
      const editor = vscode.window.activeTextEditor;
      assert.equal(editor?.document.uri.toString(), target.toString(), 'the new document is open');
      const text = editor.document.getText();
      if (template.usesEnterpriseAgents) {
        assert.equal(offered.length, 1, 'the account\'s enterprise agents were offered');
        for (const name of offered[0]!.slice(0, 2)) assert.ok(text.includes(name), `${name} is named in the document`);
      }
      // Diagnostics run on it: a broken copy gets one, the document as written gets none.
      const broken = new vscode.WorkspaceEdit();
      broken.insert(target, editor.document.positionAt(text.lastIndexOf('}')), '  "notAField": ,\n');
      await vscode.workspace.applyEdit(broken);
      await anyDiagnostics(target, (found) => found.length > 0);
      const restore = new vscode.WorkspaceEdit();
      restore.replace(target, new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length)), text);
      await vscode.workspace.applyEdit(restore);
      // Neither the JSON language service (schema) nor Netmon's rules find anything; Netmon's
      // rules run on every change, so the second edit has been checked by them too.
      await anyDiagnostics(target, (found) => found.length === 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(vscode.languages.getDiagnostics(target).map((d) => `${d.source}: ${d.message}`), []);
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
        const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position);
        const found = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
        if (found.some((label) => label.endsWith('test') || label === 'Filter entry') || attempt === 40) return found;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const offered = await labels('empty.netmon-test.json', '', '');
    for (const label of ['Network test (agent-to-server)', 'Agent-to-agent test', 'DNS trace test', 'DNS server test', 'DNSSEC test', 'HTTP server test', 'Page load test', 'Web transaction test']) {
      assert.ok(offered.includes(label), `${label} in ${offered.join(', ')}`);
    }
    const entries = await labels('entries.netmon-filter.json', '{\n  "target": "web",\n  "searchFilters": [\n    \n  ]\n}\n', '"searchFilters": [\n    ');
    assert.ok(entries.includes('Filter entry'), entries.join(', '));
  });

  it('the save dialog filters on the kind\'s suffix; a name typed without it gets it; a taken name asks again, keeping the kind and agents', async function () {
    this.timeout(30_000);
    const taken = vscode.Uri.joinPath(scratch.folder, 'new-http-server.netmon-test.json');
    assert.ok(existsSync(taken.fsPath), 'written by the HTTP server case above');
    const saves: { title: string; filters: string[] }[] = [];
    let choices = 0;
    const { result: uri } = await answeringPrompts((prompt) => {
      if (prompt.kind === 'choose') { choices++; return prompt.many ? prompt.labels.slice(0, 2) : 'HTTP server test'; }
      if (prompt.kind !== 'save') return undefined;
      saves.push({ title: prompt.title, filters: Object.entries(prompt.filters ?? {}).map(([name, extensions]) => `${name}: ${extensions.join(',')}`) });
      // First the taken name typed without its suffix, then a new one typed the same way.
      return vscode.Uri.joinPath(scratch.folder, saves.length === 1 ? 'new-http-server.json' : 'intranet-portal');
    }, () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'));
    assert.equal(uri?.path.split('/').pop(), 'intranet-portal.netmon-test.json');
    assert.deepEqual(saves[0]?.filters, ['Netmon test document (*.netmon-test.json): json']);
    assert.equal(saves.length, 2);
    assert.match(saves[1]!.title, /new-http-server\.netmon-test\.json already exists: choose another name/);
    assert.equal(choices, 2, 'the kind and the agents were asked once each, not again after the taken name');
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.match(text, /"type": "http-server"/);
    await vscode.window.activeTextEditor?.document.save();
  });

  it('refuses to overwrite an existing file and says so', async () => {
    const target = vscode.Uri.joinPath(scratch.folder, 'new-filter.netmon-filter.json');
    assert.ok(existsSync(target.fsPath), 'written by the filter case above');
    let saves = 0;
    const { result } = await answeringPrompts((prompt) => {
      if (prompt.kind === 'choose') return 'Search filter';
      if (prompt.kind !== 'save') return undefined;
      saves++;
      return saves === 1 ? target : undefined;
    }, () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'));
    assert.equal(result, undefined);
    assert.equal(saves, 2, 'the taken name was refused and the dialog asked again');
  });
});
