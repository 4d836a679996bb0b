// Read-only JSON documents on the `netmon:` scheme ("Open Details"). The command loads the
// data under a cancellable progress and hands the text over; the provider serves it.
import * as vscode from 'vscode';
import type { NetmonClient } from '../../api';
import type { DetailsSource } from '../tree/nodes';

export const DETAILS_SCHEME = 'netmon';

export class DetailsDocumentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly sources = new Map<string, DetailsSource>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly closing: vscode.Disposable;

  constructor(private readonly client: () => NetmonClient) {
    // A closed document's text is not needed again (reopening fetches anew): large details must not pile up.
    this.closing = vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === DETAILS_SCHEME) this.texts.delete(document.uri.path);
    });
  }

  /** How many documents' texts are held (for the extension-host suites). */
  get heldTexts(): number {
    return this.texts.size;
  }

  uriFor(source: DetailsSource): vscode.Uri {
    return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${source.path}.json` });
  }

  /** Loads the details now (under the caller's signal) and returns the document's URI. */
  async load(source: DetailsSource, signal: AbortSignal): Promise<vscode.Uri> {
    const uri = this.uriFor(source);
    const text = JSON.stringify(await source.load(this.client(), signal), null, 2);
    this.sources.set(uri.path, source);
    this.texts.set(uri.path, text);
    this.changed.fire(uri);
    return uri;
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const text = this.texts.get(uri.path);
    if (text !== undefined) return text;
    // A details document restored after a reload: fetch again.
    const source = this.sources.get(uri.path);
    if (!source) return '{ "error": "These details are no longer loaded: open them again from the Netmon view." }';
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return JSON.stringify(await source.load(this.client(), controller.signal), null, 2);
  }

  dispose(): void {
    this.closing.dispose();
    this.changed.dispose();
  }
}
