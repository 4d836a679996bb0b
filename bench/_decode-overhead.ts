// The decoding boundary's cost, for the paging bench: a client walk of large pages of web
// sessions (decoding every record) against the time the decoding alone takes on the same
// records, in the same run. overhead = time with decoding / time without − 1.
// v7: the same walk (POST …/real-user-tests/pages/filter along `_links.next.href`), whose
// decoding is the v7 boundary plus the renaming into the domain's records.
import { createNetmonClient, type ApiVersion } from '../src/api';
import { decodeRecord, type RecordShape } from '../src/api/decode/records';
import { SHAPES } from '../src/api/decode/shapes';
import { fromPageResult } from '../src/api/v7/from';
import { V7_SHAPES } from '../src/api/v7/shapes';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';

const PAGES = 10;
const PAGE_SIZE = 1_000;
const ROUNDS = 7;
const NOW = Date.parse('2026-11-20T14:00:00Z');
const HEADERS = { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`, 'content-type': 'application/json' };

interface Wire {
  path: string;
  first: string;
  method: 'GET' | 'POST';
  records(body: Record<string, unknown>): unknown[];
  next(body: Record<string, unknown>): string | undefined;
  shape: RecordShape;
  toDomain(record: Record<string, unknown>): unknown;
}

const WIRES: Record<ApiVersion, Wire> = {
  v6: {
    path: '/v6/endpoint-data/user-sessions/web',
    first: '/v6/endpoint-data/user-sessions/web?window=7d',
    method: 'GET',
    records: (body) => body['webSessions'] as unknown[],
    next: (body) => (body['pages'] as { next?: string } | undefined)?.next,
    shape: SHAPES.webSessions,
    toDomain: (record) => record,
  },
  v7: {
    path: '/v7/endpoint/test-results/real-user-tests/pages/filter',
    first: '/v7/endpoint/test-results/real-user-tests/pages/filter?window=7d',
    method: 'POST',
    records: (body) => body['results'] as unknown[],
    next: (body) => (body['_links'] as { next?: { href?: string } } | undefined)?.next?.href,
    shape: V7_SHAPES.pages,
    toDomain: fromPageResult,
  },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function rawRecords(base: string, wire: Wire): Promise<unknown[]> {
  const raw: unknown[] = [];
  let url: string | undefined = `${base}${wire.first}`;
  for (let page = 0; page < PAGES && url; page++) {
    const response = await fetch(url, {
      method: wire.method,
      headers: HEADERS,
      ...(wire.method === 'POST' ? { body: '{}' } : {}),
    });
    const body = (await response.json()) as Record<string, unknown>;
    raw.push(...wire.records(body));
    url = wire.next(body);
  }
  return raw;
}

export async function decodeOverhead(
  api: ApiVersion = 'v6',
): Promise<{ fraction: number; walkMs: number; decodeMs: number; renameMs: number; records: number }> {
  const wire = WIRES[api];
  const emulator = await startEmulator({ api, pageSize: PAGE_SIZE, now: () => NOW });
  const client = createNetmonClient({
    apiVersion: api,
    baseUrl: emulator.url,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  try {
    const raw = await rawRecords(emulator.url, wire);
    const walks: number[] = [];
    const decodes: number[] = [];
    const renames: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      (globalThis as { gc?: () => void }).gc?.();
      const started = performance.now();
      await client.webSessions({ window: '7d' }).collect({ maxRecords: raw.length });
      walks.push(performance.now() - started);
      // Decoding normalises in place: each round gets the records as the server sent them.
      const fresh = structuredClone(raw);
      (globalThis as { gc?: () => void }).gc?.(); // the clone's garbage is not the decoder's cost
      const decodeStarted = performance.now();
      const decoded = fresh.map((record, index) => decodeRecord(record, wire.shape, wire.path, index));
      const renameStarted = performance.now();
      for (const one of decoded) if (one.ok) wire.toDomain(one.record);
      const ended = performance.now();
      decodes.push(ended - decodeStarted);
      renames.push(ended - renameStarted);
    }
    const walkMs = median(walks);
    const decodeMs = median(decodes);
    return {
      fraction: decodeMs / Math.max(1e-9, walkMs - decodeMs),
      walkMs,
      decodeMs,
      renameMs: median(renames),
      records: raw.length,
    };
  } finally {
    await client.close();
    await emulator.close();
  }
}
