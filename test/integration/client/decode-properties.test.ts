// Property-based: for every list, variants of the emulator's own records as real services
// send them (fields dropped, nulled, ids and numbers as strings or integers, objects where
// values were) go through the client and come out typed: every record keeps its id in the
// model's type, no number is NaN, and a record without its id is reported, never thrown on.
// Each decoded record goes on through the summary the explorer shows it by; session details
// through the analysis the session panel draws. Neither throws, and nothing absent reads
// "undefined", "NaN" or "[object Object]". RUNS per type.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import * as summaries from '../../../src/analysis/records/summaries';
import type { RecordSummary } from '../../../src/analysis/records/summaries';
import { sessionOverview, sessionVerdict } from '../../../src/analysis/session';
import { layoutHopGraph, mergePathTraces, pathTraceText } from '../../../src/analysis/path';
import { buildWaterfall, readHar } from '../../../src/analysis/har';
import { createNetmonClient, UnparseableResponseError, type NetmonClient, type Paged } from '../../../src/api';
import { SHAPES, type ListShape } from '../../../src/api/decode/shapes';
import type { UserSessionDetail } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const RUNS = 100;
const NOW = Date.parse('2026-11-20T14:00:00Z');
type Op = 'drop' | 'null' | 'string' | 'number' | 'object';
const mutation = fc.array(
  fc.tuple(fc.nat(), fc.nat(), fc.constantFrom<Op>('drop', 'null', 'string', 'number', 'object')),
  { maxLength: 40 },
);

function mutate(
  records: readonly Record<string, unknown>[],
  ops: readonly [number, number, Op][],
): Record<string, unknown>[] {
  const copies = records.map((record) => structuredClone(record));
  for (const [r, f, op] of ops) {
    const record = copies[r % copies.length]!;
    const fields = Object.keys(record);
    if (fields.length === 0) continue;
    const field = fields[f % fields.length]!;
    const value = record[field];
    if (op === 'drop') delete record[field];
    else if (op === 'null') record[field] = null;
    else if (op === 'string') record[field] = typeof value === 'object' ? JSON.stringify(value) : String(value);
    else if (op === 'number')
      record[field] =
        typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : 7;
    else record[field] = { unexpected: value ?? 1 };
  }
  return copies;
}

interface ListCase {
  shape: ListShape;
  path: () => string;
  key: string;
  nest?: string;
  open: (client: NetmonClient) => Paged<unknown, unknown>;
  /** How the explorer shows one record of the list. */
  summary?: (record: never) => RecordSummary;
}

/** A mutated answer left without a record fails as unparseable (never passes through); anything else is a real failure. */
function withoutRecord(error: unknown): never[] {
  if (error instanceof UnparseableResponseError) return [];
  throw error;
}

const NOTHING_SHOWN_WRONG = /undefined|NaN|\[object Object\]/;

function assertShowable(summary: RecordSummary): void {
  const shown = [summary.label, summary.description, summary.title, ...summary.facts.flat()];
  for (const value of shown) {
    assert.equal(typeof value, 'string');
    assert.doesNotMatch(value, NOTHING_SHOWN_WRONG);
  }
  assert.notEqual(summary.label.trim(), '', 'a label is never empty');
}

