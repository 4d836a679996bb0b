// Shared by the panel suites: what each open panel shows (read through the hosts' test
// surface, the hidden netmon.internal.* commands), waits on the real webviews' reports,
// tree navigation to the nodes the panels open from, and the suites' shared set-up.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import type { NetmonExtensionApi } from '../../../src/vscode/test-api';
import type { TreeNode } from '../../../src/vscode/tree/nodes';
import type { PanelSnapshot } from '../../../src/vscode/panels/panel-host';
import {
  childrenOf,
  kindOf,
  netmonApi,
  records,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

/** A real webview loads its bundle in the workbench's browser: slower than the host's own work. */
const RENDER_TIMEOUT_MS = 15_000;

export async function panelStates(): Promise<PanelSnapshot[]> {
  return (await vscode.commands.executeCommand<PanelSnapshot[]>('netmon.internal.panelStates')) ?? [];
}

/** Polls the panels until `probe` finds what it wants. */
export async function waitForPanels<T>(
  what: string,
  probe: (states: PanelSnapshot[]) => T | undefined,
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: PanelSnapshot[] = [];
  for (;;) {
    last = await panelStates();
    const found = probe(last);
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; panels: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The panel once its webview has drawn at least `renders` times. */
export function waitForRendered(id: string, renders = 1): Promise<PanelSnapshot> {
  return waitForPanels(`panel ${id} to draw (${renders}×)`, (states) => {
    const state = states.find((candidate) => candidate.id === id);
    if (state?.error) throw new Error(`panel ${id} shows an error: ${state.error}`);
    return state && state.renders >= renders && !state.busy ? state : undefined;
  });
}

/** Plays the webview's part: the host handles it exactly like a message from the panel. */
export async function sendFromWebview(id: string, message: unknown): Promise<void> {
  const delivered = await vscode.commands.executeCommand<boolean>('netmon.internal.panelMessage', id, message);
  assert.ok(delivered, `no panel ${id} to deliver ${JSON.stringify(message)} to`);
}

export async function openPanel(command: string, ...args: unknown[]): Promise<string> {
  const id = await vscode.commands.executeCommand<unknown>(command, ...args);
  assert.equal(typeof id, 'string', `${command} returned no panel id (an error notification was shown instead?)`);
  return id as string;
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** An endpoint test of the given type in the tree, with its data nodes by kind. */
export async function testNodes(
  api: NetmonExtensionApi,
  type: string,
): Promise<{ test: TreeNode; data: Map<string, TreeNode> }> {
  const groups = await childrenOf(api, await root(api, 'Endpoint Tests'));
  const group = groups.find((node) => node.label === type);
  assert.ok(group, `no ${type} tests in the tree`);
  const [test] = await childrenOf(api, group);
  assert.ok(test, `no ${type} test in the tree`);
  const data = new Map((await childrenOf(api, test)).map((node) => [kindOf(node), node]));
  return { test, data };
}

/** The first record node under a list node (a session, a metric, a path-vis summary). */
export async function firstRecord(api: NetmonExtensionApi, list: TreeNode): Promise<TreeNode> {
  const [first] = records(await childrenOf(api, list));
  assert.ok(first, `"${list.label}" has no records`);
  return first;
}

/** The id a node's `netmon:` details document is named after (`user-sessions/<id>`). */
export function detailsId(node: TreeNode): string {
  const path = node.spec.details?.path ?? '';
  return decodeURIComponent(path.slice(path.indexOf('/') + 1));
}

/** The first user session in the tree, its overview opened and drawn: where the evidence and waterfall tests start. */
export async function openFirstSessionOverview(): Promise<{
  sessionNode: TreeNode;
  userSessionId: string;
  overview: string;
}> {
  const api = await netmonApi();
  const sessionNode = await firstRecord(api, await root(api, 'User Sessions'));
  const userSessionId = detailsId(sessionNode);
  const overview = await openPanel('netmon.openSessionOverview', sessionNode);
  await waitForRendered(overview);
  return { sessionNode, userSessionId, overview };
}

/** What a signed-in suite works with, filled in by its `before`. */
export interface SignedInSuite {
  readonly emulator: RunningEmulator;
  readonly scratch: string;
}

/**
 * The set-up every panel suite shares: a controlled emulator, signed in to it, editors
 * closed after each test, and a scratch folder removed at the end. Call it in `describe`.
 */
export function signedInSuite(scratchPrefix = 'netmon-suite-'): SignedInSuite {
  const state = { emulator: undefined as unknown as RunningEmulator, scratch: '' };
  before(async () => {
    state.emulator = await startControlledEmulator();
    state.scratch = mkdtempSync(join(tmpdir(), scratchPrefix));
    await signInTo(state.emulator);
  });
  afterEach(closeAllEditors);
  after(async () => {
    await signOut();
    await state.emulator.close();
    rmSync(state.scratch, { recursive: true, force: true });
  });
  return state;
}
