// One side of a HAR diff: a file's page (or all its entries) as requests ready to match.
// A lean reader of its own rather than readHar, for two reasons:
// - timings: the diff keeps `-1` ("not applicable") apart from 0 (null here), and takes
//   `blocked` as written — Chrome's `_blocked_queueing` is part of it already, so adding it
//   again (as readHar's readPhases does) would count the queueing twice; with ssl carved out
//   of connect (HAR 1.2: connect includes ssl), a consistent entry's phases add up to `time`;
// - cost: it reads only the dozen fields a diff needs (no header arrays, no second URL
//   parse): two 5,000-entry files diff well inside the panel's budget.
// Everything else follows readHar's rules: the same envelopes ({ log }, { har: { log } }, a
// bare log), resource types from classify.ts, transfer size (`_transferSize`, else headers
// + body), a Location header standing in for an empty redirectURL, entries without a known
// pageref given to the page open when they started, and one "page" of all requests when the
// file has none. Bounded by DIFF_LIMITS; never throws on garbage (HarDiffPageError only for
// a page asked for that the file lacks).
import { servedFromCache, transferBytes, webPageTestLead } from './reader';
import { classifyResource } from './classify';
import { requestBodyIdentity } from './request-body-identity';
import { harEnvelope } from './envelope';
import type { DiffPageRef, DiffRequest, HarDiffSide, HarDiffSideInfo, PhaseTimes } from './diff';
import { DIFF_LIMITS } from './diff-limits';
import { asArray, asNumber, asRecord, asString, type Json } from './narrow';
import { normaliseUrl } from './url-match';
import { countAtMost } from '../sorted-search';

/** A page asked for that the file does not have. */
export class HarDiffPageError extends Error {
  override name = 'HarDiffPageError';
}

const harLog = (har: unknown): Json => harEnvelope(har).log;

/** True when the value has a log.entries array (in any envelope readHar accepts): something to diff. */
export function hasHarEntries(har: unknown): boolean {
  return Array.isArray(harLog(har).entries);
}

type Sink = Pick<HarDiffSide, 'requests' | 'keys' | 'urls' | 'notes'>;

interface SidePage {
  id: string;
  title: string;
  startMs: number;
  onContentLoad?: number;
  onLoad?: number;
}

/**
 * One file's page as matchable requests. `page`: the page's id, its 1-based number, or '*'
 * for every entry; by default the first page (every entry when the file has no pages, where
 * '1' also names all of them).
 */
export function readDiffSide(har: unknown, page?: string): HarDiffSide {
  const log = harLog(har);
  const warnings: string[] = [];
  if (!Array.isArray(log.entries)) warnings.push('The file has no log.entries array; nothing to compare.');
  const rawEntries = bounded(log.entries, DIFF_LIMITS.entriesPerSide, 'entries', warnings);
  const rawPages = bounded(log.pages, DIFF_LIMITS.pagesPerSide, 'pages', warnings);

  // Parallel arrays over the file's entries, no object per entry until one is chosen.
  const n = rawEntries.length;
  const records: Json[] = new Array<Json>(n);
  const starts = new Float64Array(n);
  const pagerefs: string[] = new Array<string>(n);
  let bad = 0;
  let firstStart = Infinity;
  for (let i = 0; i < n; i++) {
    const raw = asRecord(rawEntries[i]);
    records[i] = raw;
    const date = asString(raw.startedDateTime);
    // An ISO date is ~30 characters; a megabyte "date" is not parsed, just invalid.
    const start = date.length <= 64 ? Date.parse(date) - webPageTestLead(raw) : NaN;
    starts[i] = start;
    pagerefs[i] = asString(raw.pageref);
    if (!Number.isFinite(start)) bad++;
    else if (start < firstStart) firstStart = start;
  }
  if (bad > 0) warnings.push(`${bad} entries have no valid startedDateTime and are placed at their page's start.`);
  if (!Number.isFinite(firstStart)) firstStart = 0;
  const pages = readPages(rawPages, firstStart);
  assignPages(starts, pagerefs, pages, firstStart);

  const selected = selectPage(pages, page);
  const order: number[] = [];
  let sorted = true;
  for (let i = 0; i < n; i++) {
    if (selected && pagerefs[i] !== selected.page.id) continue;
    if (order.length > 0 && (starts[i] ?? 0) < (starts[order[order.length - 1] ?? 0] ?? 0)) sorted = false;
    order.push(i);
  }
  // Exports are mostly in start order already; the sort (stable: file order among equals) only when not.
  if (!sorted) order.sort((x, y) => (starts[x] ?? 0) - (starts[y] ?? 0) || x - y);
  const first = order.length > 0 ? (starts[order[0] ?? 0] ?? 0) : (selected?.page.startMs ?? 0);
  const origin = selected ? Math.min(selected.page.startMs, first) : first;

  const sink: Sink = { requests: [], keys: [], urls: [], notes: [] };
  for (let k = 0; k < order.length; k++) {
    const i = order[k] ?? 0;
    readRequest(sink, records[i] ?? {}, i, (starts[i] ?? 0) - origin);
  }
  const creator = asRecord(log.creator);
  const browser = asRecord(log.browser);
  const info: HarDiffSideInfo = {
    scope: selected ? 'page' : 'all',
    ...(selected ? { page: pageInfo(selected.page, selected.number) } : {}),
    pages: pages.length,
    requests: sink.requests.length,
    creator: cut([asString(creator.name), asString(creator.version)].filter(Boolean).join(' '), 256),
    browser: cut([asString(browser.name), asString(browser.version)].filter(Boolean).join(' '), 256),
  };
  return { info, ...sink, warnings };
}

