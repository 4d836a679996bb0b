// apply_documents through `netmon mcp --allow-writes` (the SDK's client over stdio) changes only
// tests that are ours (src/documents/ours.ts): tests someone deployed without it, though the
// documents' deployments bind them, are neither updated nor deleted — the whole plan is
// refused and the documents stay as they were — while a test it created itself is updated.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { enterpriseAgentIds } from '../emulator/helpers';
import { NOW_MS } from './context';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');

interface CallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

describe('apply_documents in netmon mcp changes only tests that are ours', () => {
  let emulator: RunningEmulator;
  let api: NetmonClient;
  let workspace: string;
  let state: string;
  let mcp: Client;
  const [agentId] = enterpriseAgentIds(1001);
  const theirs: Record<string, number> = {};

  const call = async (name: string, args: Record<string, unknown>): Promise<CallResult> =>
    (await mcp.callTool({ name, arguments: args })) as CallResult;
  const textOf = (result: CallResult): string => result.content.map((c) => c.text ?? '').join('\n');
  const document = (name: string, interval: number, extra: Record<string, unknown> = {}): string =>
    `${JSON.stringify({ type: 'agent-to-server', testName: name, interval, agents: [{ agentId }], server: 'a.example', ...extra }, null, 2)}\n`;
  const bound = (testId: number): Record<string, unknown> => ({ deployments: { [emulator.url]: { 1001: testId } } });
  const interval = async (testId: number): Promise<number | undefined> =>
    (await api.listEnterpriseTests()).find((t) => t.testId === testId)?.interval;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'netmon-ours-'));
    state = mkdtempSync(join(tmpdir(), 'netmon-ours-state-'));
    emulator = await startEmulator({ port: 0, now: () => NOW_MS, api: 'v6' });
    api = createNetmonClient({
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      apiVersion: 'v6',
    });
    // Deployed by someone else: the documents below name them, but no apply from here made them.
    for (const name of ['Theirs, updated', 'Theirs, deleted']) {
      theirs[name] = (
        await api.createTest('agent-to-server', {
          testName: name,
          interval: 300,
          agents: [{ agentId: agentId! }],
          server: 'a.example',
        })
      ).testId;
    }
    mkdirSync(join(workspace, 'cloned'));
    writeFileSync(
      join(workspace, 'cloned', 'updated.netmon-test.json'),
      document('Theirs, updated', 600, bound(theirs['Theirs, updated']!)),
    );
    writeFileSync(
      join(workspace, 'cloned', 'deleted.netmon-test.json'),
      document('Theirs, deleted', 300, { markedForDeletion: true, ...bound(theirs['Theirs, deleted']!) }),
    );
    mkdirSync(join(workspace, 'mine'));
    writeFileSync(join(workspace, 'mine', 'mine.netmon-test.json'), document('Mine', 300));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '--import',
        TSX,
        ENTRY,
        'mcp',
        '--base-url',
        emulator.url,
        '--aid',
        '1001',
        '--api',
        'v6',
        '--allow-writes',
      ],
      cwd: workspace,
      env: {
        ...(process.env as Record<string, string>),
        NETMON_TOKEN: DEMO_CREDENTIALS.admin.token,
        NETMON_STATE_DIR: state,
      },
      stderr: 'pipe',
    });
    mcp = new Client({ name: 'netmon-test', version: '1.0.0' });
    await mcp.connect(transport);
  });
  after(async () => {
    await mcp.close();
    await api.close();
    await emulator.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  test('the tool states the rule: what is ours, and that a deployments binding alone is not', async () => {
    const { tools } = await mcp.listTools();
    const description = tools.find((t) => t.name === 'apply_documents')?.description ?? '';
    assert.match(
      description,
      /changes only tests that are ours: a test is ours when netmon apply, the editor's Apply or apply_documents created it from this machine/,
    );
    assert.match(description, /deployments binding alone does not make a test ours/);
    assert.equal(
      Object.keys((tools.find((t) => t.name === 'apply_documents')?.inputSchema.properties ?? {}) as object).includes(
        'allowReplace',
      ),
      false,
      'no argument lets a model widen it',
    );
  });

  test('bound tests that are not ours: plan says so, apply refuses, nothing is updated or deleted, the documents stay', async () => {
    const before = ['updated', 'deleted'].map((name) =>
      readFileSync(join(workspace, 'cloned', `${name}.netmon-test.json`), 'utf8'),
    );
    const plan = await call('plan_documents', { paths: ['cloned'] });
    assert.match(textOf(plan), /1 to update, 0 to replace, 1 to delete/);
    assert.match(textOf(plan), /2 steps would change tests that are not ours/);

    const applied = await call('apply_documents', { paths: ['cloned'] });
    assert.equal(applied.isError, true, textOf(applied));
    assert.match(
      textOf(applied),
      /^apply_documents: nothing was applied: the plan would update test \d+, delete test \d+, and those tests are not ours/,
    );
    assert.equal(await interval(theirs['Theirs, updated']!), 300, 'not updated');
    assert.equal(await interval(theirs['Theirs, deleted']!), 300, 'not deleted');
    assert.deepEqual(
      ['updated', 'deleted'].map((name) => readFileSync(join(workspace, 'cloned', `${name}.netmon-test.json`), 'utf8')),
      before,
    );
  });

  test('a test apply_documents created from here is ours: the next apply updates it', async () => {
    const created = await call('apply_documents', { paths: ['mine'] });
    assert.equal(created.isError, false, textOf(created));
    const path = join(workspace, 'mine', 'mine.netmon-test.json');
    const testId = Number(/"1001": (\d+)/.exec(readFileSync(path, 'utf8'))?.[1]);
    assert.equal(await interval(testId), 300);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"interval": 300', '"interval": 600'));
    const updated = await call('apply_documents', { paths: ['mine'] });
    assert.equal(updated.isError, false, textOf(updated));
    assert.equal(await interval(testId), 600);
  });
});
