// "A write is a write, whoever asks": every tool of the catalogue that can create or change a
// file or the account declares `writes: true`, which is what gets it refused without
// --allow-writes, refused in Restricted Mode and asked about in VS Code.
//
// Why a run and not a list: redact_har said `writes: false` and wrote a file when given an
// `output`, so neither the flag nor a name-based list could be trusted; what a tool does can.
// Each tool is called with writes allowed against the emulator and a scratch workspace, with
// sample arguments that together use every parameter of its schema (an argument that makes a
// tool write, like that `output`, cannot be left out), and each call's effects are watched:
// files created, changed or removed under a folder holding the workspace, a sibling of it and
// the state folder, and requests that change the account (the emulator's request log: any
// method but GET, save the searches that POST a filter). A tool with an effect must say
// `writes: true`; and each tool that says so must show one, or the watch itself is blind.
// Limit: a write anywhere else on the disk (say the temp folder) is not seen.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { callTool, TOOLS } from '../../../src/tools/catalogue';
import type { ToolContext } from '../../../src/tools/types';
import { NOW_MS } from './context';

const REPO = join(__dirname, '..', '..', '..');
const HOUR_MS = 3_600_000;
/** Tools that need a v7 account: watched on an emulator of their own, speaking v7. */
const V7_TOOLS = new Set(['list_alerts', 'explain_alert', 'backtest_alert_rule']);

interface Logged {
  method: string;
  path: string;
  body?: unknown;
}

/** A read the API takes as a POST: v7's `…/filter` endpoints, v6 lists with `searchFilters`. */
function isSearch(request: Logged): boolean {
  const body = request.body as { searchFilters?: unknown } | undefined;
  return request.method === 'POST' && (/\/filter$/.test(request.path) || body?.searchFilters !== undefined);
}

/** Every file and folder below `root`: kind, size and modification time, by path. */
function snapshot(root: string): Map<string, string> {
  const seen = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stats = lstatSync(path);
      seen.set(
        path,
        `${stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : 'f'} ${stats.size} ${stats.mtimeMs}`,
      );
      if (stats.isDirectory()) walk(path);
    }
  };
  walk(root);
  return seen;
}

function changedPaths(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path));
}