function bounded(value: unknown, limit: number, what: string, warnings: string[]): unknown[] {
  const all = asArray(value);
  if (all.length <= limit) return all;
  warnings.push(`Only the first ${limit} of ${all.length} ${what} are compared.`);
  return all.slice(0, limit);
}

function readPages(rawPages: readonly unknown[], firstEntryStart: number): SidePage[] {
  return rawPages.map((value, i): SidePage => {
    const page = asRecord(value);
    const timings = asRecord(page.pageTimings);
    const parsed = Date.parse(asString(page.startedDateTime));
    const onContentLoad = asNumber(timings.onContentLoad, -1);
    const onLoad = asNumber(timings.onLoad, -1);
    return {
      id: asString(page.id, `page_${i + 1}`),
      title: asString(page.title) || asString(page.id) || `Page ${i + 1}`,
      startMs: Number.isFinite(parsed) ? parsed : firstEntryStart,
      ...(onContentLoad >= 0 ? { onContentLoad } : {}),
      ...(onLoad >= 0 ? { onLoad } : {}),
    };
  });
}

/**
 * readHar's rules: an entry whose pageref names no page goes to the latest page that started
 * before it (a binary search, not a scan of the pages per entry); an entry without a valid
 * start is placed at its page's start.
 */
const startOf = (page: SidePage) => page.startMs;

function assignPages(starts: Float64Array, pagerefs: string[], pages: readonly SidePage[], firstStart: number): void {
  const byId = new Map<string, SidePage>();
  for (const p of pages) if (!byId.has(p.id)) byId.set(p.id, p);
  const byStart = [...pages].sort((a, b) => a.startMs - b.startMs);
  for (let i = 0; i < starts.length; i++) {
    const ref = pagerefs[i] ?? '';
    if (!Number.isFinite(starts[i])) starts[i] = byId.get(ref)?.startMs ?? firstStart;
    if (pages.length === 0 || byId.has(ref)) continue;
    const owner = Math.max(0, countAtMost(byStart, startOf, starts[i] ?? 0) - 1);
    pagerefs[i] = byStart[owner]?.id ?? '';
  }
}

function selectPage(
  pages: readonly SidePage[],
  wanted: string | undefined,
): { page: SidePage; number: number } | undefined {
  if (wanted === '*') return undefined;
  if (wanted === undefined) return pages[0] ? { page: pages[0], number: 1 } : undefined;
  // A file without pages is one page of all its requests: 1 names it too.
  if (pages.length === 0) {
    if (wanted === '1') return undefined;
    throw new HarDiffPageError(`has no pages, so no page ${quote(wanted)}; use * (or 1) for all requests`);
  }
  const byId = pages.findIndex((p) => p.id === wanted);
  const number = byId >= 0 ? byId + 1 : /^\d{1,6}$/.test(wanted) ? Number(wanted) : 0;
  const page = pages[number - 1];
  if (page) return { page, number };
  const ids = pages
    .slice(0, 10)
    .map((p) => quote(p.id))
    .join(', ');
  throw new HarDiffPageError(
    `has no page ${quote(wanted)}; its pages are ${ids}${pages.length > 10 ? ` and ${pages.length - 10} more` : ''}` +
      ` (or 1…${pages.length}, or * for all requests)`,
  );
}

function quote(text: string): string {
  return JSON.stringify(cut(text, 80));
}

function pageInfo(page: SidePage, number: number): NonNullable<HarDiffSideInfo['page']> {
  return {
    id: cut(page.id, 256),
    title: cut(page.title, 256),
    number,
    ...(page.onContentLoad !== undefined ? { onContentLoad: clampMs(page.onContentLoad) } : {}),
    ...(page.onLoad !== undefined ? { onLoad: clampMs(page.onLoad) } : {}),
  };
}

