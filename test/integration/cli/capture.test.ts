// `netmon capture` through the real entry point against the emulator: every file is free of
// the token, the users' e-mails and the world's names; then the capture is served back by a
// replay server and read through the client and the analysis the views use.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWaterfall, readHar } from '../../../src/analysis/har';
import { mergePathTraces } from '../../../src/analysis/path';
import { sessionOverview } from '../../../src/analysis/session';
import { createNetmonClient } from '../../../src/api';
import type { EndpointAgentsResponse, EnterpriseTestResponse, UserSessionsResponse } from '../../../src/api/types';
import type { CaptureEntry } from '../../../src/cli/capture';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const NOW = Date.parse('2026-11-20T14:00:00Z');

function netmon(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/netmon.ts', ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe('netmon capture', () => {
  let emulator: RunningEmulator;
  let dir: string;
  before(async () => {
    emulator = await startEmulator({ port: 0, now: () => NOW });
    dir = mkdtempSync(join(tmpdir(), 'netmon-capture-'));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await emulator.close();
  });

  test('saves every read, with no token, e-mail, name or address of the account', async () => {
    const out = join(dir, 'capture');
    const run = await netmon(['capture', '--out', out, '--base-url', emulator.url, '--window', '1h'], { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /saved \d+ responses/);
    assert.ok(!run.stdout.includes(DEMO_CREDENTIALS.admin.token) && !run.stderr.includes(DEMO_CREDENTIALS.admin.token));
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { entries: CaptureEntry[] };
    assert.deepEqual(index.entries.filter((e) => e.status === 'failed').map((e) => `${e.name}: ${e.error}`), []);
    assert.ok(index.entries.length >= 15, `${index.entries.length} reads`);

    const everything = readdirSync(out).map((name) => readFileSync(join(out, name), 'utf8')).join('\n');
    const headers = { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` };
    const agents = (await (await fetch(`${emulator.url}/v6/endpoint-agents`, { headers })).json()) as EndpointAgentsResponse;
    const tests = (await (await fetch(`${emulator.url}/v7/tests`, { headers })).json()) as EnterpriseTestResponse;
    const secrets = [
      DEMO_CREDENTIALS.admin.token, DEMO_CREDENTIALS.admin.email, DEMO_CREDENTIALS.viewer.email,
      ...agents.endpointAgents.map((a) => a.computerName), ...agents.endpointAgents.map((a) => a.agentId),
      ...tests.test.flatMap((t) => t.agents.map((a) => a.agentName)),
      new URL(emulator.url).host,
    ].filter((s) => typeof s === 'string' && s.length > 3);
    for (const secret of secrets) assert.ok(!everything.includes(secret), `the capture holds "${secret}"`);
  });

  test('refuses a folder that is not empty, and a symlink, without --force', async () => {
    const target = join(dir, 'elsewhere');
    const link = join(dir, 'link');
    symlinkSync(tmpdir(), link);
    const linked = await netmon(['capture', '--out', link, '--base-url', emulator.url], { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token });
    assert.equal(linked.code, 2);
    assert.match(linked.stderr, /symbolic link/);
    assert.equal((await netmon(['capture', '--out', target, '--base-url', emulator.url], { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token })).code, 0);
    const again = await netmon(['capture', '--out', target, '--base-url', emulator.url], { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token });
    assert.equal(again.code, 2);
    assert.match(again.stderr, /not empty: pass --force/);
    assert.match((await netmon(['capture', '--out', join(dir, 'x'), '--base-url', emulator.url], {})).stderr, /set NETMON_TOKEN/);
  });

  test('a replay of the capture reads through the client and renders in the analysis', async () => {
    const out = join(dir, 'capture');
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { entries: CaptureEntry[] };
    const bodies = new Map(index.entries.filter((e) => e.status === 'ok').map((e) => [e.request.path, (JSON.parse(readFileSync(join(out, e.file), 'utf8')) as { body: unknown }).body]));
    const replay: Server = createServer((request, response) => {
      const body = bodies.get((request.url ?? '/').split('?')[0] ?? '');
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body ?? { errorMessage: 'not in the capture' }));
    });
    await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
    const client = createNetmonClient({ apiVersion: 'v6', baseUrl: `http://127.0.0.1:${(replay.address() as AddressInfo).port}`, credentials: { kind: 'bearer', token: 'replay' }, retry: { maxRetries: 0 } });
    try {
      const { endpointAgents } = await client.listEndpointAgents();
      assert.ok(endpointAgents.length > 0);
      assert.equal((await client.getEndpointAgent(endpointAgents[0]!.agentId)).agentId, endpointAgents[0]!.agentId, 'ids in paths match ids in bodies');
      const sessions = bodies.get('/v6/endpoint-data/user-sessions') as UserSessionsResponse;
      const session = sessions.userSessions[0]!;
      const detail = await client.getUserSession(session.userSessionId);
      const overview = sessionOverview(detail);
      assert.ok(overview.pages.length > 0);
      const page = await client.getPageDetails(session.userSessionId, detail.pages[0]!.id);
      const har = readHar(page);
      assert.ok(buildWaterfall(har, har.pages[0]?.id ?? '').rows.length > 0);
      const traces = [...bodies.entries()].find(([path]) => /\/path-vis\/[^/]+\/[^/]+\/\d+$/.test(path))?.[1] as { endpointNet: { pathVis: Parameters<typeof mergePathTraces>[0] } };
      assert.ok(mergePathTraces(traces.endpointNet.pathVis).nodes.length > 2);
    } finally {
      await client.close();
      replay.closeAllConnections();
      await new Promise<void>((resolve) => replay.close(() => resolve()));
    }
  });
});