describe('every tool that writes says writes: true', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let root: string;
  let ctx: ToolContext;
  let v7: { emulator: RunningEmulator; client: NetmonClient; ctx: ToolContext };
  const samples = new Map<string, Record<string, unknown>[]>();
  const previousState = process.env['NETMON_STATE_DIR'];

  /** What one call did: files touched below the root, requests that changed the account. */
  async function effectsOf(name: string, args: Record<string, unknown>): Promise<string[]> {
    const world = V7_TOOLS.has(name) ? v7 : { emulator, ctx };
    await fetch(`${world.emulator.url}/_emulator/requests`, { method: 'DELETE' });
    const before = snapshot(root);
    const outcome = await callTool(name, args, world.ctx);
    assert.equal(
      outcome.isError,
      false,
      `${name} ${JSON.stringify(args)} must succeed to reach its writes: ${outcome.text}`,
    );
    const { requests } = (await (await fetch(`${world.emulator.url}/_emulator/requests`)).json()) as {
      requests: Logged[];
    };
    return [
      ...changedPaths(before, snapshot(root)).map((path) => `file ${path.slice(root.length + 1)}`),
      ...requests.filter((r) => r.method !== 'GET' && !isSearch(r)).map((r) => `${r.method} ${r.path}`),
    ];
  }

  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'netmon-catalogue-writes-'));
    const workspace = join(root, 'workspace');
    for (const folder of ['workspace/docs', 'outside', 'state']) mkdirSync(join(root, folder), { recursive: true });
    process.env['NETMON_STATE_DIR'] = join(root, 'state');
    const examples = join(REPO, 'examples');
    copyFileSync(join(examples, 'corporate-dns.netmon-test.json'), join(workspace, 'docs', 'dns.netmon-test.json'));
    copyFileSync(
      join(examples, 'intranet-from-laptops.netmon-instant.json'),
      join(workspace, 'intranet.netmon-instant.json'),
    );
    for (const side of ['before', 'after'])
      copyFileSync(join(REPO, 'test', 'fixtures', 'har-real', `chrome-${side}.har`), join(workspace, `${side}.har`));
    // The clock runs from NOW_MS: an instant test's results appear once time passes.
    const started = Date.now();
    const now = (): number => NOW_MS + (Date.now() - started);
    emulator = await startEmulator({ port: 0, api: 'v6', now, control: true, instantTestDelaySeconds: 0 });
    client = createNetmonClient({
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      apiVersion: 'v6',
    });
    const account = { client, serviceKey: 'demo', aidKey: '1001', requestAid: undefined, label: 'the emulator' };
    ctx = { account: { ...account, close: () => Promise.resolve() }, cwd: workspace, allowWrites: true, now };
    // v7, with a network test deployed three days ago: the seeded path episodes have raised alerts on it since.
    let v7Now = NOW_MS - 3 * 24 * HOUR_MS;
    const v7Emulator = await startEmulator({ port: 0, api: 'v7', now: () => v7Now, control: true });
    const v7Client = createNetmonClient({
      baseUrl: v7Emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      apiVersion: 'v7',
    });
    const { records: cloudAgents } = await v7Client.enterpriseAgents().collect({ maxRecords: 5 });
    await v7Client.createTest('agent-to-server', {
      testName: 'alerting',
      interval: 300,
      server: 'example.com',
      agents: cloudAgents.map((agent) => ({ agentId: agent.agentId })),
    });
    v7Now = NOW_MS;
    v7 = {
      emulator: v7Emulator,
      client: v7Client,
      ctx: { ...ctx, account: { ...account, client: v7Client, close: () => Promise.resolve() }, now: () => v7Now },
    };
    const [alert] = (await v7Client.alerts({ window: '3d' }).collect({ maxRecords: 1 })).records;
    assert.ok(alert, 'an alert on the deployed test');

    // Ids and names the samples need, read as an agent would.
    const worst = await callTool('find_worst_sessions', { window: '24h', limit: 2 }, ctx);
    const sessions = worst.data['sessions'] as { userSessionId: string; agent: string; site: string }[];
    const [first, second] = sessions;
    assert.ok(first && second, worst.text);
    const [network] = (await client.networks().collect({ maxRecords: 1 })).records;
    const range = { from: new Date(NOW_MS - 6 * HOUR_MS).toISOString(), to: new Date(NOW_MS).toISOString() };
    const round = new Date(NOW_MS - HOUR_MS).toISOString();
    const older = new Date(NOW_MS - 5 * HOUR_MS).toISOString();
    const set = (name: string, ...args: Record<string, unknown>[]): void => void samples.set(name, args);
    set(
      'find_worst_sessions',
      { window: '24h', agent: first.agent, site: first.site, network: String(network?.networkName), limit: 3 },
      range,
    );
    set('explain_session', { userSessionId: first.userSessionId });
    set('session_path', { userSessionId: first.userSessionId });
    set('agent_timeline', { agent: first.agent, window: '6h' }, { agent: first.agent, ...range });
    set('find_agent', { name: first.agent, limit: 2 });
    set('localize_path', { testId: 100102, round, window: '24h' }, { testId: 100102, rounds: 2, ...range });
    set('diff_path', { testId: 100102, round, against: older, window: '24h' }, { testId: 100102, ...range });
    set('list_alerts', { window: '3d', state: 'active' }, { ...range, state: 'cleared' });
    set('explain_alert', { alertId: alert.alertId, round: alert.startDate });
    const lossRule = { ruleName: 'Default Network Loss', expression: '((loss >= 10%))', tests: ['alerting'] };
    writeFileSync(join(workspace, 'loss.netmon-alert-rule.json'), JSON.stringify(lossRule));
    set(
      'backtest_alert_rule',
      { document: 'loss.netmon-alert-rule.json', days: 3, maxFirings: 5 },
      { rule: { ...lossRule, roundsViolatingOutOf: 2 }, days: 1 },
    );
    set('compare_sessions', { first: first.userSessionId, second: second.userSessionId });
    set('compare_hars', { before: 'before.har', after: 'after.har', beforePage: '1', afterPage: '*' });
    set('redact_har', { file: 'after.har', keepCookies: true, keepBodies: true });
    set('write_redacted_har', { file: 'after.har', output: 'after-redacted.har', keepCookies: true, keepBodies: true });
    set('validate_documents', { paths: ['docs'] });
    set('plan_documents', { paths: ['docs'] });
    set('apply_documents', { paths: ['docs'] });
    set('run_instant_test', { document: 'intranet.netmon-instant.json' });
  });
  after(async () => {
    await client.close();
    await emulator.close();
    await v7.client.close();
    await v7.emulator.close();
    rmSync(root, { recursive: true, force: true });
    if (previousState === undefined) delete process.env['NETMON_STATE_DIR'];
    else process.env['NETMON_STATE_DIR'] = previousState;
  });

  test('each tool has sample arguments that, together, use every parameter of its schema', () => {
    for (const tool of TOOLS) {
      const used = new Set((samples.get(tool.name) ?? []).flatMap((args) => Object.keys(args)));
      const unused = Object.keys(tool.inputSchema.properties).filter((key) => !used.has(key));
      assert.deepEqual(unused, [], `${tool.name}: add samples that use ${unused.join(', ') || 'its parameters'}`);
    }
  });

  test('a tool that wrote a file or changed the account declares writes: true; each that declares it did', async () => {
    const wrongly: string[] = [];
    const blind: string[] = [];
    for (const tool of TOOLS) {
      const effects: string[] = [];
      for (const args of samples.get(tool.name) ?? []) effects.push(...(await effectsOf(tool.name, args)));
      if (effects.length > 0 && !tool.writes) wrongly.push(`${tool.name} (${effects.join(', ')})`);
      if (effects.length === 0 && tool.writes) blind.push(tool.name);
    }
    assert.deepEqual(wrongly, [], 'these tools write but say writes: false');
    assert.deepEqual(blind, [], 'these tools say writes: true, yet no write was seen: the watch is blind to them');
  });
});
