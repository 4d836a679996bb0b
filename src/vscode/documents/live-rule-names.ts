// The rules a test document names (`alertRules`) checked when it is opened or saved, not only by a
// plan: against the account's rules (its list, one read per check) and the rule documents of its
// folder and below (what Plan Folder on that folder takes with it), each problem marked where it is
// written (rule-name-diagnostics.ts; an edit clears them until the next save). Again for the open
// documents when the connection changes. Only in a trusted folder, signed in, on v7; otherwise
// nothing is read and nothing is marked.
import * as vscode from 'vscode';
import { documentKindOf } from '../../documents/kinds';
import type { ConnectionManager } from '../connection/connection-manager';
import { ALERT_RULE_GLOB } from './alert-rule-files';
import { documentsLibrary as lib } from './library';
import type { RuleNameDiagnostics } from './rule-name-diagnostics';
import { deployTarget } from './target';

/** Rule documents read from the workspace at most, for the names they define. */
const MAX_RULE_DOCUMENTS = 200;

export class LiveRuleNames implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[];
  /** The newest check per document: an older one finishing later is dropped. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly connection: ConnectionManager,
    private readonly diagnostics: RuleNameDiagnostics,
  ) {
    this.disposables = [
      vscode.workspace.onDidOpenTextDocument((document) => void this.check(document)),
      vscode.workspace.onDidSaveTextDocument((document) => void this.check(document)),
      connection.onDidChange(() => this.checkOpen()),
    ];
    this.checkOpen();
  }

  private checkOpen(): void {
    for (const document of vscode.workspace.textDocuments) void this.check(document);
  }

  /** The document's problems, marked; resolves when they are (or when there is nothing to check). */
  async check(document: vscode.TextDocument): Promise<void> {
    if (documentKindOf(document.uri.path) !== 'test' || !this.connection.current || !vscode.workspace.isTrusted) return;
    const key = document.uri.toString();
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    const text = document.getText();
    if (lib().writtenRules(text).length === 0) {
      this.diagnostics.show([{ uri: key, text }], []);
      return;
    }
    try {
      const target = deployTarget(this.connection, text);
      if ((await target.client.apiVersion()) !== 'v7') return;
      const options = target.requestAid === undefined ? {} : { aid: target.requestAid };
      const problems = await lib().testRuleNameProblems(
        target.client,
        { uri: key, text },
        await ruleDocuments(vscode.Uri.joinPath(document.uri, '..')),
        options,
      );
      if (this.generations.get(key) === generation && document.getText() === text)
        this.diagnostics.show([{ uri: key, text }], problems);
    } catch {
      // A check that cannot read the account marks nothing: Plan says why.
    }
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** The rule documents of a folder and below, as they are on disk (or open, unsaved, in an editor). */
async function ruleDocuments(folder: vscode.Uri): Promise<{ uri: string; text: string }[]> {
  const pattern = new vscode.RelativePattern(folder, ALERT_RULE_GLOB);
  const uris = await vscode.workspace.findFiles(pattern, '**/node_modules/**', MAX_RULE_DOCUMENTS);
  const open = new Map(vscode.workspace.textDocuments.map((document) => [document.uri.toString(), document]));
  return Promise.all(
    uris.map(async (uri) => {
      const text =
        open.get(uri.toString())?.getText() ?? new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      return { uri: uri.toString(), text };
    }),
  );
}
