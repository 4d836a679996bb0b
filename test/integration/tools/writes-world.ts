// An emulator of one dialect, a workspace folder, and `netmon mcp --allow-writes` over it (the SDK's client over
// stdio) with its own state folder: the world of the tests that plan and apply documents through the tools.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { NOW_MS } from './context';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');

export interface CallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export async function writesWorld(
  api: 'v6' | 'v7',
  prefix = 'netmon-tools-writes',
): Promise<{
  emulator: RunningEmulator;
  client: NetmonClient;
  workspace: string;
  call: (name: string, args: Record<string, unknown>) => Promise<CallResult>;
  close(): Promise<void>;
}> {
  const workspace = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const state = mkdtempSync(join(tmpdir(), `${prefix}-state-`));
  const emulator = await startEmulator({ port: 0, now: () => NOW_MS, api });
  const client = createNetmonClient({
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    apiVersion: api,
  });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', TSX, ENTRY, 'mcp', '--base-url', emulator.url, '--aid', '1001', '--api', api, '--allow-writes'],
    cwd: workspace,
    env: {
      ...(process.env as Record<string, string>),
      NETMON_TOKEN: DEMO_CREDENTIALS.admin.token,
      NETMON_STATE_DIR: state,
    },
    stderr: 'pipe',
  });
  const mcp = new Client({ name: 'netmon-test', version: '1.0.0' });
  await mcp.connect(transport);
  return {
    emulator,
    client,
    workspace,
    call: async (name, args) => (await mcp.callTool({ name, arguments: args })) as CallResult,
    close: async () => {
      await mcp.close();
      await client.close();
      await emulator.close();
      rmSync(workspace, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    },
  };
}
