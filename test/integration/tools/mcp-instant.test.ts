// run_instant_test through `netmon mcp --allow-writes`, driven by the MCP SDK's own client over
// stdio against the emulator. On v7 a test document of any type runs whole from its own
// enterprise agents, as `netmon run` runs it: each agent answered by name, nothing deployed,
// the outside text fenced. On v6 an http-server document still runs from endpoint agents and
// a DNS document is told, in one sentence, that it needs the current API.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createNetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { FENCE_CLOSE, FENCE_OPEN } from '../../../src/tools/fence';

const REPO = join(__dirname, '..', '..', '..');
const TSX = pathToFileURL(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const ENTRY = join(REPO, 'src', 'cli', 'netmon.ts');

interface CallResult {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
interface AgentAnswer {
  agentId: string;
  agent: string;
  health: string;
}

const textOf = (result: CallResult): string => result.content.map((c) => c.text ?? '').join('\n');

async function connect(emulator: RunningEmulator, api: 'v6' | 'v7', workspace: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', TSX, ENTRY, 'mcp', '--base-url', emulator.url, '--api', api, '--allow-writes'],
    cwd: workspace,
    env: { ...(process.env as Record<string, string>), NETMON_TOKEN: DEMO_CREDENTIALS.admin.token },
    stderr: 'pipe',
  });
  const mcp = new Client({ name: 'netmon-test', version: '1.0.0' });
  await mcp.connect(transport);
  return mcp;
}

function writeDocument(workspace: string, file: string, document: Record<string, unknown>): void {
  writeFileSync(join(workspace, file), JSON.stringify(document, null, 2));
}

/** The text outside the one fenced block. */
function outsideFence(text: string): string {
  const lines = text.split('\n');
  const open = lines.findIndex((l) => l.startsWith(FENCE_OPEN));
  const close = lines.lastIndexOf(FENCE_CLOSE);
  assert.ok(open >= 0 && close > open, text);
  return [...lines.slice(0, open), ...lines.slice(close + 1)].join('\n');
}

