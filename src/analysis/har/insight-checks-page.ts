// The insight checks about time: the server, the network, redirects, render-blocking,
// connections and main-thread gaps. Each returns a Hit or nothing; thresholds come from
// INSIGHT_RULES. Every check is one pass (plus a sort) over the page's requests.
import { siteOf } from './critical-path';
import { formatMs } from './format';
import { INSIGHT_RULES as R } from './insight-rules';
import type { Hit, InsightContext } from './insights';
import type { HarRequestEntry } from './model';
import { httpVersionOf, isHttp1, isMultiplexed } from './reader';
import type { WaterfallRow } from './waterfall';

export function pageChecks(context: InsightContext): Hit[] {
  return [
    slowServer(context),
    networkCost(context),
    redirects(context),
    renderBlocking(context),
    connectionSetup(context),
    ...connectionReuse(context),
    manyOrigins(context),
    ...http1Queueing(context),
    thirdParty(context),
    mainThread(context),
  ].filter((hit): hit is Hit => hit !== undefined);
}

// Each check runs once per page, so a loop of its own over every request would run slowly
// until the engine optimised it, again after every full garbage collection. Instead the
// array builtins (filter, forEach) call module-level functions, whose optimised code stays.
function slowServer({ rows }: InsightContext): Hit | undefined {
  const median = medianOf(Float64Array.from(rows, waitOf).filter(isPositive));
  const limit = Math.max(R.slowServer.minWaitMs, R.slowServer.overMedian * median);
  const items = rows.filter(waitsAtLeast, { ms: limit }).map((row) => ({ row, ms: row.entry.phases.wait - median }));
  if (items.length === 0) return undefined;
  const worst = items.reduce((a, b) => (b.row.entry.phases.wait > a.row.entry.phases.wait ? b : a));
  return {
    rule: 'slowServer',
    items,
    what: `server wait beyond the page's median (${formatMs(median)})`,
    summary:
      `${name(worst.row)} waited ${formatMs(worst.row.entry.phases.wait)} for the server, ` +
      `${ratio(worst.row.entry.phases.wait, median)} the page's median of ${formatMs(median)}` +
      `${items.length > 1 ? `; ${items.length - 1} more over ${formatMs(limit)}` : ''}`,
  };
}

const waitOf = (row: WaterfallRow) => row.entry.phases.wait;
const isPositive = (value: number) => value > 0;

function waitsAtLeast(this: { ms: number }, row: WaterfallRow): boolean {
  return row.entry.phases.wait >= this.ms;
}

/** Critical requests' connect + TLS + wait beyond the best the same origin did on this page. */
function networkCost({ rows, path, options }: InsightContext): Hit | undefined {
  if (!options.networkBlamed) return undefined;
  const best = new Map<string, { setup: number; wait: number }>();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const { connect, ssl, wait } = row.entry.phases;
    const seen = best.get(row.entry.host) ?? { setup: Infinity, wait: Infinity };
    if (connect + ssl > 0) seen.setup = Math.min(seen.setup, connect + ssl);
    if (wait > 0) seen.wait = Math.min(seen.wait, wait);
    best.set(row.entry.host, seen);
  }
  const items = path.links
    .map(({ row }) => {
      const origin = best.get(row.entry.host);
      const { connect, ssl, wait } = row.entry.phases;
      const setupExcess =
        connect + ssl > 0 && origin && Number.isFinite(origin.setup) ? connect + ssl - origin.setup : 0;
      const waitExcess = wait > 0 && origin && Number.isFinite(origin.wait) ? wait - origin.wait : 0;
      return { row, ms: setupExcess + waitExcess };
    })
    .filter((item) => item.ms > 0);
  const total = items.reduce((sum, item) => sum + item.ms, 0);
  if (total < R.networkCost.minExcessMs) return undefined;
  return {
    rule: 'networkCost',
    items,
    what: "connect, TLS and server wait beyond the same origin's best on this page",
    summary:
      `The network cost ${items.length} critical request${plural(items.length)} ${formatMs(total)} ` +
      `over their origins' best connect, TLS and wait`,
  };
}

const isRedirect = ({ entry }: WaterfallRow) => entry.redirectURL !== '' && entry.status >= 300 && entry.status < 400;

function redirects({ rows }: InsightContext): Hit | undefined {
  const items = rows.filter(isRedirect).map((row) => ({ row, ms: row.entry.totalMs }));
  const total = items.reduce((sum, item) => sum + item.ms, 0);
  if (items.length === 0 || total < R.redirects.minMs) return undefined;
  return {
    rule: 'redirects',
    items,
    what: 'the time of the redirects',
    summary:
      `${items.length} redirect${plural(items.length)} took ${formatMs(total)}, ` +
      `starting at ${name(items[0]!.row)}`,
  };
}

