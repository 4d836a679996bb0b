// Read-only JSON documents for what document commands produce: instant-test results,
// filter results and plans. Served from memory on the `netmon-results:` scheme.
import * as vscode from 'vscode';
import { besideColumn } from '../ui/columns';

export const RESULTS_SCHEME = 'netmon-results';

export class ResultsDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private counter = 0;

  /**
   * Stores `text` under a fresh name (or, with `reuse`, under `name` itself, replacing what that tab
   * showed) and opens it in the group beside the current one.
   */
  async show(name: string, text: string, language = 'json', reuse = false): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.from({ scheme: RESULTS_SCHEME, path: reuse ? `/${name}` : `/${++this.counter}/${name}` });
    this.texts.set(uri.toString(), text);
    const refreshed = contentOf(uri, text);
    this.changed.fire(uri);
    await refreshed;
    const document = await vscode.workspace.openTextDocument(uri);
    const typed =
      document.languageId === language ? document : await vscode.languages.setTextDocumentLanguage(document, language);
    await vscode.window.showTextDocument(typed, { preview: false, viewColumn: shownIn(uri) ?? besideColumn() });
    return typed;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '// These results are no longer in memory: run the command again.';
  }

  dispose(): void {
    this.changed.dispose();
    this.texts.clear();
  }
}

/** The group already showing `uri`: a replaced plan stays where its tab is. */
function shownIn(uri: vscode.Uri): vscode.ViewColumn | undefined {
  const key = uri.toString();
  return vscode.window.tabGroups.all.find((group) =>
    group.tabs.some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key),
  )?.viewColumn;
}

/** Resolves once an open document of `uri` reads `text` (VS Code refreshes it after the change event). */
function contentOf(uri: vscode.Uri, text: string): Promise<void> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (!open || open.getText() === text) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      listener.dispose();
      clearTimeout(timer);
      resolve();
    };
    const listener = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document.uri.toString() === uri.toString() && event.document.getText() === text) done();
    });
    const timer = setTimeout(done, REFRESH_WAIT_MS);
  });
}

/** A refresh takes milliseconds; past this the tab shows the new text when VS Code gets to it. */
const REFRESH_WAIT_MS = 3_000;