describe('run_instant_test over stdio on v7: the document runs whole, as netmon run runs it', () => {
  let emulator: RunningEmulator;
  let workspace: string;
  let client: Client;
  let agents: { agentId: number; agentName: string }[] = [];
  const call = async (args: Record<string, unknown>): Promise<CallResult> =>
    (await client.callTool({ name: 'run_instant_test', arguments: args })) as CallResult;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'netmon-mcp-instant-v7-'));
    emulator = await startEmulator({ port: 0, api: 'v7', instantTestDelaySeconds: 0 });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    agents = (group?.enterpriseAgents() ?? [])
      .slice(0, 3)
      .map((a) => ({ agentId: a.agentId, agentName: String(a.agentName) }));
    const [first, ...others] = agents;
    writeDocument(workspace, 'portal.netmon-test.json', {
      type: 'http-server',
      testName: 'Portal now',
      interval: 300,
      url: 'https://portal.example.com/health',
      enabled: 1,
      agents: [{ agentName: first?.agentName }, ...others.map((a) => ({ agentId: a.agentId }))],
    });
    writeDocument(workspace, 'resolvers.netmon-test.json', {
      type: 'dns-server',
      testName: 'Resolvers now',
      interval: 3600,
      domain: 'example.com',
      agents: agents.map((a) => ({ agentId: a.agentId })),
    });
    client = await connect(emulator, 'v7', workspace);
  });
  after(async () => {
    await client.close();
    await emulator.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  test('an http-server document: each of its enterprise agents answers by name, and nothing is deployed', async () => {
    const result = await call({ document: 'portal.netmon-test.json' });
    const text = textOf(result);
    assert.equal(result.isError, false, text);
    const data = result.structuredContent!;
    assert.equal(data['type'], 'http-server');
    assert.equal(data['kind'], 'http-server');
    const answered = data['agents'] as AgentAnswer[];
    assert.deepEqual(answered.map((a) => a.agent).sort(), agents.map((a) => a.agentName).sort(), text);
    assert.deepEqual(data['missing'], []);
    const failing = answered
      .filter((a) => a.health === 'failing')
      .map((a) => a.agent)
      .sort();
    assert.deepEqual([...(data['failing'] as string[])].sort(), failing);
    assert.match(
      text,
      new RegExp(
        `^Instant run of test ${String(data['testId'])} \\(http-server\\): 3 of 3 agents answered, ${failing.length} failing, 0 without an answer\\.`,
      ),
    );
    // Agent names, the test's name and the URL come from outside: only inside the fence.
    const outside = outsideFence(text);
    for (const agent of agents)
      assert.ok(!outside.includes(agent.agentName) && text.includes(agent.agentName), agent.agentName);
    assert.doesNotMatch(outside, /Portal now|portal\.example\.com/);
    const client7 = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    try {
      assert.ok(
        !(await client7.listEnterpriseTests()).some((t) => t.testName === 'Portal now'),
        'an instant run deploys nothing',
      );
    } finally {
      await client7.close();
    }
  });

  test('a DNS server document, which has no endpoint instant form, runs too: its own results per agent', async () => {
    const result = await call({ document: 'resolvers.netmon-test.json' });
    assert.equal(result.isError, false, textOf(result));
    assert.equal(result.structuredContent!['kind'], 'dns-server');
    assert.equal((result.structuredContent!['agents'] as AgentAnswer[]).length, agents.length, textOf(result));
  });

  test('a document naming an agent the account lacks is refused with a sentence before anything runs', async () => {
    writeDocument(workspace, 'ghost.netmon-test.json', {
      type: 'http-server',
      testName: 'Ghost',
      interval: 300,
      url: 'https://a.example/',
      agents: [{ agentName: 'No Such Agent' }],
    });
    const result = await call({ document: 'ghost.netmon-test.json' });
    assert.equal(result.isError, true);
    assert.match(
      textOf(result),
      /^run_instant_test: [^\n]*\n<<<UNTRUSTED DATA[^\n]*\n.*No Such Agent/,
      'the error inside the fence',
    );
  });
});

describe('run_instant_test over stdio on v6: endpoint agents, or a sentence', () => {
  let emulator: RunningEmulator;
  let workspace: string;
  let client: Client;
  const call = async (args: Record<string, unknown>): Promise<CallResult> =>
    (await client.callTool({ name: 'run_instant_test', arguments: args })) as CallResult;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'netmon-mcp-instant-v6-'));
    emulator = await startEmulator({ port: 0, api: 'v6', instantTestDelaySeconds: 0 });
    writeDocument(workspace, 'portal.netmon-test.json', {
      type: 'http-server',
      testName: 'Portal',
      interval: 300,
      url: 'https://portal.example.com/health',
      agents: [{ agentId: 1 }],
    });
    writeDocument(workspace, 'resolvers.netmon-test.json', {
      type: 'dns-server',
      testName: 'Resolvers',
      interval: 3600,
      domain: 'example.com',
      agents: [{ agentId: 1 }],
    });
    client = await connect(emulator, 'v6', workspace);
  });
  after(async () => {
    await client.close();
    await emulator.close();
    rmSync(workspace, { recursive: true, force: true });
  });

  test('an http-server document runs now from endpoint agents, saying what was not carried over', async () => {
    const result = await call({ document: 'portal.netmon-test.json' });
    assert.equal(result.isError, false, textOf(result));
    assert.equal(result.structuredContent!['type'], 'http-server');
    assert.ok((result.structuredContent!['results'] as unknown[]).length > 0, textOf(result));
    assert.ok((result.structuredContent!['notCarriedOver'] as { field: string }[]).some((n) => n.field === 'agents'));
  });

  test('a DNS server document: one sentence saying it needs the current API', async () => {
    const result = await call({ document: 'resolvers.netmon-test.json' });
    assert.equal(result.isError, true);
    assert.match(
      textOf(result),
      /^run_instant_test: resolvers\.netmon-test\.json is a dns-server test: running it now needs the current API \(v7\)[^.]*\.$/,
    );
  });
});
