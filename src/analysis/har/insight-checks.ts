// The insight checks about single requests and repeats: uncompressed text, missing cache
// validators, large images, duplicates, storms, retries and failures. Repeats are grouped
// by one key per request in a Map (never all pairs); storms use a sliding window per group.
import { formatBytes, formatMs } from './format';
import { name, plural, pushTo } from './insight-checks-page';
import { INSIGHT_RULES as R } from './insight-rules';
import type { Hit, InsightContext } from './insights';
import type { HarRequestEntry } from './model';
import type { WaterfallRow } from './waterfall';

export function requestChecks(context: InsightContext): Hit[] {
  const groups = sameRequestGroups(context.rows);
  return [
    uncompressed(context),
    noValidators(context),
    largeImages(context),
    duplicates(groups),
    storms(groups),
    retries(groups),
    failed(context),
  ].filter((hit): hit is Hit => hit !== undefined);
}

const TEXT_MIME = new RegExp(
  [
    '^(text\\/|application\\/(javascript|x-javascript|ecmascript|json|ld\\+json|xml|xhtml\\+xml|',
    'manifest\\+json)|image\\/svg\\+xml)',
  ].join(''),
  'i',
);

const downloaded = (entry: HarRequestEntry) => !entry.fromCache && entry.status >= 200 && entry.status < 300;

/** The length test first: at 10,000 requests of ~20 headers, lower-casing every name is most of the cost. */
function header(entry: HarRequestEntry, wanted: string): string | undefined {
  for (const h of entry.responseHeaders)
    if (h.name.length === wanted.length && h.name.toLowerCase() === wanted) return h.value;
  return undefined;
}

// Per-request tests are module-level functions, not arrows made per call: the engine keeps a
// live function's optimised code across a full garbage collection and drops a dead arrow's.
function isUncompressedText({ entry }: WaterfallRow): boolean {
  if (!downloaded(entry) || !TEXT_MIME.test(entry.mimeType) || entry.contentBytes < R.uncompressed.minBytes)
    return false;
  const encoding = (header(entry, 'content-encoding') ?? '').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') return false;
  // Some exporters drop the header; a body much smaller on the wire than decoded was compressed.
  return !(entry.transferBytes > 0 && entry.transferBytes < entry.contentBytes * 0.9);
}

function uncompressed({ rows }: InsightContext): Hit | undefined {
  const items = rows
    .filter(isUncompressedText)
    .map((row) => ({ row, ms: row.entry.phases.receive * R.uncompressed.typicalSaving }));
  if (items.length === 0) return undefined;
  const bytes = items.reduce((sum, item) => sum + item.row.entry.contentBytes, 0);
  return {
    rule: 'uncompressed',
    items,
    what:
      `${Math.round(R.uncompressed.typicalSaving * 100)} % of the download time ` +
      `(what gzip or Brotli typically saves on text)`,
    summary: `${items.length} text response${plural(items.length)} (${formatBytes(bytes)}) came without gzip or Brotli`,
  };
}

const STATIC_TYPES = new Set(['script', 'stylesheet', 'image', 'font']);

function lacksValidators({ entry }: WaterfallRow): boolean {
  return (
    downloaded(entry) &&
    STATIC_TYPES.has(entry.resourceType) &&
    entry.responseHeaders.length > 0 &&
    header(entry, 'etag') === undefined &&
    header(entry, 'last-modified') === undefined
  );
}

const costsNothing = (row: WaterfallRow) => ({ row, ms: 0 });

/** Only responses the HAR recorded headers for: a file without headers says nothing about validators. */
function noValidators({ rows }: InsightContext): Hit | undefined {
  const items = rows.filter(lacksValidators).map(costsNothing);
  if (items.length === 0) return undefined;
  return {
    rule: 'noValidators',
    items,
    what: '',
    saving: { ms: 0, estimate: 'nothing on this load; repeat visits download these again instead of revalidating' },
    summary:
      `${items.length} static response${plural(items.length)} ` +
      `${items.length === 1 ? 'carries' : 'carry'} neither ETag nor Last-Modified`,
  };
}

function isLargeImage({ entry }: WaterfallRow): boolean {
  return downloaded(entry) && entry.resourceType === 'image' && imageBytes(entry) >= R.largeImages.minBytes;
}

function largeImages({ rows }: InsightContext): Hit | undefined {
  const items = rows
    .filter(isLargeImage)
    .map((row) => ({ row, ms: row.entry.phases.receive * (1 - R.largeImages.targetBytes / imageBytes(row.entry)) }));
  if (items.length === 0) return undefined;
  const biggest = items.reduce((a, b) => (imageBytes(b.row.entry) > imageBytes(a.row.entry) ? b : a));
  return {
    rule: 'largeImages',
    items,
    what: `the download time beyond a ${formatBytes(R.largeImages.targetBytes)} image`,
    summary:
      `${items.length} image${plural(items.length)} over ${formatBytes(R.largeImages.minBytes)}, ` +
      `the largest ${name(biggest.row)} at ${formatBytes(imageBytes(biggest.row.entry))}`,
  };
}

const imageBytes = (entry: HarRequestEntry) => Math.max(entry.contentBytes, entry.transferBytes);

/**
 * Requests with the same method, URL and body, in start order; the groups in the order of
 * their first request. Grouped by URL first: most URLs occur once, and a URL read from the
 * file keeps its hash, so no key is built for them.
 */