describe(`decoded records keep their type under ${RUNS} variants per list`, () => {
  let emulator: RunningEmulator;
  let front: Server;
  let served: unknown = {};
  let client: NetmonClient;
  let netTestId = 0;
  let httpTestId = 0;
  const raw = async (path: string): Promise<Record<string, unknown>> =>
    (await (
      await fetch(`${emulator.url}${path}`, { headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` } })
    ).json()) as Record<string, unknown>;
  before(async () => {
    emulator = await startEmulator({ port: 0, now: () => NOW });
    front = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(served));
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const { endpointTest } = (await raw('/v7/endpoint-tests')) as { endpointTest: { testId: number; type: string }[] };
    netTestId = endpointTest[0]!.testId;
    httpTestId = endpointTest.find((t) => t.type === 'http-server')!.testId;
    client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
      credentials: { kind: 'bearer', token: 't' },
      retry: { maxRetries: 0 },
    });
  });
  after(async () => {
    await client.close();
    front.closeAllConnections();
    await new Promise<void>((resolve) => front.close(() => resolve()));
    await emulator.close();
  });

  const cases: ListCase[] = [
    {
      shape: 'userSessions',
      path: () => '/v6/endpoint-data/user-sessions?window=1h',
      key: 'userSessions',
      open: (c) => c.userSessions(),
      summary: summaries.userSessionSummary,
    },
    {
      shape: 'webSessions',
      path: () => '/v6/endpoint-data/user-sessions/web?window=1h',
      key: 'webSessions',
      open: (c) => c.webSessions(),
    },
    {
      shape: 'networkSessions',
      path: () => '/v6/endpoint-data/user-sessions/network?window=1h',
      key: 'networkSessions',
      open: (c) => c.networkSessions(),
      summary: summaries.networkSessionSummary,
    },
    {
      shape: 'networkProbes',
      path: () => '/v6/endpoint-data/network-topology?window=1h',
      key: 'networkProbes',
      open: (c) => c.networkProbes(),
      summary: summaries.probeSummary,
    },
    {
      shape: 'endpointAgents',
      path: () => '/v6/endpoint-agents',
      key: 'endpointAgents',
      open: (c) => c.endpointAgents(),
      summary: summaries.agentSummary,
    },
    {
      shape: 'privateNetworks',
      path: () => '/v6/endpoint-data/networks',
      key: 'privateNetworks',
      open: (c) => c.networks(),
      summary: summaries.networkSummary,
    },
    {
      shape: 'endpointTests',
      path: () => '/v7/endpoint-tests',
      key: 'endpointTest',
      open: (c) => c.endpointTests(),
      summary: summaries.endpointTestSummary,
    },
    {
      shape: 'netMetrics',
      path: () => `/v7/endpoint-data/tests/net/metrics/${netTestId}?window=1h`,
      key: 'endpointNet',
      nest: 'metrics',
      open: (c) => c.netMetrics(netTestId),
      summary: summaries.metricSummary,
    },
    {
      shape: 'pathVis',
      path: () => `/v7/endpoint-data/tests/net/path-vis/${netTestId}?window=1h`,
      key: 'endpointNet',
      nest: 'pathVis',
      open: (c) => c.pathVis(netTestId),
      summary: summaries.pathVisRecordSummary,
    },
    {
      shape: 'httpServer',
      path: () => `/v7/endpoint-data/tests/web/http-server/${httpTestId}?window=1h`,
      key: 'endpointWeb',
      nest: 'httpServer',
      open: (c) => c.httpServerResults(httpTestId),
      summary: summaries.httpServerSummary,
    },
  ];
  for (const list of cases) {
    test(`${list.nest ?? list.key}`, async () => {
      const body = await raw(list.path());
      const container = list.nest ? (body[list.key] as Record<string, unknown>) : body;
      const records = ((container[list.nest ?? list.key] ?? []) as Record<string, unknown>[]).slice(0, 6);
      assert.ok(records.length > 0, `the emulator has no ${list.nest ?? list.key}`);
      const shape = SHAPES[list.shape];
      await fc.assert(
        fc.asyncProperty(mutation, async (ops) => {
          const variant = mutate(records, ops);
          served = list.nest
            ? { [list.key]: { ...container, [list.nest]: variant }, pages: { current: 1 } }
            : { [list.key]: variant, pages: { current: 1 } };
          const page = (await list.open(client).pages().next()).value as {
            records: Record<string, unknown>[];
            problems: unknown[];
          };
          assert.equal(page.records.length + page.problems.length, variant.length);
          for (const record of page.records) {
            assert.equal(typeof record[shape.id], shape.idType === 'number' ? 'number' : 'string');
            for (const field of 'numbers' in shape ? shape.numbers : [])
              if (field in record) assert.ok(Number.isFinite(record[field]), `${field} = ${String(record[field])}`);
            if (list.summary) assertShowable(list.summary(record as never));
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  test('path traces through the merge and layout the path panel draws', async () => {
    const summaries = (await raw(`/v7/endpoint-data/tests/net/path-vis/${netTestId}?window=1h`))['endpointNet'] as {
      pathVis: { agentId: string; roundId: number }[];
    };
    const { agentId, roundId } = summaries.pathVis[0]!;
    const body = await raw(`/v7/endpoint-data/tests/net/path-vis/${netTestId}/${agentId}/${roundId}`);
    const trace = (body['endpointNet'] as { pathVis: Record<string, unknown>[] }).pathVis[0]!;
    const route = (trace['routes'] as Record<string, unknown>[])[0]!;
    const hops = route['hops'] as Record<string, unknown>[];
    await fc.assert(
      fc.asyncProperty(mutation, mutation, mutation, async (top, onRoute, onHops) => {
        const [variant] = mutate([trace], top);
        if (variant && Array.isArray(variant['routes']))
          variant['routes'] = [{ ...mutate([route], onRoute)[0], hops: mutate(hops, onHops) }];
        served = { endpointNet: { pathVis: [variant] } };
        const pathVis = await client.getPathTrace(netTestId, agentId, roundId).then((trace) => [trace], withoutRecord);
        const graph = mergePathTraces(pathVis);
        const layout = layoutHopGraph(
          graph.nodes.map((n) => ({ id: n.id, minHop: n.minHop, height: 18 })),
          graph.links,
          { rankSep: 92 },
        );
        assert.equal(layout.nodes.size, graph.nodes.length);
        assert.doesNotMatch(JSON.stringify(graph), /NaN/);
        assert.doesNotMatch(pathTraceText(pathVis), /NaN|undefined/, 'the text report (netmon path, Open as Text)');
      }),
      { numRuns: RUNS },
    );
  });

  test('page details (HAR) through the reader and the waterfall', async () => {
    const sessions = (await raw('/v6/endpoint-data/user-sessions?window=1h'))['userSessions'] as {
      userSessionId: string;
    }[];
    const detail = (
      (await raw(`/v6/endpoint-data/user-sessions/${sessions[0]!.userSessionId}`))['userSessions'] as {
        pages: { id: string }[];
      }[]
    )[0]!;
    const pageId = detail.pages[0]!.id;
    const body = await raw(`/v6/endpoint-data/user-sessions/${sessions[0]!.userSessionId}/page/${pageId}`);
    const log = (body['har'] as { log: Record<string, unknown> }).log;
    const entries = (log['entries'] as Record<string, unknown>[]).slice(0, 8);
    await fc.assert(
      fc.asyncProperty(mutation, mutation, async (onLog, onEntries) => {
        const [variant] = mutate([{ ...log, entries: [] }], onLog);
        if (variant && Array.isArray(variant['entries'])) variant['entries'] = mutate(entries, onEntries);
        served = { ...body, har: { log: variant } };
        const page = await client.getPageDetails(sessions[0]!.userSessionId, pageId);
        const har = readHar(page);
        const waterfall = buildWaterfall(har, har.pages[0]?.id ?? '');
        assert.doesNotMatch(JSON.stringify(waterfall.rows), /NaN|undefined/);
      }),
      { numRuns: RUNS },
    );
  });

  test('session details through the session overview and verdict', async () => {
    const sessions = (await raw('/v6/endpoint-data/user-sessions?window=1h'))['userSessions'] as {
      userSessionId: string;
    }[];
    const detail = (
      (await raw(`/v6/endpoint-data/user-sessions/${sessions[0]!.userSessionId}`))['userSessions'] as Record<
        string,
        unknown
      >[]
    )[0]!;
    const network = detail['network'] as Record<string, unknown>;
    await fc.assert(
      fc.asyncProperty(mutation, mutation, async (top, nested) => {
        const [variant] = mutate([detail], top);
        if (variant && typeof variant['network'] === 'object' && variant['network'] !== null)
          variant['network'] = mutate([network], nested)[0];
        // Through the client's decoding boundary first, then the analysis the panel draws.
        served = { userSessions: [variant] };
        const decoded = await client
          .getUserSession(sessions[0]!.userSessionId)
          .catch((error: unknown) => withoutRecord(error)[0]);
        const session = (decoded ?? variant) as unknown as UserSessionDetail;
        if (decoded) {
          assert.equal(typeof decoded.userSessionId, 'string');
          if ('agentId' in decoded) assert.equal(typeof decoded.agentId, 'string');
          for (const page of Array.isArray(decoded.pages) ? decoded.pages : []) {
            if ('responseCode' in page) assert.ok(Number.isFinite(page.responseCode));
            assertShowable(summaries.pageSummary(page));
          }
          assertShowable(summaries.userSessionSummary(decoded, new Date()));
        }
        const shown = JSON.stringify({ overview: sessionOverview(session), verdict: sessionVerdict(session) });
        assert.doesNotMatch(shown, /NaN|undefined/);
      }),
      { numRuns: RUNS },
    );
  });
});
