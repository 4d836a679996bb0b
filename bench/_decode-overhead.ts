// The decoding boundary's cost, for the paging bench: a client walk of large pages of web
// sessions (decoding every record) against the time the decoding alone takes on the same
// records, in the same run. overhead = time with decoding / time without − 1.
import { createNetmonClient } from '../src/api';
import { decodeRecord } from '../src/api/decode/records';
import { SHAPES } from '../src/api/decode/shapes';
import { DEMO_CREDENTIALS, startEmulator } from '../src/emulator';

const PAGES = 10;
const PAGE_SIZE = 1_000;
const ROUNDS = 7;
const NOW = Date.parse('2026-11-20T14:00:00Z');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function decodeOverhead(): Promise<{ fraction: number; walkMs: number; decodeMs: number; records: number }> {
  const emulator = await startEmulator({ pageSize: PAGE_SIZE, now: () => NOW });
  const client = createNetmonClient({ apiVersion: 'v6', baseUrl: emulator.url, credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token } });
  try {
    // The raw records of the same pages, as the server sent them.
    const raw: unknown[] = [];
    let url: string | undefined = `${emulator.url}/v6/endpoint-data/user-sessions/web?window=7d`;
    for (let page = 0; page < PAGES && url; page++) {
      const body = (await (await fetch(url, { headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` } })).json()) as { webSessions: unknown[]; pages?: { next?: string } };
      raw.push(...body.webSessions);
      url = body.pages?.next;
    }
    const walks: number[] = [];
    const decodes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      (globalThis as { gc?: () => void }).gc?.();
      const started = performance.now();
      await client.webSessions({ window: '7d' }).collect({ maxRecords: raw.length });
      walks.push(performance.now() - started);
      // Decoding normalises in place: each round gets the records as the server sent them.
      const fresh = structuredClone(raw);
      (globalThis as { gc?: () => void }).gc?.(); // the clone's garbage is not the decoder's cost
      const decodeStarted = performance.now();
      fresh.forEach((record, index) => decodeRecord(record, SHAPES.webSessions, '/v6/endpoint-data/user-sessions/web', index));
      decodes.push(performance.now() - decodeStarted);
    }
    const walkMs = median(walks);
    const decodeMs = median(decodes);
    return { fraction: decodeMs / Math.max(1e-9, walkMs - decodeMs), walkMs, decodeMs, records: raw.length };
  } finally {
    await client.close();
    await emulator.close();
  }
}
