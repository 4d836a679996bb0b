// A tolerant HAR 1.2 reader: accepts what Chrome, Firefox, Playwright and the API
// produce (and damaged files), and returns one normalized HarDocument.
import type { SystemMetrics } from '../../api/types';
import { classifyResource, splitUrl } from './classify';
import type { HarDocument, HarPageInfo, HarRequestEntry, NameValue, PhaseDurations } from './model';
import { harEnvelope } from './envelope';
import { protocolOf, readExporterHeaders, viaServiceWorker } from './exporter-fields';
import { firstPaintOf, initiatorUrl } from './initiator';
import { asArray, asDuration, asNumber, asRecord, asString, type Json } from './narrow';

/** Reads `{ log }`, `{ har: { log } }` (the page-details response) or a bare log. */
export function readHar(input: unknown): HarDocument {
  const { har, log } = harEnvelope(input);
  const warnings: string[] = [];
  if (!Array.isArray(log.entries)) warnings.push('The file has no log.entries array; showing nothing.');
  const rawEntries = asArray(log.entries);
  const entries = rawEntries.map((raw, index) => readEntry(asRecord(raw), index));
  const bad = entries.filter((e) => !Number.isFinite(e.startMs)).length;
  if (bad > 0) warnings.push(`${bad} entries have no valid startedDateTime and are placed at the page start.`);
  entries.sort((a, b) => a.startMs - b.startMs || a.index - b.index);
  linkRedirects(entries);
  const firstStart = entries.find((e) => Number.isFinite(e.startMs))?.startMs ?? 0;
  const pages = readPages(asArray(log.pages), firstStart);
  assignPages(entries, pages, firstStart);
  const creator = asRecord(log.creator);
  const browser = asRecord(log.browser);
  const systemMetrics = readSystemMetrics(har._systemMetrics ?? log._systemMetrics);
  return {
    creator: [asString(creator.name), asString(creator.version)].filter(Boolean).join(' '),
    browser: [asString(browser.name), asString(browser.version)].filter(Boolean).join(' '),
    pages,
    entries,
    ...(systemMetrics ? { systemMetrics } : {}),
    warnings,
  };
}

function readPages(rawPages: unknown[], firstEntryStart: number): HarPageInfo[] {
  const pages = rawPages.map((raw, i): HarPageInfo => {
    const page = asRecord(raw);
    const timings = asRecord(page.pageTimings);
    const startedDateTime = asString(page.startedDateTime);
    const parsed = Date.parse(startedDateTime);
    const onContentLoad = asNumber(timings.onContentLoad, -1);
    const onLoad = asNumber(timings.onLoad, -1);
    const mainThread = asNumber(page._docCPUms, -1);
    return {
      id: asString(page.id, `page_${i + 1}`),
      title: asString(page.title) || asString(page.id) || `Page ${i + 1}`,
      startedDateTime,
      startMs: Number.isFinite(parsed) ? parsed : firstEntryStart,
      ...(onContentLoad >= 0 ? { onContentLoad } : {}),
      ...(onLoad >= 0 ? { onLoad } : {}),
      ...(mainThread >= 0 ? { mainThreadMs: mainThread } : {}),
      ...firstPaintOf(page),
    };
  });
  if (pages.length > 0) return pages;
  // HARs exported without pages (fetch recordings, some proxies) still get one view.
  return [
    {
      id: '',
      title: 'All requests',
      startedDateTime: new Date(firstEntryStart).toISOString(),
      startMs: firstEntryStart,
    },
  ];
}

/** Entries whose pageref names no page go to the latest page that started before them. */
function assignPages(entries: HarRequestEntry[], pages: HarPageInfo[], firstStart: number): void {
  const ids = new Set(pages.map((p) => p.id));
  const byStart = [...pages].sort((a, b) => a.startMs - b.startMs);
  for (const entry of entries) {
    if (!Number.isFinite(entry.startMs))
      entry.startMs = pages.find((p) => p.id === entry.pageref)?.startMs ?? firstStart;
    if (ids.has(entry.pageref)) continue;
    let owner = byStart[0];
    for (const page of byStart) if (page.startMs <= entry.startMs) owner = page;
    entry.pageref = owner?.id ?? '';
  }
}