/** Only where the HAR says when the page first painted; WebPageTest also says which requests blocked it. */
function renderBlocking({ rows, path, firstPaint }: InsightContext): Hit | undefined {
  if (firstPaint === undefined) return undefined;
  const documentEnd = path.navigation[path.navigation.length - 1]?.endMs ?? 0;
  const told = rows.some((row) => row.entry.renderBlocking);
  const blocking = rows.filter(
    (row) =>
      row.offsetMs < firstPaint &&
      row.endMs <= firstPaint &&
      row.endMs > documentEnd &&
      (told
        ? row.entry.renderBlocking === 'blocking'
        : (row.entry.resourceType === 'stylesheet' || row.entry.resourceType === 'script') &&
          /^(veryhigh|highest|high)$/i.test(row.entry.priority || 'High')),
  );
  if (blocking.length === 0) return undefined;
  const held = Math.max(...blocking.map((row) => row.endMs)) - documentEnd;
  if (held < R.renderBlocking.minMs) return undefined;
  return {
    rule: 'renderBlocking',
    items: blocking.map((row) => ({ row, ms: row.endMs - documentEnd })),
    what: '',
    saving: {
      ms: held,
      estimate:
        `from the document's end to the last blocking request's end, ` +
        `before first paint at ${formatMs(firstPaint)}`,
    },
    summary:
      `${blocking.length} request${plural(blocking.length)} ` +
      `${told ? 'marked render-blocking' : '(stylesheets and high-priority scripts)'} ` +
      `held first paint ${formatMs(held)} after the document arrived`,
  };
}

const setupOf = (row: WaterfallRow) => row.entry.phases.dns + row.entry.phases.connect + row.entry.phases.ssl;

const originOf = (entry: HarRequestEntry) => `${entry.scheme}://${entry.host}`;

/**
 * DNS, connect and TLS of critical requests, but not the navigation's: as Lighthouse's
 * preconnect audit leaves the main document's origin out, no hint can open the connection
 * the page itself arrives on (nor those of the redirects before it).
 */
function connectionSetup({ path }: InsightContext): Hit | undefined {
  const navigation = new Set(path.navigation);
  const document = path.navigation[path.navigation.length - 1];
  const home = document ? originOf(document.entry) : undefined;
  const items = path.links
    .filter(({ row }) => setupOf(row) > 0 && !navigation.has(row) && originOf(row.entry) !== home)
    .map(({ row }) => ({ row, ms: setupOf(row) }));
  const total = items.reduce((sum, item) => sum + item.ms, 0);
  if (total < R.connectionSetup.minMs) return undefined;
  const hosts = new Set(items.map((item) => item.row.entry.host));
  return {
    rule: 'connectionSetup',
    items,
    what: 'DNS, connect and TLS time',
    summary:
      `${formatMs(total)} of DNS, connect and TLS on the critical path, ` +
      `to ${hosts.size} origin${plural(hosts.size)}`,
  };
}

const opensConnection = (row: WaterfallRow) => row.entry.phases.connect + row.entry.phases.ssl > 0;

/**
 * Connections opened to one origin beyond what its HTTP version needs: six over HTTP/1.x (the
 * browsers' limit per host), one over HTTP/2 and 3. Only where every connection's version is
 * known and the same: an unknown version (Chrome's `unknown`, a mangled field) decides nothing.
 */
function connectionReuse({ rows }: InsightContext): Hit[] {
  const byHost = new Map<string, WaterfallRow[]>();
  for (const row of rows.filter(opensConnection)) pushTo(byHost, row.entry.host, row);
  const hits: Hit[] = [];
  for (const [host, opened] of byHost) {
    const version = httpVersionOf(opened[0]!.entry);
    if (version === 'unknown' || opened.some((row) => httpVersionOf(row.entry) !== version)) continue;
    const limit = isMultiplexed(version) ? R.connectionReuse.maxHttp2 : R.connectionReuse.maxHttp1;
    if (opened.length <= limit) continue;
    const extra = opened.slice(limit).map((row) => ({ row, ms: setupOf(row) }));
    const needed = limit === 1 ? 'one' : limit;
    hits.push({
      rule: 'connectionReuse',
      items: extra,
      what: "setup time of the connections beyond the browser's limit",
      summary: `${opened.length} connections were set up to ${host}; ${needed} would carry them all`,
    });
  }
  return hits;
}

const setsUp = (row: WaterfallRow) => setupOf(row) > 0;

function manyOrigins({ rows }: InsightContext): Hit | undefined {
  const firstSetup = new Map<string, WaterfallRow>();
  for (const row of rows.filter(setsUp)) if (!firstSetup.has(row.entry.host)) firstSetup.set(row.entry.host, row);
  if (firstSetup.size <= R.manyOrigins.maxOrigins) return undefined;
  const items = [...firstSetup.values()].map((row) => ({ row, ms: setupOf(row) }));
  return {
    rule: 'manyOrigins',
    items,
    what: 'DNS, connect and TLS time of each origin',
    summary: `The page set up connections to ${firstSetup.size} origins (more than ${R.manyOrigins.maxOrigins})`,
  };
}

