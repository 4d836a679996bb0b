// The chain of requests that determined a page's load time: from the request that finished
// last before onLoad back through what each one waited on, to the navigation (the page's
// document and the redirects that led to it). A request's parent is the one it was redirected
// from, else its initiator (Chrome, browsertime and WebPageTest write `_initiator`), else
// inferred from timing: the document for a request that started while the document was
// arriving, else the script, stylesheet or document that ended last before it started (an
// image, font, media file or beacon starts nothing), else the document. The chain says how
// many of its links were inferred. Without onLoad it ends at the last request that is not a
// beacon or a third-party request that started after the page's own were done, and says so.
// Time between links with no request in flight is main-thread time; time before the
// navigation started is not (the browser had not begun the page).
// Pure and O(n log n): sorted ends and binary search, never all pairs.
import { getDomain } from 'tldts';
import { THRESHOLDS } from '../session/thresholds';
import { formatMs } from './format';
import type { HarRequestEntry, Phase } from './model';
import { countAtMost } from '../sorted-search';
import { union, type Interval } from './time-split';
import type { Waterfall, WaterfallRow } from './waterfall';

/**
 * How a link was found from the one after it: 'start' for the first link; 'redirect' and
 * 'initiator' as the HAR says; 'document' when it started while the document was arriving;
 * 'inferred' when it hangs off the script, stylesheet or document that ended last before it
 * (or, with none, off the document).
 */
export type LinkReason = 'start' | 'redirect' | 'initiator' | 'document' | 'inferred';

export interface CriticalLink {
  row: WaterfallRow;
  /** 'document' for the page's document, else the request's name. */
  label: string;
  /** How the link to the previous one was found. */
  reason: LinkReason;
  /** The phase that cost most, and how long. */
  costliest: { phase: Phase; ms: number };
  /** Time between the previous link's end and this one's start (0 for the first link). */
  waitedMs: number;
  /** The part of waitedMs with no request in flight at all: main-thread time. */
  mainThreadMs: number;
}

export interface CriticalPath {
  untilMs: number;
  untilWhat: 'onLoad' | 'last request';
  /** The navigation: the redirects that led to the page's document, then the document (empty without requests). */
  navigation: WaterfallRow[];
  /** Navigation first, the request that ended last before onLoad last. */
  links: CriticalLink[];
  /** After the last link, until onLoad, with no request in flight. */
  tailMainThreadMs: number;
  /** Main-thread time on the path: between links and after the last one. */
  mainThreadMs: number;
  /**
   * Stretches after the navigation started and before untilMs with no request in flight (nor queued), at least
   * gapWorthNaming long, longest first (at most MAX_GAPS).
   */
  idleGaps: (Interval & { after?: WaterfallRow })[];
  /** What the chain rests on besides the HAR's own account: links inferred from timing, no onLoad, a cut. */
  notes: string[];
  /**
   * "critical path document 476 ms (server wait 278 ms) → app.js → api/profile 1.2 s (server wait 1.1 s); 2 of 2
   * links
   * inferred from timing …"
   */
  line: string;
}

/** Links followed at most: a chain is a handful of requests; a corrupt file cannot make it long. */
const MAX_LINKS = 200;
/** Redirect hops followed at most from one request to the document it leads to. */
const MAX_REDIRECT_HOPS = 20;
/** Requests looked at, at most, for a script, stylesheet or document that started before the one at hand. */
const MAX_PARENT_SCAN = 64;
/** Idle stretches kept, as timeSplit keeps them. */
const MAX_GAPS = 20;
/** Clock slack between one request's end and the next one's start (ms). */
const SLACK_MS = 1;
/** Links named in full in the line; longer chains are shortened in the middle. */
const LINE_LINKS = 6;
/** The largest body a tracking pixel has, bytes (a 1×1 GIF is 35–43). */
const PIXEL_BYTES = 100;

export const PHASE_WORDS: Record<Phase, string> = {
  blocked: 'queueing',
  dns: 'DNS',
  connect: 'connect',
  ssl: 'TLS',
  send: 'send',
  wait: 'server wait',
  receive: 'download',
};

/** Requests that went to the network: cache hits that took no time are left out. */
export function networkRows(waterfall: Waterfall): WaterfallRow[] {
  return waterfall.rows.filter(wentToNetwork);
}

const wentToNetwork = (row: WaterfallRow) => !row.entry.fromCache || row.entry.totalMs > 0;

