// A file name suggested in a save dialog from outside text (a page title, a session id):
// only word characters, dots and dashes, bounded, never empty. And the folder the dialog
// opens in: the last one used for that kind of export in this session, else the workspace
// folder (while it exists), else the home folder (a bare file name would open the dialog at the root).
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import * as vscode from 'vscode';

export function suggestedFileName(text: string, fallback: string): string {
  return text.replace(/[^\w.-]+/g, '_').slice(0, 80) || fallback;
}

/** The exports whose folders are remembered apart: a HAR and a ticket's evidence rarely go together. */
export type ExportKind = 'har' | 'evidence';

const lastFolders = new Map<ExportKind, vscode.Uri>();

/** Where the save dialog of `kind` proposes `fileName`. */
export function defaultSaveUri(kind: ExportKind, fileName: string): vscode.Uri {
  const last = lastFolders.get(kind);
  // A folder removed since (a scratch folder, an unplugged drive) would open the dialog at the root again.
  const folder =
    (last && existsSync(last.fsPath) ? last : undefined) ??
    vscode.workspace.workspaceFolders?.[0]?.uri ??
    vscode.Uri.file(homedir());
  return vscode.Uri.joinPath(folder, fileName);
}

/** After a file of `kind` is written: its folder is where the next dialog of that kind opens. */
export function rememberSaveFolder(kind: ExportKind, written: vscode.Uri): void {
  lastFolders.set(kind, vscode.Uri.joinPath(written, '..'));
}