function sameRequestGroups(rows: readonly WaterfallRow[]): WaterfallRow[][] {
  const byUrl = new Map<string, number | number[]>();
  rows.forEach(addByUrl, byUrl);
  const groups: number[][] = [];
  byUrl.forEach((positions) => {
    if (typeof positions !== 'number') groups.push(...sameMethodAndBody(rows, positions));
  });
  return groups.sort((a, b) => a[0]! - b[0]!).map((group) => group.map((i) => rows[i]!));
}

/**
 * Called by forEach (whose callback's optimised code outlives a full garbage collection; a loop run once per page would
 * not).
 */
function addByUrl(this: Map<string, number | number[]>, row: WaterfallRow, i: number): void {
  const seen = this.get(row.entry.url);
  if (seen === undefined) this.set(row.entry.url, i);
  else if (typeof seen === 'number') this.set(row.entry.url, [seen, i]);
  else seen.push(i);
}

/** Positions of one URL split by method and body (its length and first 512 characters); the groups of two or more. */
function sameMethodAndBody(rows: readonly WaterfallRow[], positions: readonly number[]): number[][] {
  const byKey = new Map<string, number[]>();
  for (const i of positions) {
    const { method, postData } = rows[i]!.entry;
    const body = postData?.text;
    // The method's length first, so no method can pass for another's method and body.
    pushTo(
      byKey,
      body ? `${method.length} ${method} ${body.length}\n${body.slice(0, 512)}` : `${method.length} ${method}`,
      i,
    );
  }
  return [...byKey.values()].filter((group) => group.length > 1);
}

function duplicates(groups: readonly WaterfallRow[][]): Hit | undefined {
  const repeated = groups
    .map((group) =>
      group.filter(({ entry }) => entry.method === 'GET' && downloaded(entry) && entry.contentBytes !== 0),
    )
    .filter((group) => group.length >= R.duplicates.minCount && longestBurst(group) < R.storms.minCount);
  if (repeated.length === 0) return undefined;
  const items = repeated.flatMap((group) => group.slice(1).map((row) => ({ row, ms: row.entry.totalMs })));
  return {
    rule: 'duplicates',
    items,
    what: 'the time of the repeated downloads',
    summary:
      `${repeated.length} URL${plural(repeated.length)} downloaded more than once ` +
      `(${items.length} extra download${plural(items.length)}), e.g. ${name(repeated[0]![0]!)}`,
  };
}

function storms(groups: readonly WaterfallRow[][]): Hit | undefined {
  const bursts = groups.filter((group) => longestBurst(group) >= R.storms.minCount);
  if (bursts.length === 0) return undefined;
  const items = bursts.flatMap((group) => group.slice(1).map((row) => ({ row, ms: row.entry.totalMs })));
  const worst = bursts.reduce((a, b) => (longestBurst(b) > longestBurst(a) ? b : a));
  return {
    rule: 'storms',
    items,
    what: 'the time of the repeats',
    summary:
      `${name(worst[0]!)} was sent ${longestBurst(worst)} times within ${formatMs(R.storms.windowMs)}` +
      `${bursts.length > 1 ? `; ${bursts.length - 1} more request${plural(bursts.length - 1)} repeated like it` : ''}`,
  };
}

/** Most requests of a start-ordered group within one storm window (two pointers, linear). */
function longestBurst(group: readonly WaterfallRow[]): number {
  let best = 0;
  let from = 0;
  for (let to = 0; to < group.length; to++) {
    while (group[to]!.offsetMs - group[from]!.offsetMs > R.storms.windowMs) from++;
    best = Math.max(best, to - from + 1);
  }
  return best;
}

/**
 * Failed: an error status, or no status and no body (aborted, blocked, no response). A
 * response written without a status but with a body arrived: Firefox writes its HTTP/2
 * pushed responses so.
 */
const failedEntry = (entry: HarRequestEntry) =>
  !entry.fromCache && ((entry.status === 0 && entry.contentBytes <= 0) || entry.status >= 400);

const failedRow = (row: WaterfallRow) => failedEntry(row.entry);

function retries(groups: readonly WaterfallRow[][]): Hit | undefined {
  const items: { row: WaterfallRow; ms: number }[] = [];
  for (const group of groups) {
    for (let i = 1; i < group.length; i++) {
      const before = group[i - 1]!;
      if (failedEntry(before.entry) && group[i]!.offsetMs - before.endMs <= R.retries.windowMs)
        items.push({ row: group[i]!, ms: before.entry.totalMs + Math.max(0, group[i]!.offsetMs - before.endMs) });
    }
  }
  if (items.length === 0) return undefined;
  return {
    rule: 'retries',
    items,
    what: 'the failed attempt and the wait before each retry',
    summary:
      `${items.length} request${plural(items.length)} repeated within ${formatMs(R.retries.windowMs)} of failing, ` +
      `e.g. ${name(items[0]!.row)}`,
  };
}

function failed({ rows }: InsightContext): Hit | undefined {
  const items = rows.filter(failedRow).map((row) => ({ row, ms: row.entry.totalMs }));
  if (items.length === 0) return undefined;
  const aborted = items.filter((item) => item.row.entry.status === 0).length;
  const statuses = [...new Set(items.map((item) => item.row.entry.status).filter((status) => status > 0))]
    .sort((a, b) => a - b)
    .slice(0, 5);
  return {
    rule: 'failed',
    items,
    what: 'the time of the failed requests',
    summary:
      `${items.length} request${plural(items.length)} failed` +
      `${statuses.length ? ` (${statuses.join(', ')})` : ''}` +
      `${aborted ? `, ${aborted} aborted or without a response` : ''}`,
  };
}
