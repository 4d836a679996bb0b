// Diagnostics of open test, instant-test and filter documents: on open, debounced on
// change, cleared on close. The workspace rule (a testName used twice) also reads the
// closed documents of the workspace, kept current by a file watcher. That workspace scan
// (findFiles, i.e. ripgrep) runs when the first Netmon document is shown, not at activation.
import * as vscode from 'vscode';
import type { DocumentDiagnostic, DocumentKind, ParsedDocument, WorkspaceDocument } from '../../documents';
import { DOCUMENT_SUFFIXES, documentKindOf } from '../../documents/kinds';
import { KeyedDebounce } from './debounce';
import { documentsLibrary as lib } from './library';
import type { CatalogCache } from './catalog';

const DEBOUNCE_MS = 200;
const EDITOR_OWN_SOURCES: ReadonlySet<string> = new Set(['syntax', 'schema']);
export const DOCUMENT_GLOB = `**/*{${Object.values(DOCUMENT_SUFFIXES).join(',')}}`;

interface Entry {
  kind: DocumentKind;
  parsed: ParsedDocument;
  own: DocumentDiagnostic[] | undefined;
}

export class DocumentDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('netmon');
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new KeyedDebounce(DEBOUNCE_MS);
  private readonly disposables: vscode.Disposable[] = [this.collection];
  private scan: Promise<void> | undefined;

  constructor(private readonly catalog: CatalogCache) {
    const watcher = vscode.workspace.createFileSystemWatcher(DOCUMENT_GLOB);
    this.disposables.push(
      watcher,
      watcher.onDidCreate((uri) => void this.readClosed(uri)),
      watcher.onDidChange((uri) => void this.readClosed(uri)),
      watcher.onDidDelete((uri) => {
        this.entries.delete(uri.toString());
        this.publish();
      }),
      vscode.workspace.onDidOpenTextDocument((document) => this.update(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.closed(document)),
      // VS Code may keep a closed file's model for a while: the closed tab is the signal users see.
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        this.tabsClosed(event.closed);
        this.tabsOpened(event.opened);
      }),
      catalog.onDidChange(() => this.revalidateOpen()),
    );
    for (const document of vscode.workspace.textDocuments) this.update(document);
  }

  /** Settles when the workspace scan is done; starts it if no Netmon document was shown yet. */
  scanned(): Promise<void> {
    this.scan ??= this.scanWorkspace();
    return this.scan;
  }

  /** Validates now (no debounce) and returns the document's diagnostics. */
  validateNow(document: vscode.TextDocument): readonly vscode.Diagnostic[] {
    this.update(document);
    return this.collection.get(document.uri) ?? [];
  }

  private schedule(document: vscode.TextDocument): void {
    if (!documentKindOf(document.uri.path)) return;
    this.pending.schedule(document.uri.toString(), () => this.update(document));
  }

  private update(document: vscode.TextDocument): void {
    const kind = documentKindOf(document.uri.path);
    if (!kind || document.isClosed) return;
    const parsed = lib().parseDocument(document.getText());
    if (!isShown(document.uri)) {
      // Opened by a command (a binding edit), not by the user: it only counts for the workspace rule.
      this.entries.set(document.uri.toString(), { kind, parsed, own: undefined });
      this.collection.delete(document.uri);
      this.publish();
      return;
    }
    void this.scanned();
    this.catalog.request();
    // Syntax and schema problems come from VS Code's JSON support (contributes.jsonValidation).
    const own = lib()
      .validateParsed(kind, parsed, { catalog: this.catalog.current?.validation })
      .filter((d) => !EDITOR_OWN_SOURCES.has(d.source) || d.code === 'syntax/too-deep');
    this.entries.set(document.uri.toString(), { kind, parsed, own });
    this.publish();
  }

  private closed(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    this.pending.cancel(key);
    this.collection.delete(document.uri);
    const entry = this.entries.get(key);
    if (entry) entry.own = undefined;
    if (document.uri.scheme !== 'file') this.entries.delete(key);
  }

  private tabsOpened(tabs: readonly vscode.Tab[]): void {
    const opened = new Set(
      tabs
        .map(tabUri)
        .filter((uri) => uri !== undefined)
        .map(String),
    );
    for (const document of vscode.workspace.textDocuments)
      if (opened.has(document.uri.toString())) this.update(document);
  }

  private tabsClosed(tabs: readonly vscode.Tab[]): void {
    for (const uri of tabs.map(tabUri)) {
      if (!uri || isShown(uri) || !documentKindOf(uri.path)) continue;
      this.collection.delete(uri);
      const entry = this.entries.get(uri.toString());
      if (entry) entry.own = undefined;
    }
  }

  private revalidateOpen(): void {
    for (const document of vscode.workspace.textDocuments) this.update(document);
  }

  private async scanWorkspace(): Promise<void> {
    const uris = await vscode.workspace.findFiles(DOCUMENT_GLOB, '**/node_modules/**', 5000);
    await Promise.all(uris.map((uri) => this.readClosed(uri, false)));
    this.publish();
  }

  private async readClosed(uri: vscode.Uri, publish = true): Promise<void> {
    const kind = documentKindOf(uri.path);
    const key = uri.toString();
    if (!kind || this.isOpen(key)) return;
    try {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      if (this.isOpen(key)) return;
      this.entries.set(key, { kind, parsed: lib().parseDocument(text), own: undefined });
    } catch {
      this.entries.delete(key);
    }
    if (publish) this.publish();
  }

  private isOpen(key: string): boolean {
    return vscode.workspace.textDocuments.some((d) => d.uri.toString() === key);
  }

  /** Sets each open document's own diagnostics plus the workspace rule's. */
  private publish(): void {
    const workspace: WorkspaceDocument[] = [...this.entries].map(([uri, entry]) => ({
      uri,
      kind: entry.kind,
      parsed: entry.parsed,
    }));
    const duplicates = lib().duplicateTestNameDiagnostics(workspace);
    for (const [key, entry] of this.entries) {
      if (!entry.own) continue;
      const uri = vscode.Uri.parse(key);
      const extra = (duplicates.get(key) ?? []).map((d) => ({
        ...d,
        message: d.message.replace(/[a-z-]+:\/\/[^,\s]+/g, relativePath),
      }));
      this.collection.set(uri, [...entry.own, ...extra].map(toVsDiagnostic));
    }
  }

  dispose(): void {
    this.pending.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function isShown(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tabUri(tab)?.toString() === key));
}

function tabUri(tab: vscode.Tab): vscode.Uri | undefined {
  return tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
}

function relativePath(uri: string): string {
  return vscode.workspace.asRelativePath(vscode.Uri.parse(uri));
}

const SEVERITIES = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
} as const;

export function toVsRange(range: DocumentDiagnostic['range']): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

function toVsDiagnostic(diagnostic: DocumentDiagnostic): vscode.Diagnostic {
  const result = new vscode.Diagnostic(
    toVsRange(diagnostic.range),
    diagnostic.message,
    SEVERITIES[diagnostic.severity],
  );
  result.source = `netmon ${diagnostic.source}`;
  result.code = diagnostic.code;
  return result;
}
