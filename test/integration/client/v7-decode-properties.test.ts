// The v7 decoding boundary under mutation: fields of the fixtures' records dropped, nulled,
// turned into strings, numbers or objects. A record still reads into the domain's shape (ids
// as strings, numbers as numbers) and on into the analyses, or is left out / fails as an
// unparseable response; no TypeError, no record passed through as sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { probeSummary, userSessionSummary } from '../../../src/analysis/records/summaries';
import { sessionOverview, sessionVerdict } from '../../../src/analysis/session';
import { createNetmonClient, UnparseableResponseError, type NetmonClient } from '../../../src/api';
import { fixture, V7Server, V7_IDS } from './v7-server';

const RUNS = 60;
type Op = 'drop' | 'null' | 'string' | 'number' | 'object';
const mutation = fc.array(fc.tuple(fc.nat(), fc.constantFrom<Op>('drop', 'null', 'string', 'number', 'object')), {
  maxLength: 12,
});

function mutate(record: Record<string, unknown>, ops: readonly [number, Op][]): Record<string, unknown> {
  const copy = structuredClone(record);
  for (const [f, op] of ops) {
    const fields = Object.keys(copy);
    if (fields.length === 0) break;
    const field = fields[f % fields.length]!;
    const value = copy[field];
    if (op === 'drop') delete copy[field];
    else if (op === 'null') copy[field] = null;
    else if (op === 'string') copy[field] = typeof value === 'object' ? JSON.stringify(value) : String(value);
    else if (op === 'number') copy[field] = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 7;
    else copy[field] = { unexpected: value ?? 1 };
  }
  return copy;
}

const unparseable = (error: unknown): undefined => {
  if (error instanceof UnparseableResponseError) return undefined;
  throw error;
};

describe('v7 decoding under mutation', () => {
  let server: V7Server;
  let client: NetmonClient;
  let served: unknown;
  before(async () => {
    server = await V7Server.start();
    server.use(() => ({ status: 200, body: served }));
    client = createNetmonClient({ baseUrl: server.url, credentials: { kind: 'bearer', token: 't' }, apiVersion: 'v7' });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  test('a mutated session detail reads as a session (and its overview and verdict), or fails as unparseable', async () => {
    const body = fixture('real-user-test.json') as { results: Record<string, unknown>[] };
    const detail = body.results[0]!;
    await fc.assert(
      fc.asyncProperty(mutation, mutation, async (top, nested) => {
        const variant = mutate(detail, top);
        if (typeof variant['network'] === 'object' && variant['network'] !== null)
          variant['network'] = mutate(detail['network'] as Record<string, unknown>, nested);
        served = { ...body, results: [variant] };
        const session = await client.getUserSession(V7_IDS.session).catch(unparseable);
        if (!session) return;
        assert.equal(typeof session.userSessionId, 'string');
        assert.ok(!('id' in session) && !('sourceAddress' in session), 'renamed, not passed through');
        assert.ok(session.roundId === undefined || Number.isFinite(session.roundId));
        assert.doesNotMatch(sessionVerdict(session).line, /undefined|NaN/);
        assert.doesNotMatch(sessionOverview(session).title, /undefined|NaN/);
      }),
      { numRuns: RUNS },
    );
  });

  test('mutated list records are read or left out with a problem; what is read summarises', async () => {
    const sessions = fixture('real-user-tests.json') as { results: Record<string, unknown>[] };
    const topologies = fixture('topologies.json') as { results: Record<string, unknown>[] };
    await fc.assert(
      fc.asyncProperty(mutation, mutation, async (a, b) => {
        served = { results: [mutate(sessions.results[0]!, a), sessions.results[1]], _links: {} };
        const page = (await client.userSessions().pages().next()).value;
        assert.ok(page);
        assert.equal(page.records.length + page.problems.length, 2);
        for (const session of page.records)
          assert.doesNotMatch(userSessionSummary(session, new Date()).label, /undefined|NaN/);
        served = { results: [mutate(topologies.results[0]!, b)], _links: {} };
        const probes = (await client.networkProbes().pages().next()).value;
        assert.ok(probes);
        for (const probe of probes.records) {
          assert.equal(typeof probe.networkProbeId, 'string');
          assert.ok(probe.vpnScore === undefined || typeof probe.vpnScore === 'object');
          assert.doesNotMatch(probeSummary(probe, new Date()).description, /undefined|NaN/);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
