// Shared by the extension-host suites (test/vscode/suite/*.test.ts).
import * as vscode from 'vscode';
import manifest from '../../package.json';

export const EXTENSION_ID = `${manifest.publisher}.${manifest.name}`;

/** The extension under test, activated (activation is idempotent). */
export async function activateExtension(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`extension ${EXTENSION_ID} is not loaded in this VS Code`);
  await extension.activate();
  return extension;
}

/** Polls until `probe` returns a value other than undefined, for UI state the API only exposes eventually. */
export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
