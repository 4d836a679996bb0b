// What each exporter and each hop in front of the origin says about a request, beyond HAR 1.2:
// a CDN's cache status (`x-cache`, `cf-cache-status`, `age`), the server's own account of its
// time (`Server-Timing`), a service worker answering instead of the network (Chrome's
// `_fetchedViaServiceWorker`, `_fromServiceWorker` of DevTools-protocol exporters) and HTTP/3
// (`httpVersion` h3, WebPageTest's `_protocol`). Header values come from arbitrary sites: they
// are read by bounded, linear scans, and only our own words (plus numbers) leave this file,
// except Server-Timing names and descriptions, which callers show as outside text.
import type { NameValue } from './model';
import { asRecord, type Json } from './narrow';

/** What the cache in front of the origin did: a hit is not a slow origin, a miss went to it. */
export type EdgeCacheStatus = 'hit' | 'stale' | 'revalidated' | 'miss' | 'bypass';
export interface EdgeCache {
  status: EdgeCacheStatus;
  /** The header it was read from. */
  header: 'cf-cache-status' | 'x-cache' | 'age';
  /** Seconds the response sat in a shared cache (`age`), when said. */
  ageS?: number;
}

export interface ServerTimingMetric {
  name: string;
  durMs?: number;
  desc?: string;
}

/** Characters of one header value read at most, and metrics kept at most. */
export const EXPORTER_LIMITS = { headerChars: 4096, serverTimingMetrics: 16, tokenChars: 64, descChars: 120 } as const;

export interface ExporterFields {
  edgeCache: EdgeCache | undefined;
  serverTiming: ServerTimingMetric[];
}

/** One pass over the response headers for the CDN cache status and Server-Timing. */
export function readExporterHeaders(headers: readonly NameValue[]): ExporterFields {
  let cf = '';
  let xCache = '';
  let age = '';
  const timing: string[] = [];
  for (const { name, value } of headers) {
    // Only names of these lengths can match: most headers are passed over without lower-casing.
    const length = name.length;
    if (length !== 3 && length !== 7 && length !== 13 && length !== 15) continue;
    const lower = name.toLowerCase();
    if (lower === 'cf-cache-status') cf = value;
    else if (lower === 'x-cache') xCache = value;
    else if (lower === 'age') age = value;
    else if (lower === 'server-timing' && timing.length < EXPORTER_LIMITS.serverTimingMetrics) timing.push(value);
  }
  return {
    edgeCache: cf || xCache || age ? edgeCacheOf(cf, xCache, age) : undefined,
    serverTiming: timing.length ? parseServerTiming(timing.join(',')) : [],
  };
}

function edgeCacheOf(cf: string, xCache: string, age: string): EdgeCache | undefined {
  const ageS = Number.parseInt(age.slice(0, 12).trim(), 10);
  const aged = Number.isFinite(ageS) && ageS >= 0 ? { ageS } : {};
  const fromCf = cfStatus(cf);
  if (fromCf) return { status: fromCf, header: 'cf-cache-status', ...aged };
  const fromX = xCacheStatus(xCache);
  if (fromX) return { status: fromX, header: 'x-cache', ...aged };
  // `Age` above 0 is only ever set by a shared cache the response came through.
  return Number.isFinite(ageS) && ageS > 0 ? { status: 'hit', header: 'age', ageS } : undefined;
}

function cfStatus(value: string): EdgeCacheStatus | undefined {
  switch (value.slice(0, 32).trim().toUpperCase()) {
    case 'HIT':
      return 'hit';
    case 'STALE':
    case 'UPDATING':
      return 'stale';
    case 'REVALIDATED':
      return 'revalidated';
    case 'MISS':
    case 'EXPIRED':
      return 'miss';
    case 'BYPASS':
    case 'DYNAMIC':
      return 'bypass';
    default:
      return undefined;
  }
}

/** `HIT`, `Hit from cloudfront`, `TCP_MISS`, `MISS, HIT` (several layers: the last is the one nearest the client). */
function xCacheStatus(value: string): EdgeCacheStatus | undefined {
  const clipped = value.slice(0, 256);
  const last = clipped.slice(clipped.lastIndexOf(',') + 1).toUpperCase();
  if (last.includes('REFRESHHIT') || last.includes('REVALIDATED')) return 'revalidated';
  if (last.includes('STALE')) return 'stale';
  if (last.includes('MISS') || last.includes('EXPIRED')) return 'miss';
  if (last.includes('HIT')) return 'hit';
  if (last.includes('PASS')) return 'bypass';
  return undefined;
}

/**
 * `Server-Timing: db;dur=53.2, app;desc="render";dur=47, cache;desc=hit` (W3C Server Timing).
 * A single left-to-right scan: quoted strings may hold `,` and `;`.
 */