/** `rows` are networkRows(waterfall), passed in when the caller has them already. */
export function criticalPath(waterfall: Waterfall, rows = networkRows(waterfall)): CriticalPath {
  const index = new PathIndex(rows);
  const navigation = index.navigation;
  const root = navigation[0];
  const withOnLoad = waterfall.onLoad !== undefined && waterfall.onLoad > 0;
  const last = withOnLoad ? index.lastEndingBy(waterfall.onLoad! + SLACK_MS) : index.lastOfThePage();
  const untilMs = withOnLoad ? waterfall.onLoad! : (last?.endMs ?? 0);
  const chain: { row: WaterfallRow; reason: LinkReason }[] = [];
  const seen = new Set<WaterfallRow>();
  let at: { row: WaterfallRow; reason: LinkReason } | undefined = last ? { row: last, reason: 'start' } : undefined;
  while (at && !seen.has(at.row) && chain.length < MAX_LINKS) {
    seen.add(at.row);
    chain.push(at);
    at = index.parentOf(at.row);
  }
  const cut = at !== undefined && !seen.has(at.row);
  chain.reverse();
  const document = navigation[navigation.length - 1];
  // Each record holds how it was found as its child's parent: that is the reason of the next link.
  const links = chain.map((link, i): CriticalLink => {
    const previousEnd = i === 0 ? link.row.offsetMs : chain[i - 1]!.row.endMs;
    return {
      row: link.row,
      label: link.row === document && isDocument(link.row.entry) ? 'document' : shortName(link.row),
      reason: i === 0 ? 'start' : chain[i - 1]!.reason,
      costliest: costliestPhase(link.row),
      waitedMs: Math.max(0, link.row.offsetMs - previousEnd),
      mainThreadMs: index.idleBetween(previousEnd, link.row.offsetMs),
    };
  });
  const lastEnd = links[links.length - 1]?.row.endMs ?? 0;
  const tailMainThreadMs = untilMs > lastEnd ? index.idleBetween(lastEnd, untilMs) : 0;
  const mainThreadMs = links.reduce((sum, link) => sum + link.mainThreadMs, tailMainThreadMs);
  const notes = pathNotes(links, withOnLoad || rows.length === 0, cut);
  return {
    untilMs,
    untilWhat: withOnLoad ? 'onLoad' : 'last request',
    navigation,
    links,
    tailMainThreadMs,
    mainThreadMs,
    idleGaps: index.idleGaps(root?.offsetMs ?? 0, untilMs),
    notes,
    line: pathLine(links, tailMainThreadMs) + notes.map((note) => `; ${note}`).join(''),
  };
}

function pathNotes(links: readonly CriticalLink[], withOnLoad: boolean, cut: boolean): string[] {
  const notes: string[] = [];
  const inferred = links.filter((link) => link.reason === 'document' || link.reason === 'inferred').length;
  if (inferred > 0)
    notes.push(
      `${inferred} of ${links.length - 1} link${links.length === 2 ? '' : 's'} inferred from timing ` +
        `(the HAR names no initiator for ${inferred === 1 ? 'it' : 'them'})`,
    );
  if (!withOnLoad)
    notes.push('no onLoad in the HAR: the chain ends at the last request that is not a beacon or a late third party');
  if (cut) notes.push(`cut at ${MAX_LINKS} links`);
  return notes;
}

/**
 * The registrable domain of a host (tldts, by the public suffix list); the host itself for an IP address or a bare
 * name.
 */
export function siteOf(host: string): string {
  const bare = host.toLowerCase().replace(/:\d+$/, '');
  return getDomain(bare) ?? bare;
}

/**
 * A request sent to report rather than to load: 204 No Content, an empty answer to an image or
 * other request, a tracking pixel (an image of at most PIXEL_BYTES), or a POST that is neither
 * a document nor a fetch (`sendBeacon`, pings).
 */
export function isBeacon(entry: HarRequestEntry): boolean {
  if (entry.status === 204) return true;
  const kind = entry.resourceType;
  if ((kind === 'image' || kind === 'other') && entry.status >= 200 && entry.status < 300 && entry.contentBytes === 0)
    return true;
  if (kind === 'image' && entry.contentBytes >= 0 && entry.contentBytes <= PIXEL_BYTES) return true;
  return entry.method === 'POST' && kind === 'other';
}

/** A page's or a frame's HTML, not a redirect (whether it can start requests is canStartRequests'). */
function isDocument(entry: HarRequestEntry): boolean {
  return entry.resourceType === 'document' && entry.redirectURL === '';
}

function delivered(entry: HarRequestEntry): boolean {
  return (
    (entry.status >= 200 && entry.status < 300) ||
    entry.status === 304 ||
    // A response the exporter wrote without a status (Firefox's HTTP/2 pushes) that has a body.
    (entry.status === 0 && entry.contentBytes > 0)
  );
}