// One fixed-shape object literal per entry (no spreads): at 10,000 entries the reader's
// cost is mostly allocation, and V8 keeps fixed shapes on its fast path.
function readEntry(entry: Json, index: number): HarRequestEntry {
  const request = asRecord(entry.request);
  const response = asRecord(entry.response);
  const content = asRecord(response.content);
  const url = asString(request.url);
  const mimeType = asString(content.mimeType) || headerValue(response.headers, 'content-type');
  const phases = readPhases(asRecord(entry.timings));
  const phaseSum =
    phases.blocked + phases.dns + phases.connect + phases.ssl + phases.send + phases.wait + phases.receive;
  const time = asNumber(entry.time, -1);
  const startedDateTime = asString(entry.startedDateTime);
  const status = asNumber(response.status, 0);
  const parts = splitUrl(url);
  const size = asNumber(content.size, -1);
  const responseHeaders = nameValues(response.headers);
  const { edgeCache, serverTiming } = readExporterHeaders(responseHeaders);
  const httpVersion = writtenHttpVersion(entry, request, response);
  const worker = viaServiceWorker(entry, response);
  return {
    index,
    pageref: asString(entry.pageref),
    startedDateTime,
    startMs: Date.parse(startedDateTime) - webPageTestLead(entry),
    totalMs: Math.max(time > 0 ? time : 0, phaseSum),
    phases,
    method: asString(request.method, 'GET').toUpperCase(),
    url,
    scheme: parts.scheme,
    host: parts.host,
    path: parts.path,
    name: parts.name,
    status,
    statusText: asString(response.statusText),
    httpVersion,
    mimeType: mimeType.split(';')[0]?.trim() ?? '',
    resourceType: classifyResource(asString(entry._resourceType), mimeType, url),
    transferBytes: transferBytes(response),
    contentBytes: size >= 0 ? size : -1,
    requestHeaders: nameValues(request.headers),
    responseHeaders,
    queryString: nameValues(request.queryString),
    requestCookies: nameValues(request.cookies),
    responseCookies: nameValues(response.cookies),
    postData: readPostData(request.postData),
    redirectURL:
      asString(response.redirectURL) || (isRedirect(status) ? headerValue(response.headers, 'location') : ''),
    redirectedFrom: undefined,
    serverIPAddress: asString(entry.serverIPAddress).replace(/^\[|\]$/g, ''),
    connection: asString(entry.connection),
    fromCache: servedFromCache(entry, response, status, size, worker),
    protocol: protocolOf(httpVersion, entry),
    viaServiceWorker: worker,
    edgeCache,
    serverTiming,
    initiator: initiatorUrl(entry._initiator),
    priority: asString(entry._priority),
    renderBlocking: asString(entry._renderBlocking),
    error: errorOf(response),
  };
}

/** Characters of an exporter's `_error` kept (Chrome's are a few dozen). */
const MAX_ERROR_CHARS = 300;

function errorOf(response: Json): string {
  const error = asString(response._error);
  return error ? error.slice(0, MAX_ERROR_CHARS).replace(/\s+/g, ' ').trim() : '';
}

function readPostData(value: unknown): HarRequestEntry['postData'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const postData = value as Json;
  return { mimeType: asString(postData.mimeType), text: asString(postData.text) };
}

/** HAR 1.2: `connect` includes `ssl`. Phases here never overlap, so ssl is carved out. */
export function readPhases(timings: Json): PhaseDurations {
  const ssl = asDuration(timings.ssl);
  const connectWithSsl = asDuration(timings.connect);
  // Some writers report ssl outside connect (connect < ssl); then nothing is carved out.
  const connect = connectWithSsl >= ssl ? connectWithSsl - ssl : connectWithSsl;
  return {
    // Chrome's `_blocked_queueing` is part of `blocked` already: it only stands in for a missing one.
    blocked: asNumber(timings.blocked, -1) >= 0 ? asDuration(timings.blocked) : asDuration(timings._blocked_queueing),
    dns: asDuration(timings.dns),
    connect,
    ssl,
    send: asDuration(timings.send),
    wait: asDuration(timings.wait),
    receive: asDuration(timings.receive),
  };
}

/** WebPageTest's lead: the most a request's DNS, connect and TLS can come before its `_load_start` (ms). */
const MAX_WPT_LEAD_MS = 600_000;

/**
 * WebPageTest writes `startedDateTime` at `_load_start`, after the request's DNS, connect and
 * TLS; it began at `_all_start`. The phases (which include those) are drawn from there.
 */
export function webPageTestLead(entry: Json): number {
  // WebPageTest 2.18 and 2.19 write them as strings ("272"), later versions as numbers.
  const all = asNumber(entry._all_start, NaN);
  const load = asNumber(entry._load_start, NaN);
  if (!Number.isFinite(all) || !Number.isFinite(load)) return 0;
  return Math.min(MAX_WPT_LEAD_MS, Math.max(0, load - all));
}

/** An HTTP version in one spelling, whatever the exporter wrote; 'unknown' when it does not say one. */
export type HttpVersion = 'http/1.0' | 'http/1.1' | 'h2' | 'h3' | 'unknown';

/**
 * The one reading of every exporter's HTTP version: `HTTP/1.1`, `http/1.1`, WebPageTest's `1.1`;
 * `h2`, `HTTP/2`, Firefox's `HTTP/2.0`, `h2c`, SPDY (multiplexed like HTTP/2); `h3`, `h3-29`,
 * `HTTP/3`, QUIC. Chrome's `unknown`, an empty field and WebPageTest's mangled pseudo-header
 * tails (`us:`, `me:`, `2 2`) are 'unknown': a rule that needs the version does not guess it.
 */
