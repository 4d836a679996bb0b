// Shared by the suites that work in v7 demo mode: the demo sign-in, and plain reads of the
// demo emulator to check what the extension wrote there.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_CREDENTIALS, netmonApi } from './netmon-fixture';

/** Use Demo Mode, as a person does; the demo speaks v7 (as accounts do today). */
export async function useV7Demo(): Promise<void> {
  const api = await netmonApi();
  await vscode.commands.executeCommand('netmon.useDemo');
  assert.equal(api.connection.current?.api?.version, 'v7');
}

/** GET from the demo emulator: its status, and its body when it answered 200. */
export async function demoGet(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const api = await netmonApi();
  const response = await fetch(`${api.connection.demoUrl ?? ''}${path}`, {
    headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` },
  });
  return {
    status: response.status,
    body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : {},
  };
}