/**
 * What can start other requests: a script, a stylesheet or a document that arrived. Never an image, font, media file or
 * beacon.
 */
function canStartRequests(row: WaterfallRow): boolean {
  const { entry } = row;
  if (!delivered(entry) || entry.redirectURL !== '' || isBeacon(entry)) return false;
  if (entry.resourceType === 'script' || entry.resourceType === 'stylesheet') return true;
  return isDocument(entry) && entry.contentBytes !== 0;
}

export function costliestPhase(row: WaterfallRow): { phase: Phase; ms: number } {
  let best: { phase: Phase; ms: number } = { phase: 'wait', ms: 0 };
  for (const [phase, ms] of Object.entries(row.entry.phases) as [Phase, number][])
    if (ms > best.ms) best = { phase, ms };
  return best;
}

const NAME_CHARS = 48;

export function shortName(row: WaterfallRow): string {
  const name = row.entry.name || row.entry.url;
  return name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name;
}

function pathLine(links: readonly CriticalLink[], tailMs: number): string {
  if (links.length === 0) return 'critical path: no timed requests';
  const parts = links.map((link) => {
    const idle = link.mainThreadMs >= 100 ? `${formatMs(link.mainThreadMs)} main thread → ` : '';
    const { phase, ms } = link.costliest;
    const detail =
      link.row.entry.totalMs >= 100
        ? ` ${formatMs(link.row.entry.totalMs)}${ms > 0 ? ` (${PHASE_WORDS[phase]} ${formatMs(ms)})` : ''}`
        : '';
    return `${idle}${link.label}${detail}`;
  });
  const shown =
    parts.length > LINE_LINKS
      ? [...parts.slice(0, 2), `… ${parts.length - LINE_LINKS + 2} more …`, ...parts.slice(-(LINE_LINKS - 2))]
      : parts;
  return `critical path ${shown.join(' → ')}${tailMs >= 100 ? ` → ${formatMs(tailMs)} main thread` : ''}`;
}

/** Lookups the walk needs, each O(log n) or bounded; the URL index is built only when a request names an initiator. */
class PathIndex {
  /** The redirects that led to the page's document, then the document. */
  readonly navigation: WaterfallRow[];
  private readonly navigationSet: Set<WaterfallRow>;
  private readonly byEnd: WaterfallRow[];
  /** Scripts, stylesheets and documents (canStartRequests), by end. */
  private readonly startersByEnd: WaterfallRow[];
  private readonly byIndex = new Map<number, WaterfallRow>();
  /** A redirect's target, by the redirect's file position. */
  private readonly targetOf = new Map<number, WaterfallRow>();
  private byUrl: Map<string, WaterfallRow[]> | undefined;
  private readonly busy: Interval[];
  /** When the navigation's first request started; nothing before it is on the path. */
  private readonly fromMs: number;
  /** When the document's first byte arrived, and when its last did. */
  private readonly arriving: Interval | undefined;

  constructor(private readonly rows: readonly WaterfallRow[]) {
    // Built once per page: the work per request is in builtins and module-level functions,
    // whose optimised code outlives a full garbage collection (a loop here would not be).
    for (const row of rows.filter(inRedirectChain)) {
      this.byIndex.set(row.entry.index, row);
      if (row.entry.redirectedFrom !== undefined) this.targetOf.set(row.entry.redirectedFrom, row);
    }
    this.navigation = this.findNavigation();
    this.navigationSet = new Set(this.navigation);
    this.fromMs = this.navigation[0]?.offsetMs ?? 0;
    const onPage = rows.filter(startsAtOrAfter, this.fromMs);
    this.byEnd = onPage.sort(byEndThenFile);
    this.startersByEnd = this.byEnd.filter(canStartRequests);
    this.busy = busyStretches(rows);
    const document = this.navigation[this.navigation.length - 1];
    if (document && isDocument(document.entry)) {
      const { phases } = document.entry;
      const firstByte =
        document.offsetMs + phases.blocked + phases.dns + phases.connect + phases.ssl + phases.send + phases.wait;
      this.arriving = { startMs: Math.min(firstByte, document.endMs), endMs: document.endMs };
    }
  }

