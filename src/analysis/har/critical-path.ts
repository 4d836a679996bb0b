// The chain of requests that determined a page's load time: from the request that finished
// last before onLoad back through what each one waited on, to the document. A request's
// parent is the one it was redirected from, else its initiator (Chrome, browsertime and
// WebPageTest write `_initiator`), else inferred: the request that ended last before it
// started, preferring one on its own connection (a request queued behind another reuses
// its connection). Time between links with no request in flight is main-thread time.
// Pure and O(n log n): sorted ends and binary search, never all pairs.
import { THRESHOLDS } from '../session/thresholds';
import { formatMs } from './format';
import type { Phase } from './model';
import { countAtMost } from '../sorted-search';
import { union, type Interval } from './time-split';
import type { Waterfall, WaterfallRow } from './waterfall';

export type LinkReason = 'start' | 'redirect' | 'initiator' | 'connection' | 'inferred';

export interface CriticalLink {
  row: WaterfallRow;
  /** 'document' for the page's document, else the request's name. */
  label: string;
  /** How the link to the previous one was found. */
  reason: LinkReason;
  /** The phase that cost most, and how long. */
  costliest: { phase: Phase; ms: number };
  /** Time between the previous link's end and this one's start. */
  waitedMs: number;
  /** The part of waitedMs with no request in flight at all: main-thread time. */
  mainThreadMs: number;
}

export interface CriticalPath {
  untilMs: number;
  untilWhat: 'onLoad' | 'last request';
  /** Document first, the request that ended last before onLoad last. */
  links: CriticalLink[];
  /** After the last link, until onLoad, with no request in flight. */
  tailMainThreadMs: number;
  /** Main-thread time on the path: between links and after the last one. */
  mainThreadMs: number;
  /** Stretches before untilMs with no request in flight (nor queued), at least gapWorthNaming long, longest first (at most MAX_GAPS). */
  idleGaps: (Interval & { after?: WaterfallRow })[];
  /** "critical path document 476 ms (server wait 278 ms) → app.js → api/profile 1.2 s (server wait 1.1 s)" */
  line: string;
}

/** Links followed at most: a chain is a handful of requests; a corrupt file cannot make it long. */
const MAX_LINKS = 200;
/** A request on the same connection that ended within this much of the latest end is preferred (ms). */
const REUSE_WINDOW_MS = 50;
/** Rows looked at, at most, for one on the same connection. */
const MAX_REUSE_SCAN = 256;
/** Idle stretches kept, as timeSplit keeps them. */
const MAX_GAPS = 20;
/** Clock slack between one request's end and the next one's start (ms). */
const SLACK_MS = 1;
/** Links named in full in the line; longer chains are shortened in the middle. */
const LINE_LINKS = 6;

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
  const untilWhat = waterfall.onLoad !== undefined && waterfall.onLoad > 0 ? 'onLoad' : 'last request';
  const untilMs = untilWhat === 'onLoad' ? waterfall.onLoad! : rows.reduce((max, row) => Math.max(max, row.endMs), 0);
  const index = new PathIndex(rows);
  const last = index.lastEndingBy(untilMs + SLACK_MS);
  const chain: { row: WaterfallRow; reason: LinkReason }[] = [];
  const seen = new Set<WaterfallRow>();
  let at: { row: WaterfallRow; reason: LinkReason } | undefined = last ? { row: last, reason: 'start' } : undefined;
  while (at && !seen.has(at.row) && chain.length < MAX_LINKS) {
    seen.add(at.row);
    chain.push(at);
    at = index.parentOf(at.row);
  }
  chain.reverse();
  // Each record holds how it was found as its child's parent: that is the reason of the next link.
  const links = chain.map((link, i): CriticalLink => {
    const previousEnd = i === 0 ? 0 : chain[i - 1]!.row.endMs;
    return {
      row: link.row,
      label: i === firstDocument(chain) ? 'document' : shortName(link.row),
      reason: i === 0 ? 'start' : chain[i - 1]!.reason,
      costliest: costliestPhase(link.row),
      waitedMs: Math.max(0, link.row.offsetMs - previousEnd),
      mainThreadMs: index.idleBetween(previousEnd, link.row.offsetMs),
    };
  });
  const lastEnd = links[links.length - 1]?.row.endMs ?? 0;
  const tailMainThreadMs = untilMs > lastEnd ? index.idleBetween(lastEnd, untilMs) : 0;
  const mainThreadMs = links.reduce((sum, link) => sum + link.mainThreadMs, tailMainThreadMs);
  return {
    untilMs,
    untilWhat,
    links,
    tailMainThreadMs,
    mainThreadMs,
    idleGaps: index.idleGaps(untilMs),
    line: pathLine(links, tailMainThreadMs),
  };
}