export function parseServerTiming(header: string): ServerTimingMetric[] {
  const text = header.slice(0, EXPORTER_LIMITS.headerChars);
  const metrics: ServerTimingMetric[] = [];
  for (const part of splitOutsideQuotes(text, ',')) {
    if (metrics.length >= EXPORTER_LIMITS.serverTimingMetrics) break;
    const [first = '', ...params] = splitOutsideQuotes(part, ';');
    const name = first.trim().slice(0, EXPORTER_LIMITS.tokenChars);
    if (!name) continue;
    const metric: ServerTimingMetric = { name };
    for (const param of params) {
      const eq = param.indexOf('=');
      const key = (eq < 0 ? param : param.slice(0, eq)).trim().toLowerCase();
      const value = eq < 0 ? '' : unquote(param.slice(eq + 1).trim());
      if (key === 'dur' && metric.durMs === undefined) {
        const dur = Number(value);
        if (Number.isFinite(dur) && dur >= 0) metric.durMs = dur;
      } else if (key === 'desc' && metric.desc === undefined && value)
        metric.desc = value.slice(0, EXPORTER_LIMITS.descChars);
    }
    metrics.push(metric);
  }
  return metrics;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && quoted) i++;
    else if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length - 1; i++) {
    if (value[i] === '\\' && i + 1 < value.length - 1) i++;
    out += value[i];
  }
  return out;
}

/**
 * How much of a request's `wait` the server says it spent: its `total` metric when it sends
 * one, else the sum of its durations when that fits in the wait (metrics may nest), else the
 * longest one. The rest of the wait is the network round trip and queuing in front of it.
 */
export function serverShareOfWait(
  metrics: readonly ServerTimingMetric[],
  waitMs: number,
): { serverMs: number; restMs: number; rule: string } | undefined {
  const timed = metrics.filter((m) => m.durMs !== undefined);
  if (timed.length === 0 || waitMs <= 0) return undefined;
  const total = timed.find((m) => m.name.toLowerCase() === 'total');
  const sum = timed.reduce((s, m) => s + (m.durMs as number), 0);
  const longest = Math.max(...timed.map((m) => m.durMs as number));
  const [claimed, rule] = total
    ? [total.durMs as number, 'its "total" metric']
    : sum <= waitMs
      ? [sum, timed.length === 1 ? 'its one metric' : `the sum of its ${timed.length} metrics`]
      : [longest, 'its longest metric (the metrics overlap)'];
  const serverMs = Math.min(waitMs, claimed);
  return { serverMs, restMs: waitMs - serverMs, rule };
}

/**
 * "h3" for HTTP/3 in any exporter's spelling (`h3`, `h3-29`, `HTTP/3`, WebPageTest's `_protocol` QUIC), else the
 * version as written.
 */
export function protocolOf(httpVersion: string, entry: Json): string {
  const wpt = typeof entry._protocol === 'string' ? entry._protocol.slice(0, 32) : '';
  const said = `${httpVersion.slice(0, 32)} ${wpt}`.toLowerCase();
  // Chrome writes gQUIC as "http/2+quic/46": QUIC anywhere is HTTP/3's transport, as normalizeHttpVersion reads it.
  if (said.includes('quic') || /(^|\s)(h3(-\d+)?|http\/3(\.0)?)(\s|$)/.test(said)) return 'h3';
  return httpVersion;
}

/** Answered by a service worker rather than the network or the HTTP cache. */
export function viaServiceWorker(entry: Json, response: Json): boolean {
  const marks = [
    response._fetchedViaServiceWorker,
    response._fromServiceWorker,
    entry._fromServiceWorker,
    asRecord(entry._serviceWorker).handled,
  ];
  return marks.some((mark) => mark === true);
}

export const EDGE_CACHE_WORDS: Record<EdgeCacheStatus, string> = {
  hit: 'hit at the CDN edge (not an origin fetch)',
  stale: 'served stale by the CDN edge',
  revalidated: 'revalidated by the CDN edge with the origin',
  miss: 'CDN miss: fetched from the origin',
  bypass: 'not cached at the CDN (bypass/dynamic)',
};

/** "hit at the CDN edge (not an origin fetch), cf-cache-status, age 120 s". */
export function edgeCacheText(cache: EdgeCache): string {
  const age =
    cache.ageS !== undefined && cache.header !== 'age'
      ? `, age ${cache.ageS} s`
      : cache.header === 'age'
        ? ` ${cache.ageS ?? 0} s`
        : '';
  return `${EDGE_CACHE_WORDS[cache.status]} — ${cache.header}${age}`;
}
