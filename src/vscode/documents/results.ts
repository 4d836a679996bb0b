// Read-only JSON documents for what document commands produce: instant-test results,
// filter results and plans. Served from memory on the `netmon-results:` scheme.
import * as vscode from 'vscode';

export const RESULTS_SCHEME = 'netmon-results';

export class ResultsDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private counter = 0;

  /** Stores `text` under a fresh name and opens it in an editor beside the current one. */
  async show(name: string, text: string, language = 'json'): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.from({ scheme: RESULTS_SCHEME, path: `/${++this.counter}/${name}` });
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    const typed =
      document.languageId === language ? document : await vscode.languages.setTextDocumentLanguage(document, language);
    await vscode.window.showTextDocument(typed, { preview: false, viewColumn: vscode.ViewColumn.Beside });
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
