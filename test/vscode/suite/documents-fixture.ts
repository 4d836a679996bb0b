// Shared by the document suites: a scratch folder inside the workspace (so the workspace
// rule and Plan see the files) and small editor helpers.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { EnterpriseTest, EnterpriseTestResponse } from '../../../src/api/types';
import type { EmulatorOptions, RunningEmulator } from '../../../src/emulator';
import { waitFor } from '../helpers';
import { DEMO_CREDENTIALS, netmonApi, signInTo, signOut, startControlledEmulator } from './netmon-fixture';

export interface WorkspaceScratch {
  folder: vscode.Uri;
  path: string;
  remove(): void;
}

export function workspaceScratch(name: string): WorkspaceScratch {
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
export function netmonDiagnostics(
  uri: vscode.Uri,
  accept: (diagnostics: vscode.Diagnostic[]) => boolean,
  timeoutMs = 5_000,
): Promise<vscode.Diagnostic[]> {
  return waitFor(
    `Netmon diagnostics of ${uri.path}`,
    () => {
      const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source?.startsWith('netmon'));
      return accept(found) ? found : undefined;
    },
    timeoutMs,
  );
}

export function rangeOf(document: vscode.TextDocument, text: string): vscode.Range {
  const offset = document.getText().indexOf(text);
  assert.ok(offset >= 0, `${text} is not in ${document.uri.path}`);
  return new vscode.Range(document.positionAt(offset), document.positionAt(offset + text.length));
}

/** `find`'s first occurrence replaced by `replace` as an edit in the editor would, then saved. */
export async function replaceAndSave(uri: vscode.Uri, find: string, replace: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, rangeOf(document, find), replace);
  await vscode.workspace.applyEdit(edit);
  await document.save();
}

/** The end of a document suite: editors closed, its scratch folder gone, signed out, the emulator stopped. */
export async function endDocumentSuite(scratch: { remove(): void }, emulator: RunningEmulator): Promise<void> {
  await closeEditors();
  scratch.remove();
  await signOut();
  await emulator.close();
}

export interface DocumentSuiteOptions {
  /** netmon.apiVersion pinned to v7 and an emulator speaking v7, whichever pass runs the suite. */
  v7?: boolean;
  /** The emulator's options beyond the suites' defaults (a real clock, instant-test delays). */
  emulator?: EmulatorOptions;
  /** Runs before signing in: tests deployed "from elsewhere", which the tree and catalog then find. */
  beforeSignIn?: (emulator: RunningEmulator) => Promise<void>;
}

export interface DocumentSuite {
  emulator: RunningEmulator;
  scratch: WorkspaceScratch;
  end(): Promise<void>;
}

/**
 * The start of a document suite: an emulator of its own, signed in to, and a scratch folder in
 * the workspace. `end` undoes it all (the pinned API version first, then as endDocumentSuite).
 */
export async function startDocumentSuite(
  scratchName: string,
  options: DocumentSuiteOptions = {},
): Promise<DocumentSuite> {
  await netmonApi();
  if (options.v7) await pinApiVersion('v7');
  const emulator = await startControlledEmulator({
    ...options.emulator,
    ...(options.v7 ? { api: 'v7' as const } : {}),
  });
  await options.beforeSignIn?.(emulator);
  await signInTo(emulator);
  const scratch = workspaceScratch(scratchName);
  return {
    emulator,
    scratch,
    end: async () => {
      if (options.v7) await pinApiVersion(undefined);
      await endDocumentSuite(scratch, emulator);
    },
  };
}

function pinApiVersion(version: 'v7' | undefined): Thenable<void> {
  return vscode.workspace.getConfiguration('netmon').update('apiVersion', version, vscode.ConfigurationTarget.Global);
}

/** A test created straight through the API, as if deployed from elsewhere (201 expected). */
export async function createTestDirectly(
  emulator: RunningEmulator,
  type: string,
  body: Record<string, unknown>,
): Promise<EnterpriseTest> {
  const response = await fetch(`${emulator.url}/v7/tests/${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(response.status, 201, await response.clone().text());
  // v6 answers `{ test: [the test] }`; v7 the test itself, its ids as strings.
  const answer = (await response.json()) as Partial<EnterpriseTestResponse> & Record<string, unknown>;
  const test = answer.test?.[0] ?? ({ ...answer, testId: Number(answer['testId']) } as unknown as EnterpriseTest);
  assert.ok(test && Number.isSafeInteger(test.testId), JSON.stringify(answer));
  return test;
}