  /**
   * The first request (in start order) that is the page's document or a redirect leading to
   * one, with the hops to it; the first request when no request leads to a document.
   */
  private findNavigation(): WaterfallRow[] {
    let first: WaterfallRow | undefined;
    for (const row of this.rows) if (!first || byStartThenFile(row, first) < 0) first = row;
    if (!first) return [];
    const inOrder = isInStartOrder(this.rows) ? this.rows : this.rows.slice().sort(byStartThenFile);
    for (const row of inOrder) {
      const hops = [row];
      let at = row;
      while (at.entry.redirectURL !== '' && hops.length <= MAX_REDIRECT_HOPS) {
        const next = this.targetOf.get(at.entry.index);
        if (!next || hops.includes(next)) break;
        hops.push(next);
        at = next;
      }
      if (isDocument(at.entry)) return hops;
    }
    return [first];
  }

  parentOf(row: WaterfallRow): { row: WaterfallRow; reason: LinkReason } | undefined {
    const from = row.entry.redirectedFrom;
    const redirected = from === undefined ? undefined : this.byIndex.get(from);
    if (redirected && redirected !== row) return { row: redirected, reason: 'redirect' };
    // The navigation hangs off nothing but the redirects that led to it.
    if (this.navigationSet.has(row)) return undefined;
    const document = this.navigation[this.navigation.length - 1];
    if (!document || row.offsetMs < this.fromMs) return undefined;
    const byInitiator = this.initiatorOf(row);
    if (byInitiator) return { row: byInitiator, reason: 'initiator' };
    if (
      this.arriving &&
      row.offsetMs >= this.arriving.startMs - SLACK_MS &&
      row.offsetMs <= this.arriving.endMs + SLACK_MS
    )
      return { row: document, reason: 'document' };
    const starter = this.latestStarterBefore(row);
    if (starter) return { row: starter, reason: 'inferred' };
    // Nothing that starts requests ended before it: the page's document (or the hop it started during).
    let fallback = this.navigation[0]!;
    for (const hop of this.navigation) if (hop.offsetMs <= row.offsetMs) fallback = hop;
    return fallback === row ? undefined : { row: fallback, reason: 'inferred' };
  }

  /**
   * The script, stylesheet or document that ended last (within the slack) before `row` started, and started before it.
   */
  private latestStarterBefore(row: WaterfallRow): WaterfallRow | undefined {
    const sorted = this.startersByEnd;
    const at = countAtMost(sorted, endOf, row.offsetMs + SLACK_MS);
    for (let i = at - 1; i >= 0 && i >= at - MAX_PARENT_SCAN; i--) {
      const candidate = sorted[i]!;
      if (candidate !== row && candidate.offsetMs < row.offsetMs) return candidate;
    }
    return undefined;
  }

  /** The latest request with the initiator's URL that started before this one (and not before the navigation). */
  private initiatorOf(row: WaterfallRow): WaterfallRow | undefined {
    const url = row.entry.initiator;
    if (!url || url === row.entry.url) return undefined;
    if (!this.byUrl) {
      this.byUrl = new Map();
      for (const other of this.rows) push(this.byUrl, other.entry.url, other);
    }
    const candidates = this.byUrl.get(url) ?? this.byUrl.get(url.split('#')[0] ?? '');
    let best: WaterfallRow | undefined;
    for (const candidate of candidates ?? [])
      if (
        candidate.offsetMs < row.offsetMs &&
        candidate.offsetMs >= this.fromMs &&
        (!best || candidate.offsetMs > best.offsetMs)
      )
        best = candidate;
    return best;
  }

  /** The request that ended last by `atMs`, of those that started with the navigation or after it. */
  lastEndingBy(atMs: number): WaterfallRow | undefined {
    const at = countAtMost(this.byEnd, endOf, atMs);
    return at > 0 ? this.byEnd[at - 1] : this.navigation[this.navigation.length - 1];
  }

  /**
   * Without onLoad: the request that ended last of those that are not beacons nor late third
   * parties. A third-party request is late when it started after the page went quiet: after
   * its own site's last request and the requests that followed with less than gapWorthNaming
   * between them, beacons aside (the ads and trackers that fire seconds after the page).
   */
  lastOfThePage(): WaterfallRow | undefined {
    const document = this.navigation[this.navigation.length - 1];
    if (!document) return undefined;
    const site = siteOf(document.entry.host);
    const firstParty = new Map<string, boolean>();
    const isFirstParty = (row: WaterfallRow) => {
      let known = firstParty.get(row.entry.host);
      if (known === undefined) firstParty.set(row.entry.host, (known = siteOf(row.entry.host) === site));
      return known;
    };
    let quietFrom = document.endMs;
    for (const row of this.byEnd)
      if (!isBeacon(row.entry) && isFirstParty(row)) quietFrom = Math.max(quietFrom, row.endMs);
    const byStart = this.byEnd.filter(isNotBeacon).sort(byStartThenFile);
    for (const row of byStart) {
      if (row.offsetMs - quietFrom >= THRESHOLDS.page.gapWorthNaming) break;
      quietFrom = Math.max(quietFrom, row.endMs);
    }
    for (let i = this.byEnd.length - 1; i >= 0; i--) {
      const row = this.byEnd[i]!;
      if (!isBeacon(row.entry) && (isFirstParty(row) || row.offsetMs <= quietFrom + SLACK_MS)) return row;
    }
    return document;
  }