// One fixed-shape object literal per request (the reader's lesson at 10,000 entries).
function readRequest(side: Sink, raw: Json, index: number, offsetMs: number): void {
  const request = asRecord(raw.request);
  const response = asRecord(raw.response);
  const content = asRecord(response.content);
  const url = asString(request.url);
  const status = asNumber(response.status, 0);
  const mimeType = asString(content.mimeType) || headerValue(response.headers, 'content-type');
  const phases = readDiffPhases(raw.timings);
  const time = clampMs(asNumber(raw.time, -1));
  const size = asNumber(content.size, -1);
  const normal = normaliseUrl(url);
  const rawMethod = asString(request.method, 'GET');
  const method = rawMethod === 'GET' || rawMethod === 'POST' ? rawMethod : rawMethod.slice(0, 32).toUpperCase();
  const diffRequest: DiffRequest = {
    index,
    method,
    url: cut(url),
    host: normal.host.length > 256 ? cut(normal.host, 256) : normal.host,
    status,
    resourceType: classifyResource(asString(raw._resourceType).slice(0, 32), mimeType.slice(0, 256), url.slice(0, 16)),
    startOffsetMs: clampOffset(offsetMs),
    totalMs: Math.max(time, phaseSum(phases)),
    phases,
    transferBytes: clampBytes(transferBytes(response)),
    contentBytes: clampBytes(size),
    redirectURL: cut(
      asString(response.redirectURL) || (isRedirect(status) ? headerValue(response.headers, 'location') : ''),
    ),
    fromCache: servedFromCache(raw, response, status, size),
    initiator: cut(initiatorOf(raw._initiator), 256),
    body: requestBodyIdentity(request),
  };
  const normalUrl = cut(normal.url);
  side.requests.push(diffRequest);
  // GET of an absolute URL (almost every request) is matched by the URL itself, no new string.
  side.keys.push(method === 'GET' && normal.host !== '' ? normalUrl : `${method} ${normalUrl}`);
  side.urls.push(normalUrl);
  side.notes.push(normal.notes);
}

/**
 * HAR 1.2 timings → non-overlapping phases: `-1` (or missing) is null; ssl is carved out
 * of connect (which includes it; when a writer reports connect < ssl nothing is carved);
 * `blocked` is taken as written — Chrome's `_blocked_queueing` is part of it already — and
 * `_blocked_queueing` only stands in for a missing `blocked`.
 */
export function readDiffPhases(timings: unknown): PhaseTimes {
  const t = asRecord(timings);
  const ssl = phase(t.ssl);
  const connectWithSsl = phase(t.connect);
  const connect =
    connectWithSsl !== null && ssl !== null && connectWithSsl >= ssl ? connectWithSsl - ssl : connectWithSsl;
  return {
    blocked: phase(t.blocked) ?? phase(t._blocked_queueing),
    dns: phase(t.dns),
    connect,
    ssl,
    send: phase(t.send),
    wait: phase(t.wait),
    receive: phase(t.receive),
  };
}

function phase(value: unknown): number | null {
  const n = asNumber(value, -1);
  return n >= 0 ? Math.min(n, DIFF_LIMITS.durationMs) : null;
}

/** Sum of the applicable phases. */
export function phaseSum(p: PhaseTimes): number {
  return (
    (p.blocked ?? 0) + (p.dns ?? 0) + (p.connect ?? 0) + (p.ssl ?? 0) + (p.send ?? 0) + (p.wait ?? 0) + (p.receive ?? 0)
  );
}

/** Looks at the first 200 headers only. */
function headerValue(headers: unknown, name: string): string {
  const list = asArray(headers);
  const n = Math.min(list.length, 200);
  for (let i = 0; i < n; i++) {
    const h = asRecord(list[i]);
    if (typeof h.name === 'string' && h.name.length === name.length && h.name.toLowerCase() === name)
      return asString(h.value);
  }
  return '';
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

function clampMs(ms: number): number {
  return ms > 0 ? Math.min(ms, DIFF_LIMITS.durationMs) : 0;
}

function clampOffset(ms: number): number {
  return Number.isFinite(ms) ? Math.max(-DIFF_LIMITS.durationMs, Math.min(ms, DIFF_LIMITS.durationMs)) : 0;
}

function clampBytes(bytes: number): number {
  return bytes >= 0 ? Math.min(bytes, DIFF_LIMITS.bytes) : -1;
}

function cut(text: string, max: number = DIFF_LIMITS.stringChars): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The file's pages as readDiffSide names them (bounded like it): for asking which page to compare. */
export function harPageList(har: unknown): DiffPageRef[] {
  const pages = readPages(bounded(harLog(har).pages, DIFF_LIMITS.pagesPerSide, 'pages', []), 0);
  return pages.map((page, i) => ({
    id: cut(page.id, DIFF_LIMITS.stringChars),
    title: cut(page.title, DIFF_LIMITS.stringChars),
    number: i + 1,
  }));
}

/** Chrome's `_initiator`: the URL that asked for the request, else its type ('parser', 'script' …). */
function initiatorOf(value: unknown): string {
  const initiator = asRecord(value);
  return asString(initiator.url) || asString(initiator.type);
}
