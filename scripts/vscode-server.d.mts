// Types of scripts/vscode-server.mjs for the TypeScript tests and benches that use it.
import type { Browser } from 'playwright-core';

export const REPO_ROOT: string;
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];

/** One entry of VS Code's workbench `payload` URL parameter, e.g. ['extensionDevelopmentPath', uri]. */
export type PayloadEntry = [name: string, value: string];

export interface VSCodeServer {
  port: number;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  tempDir: string;
  workspace: string;
  userDataDir: string;
  extensionsDir: string;
  /** Install root of the offline VS Code. */
  root: string;
  /** Everything code-server printed so far, for error messages. */
  output: string[];
  /** vscode-remote URI of an absolute local path, as the payload entries need. */
  remoteUri(path: string): string;
  workbenchUrl(payload?: PayloadEntry[], folder?: string): string;
  /** Ends code-server with its extension hosts and removes the temp dir. */
  stop(): Promise<void>;
}

export interface StartOptions {
  root?: string;
  /** Loopback port; 0 (the default) picks a free one. */
  port?: number;
  workspace?: string;
  settings?: Record<string, unknown>;
  /** Extension folders to link into the extensions dir, so they load as installed (no payload needed). */
  installedExtensions?: string[];
  /** Workspace Trust on: the folder opens in Restricted Mode. */
  workspaceTrust?: boolean;
  /** Files (path relative to the workspace folder → text) written before the workbench opens. */
  workspaceFiles?: Record<string, string>;
  onOutput?: (line: string) => void;
}

export function ensureVSCodeInstalled(): string;
export function startVSCodeServer(options?: StartOptions): Promise<VSCodeServer>;
export function launchChromium(): Promise<Browser>;