  /**
   * The same stretches timeSplit names, from `fromMs` (the navigation's start), from the union already built here
   * (timeSplit's own pass costs as much as all the rest at 10,000 requests).
   */
  idleGaps(fromMs: number, untilMs: number): (Interval & { after?: WaterfallRow })[] {
    const gaps: Interval[] = [];
    let at = fromMs;
    for (const interval of this.busy) {
      if (interval.startMs >= untilMs) break;
      if (interval.startMs - at >= THRESHOLDS.page.gapWorthNaming) gaps.push({ startMs: at, endMs: interval.startMs });
      at = Math.max(at, interval.endMs);
    }
    if (untilMs - at >= THRESHOLDS.page.gapWorthNaming) gaps.push({ startMs: at, endMs: untilMs });
    return gaps
      .sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs) || a.startMs - b.startMs)
      .slice(0, MAX_GAPS)
      .map((gap) => {
        const after = lastBefore(this.byEnd, countAtMost(this.byEnd, endOf, gap.startMs + 0.5));
        return after ? { ...gap, after } : gap;
      });
  }

  /** Time in [from, to) covered by no request. */
  idleBetween(fromMs: number, toMs: number): number {
    if (toMs <= fromMs) return 0;
    let covered = 0;
    for (let i = countAtMost(this.busy, endOf, fromMs); i < this.busy.length; i++) {
      const interval = this.busy[i]!;
      if (interval.startMs >= toMs) break;
      covered += Math.min(toMs, interval.endMs) - Math.max(fromMs, interval.startMs);
    }
    return Math.max(0, toMs - fromMs - covered);
  }
}

const isNotBeacon = (row: WaterfallRow) => !isBeacon(row.entry);

function startsAtOrAfter(this: number, row: WaterfallRow): boolean {
  return row.offsetMs >= this;
}

function byStartThenFile(a: WaterfallRow, b: WaterfallRow): number {
  return a.offsetMs < b.offsetMs ? -1 : a.offsetMs > b.offsetMs ? 1 : a.entry.index - b.entry.index;
}

function isInStartOrder(rows: readonly WaterfallRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if (byStartThenFile(rows[i - 1]!, rows[i]!) > 0) return false;
  return true;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const endOf = (item: { endMs: number }) => item.endMs;

/** By end, then file order. Answers -1, 1 or a whole number: a fractional difference would be boxed on every call. */
function byEndThenFile(a: WaterfallRow, b: WaterfallRow): number {
  return a.endMs < b.endMs ? -1 : a.endMs > b.endMs ? 1 : a.entry.index - b.entry.index;
}

const inRedirectChain = (row: WaterfallRow) => row.entry.redirectedFrom !== undefined || row.entry.redirectURL !== '';

/**
 * The stretches with a request in flight: union() of the rows' intervals, merged in one pass
 * when the rows come in start order (as a waterfall's do), without an interval per row.
 */
function busyStretches(rows: readonly WaterfallRow[]): Interval[] {
  const stretches = new StretchMerger();
  rows.forEach(stretches.add, stretches);
  return stretches.inOrder
    ? stretches.merged
    : union(rows.filter(takesTime).map((row) => ({ startMs: row.offsetMs, endMs: row.endMs })));
}

const takesTime = (row: WaterfallRow) => row.endMs > row.offsetMs;

class StretchMerger {
  readonly merged: Interval[] = [];
  /** False once a row starts before the stretch being merged: then union() sorts them. */
  inOrder = true;

  add(row: WaterfallRow): void {
    if (!this.inOrder || !(row.endMs > row.offsetMs)) return;
    const last = this.merged[this.merged.length - 1];
    if (last && row.offsetMs < last.startMs) this.inOrder = false;
    else if (last && row.offsetMs <= last.endMs) last.endMs = Math.max(last.endMs, row.endMs);
    else this.merged.push({ startMs: row.offsetMs, endMs: row.endMs });
  }
}

/** The last of the first `at` rows (the one that ended last by then). */
function lastBefore(sorted: readonly WaterfallRow[], at: number): WaterfallRow | undefined {
  return at > 0 ? sorted[at - 1] : undefined;
}
