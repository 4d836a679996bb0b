// `netmon agent timeline` against a server whose list pages are empty yet always link a new
// next page (v6 `pages.next`, v7 `_links.next.href`): with the client's default page budget
// each of the four lists stops after its run of empty pages, the gaps name the lists and say
// what to do, and the command exits non-zero in bounded time instead of walking forever.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_PAGING } from '../../../src/api/paging';
import { netmon } from './run-netmon';

const AGENT_ID = '0f1e2d3c-4b5a-4968-8776-655443322110';
/** Past this, the hostile server is closed: today's endless walk then ends, and the test fails on the time. */
const CLI_LIMIT_MS = 45_000;
/** v6's record array of each timeline list, by the last segment of its path. */
const V6_ARRAYS: Record<string, string> = {
  'user-sessions': 'userSessions',
  web: 'webSessions',
  network: 'networkSessions',
  'network-topology': 'networkProbes',
};

function answer(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Finds the agent honestly; every other list answers an empty page linking a page never seen before. */
async function startHostileServer(api: 'v6' | 'v7'): Promise<{ url: string; listRequests: number; close(): void }> {
  const state = { url: '', listRequests: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', state.url);
    req.resume().on('end', () => {
      if (/agents(\/filter)?$/.test(url.pathname)) {
        answer(
          res,
          api === 'v6'
            ? { endpointAgents: [{ agentId: AGENT_ID, computerName: 'laptop-1' }], pages: { current: 1 } }
            : { agents: [{ id: AGENT_ID, computerName: 'laptop-1' }] },
        );
        return;
      }
      // The alert marks' reads (v7: alerts, events, rules, tests) are not the timeline's lists: answered empty, unlinked.
      if (/\/v7\/(alerts(\/rules)?|events|tests)$/.test(url.pathname)) {
        answer(res, { alerts: [], events: [], rules: [], tests: [], _links: {} });
        return;
      }
      state.listRequests += 1;
      const page = Number(url.searchParams.get('page') ?? '1');
      url.searchParams.set('page', String(page + 1));
      const next = url.toString();
      const array = V6_ARRAYS[url.pathname.split('/').at(-1) ?? ''] ?? 'userSessions';
      answer(
        res,
        api === 'v6'
          ? { [array]: [], pages: { current: page, next } }
          : { results: [], _links: { next: { href: next } } },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  });
}

for (const api of ['v6', 'v7'] as const) {
  describe(`netmon agent timeline against endless empty pages (${api})`, () => {
    test(
      'ends non-zero in bounded time, each list a gap that names it and says what to do',
      { timeout: CLI_LIMIT_MS + 30_000 },
      async () => {
        const server = await startHostileServer(api);
        const started = Date.now();
        const cutoff = setTimeout(() => server.close(), CLI_LIMIT_MS);
        try {
          const result = await netmon(
            ['agent', 'timeline', AGENT_ID, '--window', '24h', '--base-url', server.url, '--aid', '1', '--api', api],
            { env: { NETMON_TOKEN: 't' } },
          );
          const elapsed = Date.now() - started;
          assert.ok(elapsed < CLI_LIMIT_MS, `ended by itself, in ${elapsed} ms`);
          assert.equal(result.code, 1, result.stderr);
          assert.match(result.stderr, /4 lists could not be read completely/);
          const run = DEFAULT_PAGING.maxEmptyPagesInRow;
          for (const list of ['userSessions', 'webSessions', 'networkSessions', 'networkProbes']) {
            assert.match(
              result.stdout,
              new RegExp(
                `^Gap: .* not read: ${list}: stopped after ${run} empty pages in a row .*narrow the time range`,
                'm',
              ),
              result.stdout,
            );
          }
          assert.equal(server.listRequests, 4 * run, 'no list request past its run of empty pages');
        } finally {
          clearTimeout(cutoff);
          server.close();
        }
      },
    );
  });
}
