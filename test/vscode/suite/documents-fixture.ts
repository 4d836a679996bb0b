// Shared by the document suites: a scratch folder inside the workspace (so the workspace
// rule and Plan see the files) and small editor helpers.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { EnterpriseTest, EnterpriseTestResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import { DEMO_CREDENTIALS, signOut } from './netmon-fixture';

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

/** The end of a document suite: editors closed, its scratch folder gone, signed out, the emulator stopped. */
export async function endDocumentSuite(scratch: { remove(): void }, emulator: RunningEmulator): Promise<void> {
  await closeEditors();
  scratch.remove();
  await signOut();
  await emulator.close();
}

/** A test created straight through the API, as if deployed from elsewhere (201 expected). */
export async function createTestDirectly(emulator: RunningEmulator, type: string, body: Record<string, unknown>): Promise<EnterpriseTest> {
  const response = await fetch(`${emulator.url}/v7/tests/${type}`, {
    method: 'POST', headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  assert.equal(response.status, 201, await response.clone().text());
  // v6 answers `{ test: [the test] }`; v7 the test itself, its ids as strings.
  const answer = (await response.json()) as Partial<EnterpriseTestResponse> & Record<string, unknown>;
  const test = answer.test?.[0] ?? { ...answer, testId: Number(answer['testId']) } as unknown as EnterpriseTest;
  assert.ok(test && Number.isSafeInteger(test.testId), JSON.stringify(answer));
  return test;
}
