// `netmon capture --base-url http://host/api` against a hostile service whose answers carry
// ids meant to climb out of the base path (issue #27 row 6: a path-vis roundId of
// `../../other-app/admin/export` sent the token to /other-app/admin/export). Every request
// must stay below /api, in either dialect, and the ids still reach the service, encoded.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { netmon } from './run-netmon';

const TOKEN = 'hostile-test-token-0123456789';

interface Seen {
  url: string;
  authorization: string | undefined;
}

/** Answers every read with one record whose every id is `hostile`, in both dialects' shapes. */
function hostileService(
  api: 'v6' | 'v7',
  ids: { hostile: string; roundId: string | number },
): { server: Server; seen: Seen[] } {
  // `ids` is read per request: the absolute-URL case names the server's own port, known once it listens.
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith('/api/') || (api === 'v6' && path.startsWith('/api/v7/endpoint/'))) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"errorMessage":"not here"}');
      return;
    }
    const h = ids.hostile;
    const record = {
      id: h,
      agentId: h,
      userSessionId: h,
      networkProbeId: h,
      networkTopologyId: h,
      networkId: h,
      pageId: h,
      aid: 1,
      testId: '7',
      type: 'agent-to-server',
      roundId: ids.roundId,
      name: 'n',
      computerName: 'n',
      pages: [{ id: h }],
      pathTraces: [],
      routes: [],
    };
    const body = {
      ...record,
      agents: [record],
      endpointAgents: [record],
      tests: [record],
      endpointTest: [record],
      results: [record],
      endpointNet: { pathVis: [record], metrics: [record] },
      endpointWeb: { httpServer: [record] },
      userSessions: [record],
      networkProbes: [record],
      webSessions: [record],
      networkSessions: [record],
      localNetworks: [record],
      privateNetworks: [record],
      accountGroups: [record],
      _links: { self: { href: `http://${request.headers.host}${request.url}` } },
      pages: {},
    };
    response.writeHead(200, { 'content-type': api === 'v7' ? 'application/hal+json' : 'application/json' });
    response.end(JSON.stringify(body));
  });
  return { server, seen };
}

for (const api of ['v6', 'v7'] as const) {
  describe(`netmon capture of a hostile ${api} service`, () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'netmon-capture-hostile-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    const cases: { name: string; hostile: (origin: string) => string; roundId: (origin: string) => string | number }[] =
      [
        {
          name: 'a roundId of ../../other-app/admin/export',
          hostile: () => 'agent-1',
          roundId: () => '../../other-app/admin/export',
        },
        {
          name: 'ids of ../../other-app/admin/export',
          hostile: () => '../../other-app/admin/export',
          roundId: () => 5,
        },
        { name: 'ids with an encoded slash', hostile: () => '..%2F..%2Fother-app%2Fadmin%2Fexport', roundId: () => 5 },
        { name: 'ids with a query', hostile: () => '?x=/../../other-app/admin/export#', roundId: () => 5 },
        {
          name: 'ids that are absolute URLs',
          hostile: (origin) => `${origin}/other-app/admin/export`,
          roundId: (origin) => `${origin}/other-app/admin/export`,
        },
        { name: 'ids of ..', hostile: () => '..', roundId: () => 5 },
      ];
    for (const [caseIndex, testCase] of cases.entries()) {
      test(`${testCase.name}: no request leaves /api and the token stays there`, async () => {
        const ids = { hostile: '', roundId: 0 as string | number };
        const service = hostileService(api, ids);
        await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
        // The absolute-URL ids name this very server, so leaving /api would reach it.
        const real = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
        const hostile = testCase.hostile(real);
        Object.assign(ids, { hostile, roundId: testCase.roundId(real) });
        try {
          const out = join(dir, `capture-${caseIndex}`);
          const run = await netmon(['capture', '--out', out, '--base-url', `${real}/api`], {
            env: { NETMON_TOKEN: TOKEN },
          });
          assert.equal(run.code, 0, run.stderr);
          const seen = service.seen;
          assert.ok(seen.length >= 5, `${seen.length} requests`);
          for (const request of seen) {
            assert.ok(request.url.startsWith('/api/'), `a request went to ${request.url}`);
            assert.ok(new URL(request.url, real).pathname.startsWith('/api/'), `${request.url} resolves outside /api`);
            assert.ok(
              !request.url
                .split('?')[0]!
                .split('/')
                .some((segment) => segment === '..' || segment === '.'),
              `${request.url} climbs`,
            );
          }
          assert.ok(
            seen.every((request) => request.authorization === `Bearer ${TOKEN}`),
            'the token went only with requests below /api',
          );
          if (hostile !== '..' && testCase.roundId(real) === 5) {
            assert.ok(
              seen.some((request) => request.url.includes(`/${encodeURIComponent(hostile)}`)),
              'the hostile id was read, as one encoded segment',
            );
          }
          const saved = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { api: string };
          assert.equal(saved.api, api);
          const files = readdirSync(out)
            .map((name) => readFileSync(join(out, name), 'utf8'))
            .join('\n');
          assert.ok(!files.includes(TOKEN) && !run.stdout.includes(TOKEN) && !run.stderr.includes(TOKEN));
        } finally {
          service.server.closeAllConnections();
          await new Promise<void>((resolve) => service.server.close(() => resolve()));
        }
      });
    }
  });
}