export function normalizeHttpVersion(written: string): HttpVersion {
  const text = written.slice(0, 32).trim().toLowerCase();
  if (text.includes('quic') || /^(h3(-\d+)?|http\/3(\.0)?)$/.test(text)) return 'h3';
  if (/^(http\/)?1\.1$/.test(text)) return 'http/1.1';
  if (/^(http\/)?1\.0$/.test(text)) return 'http/1.0';
  if (/^(h2c?|http\/2(\.0)?|spdy\/[\d.]+)$/.test(text)) return 'h2';
  return 'unknown';
}

/** The version a request went over: HTTP/3 as the reader found it in any field (`protocol`), else its `httpVersion`. */
export function httpVersionOf(entry: Pick<HarRequestEntry, 'httpVersion' | 'protocol'>): HttpVersion {
  return entry.protocol === 'h3' ? 'h3' : normalizeHttpVersion(entry.httpVersion);
}

/** Multiplexed: one connection per origin carries every request. */
export const isMultiplexed = (version: HttpVersion) => version === 'h2' || version === 'h3';
export const isHttp1 = (version: HttpVersion) => version === 'http/1.0' || version === 'http/1.1';

/**
 * The version as written, from the first field that holds one: the response's, the request's,
 * then WebPageTest's `_protocol` (its 3.0 and 17.x agents mangle `httpVersion` on HTTP/2
 * into `us:` or leave it empty); when none does, the response's as written.
 */
function writtenHttpVersion(entry: Json, request: Json, response: Json): string {
  const fromResponse = asString(response.httpVersion);
  if (normalizeHttpVersion(fromResponse) !== 'unknown') return fromResponse;
  const fromRequest = asString(request.httpVersion);
  if (normalizeHttpVersion(fromRequest) !== 'unknown') return fromRequest;
  const fromWpt = asString(entry._protocol);
  if (normalizeHttpVersion(fromWpt) !== 'unknown') return fromWpt;
  return fromResponse || fromRequest;
}

/**
 * Served by the browser's cache: Chrome marks hits with `_fromCache` ('memory' / 'disk') or
 * reports a body with 0 bytes on the wire. A 304 is a revalidation over the network, not a hit.
 */
export function servedFromCache(
  entry: Json,
  response: Json,
  status: number,
  contentSize: number,
  viaWorker = false,
): boolean {
  if (status === 304) return false;
  const marked = entry._fromCache;
  if (typeof marked === 'string' ? marked !== '' : marked === true) return true;
  // A service worker's answer has 0 bytes on the wire too: it is shown as the worker's, not the HTTP cache's.
  return !viaWorker && status >= 200 && status < 300 && asNumber(response._transferSize, -1) === 0 && contentSize > 0;
}

/** Bytes on the wire: Chrome's `_transferSize`, else headers + body as far as reported; -1 when neither is. */
export function transferBytes(response: Json): number {
  const transfer = asNumber(response._transferSize, -1);
  if (transfer >= 0) return transfer;
  const headers = asNumber(response.headersSize, -1);
  const body = asNumber(response.bodySize, -1);
  if (headers < 0 && body < 0) return -1;
  return Math.max(headers, 0) + Math.max(body, 0);
}

/** Well-formed arrays are used as they are: a 10,000-entry HAR has ~200,000 headers. */
function nameValues(value: unknown): NameValue[] {
  if (Array.isArray(value) && value.every(isNameValue)) return value;
  return asArray(value).map((raw) => {
    const pair = asRecord(raw);
    return { name: asString(pair.name), value: asString(pair.value) };
  });
}

function isNameValue(value: unknown): value is NameValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as NameValue).name === 'string' &&
    typeof (value as NameValue).value === 'string'
  );
}

function headerValue(headers: unknown, name: string): string {
  const lower = name.toLowerCase();
  return nameValues(headers).find((h) => h.name.toLowerCase() === lower)?.value ?? '';
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

/** Links each redirect target to its source so the panel can show the chain. */
function linkRedirects(entries: HarRequestEntry[]): void {
  const pending = new Map<string, number>();
  for (const entry of entries) {
    const from = pending.get(entry.url);
    if (from !== undefined) {
      entry.redirectedFrom = from;
      pending.delete(entry.url);
    }
    if (entry.redirectURL) pending.set(resolveAgainst(entry.redirectURL, entry.url), entry.index);
  }
}

function resolveAgainst(target: string, base: string): string {
  try {
    return new URL(target, base).href;
  } catch {
    return target;
  }
}

function readSystemMetrics(value: unknown): SystemMetrics | undefined {
  const raw = asRecord(value);
  if (!('cpuUtilization' in raw) && !('physicalMemoryUsedBytes' in raw)) return undefined;
  return value as SystemMetrics;
}
