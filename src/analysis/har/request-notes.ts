// What the request detail says beyond the HAR's own fields: who answered (a service worker,
// the browser cache, a CDN edge), over which protocol, and how much of the wait the server
// says was its own (Server-Timing). Written once here; the waterfall panel and the HTML
// report (the same bundle) show it.
import { edgeCacheText, serverShareOfWait } from './exporter-fields';
import { formatMs } from './format';
import type { HarRequestEntry, NameValue } from './model';

/** General facts of one request that only some exporters or CDNs give; empty when none apply. */
export function requestFacts(entry: HarRequestEntry): NameValue[] {
  const facts: NameValue[] = [];
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
  return `Of the ${formatMs(entry.phases.wait)} wait: ${formatMs(share.serverMs)} in ${who} by its Server-Timing (${share.rule}); ${formatMs(share.restMs)} network round trip and queuing`;
}

/** Server-Timing metrics as name/value pairs: "db" → "53.2 ms — query". */
export function serverTimingPairs(entry: HarRequestEntry): NameValue[] {
  return entry.serverTiming.map((m) => ({
    name: m.name,
    value: [m.durMs === undefined ? '' : formatMs(m.durMs), m.desc ?? ''].filter(Boolean).join(' — ') || '(no duration)',
  }));
}
