// `netmon capture` through the real entry point against the emulator in both dialects (the
// client detects which): every file is free of the token, the users' e-mails and the world's
// names, ids in request paths are the same stand-ins as in bodies; then the capture is served
// back by a replay server and read through the client and the analysis the views use.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWaterfall, readHar } from '../../../src/analysis/har';
import { mergePathTraces } from '../../../src/analysis/path';
import { sessionOverview } from '../../../src/analysis/session';
import { createNetmonClient, type ApiVersion } from '../../../src/api';
import type { CaptureEntry } from '../../../src/cli/capture';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { netmon } from './run-netmon';

const NOW = Date.parse('2026-11-20T14:00:00Z');
const TOKEN = DEMO_CREDENTIALS.admin.token;

interface Captured {
  api: ApiVersion;
  entries: CaptureEntry[];
}
type Body = Record<string, unknown>;

function readCapture(out: string): { index: Captured; bodies: Map<string, Body> } {
  const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as Captured;
  const bodies = new Map(
    index.entries
      .filter((e) => e.status === 'ok')
      .map((e) => [e.name, (JSON.parse(readFileSync(join(out, e.file), 'utf8')) as { body: Body }).body]),
  );
  return { index, bodies };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Serves a capture back as a v6 service: the files hold the domain's records, which v6 sends
 * as they are. A detail answers only the id its file holds (ids in paths match ids in bodies).
 */
function replayServer(bodies: Map<string, Body>): Server {
  const detail =
    (name: string, idKey: string, wrap: (body: Body) => unknown) =>
    (id: string): unknown => {
      const body = bodies.get(name);
      return body && String(body[idKey]) === id ? wrap(body) : undefined;
    };
  // A capture is one page of each list: its `next` (to a stand-in host) is not served.
  const onePage = (name: string) => (): unknown => ({ ...bodies.get(name), pages: {} });
  const routes: [RegExp, (...ids: string[]) => unknown][] = [
    [/^\/v6\/endpoint-agents$/, onePage('endpoint-agents')],
    [/^\/v6\/endpoint-agents\/([^/]+)$/, detail('endpoint-agent', 'agentId', (b) => ({ endpointAgents: [b] }))],
    [/^\/v6\/endpoint-data\/user-sessions$/, onePage('user-sessions')],
    [
      /^\/v6\/endpoint-data\/user-sessions\/([^/]+)$/,
      detail('user-session', 'userSessionId', (b) => ({ userSessions: [b] })),
    ],
    [
      /^\/v6\/endpoint-data\/user-sessions\/([^/]+)\/page\/[^/]+$/,
      detail('user-session', 'userSessionId', () => ({ har: bodies.get('page') })),
    ],
    [
      /^\/v7\/endpoint-data\/tests\/net\/path-vis\/[^/]+\/([^/]+)\/[^/]+$/,
      detail('path-trace', 'agentId', (b) => ({ endpointNet: { pathVis: [b] } })),
    ],
  ];
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '';
    const route = routes.find(([pattern]) => pattern.test(path));
    const ids = route ? (route[0].exec(path) ?? []).slice(1).map(decodeURIComponent) : [];
    const body = route?.[1](...ids);
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { errorMessage: 'not in the capture' }));
  });
}

