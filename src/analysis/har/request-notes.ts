// What the request detail says beyond the HAR's own fields: why it failed (the exporter's
// `_error`: Chrome's network errors, an API test step's failed assertions), who answered (a
// service worker, the browser cache, a CDN edge), over which protocol, and how much of the
// wait the server says was its own (Server-Timing). Written once here; the waterfall panel and the HTML
// report (the same bundle) show it.
import { edgeCacheText, readExporterHeaders, serverShareOfWait } from './exporter-fields';
import { formatMs } from './format';
import type { HarRequestEntry, NameValue } from './model';
import { asArray, asNumber, asRecord, asString } from './narrow';

/** General facts of one request that only some exporters or CDNs give; empty when none apply. */
export function requestFacts(entry: HarRequestEntry): NameValue[] {
  const facts: NameValue[] = [];
  if (entry.error) facts.push({ name: 'Error', value: entry.error });
  if (entry.protocol === 'h3') facts.push({ name: 'Protocol', value: 'HTTP/3 (QUIC)' });
  if (entry.viaServiceWorker) facts.push({ name: 'Served by', value: 'a service worker (not the network)' });
  else if (entry.fromCache) facts.push({ name: 'Served by', value: 'the browser cache (not the network)' });
  if (entry.edgeCache) facts.push({ name: 'CDN cache', value: edgeCacheText(entry.edgeCache) });
  return facts;
}

/** "Server 180 ms by its Server-Timing (its "total" metric); 50 ms network round trip and queuing", or undefined. */
export function waitSplitText(entry: HarRequestEntry): string | undefined {
  const share = serverShareOfWait(entry.serverTiming, entry.phases.wait);
  if (!share) return undefined;
  const atEdge = entry.edgeCache && (entry.edgeCache.status === 'hit' || entry.edgeCache.status === 'stale');
  const who = atEdge ? 'the CDN edge (a cache hit: not the origin)' : 'the server';
  return (
    `Of the ${formatMs(entry.phases.wait)} wait: ` +
    `${formatMs(share.serverMs)} in ${who} by its Server-Timing (${share.rule}); ` +
    `${formatMs(share.restMs)} network round trip and queuing`
  );
}

/** Server-Timing metrics as name/value pairs: "db" → "53.2 ms — query". */
export function serverTimingPairs(entry: HarRequestEntry): NameValue[] {
  return entry.serverTiming.map((m) => ({
    name: m.name,
    value:
      [m.durMs === undefined ? '' : formatMs(m.durMs), m.desc ?? ''].filter(Boolean).join(' — ') || '(no duration)',
  }));
}

/** Headers read for the first byte, at most (a main document has a few dozen). */
const MAX_FIRST_BYTE_HEADERS = 500;

/**
 * A raw HAR entry's `wait` as the server's first byte (the session verdict's server grade), and
 * what it is the first byte of: a CDN edge hit answered from the edge, not the origin, and
 * Server-Timing says how much of the wait the server itself spent.
 */
export function mainDocumentFirstByte(
  rawEntry: unknown,
): { firstByteMs: number; firstByteSource: string; serverMs?: number; serverSource?: string } | undefined {
  const entry = asRecord(rawEntry);
  const wait = asNumber(asRecord(entry.timings).wait, -1);
  if (wait < 0) return undefined;
  const headers = asArray(asRecord(entry.response).headers)
    .slice(0, MAX_FIRST_BYTE_HEADERS)
    .map((h) => ({ name: asString(asRecord(h).name), value: asString(asRecord(h).value) }));
  const { edgeCache, serverTiming } = readExporterHeaders(headers);
  const share = serverShareOfWait(serverTiming, wait);
  const atEdge = edgeCache && (edgeCache.status === 'hit' || edgeCache.status === 'stale');
  const notes = [
    atEdge ? `a CDN edge cache hit (${edgeCache.header}): the edge answered, not the origin` : '',
    share ? `Server-Timing: ${formatMs(share.serverMs)} of it in the server` : '',
  ].filter(Boolean);
  return {
    firstByteMs: wait,
    firstByteSource: `HAR wait of the main document${notes.length ? `; ${notes.join('; ')}` : ''}`,
    // The server's own word on its time is graded as it is (the session verdict prefers it to the wait).
    ...(share
      ? {
          serverMs: share.serverMs,
          serverSource:
            `Server-Timing of the main document, ${share.rule}, of a ${formatMs(wait)} wait` +
            `${atEdge ? `; ${notes[0]}` : ''}`,
        }
      : {}),
  };
}
