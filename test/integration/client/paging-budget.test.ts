// Walks with an end: a server whose pages always link a new next page (v6 `pages.next`, v7
// `_links.next.href`, XML `<pages><next>`) is stopped by the client's page budget (option
// `paging`) with a PageBudgetError naming the list, after at most that many requests counted
// on the server, and the pages a walk remembers stay bounded in memory; a list within the
// budget (on a loopback server or the emulator) still reads whole.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createNetmonClient,
  PageBudgetError,
  PagingLoopError,
  type ApiVersion,
  type NetmonClient,
  type NetmonClientOptions,
} from '../../../src/api';
import { DEFAULT_PAGING } from '../../../src/api/paging';
import { drain, emulatedNow, rejection, TestBed } from './helpers';

/** Today's client never ends these walks: each is cancelled after this, so it fails rather than hangs. */
const WALK_LIMIT_MS = 60_000;

interface PagingServer {
  url: string;
  requests: number;
  close(): Promise<void>;
}

interface Pages {
  /** Records on page n (default none: every page empty). */
  records?: (page: number) => number;
  /** The last page (default: none, every page links a next one never seen before). */
  last?: number;
  /** Characters added to each next link (long links, for the memory check). */
  padding?: number;
  xml?: boolean;
}

/** A loopback server answering every request with page `?page=n` of a list, as the dialect pages. */
async function startPagingServer(api: ApiVersion, pages: Pages = {}): Promise<PagingServer> {
  const state = { url: '', requests: 0 };
  const pad = pages.padding ? `&pad=${'p'.repeat(pages.padding)}` : '';
  const server = createServer((req, res) => {
    state.requests += 1;
    const asked = new URL(req.url ?? '/', state.url);
    const page = Number(asked.searchParams.get('page') ?? '1');
    const next = page === pages.last ? undefined : `${state.url}${asked.pathname}?page=${page + 1}${pad}`;
    const ids = Array.from({ length: pages.records?.(page) ?? 0 }, (_, i) => `s${page}-${i}`);
    req.resume().on('end', () => {
      if (pages.xml) {
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<userSessions><pages><current>${page}</current>${next ? `<next>${next.replace(/&/g, '&amp;')}</next>` : ''}</pages></userSessions>`,
        );
        return;
      }
      const body =
        api === 'v6'
          ? {
              userSessions: ids.map((userSessionId) => ({ userSessionId })),
              pages: { current: page, ...(next ? { next } : {}) },
            }
          : { results: ids.map((id) => ({ id })), ...(next ? { _links: { next: { href: next } } } : {}) };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

const clients: NetmonClient[] = [];
after(() => Promise.all(clients.map((c) => c.close())));

function clientOf(server: PagingServer, api: ApiVersion, options: Partial<NetmonClientOptions> = {}): NetmonClient {
  const client = createNetmonClient({
    apiVersion: api,
    baseUrl: server.url,
    credentials: { kind: 'bearer', token: 't' },
    ...options,
  });
  clients.push(client);
  return client;
}

/** Walks the user sessions; resolves to what was read and how the walk ended. */
async function walk(client: NetmonClient): Promise<{ records: number; error: unknown; resumeUrl: string | undefined }> {
  const paged = client.userSessions({ signal: AbortSignal.timeout(WALK_LIMIT_MS) });
  let records = 0;
  try {
    for await (const _session of paged) records += 1;
    return { records, error: undefined, resumeUrl: paged.resumeUrl };
  } catch (error) {
    return { records, error, resumeUrl: paged.resumeUrl };
  }
}

function assertBudgetError(error: unknown, pattern: RegExp, pagesRead: number): asserts error is PageBudgetError {
  assert.ok(error instanceof PageBudgetError, `a PageBudgetError, not ${String(error)}`);
  assert.ok(
    error instanceof PagingLoopError && error.kind === 'paging-loop',
    'callers handling a paging loop handle it too',
  );
  assert.equal(error.pagesRead, pagesRead);
  assert.match(error.message, pattern);
}

for (const api of ['v6', 'v7'] as const) {
  describe(`a server whose pages always link a new next page (${api})`, () => {
    test(
      'empty pages: stopped after the default run of empty pages, naming the list, one request a page',
      { timeout: WALK_LIMIT_MS + 10_000 },
      async () => {
        const server = await startPagingServer(api);
        try {
          const { records, error, resumeUrl } = await walk(clientOf(server, api));
          const run = DEFAULT_PAGING.maxEmptyPagesInRow;
          assertBudgetError(
            error,
            new RegExp(
              `^userSessions: stopped after ${run} empty pages in a row that still linked a next page \\(${run} pages read\\).*narrow the time range`,
            ),
            run,
          );
          assert.equal(error.list, 'userSessions');
          assert.equal(server.requests, run, 'no request past the run');
          assert.equal(records, 0);
          assert.match(resumeUrl ?? '', new RegExp(`page=${run + 1}$`), 'where the walk would go on');
        } finally {
          await server.close();
        }
      },
    );

    test(
      'pages with records: stopped at maxPages requests, every record read once',
      { timeout: WALK_LIMIT_MS + 10_000 },
      async () => {
        const server = await startPagingServer(api, { records: () => 1 });
        try {
          const { records, error } = await walk(clientOf(server, api, { paging: { maxPages: 300 } }));
          assertBudgetError(
            error,
            /^userSessions: stopped after 300 pages, the most one walk reads .*narrow the time range or filters, or raise paging\.maxPages/,
            300,
          );
          assert.equal(server.requests, 300);
          assert.equal(records, 300);
        } finally {
          await server.close();
        }
      },
    );

    test(
      'a list of exactly maxPages pages, some of them empty, reads whole',
      { timeout: WALK_LIMIT_MS + 10_000 },
      async () => {
        // Single empty pages between full ones: a run of one, which a limit of two lets pass.
        const server = await startPagingServer(api, { records: (page) => (page % 5 === 0 ? 0 : 3), last: 60 });
        try {
          const { records, error } = await walk(
            clientOf(server, api, { paging: { maxPages: 60, maxEmptyPagesInRow: 2 } }),
          );
          assert.equal(error, undefined);
          assert.equal(records, 48 * 3);
          assert.equal(server.requests, 60);
        } finally {
          await server.close();
        }
      },
    );
  });
}

describe('the page budget', () => {
  test(
    'ends an endless walk of long links, remembering its pages in bounded memory',
    { timeout: WALK_LIMIT_MS + 10_000 },
    async () => {
      // 12,000-character links: kept as read, the 1,200 between the two measures would hold some 14 MB of heap.
      const server = await startPagingServer('v6', { records: () => 1, padding: 12_000 });
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const heapAfterGc = (): number => {
        gc();
        return process.memoryUsage().heapUsed;
      };
      try {
        const paged = clientOf(server, 'v6', { paging: { maxPages: 1_500 } }).userSessions({
          signal: AbortSignal.timeout(WALK_LIMIT_MS),
        });
        let pages = 0;
        let early = 0;
        let late = 0;
        const error = await rejection(
          (async () => {
            for await (const _page of paged.pages()) {
              pages += 1;
              if (pages === 300) early = heapAfterGc();
              if (pages === 1_500) late = heapAfterGc();
            }
          })(),
        );
        assertBudgetError(error, /^userSessions: stopped after 1,500 pages/, 1_500);
        assert.equal(server.requests, 1_500);
        const grownMb = (late - early) / 2 ** 20;
        assert.ok(grownMb < 6, `the heap grew ${grownMb.toFixed(1)} MB over 1,200 pages of 12 kB links`);
      } finally {
        await server.close();
      }
    },
  );

  test('bad paging options are refused when the client is made', () => {
    const make = (paging: NetmonClientOptions['paging']): unknown =>
      createNetmonClient({ baseUrl: 'http://127.0.0.1:9', credentials: { kind: 'bearer', token: 't' }, paging });
    assert.throws(() => make({ maxPages: 0 }), /paging\.maxPages must be a whole number of at least 1/);
    assert.throws(() => make({ maxEmptyPagesInRow: 2.5 }), /paging\.maxEmptyPagesInRow must be a whole number/);
  });
});

describe('an XML walk whose pages always link a new next page', () => {
  test('is stopped at maxPages requests, naming the path it walks', { timeout: WALK_LIMIT_MS + 10_000 }, async () => {
    const server = await startPagingServer('v6', { xml: true });
    try {
      const client = clientOf(server, 'v6', { paging: { maxPages: 50 } });
      const error = await rejection(
        drain(client.xmlPages('v6/endpoint-data/user-sessions', { signal: AbortSignal.timeout(WALK_LIMIT_MS) })),
      );
      assertBudgetError(error, /^v6\/endpoint-data\/user-sessions: stopped after 50 pages/, 50);
      assert.equal(server.requests, 50);
    } finally {
      await server.close();
    }
  });
});

describe('an emulator list within the budget', () => {
  const HOUR = 3600_000;
  const to = new Date(Math.floor(emulatedNow() / HOUR) * HOUR - HOUR);
  const from = new Date(to.getTime() - 3 * HOUR);
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start({ pageSize: 12 });
  });
  after(() => bed.close());

  test('reads whole with a budget of exactly its pages, and stops one page short of it', async () => {
    const pageCount = (await drain(bed.client().webSessions({ from, to }).pages())).length;
    const whole = await drain(bed.client().webSessions({ from, to }));
    assert.ok(pageCount >= 5, `several pages (${pageCount})`);
    const exact = await drain(
      bed.client('admin', 'bearer', { paging: { maxPages: pageCount } }).webSessions({ from, to }),
    );
    assert.deepEqual(
      exact.map((w) => w.pageId),
      whole.map((w) => w.pageId),
    );
    const short = await rejection(
      drain(bed.client('admin', 'bearer', { paging: { maxPages: pageCount - 1 } }).webSessions({ from, to })),
    );
    assertBudgetError(short, new RegExp(`^webSessions: stopped after ${pageCount - 1} pages`), pageCount - 1);
  });
});