const queuedOnHttp1 = ({ entry }: WaterfallRow) =>
  entry.phases.blocked >= R.http1Queueing.minBlockedMs && isHttp1(httpVersionOf(entry));

function http1Queueing({ rows }: InsightContext): Hit[] {
  const byHost = new Map<string, WaterfallRow[]>();
  for (const row of rows.filter(queuedOnHttp1)) pushTo(byHost, row.entry.host, row);
  return [...byHost]
    .filter(([, queued]) => queued.length >= R.http1Queueing.minRequests)
    .map(([host, queued]): Hit => ({
      rule: 'http1Queueing',
      items: queued.map((row) => ({ row, ms: row.entry.phases.blocked })),
      what: 'time queued',
      summary:
        `${queued.length} HTTP/1.1 requests to ${host} queued ` +
        `${formatMs(Math.max(...queued.map((row) => row.entry.phases.blocked)))} at most for a connection`,
    }));
}

/** Bytes and time of all requests and of those to other sites than the page's. */
class ThirdPartyTally {
  bytes = 0;
  thirdBytes = 0;
  time = 0;
  thirdTime = 0;
  readonly items: Hit['items'] = [];
  private readonly thirdByHost = new Map<string, boolean>();
  constructor(
    private readonly site: string,
    private readonly navigation: ReadonlySet<WaterfallRow>,
  ) {}

  add(row: WaterfallRow): void {
    let third = this.thirdByHost.get(row.entry.host);
    if (third === undefined) this.thirdByHost.set(row.entry.host, (third = siteOf(row.entry.host) !== this.site));
    if (this.navigation.has(row)) third = false;
    const size = Math.max(0, row.entry.transferBytes);
    this.bytes += size;
    this.time += row.entry.totalMs;
    if (!third) return;
    this.thirdBytes += size;
    this.thirdTime += row.entry.totalMs;
    this.items.push({ row, ms: row.entry.totalMs });
  }
}

/**
 * Shares of other sites than the navigation's (by registrable domain: www.bbc.co.uk and static.bbc.co.uk are one site).
 */
function thirdParty({ rows, path }: InsightContext): Hit | undefined {
  const home = path.navigation[path.navigation.length - 1];
  if (!home) return undefined;
  const site = siteOf(home.entry.host);
  // The navigation (its redirects included) is the page itself, never a third party it loaded.
  const tally = new ThirdPartyTally(site, new Set(path.navigation));
  rows.forEach(tally.add, tally);
  const { bytes, thirdBytes, time, thirdTime, items } = tally;
  const byteShare = bytes > 0 ? thirdBytes / bytes : 0;
  const timeShare = time > 0 ? thirdTime / time : 0;
  if (Math.max(byteShare, timeShare) < R.thirdParty.minShare) return undefined;
  return {
    rule: 'thirdParty',
    items,
    what: 'third-party request time',
    summary:
      `Other sites than ${site} served ${percent(byteShare)} of the bytes ` +
      `and took ${percent(timeShare)} of the request time (${items.length} request${plural(items.length)})`,
  };
}

function mainThread({ path }: InsightContext): Hit | undefined {
  const gaps = path.idleGaps.filter((gap) => gap.endMs - gap.startMs >= R.mainThread.minGapMs);
  if (gaps.length === 0) return undefined;
  const total = gaps.reduce((sum, gap) => sum + gap.endMs - gap.startMs, 0);
  // Named after the request that ended last before each gap: what the page was working on.
  const items = gaps.flatMap((gap) => (gap.after ? [{ row: gap.after, ms: gap.endMs - gap.startMs }] : []));
  return {
    rule: 'mainThread',
    items,
    what: '',
    saving: {
      ms: total,
      estimate: 'the length of the gaps before onLoad, if the work in them moved after it or ran faster',
    },
    summary:
      `${gaps.length} stretch${gaps.length === 1 ? '' : 'es'} with no request in flight, ${formatMs(total)} in all, ` +
      `the longest ${formatMs(gaps[0]!.endMs - gaps[0]!.startMs)} at ${formatMs(gaps[0]!.startMs)}`,
  };
}

export function medianOf(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const name = (row: WaterfallRow) => row.entry.name || row.entry.url;
export const plural = (n: number) => (n === 1 ? '' : 's');
const percent = (share: number) => `${Math.round(share * 100)} %`;
const ratio = (value: number, median: number) => (median > 0 ? `${(value / median).toFixed(1)}×` : 'far over');

export function pushTo<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