export function costliestPhase(row: WaterfallRow): { phase: Phase; ms: number } {
  let best: { phase: Phase; ms: number } = { phase: 'wait', ms: 0 };
  for (const [phase, ms] of Object.entries(row.entry.phases) as [Phase, number][])
    if (ms > best.ms) best = { phase, ms };
  return best;
}

/** The first link that is a document and not a redirect: what users call "the document". */
function firstDocument(chain: readonly { row: WaterfallRow }[]): number {
  return chain.findIndex(({ row }) => row.entry.resourceType === 'document' && !row.entry.redirectURL);
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
  private readonly byEnd: WaterfallRow[];
  private readonly byIndex = new Map<number, WaterfallRow>();
  private byUrl: Map<string, WaterfallRow[]> | undefined;
  private readonly busy: Interval[];

  constructor(private readonly rows: readonly WaterfallRow[]) {
    // Built once per page: the work per request is in builtins and module-level functions,
    // whose optimised code outlives a full garbage collection (a loop here would not be).
    this.byEnd = rows.slice().sort(byEndThenFile);
    for (const row of rows.filter(inRedirectChain)) this.byIndex.set(row.entry.index, row);
    this.busy = busyStretches(rows);
  }

  parentOf(row: WaterfallRow): { row: WaterfallRow; reason: LinkReason } | undefined {
    const from = row.entry.redirectedFrom;
    const redirected = from === undefined ? undefined : this.byIndex.get(from);
    if (redirected && redirected !== row) return { row: redirected, reason: 'redirect' };
    const byInitiator = this.initiatorOf(row);
    if (byInitiator) return { row: byInitiator, reason: 'initiator' };
    const at = countAtMost(this.byEnd, endOf, row.offsetMs + SLACK_MS);
    const latest = lastBefore(this.byEnd, at, row);
    if (!latest) return undefined;
    const reused = row.entry.connection ? this.sameConnection(at, row, latest.endMs - REUSE_WINDOW_MS) : undefined;
    return reused && reused !== latest ? { row: reused, reason: 'connection' } : { row: latest, reason: 'inferred' };
  }

  /** Sorted by end, the rows ending within the reuse window sit just before `at`: look there only. */
  private sameConnection(at: number, row: WaterfallRow, notBefore: number): WaterfallRow | undefined {
    for (let i = at - 1, steps = 0; i >= 0 && steps < MAX_REUSE_SCAN; i--, steps++) {
      const other = this.byEnd[i]!;
      if (other.endMs < notBefore) return undefined;
      if (
        other !== row &&
        other.offsetMs <= row.offsetMs &&
        other.entry.connection === row.entry.connection &&
        other.entry.host === row.entry.host
      )
        return other;
    }
    return undefined;
  }

  /** The latest request with the initiator's URL that started before this one. */
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
      if (candidate.offsetMs < row.offsetMs && (!best || candidate.offsetMs > best.offsetMs)) best = candidate;
    return best;
  }

  lastEndingBy(atMs: number): WaterfallRow | undefined {
    return lastBefore(this.byEnd, countAtMost(this.byEnd, endOf, atMs), undefined);
  }

  /** The same stretches timeSplit names, from the union already built here (timeSplit's own pass costs as much as all the rest at 10,000 requests). */
  idleGaps(untilMs: number): (Interval & { after?: WaterfallRow })[] {
    const gaps: Interval[] = [];
    let at = 0;
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
        const after = lastBefore(this.byEnd, countAtMost(this.byEnd, endOf, gap.startMs + 0.5), undefined);
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

/** The last of the first `at` rows that is not `not` and started no later than it. */
function lastBefore(
  sorted: readonly WaterfallRow[],
  at: number,
  not: WaterfallRow | undefined,
): WaterfallRow | undefined {
  for (let i = at - 1; i >= 0 && i >= at - 8; i--) {
    const row = sorted[i]!;
    if (row !== not && (!not || row.offsetMs <= not.offsetMs)) return row;
  }
  return undefined;
}
