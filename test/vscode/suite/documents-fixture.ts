// Shared by the document suites: a scratch folder inside the workspace (so the workspace
// rule and Plan see the files) and small editor helpers.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from '../helpers';

export function workspaceScratch(name: string): { folder: vscode.Uri; path: string; remove(): void } {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(root, 'the test VS Code has no workspace folder');
  const path = join(root.fsPath, `${name}-${Date.now().toString(36)}`);
  mkdirSync(path, { recursive: true });
  return { folder: vscode.Uri.file(path), path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function writeDocument(folder: string, name: string, text: string): vscode.Uri {
  const file = join(folder, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return vscode.Uri.file(file);
}

export async function openDocument(uri: vscode.Uri): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document);
  return document;
}

export async function closeEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Waits until the Netmon diagnostics of `uri` satisfy `accept`. */
export function netmonDiagnostics(uri: vscode.Uri, accept: (diagnostics: vscode.Diagnostic[]) => boolean, timeoutMs = 5_000): Promise<vscode.Diagnostic[]> {
  return waitFor(`Netmon diagnostics of ${uri.path}`, () => {
    const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source?.startsWith('netmon'));
    return accept(found) ? found : undefined;
  }, timeoutMs);
}

export function rangeOf(document: vscode.TextDocument, text: string): vscode.Range {
  const offset = document.getText().indexOf(text);
  assert.ok(offset >= 0, `${text} is not in ${document.uri.path}`);
  return new vscode.Range(document.positionAt(offset), document.positionAt(offset + text.length));
}