for (const api of ['v6', 'v7'] as const) {
  describe(`netmon capture of an account speaking ${api}`, () => {
    let emulator: RunningEmulator;
    let dir: string;
    let out: string;
    before(async () => {
      emulator = await startEmulator({ port: 0, api, now: () => NOW });
      dir = mkdtempSync(join(tmpdir(), 'netmon-capture-'));
      out = join(dir, 'capture');
    });
    after(async () => {
      rmSync(dir, { recursive: true, force: true });
      await emulator.close();
    });

    test('saves every read in the detected dialect, with no token, e-mail, name or address of the account', async () => {
      const run = await netmon(['capture', '--out', out, '--base-url', emulator.url, '--window', '1h'], {
        env: { NETMON_TOKEN: TOKEN },
      });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`saved \\d+ responses \\(API ${api}\\)`));
      assert.ok(!run.stdout.includes(TOKEN) && !run.stderr.includes(TOKEN));
      const { index } = readCapture(out);
      assert.equal(index.api, api);
      assert.deepEqual(
        index.entries.filter((e) => e.status === 'failed').map((e) => `${e.name}: ${e.error}`),
        [],
      );
      assert.ok(index.entries.length >= 17, `${index.entries.length} reads`);
      const prefix = api === 'v7' ? /^\/v7\/endpoint\// : /^\/v[67]\/(endpoint-|account-groups)/;
      for (const entry of index.entries)
        if (entry.name !== 'account-groups')
          assert.match(entry.request?.path ?? '', prefix, `${entry.name} was read in ${api}`);

      const everything = readdirSync(out)
        .map((name) => readFileSync(join(out, name), 'utf8'))
        .join('\n');
      const client = createNetmonClient({
        apiVersion: api,
        baseUrl: emulator.url,
        credentials: { kind: 'bearer', token: TOKEN },
      });
      try {
        const { endpointAgents } = await client.listEndpointAgents();
        const tests = await client.listEnterpriseTests();
        const secrets = [
          TOKEN,
          DEMO_CREDENTIALS.admin.email,
          DEMO_CREDENTIALS.viewer.email,
          ...endpointAgents.map((a) => a.computerName),
          ...endpointAgents.map((a) => a.agentId),
          ...tests.flatMap((t) => t.agents.map((a) => a.agentName)),
          new URL(emulator.url).host,
        ].filter((s) => typeof s === 'string' && s.length > 3);
        for (const secret of secrets) assert.ok(!everything.includes(secret), `the capture holds "${secret}"`);
      } finally {
        await client.close();
      }
    });

    test('ids in request paths are the stand-ins of the ids in the bodies', () => {
      const { index, bodies } = readCapture(out);
      const path = (name: string): string => index.entries.find((e) => e.name === name)?.request?.path ?? '';
      const agent = bodies.get('endpoint-agent')!;
      assert.ok(
        path('endpoint-agent').endsWith(`/${encodeURIComponent(String(agent['agentId']))}`),
        path('endpoint-agent'),
      );
      assert.equal(agent['agentId'], (bodies.get('endpoint-agents')!['endpointAgents'] as Body[])[0]!['agentId']);
      const session = bodies.get('user-session')!;
      assert.ok(
        path('user-session').endsWith(`/${encodeURIComponent(String(session['userSessionId']))}`),
        path('user-session'),
      );
      assert.ok(
        path('path-trace').includes(`/${encodeURIComponent(String(bodies.get('path-trace')!['agentId']))}/`),
        path('path-trace'),
      );
    });

    test('a replay of the capture reads through the client and renders in the analysis', async () => {
      const { bodies } = readCapture(out);
      const replay = replayServer(bodies);
      const client = createNetmonClient({
        apiVersion: 'v6',
        baseUrl: await listen(replay),
        credentials: { kind: 'bearer', token: 'replay' },
        retry: { maxRetries: 0 },
      });
      try {
        const { endpointAgents } = await client.listEndpointAgents();
        assert.ok(endpointAgents.length > 0);
        assert.equal(
          (await client.getEndpointAgent(endpointAgents[0]!.agentId)).agentId,
          endpointAgents[0]!.agentId,
          'ids in paths match ids in bodies',
        );
        const sessions = await client.userSessions({ window: '1h' }).collect({ maxRecords: 1 });
        const detail = await client.getUserSession(sessions.records[0]!.userSessionId);
        assert.ok(sessionOverview(detail).pages.length > 0);
        const har = readHar(await client.getPageDetails(detail.userSessionId, detail.pages[0]!.id));
        assert.ok(buildWaterfall(har, har.pages[0]?.id ?? '').rows.length > 0);
        const trace = bodies.get('path-trace')!;
        const routes = await client.getPathTrace(1, String(trace['agentId']), Number(trace['roundId']));
        assert.ok(mergePathTraces([routes]).nodes.length > 2);
      } finally {
        await client.close();
        await stop(replay);
      }
    });
  });
}

describe('netmon capture, folder rules', () => {
  test('refuses a folder that is not empty, and a symlink, without --force', async () => {
    const emulator = await startEmulator({ port: 0, api: 'v7', now: () => NOW });
    const dir = mkdtempSync(join(tmpdir(), 'netmon-capture-'));
    try {
      const link = join(dir, 'link');
      symlinkSync(tmpdir(), link);
      const linked = await netmon(['capture', '--out', link, '--base-url', emulator.url], {
        env: { NETMON_TOKEN: TOKEN },
      });
      assert.equal(linked.code, 2);
      assert.match(linked.stderr, /symbolic link/);
      const target = join(dir, 'elsewhere');
      assert.equal(
        (await netmon(['capture', '--out', target, '--base-url', emulator.url], { env: { NETMON_TOKEN: TOKEN } })).code,
        0,
      );
      const again = await netmon(['capture', '--out', target, '--base-url', emulator.url], {
        env: { NETMON_TOKEN: TOKEN },
      });
      assert.equal(again.code, 2);
      assert.match(again.stderr, /not empty: pass --force/);
      assert.match(
        (await netmon(['capture', '--out', join(dir, 'x'), '--base-url', emulator.url])).stderr,
        /set NETMON_TOKEN/,
      );
      assert.match(
        (
          await netmon(['capture', '--out', join(dir, 'y'), '--base-url', emulator.url, '--api', 'v8'], {
            env: { NETMON_TOKEN: TOKEN },
          })
        ).stderr,
        /--api must be auto, v7 or v6/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await emulator.close();
    }
  });
});
