// Two HARs (or one page of each) → what changed, request by request: aligned by the
// normalised URL of url-match.ts, each pair marked new / missing / slower / faster /
// status changed / unchanged with its phase and size deltas, totals per domain and per
// resource type, and the page's onLoad / DOMContentLoaded deltas. One model for the panel
// and `netmon har diff`. Pure: no DOM, no node.
//
// Each side is read by diff-read.ts (why not readHar: see there), paired here.
//
// Bounded: at most DIFF_LIMITS.entriesPerSide entries and pagesPerSide pages of each file
// are read, strings in the model are cut to stringChars, rows to DIFF_LIMITS.rows (the
// largest changes are kept), domains to DIFF_LIMITS.domains; no recursion.
import { DIFF_LIMITS, DIFF_MIN_DELTA_MS, DIFF_MIN_RELATIVE_DELTA } from './diff-limits';
import { readDiffSide } from './diff-read';
import { sortDiffRows } from './diff-sort';
import { pairRequests, type PairingRule, type RequestPair } from './diff-pair';
import { PHASES, RESOURCE_TYPES, type Phase, type ResourceType } from './model';
import type { UrlMatchNote, UrlRuleId } from './url-match';

/** 'cached': faster because the after side came from the browser's cache, not a real improvement. */
export const DIFF_MARKS = ['status changed', 'new', 'missing', 'slower', 'faster', 'cached', 'unchanged'] as const;
export type DiffMark = (typeof DIFF_MARKS)[number];

/** A phase's duration in ms; null when the HAR says -1 (not applicable) or nothing. */
export type PhaseTimes = Record<Phase, number | null>;

export interface DiffRequest {
  /** Position in the file's log.entries. */
  index: number;
  method: string;
  /** The URL as the file has it (cut to DIFF_LIMITS.stringChars). */
  url: string;
  host: string;
  status: number;
  resourceType: ResourceType;
  /** Milliseconds from the compared page's start (or the first request's, without a page). */
  startOffsetMs: number;
  /** The entry's `time`, or the phase sum when that is larger (the reader's rule). */
  totalMs: number;
  /** Non-overlapping: ssl is carved out of connect; blocked includes Chrome's queueing once. */
  phases: PhaseTimes;
  /** Bytes on the wire, -1 when unknown. */
  transferBytes: number;
  /** Decoded body size, -1 when unknown. */
  contentBytes: number;
  redirectURL: string;
  /**
   * Served from the browser's cache (Chrome `_fromCache`, or 0 bytes on the wire for a body); a 304 is a revalidation
   * over the network.
   */
  fromCache: boolean;
  /** Who asked for it (Chrome `_initiator` URL or type), '' when the file does not say. */
  initiator: string;
  /**
   * What the body asked for: its GraphQL operation(s) or a hash of it ('' without a body); see
   * request-body-identity.ts.
   */
  body: string;
}

export interface HarDiffRow {
  /** `METHOD normalised-url`: what the two sides were matched by. */
  key: string;
  method: string;
  /** The normalised URL (`*` for ignored values, `[hash]` for hashes). */
  url: string;
  host: string;
  resourceType: ResourceType;
  mark: DiffMark;
  before?: DiffRequest;
  after?: DiffRequest;
  /** Which row of this key, 0-based. */
  occurrence: number;
  /** How the two sides were paired: the exact URL, or the normalised one (the only candidate, or the most similar). */
  pairing?: PairingRule;
  /** after − before total time; a new request counts its whole time, a missing one minus its time. */
  deltaMs: number;
  /** deltaMs / before time, when both sides are there and before took any time. */
  relativeDelta: number | null;
  /** after − before per phase (not-applicable counts as 0); null when neither side has the phase. */
  phaseDeltas: PhaseTimes;
  /** The phase with the largest absolute delta, null when no phase changed. */
  largestPhase: Phase | null;
  /** Null when either side's size is unknown (a new or missing request counts from 0). */
  transferDeltaBytes: number | null;
  contentDeltaBytes: number | null;
  /** The normalisations that made this key, from both sides (e.g. "query v ignored (cache-buster)"). */
  rules: UrlMatchNote[];
}

export interface DiffTally {
  requests: number;
  totalMs: number;
  transferBytes: number;
  contentBytes: number;
}
export interface DiffTotal {
  before: DiffTally;
  after: DiffTally;
  delta: DiffTally;
  marks: Record<DiffMark, number>;
}
export interface DomainDiffTotal extends DiffTotal {
  domain: string;
}
export interface TypeDiffTotal extends DiffTotal {
  type: ResourceType;
}
export interface TimingDelta {
  before: number;
  after: number;
  delta: number;
}

export interface DiffPageRef {
  id: string;
  title: string;
  /** 1-based position among the file's pages. */ number: number;
}

export interface HarDiffSideInfo {
  /** 'page': one page of the file; 'all': every entry (the file has no pages, or all were asked for). */
  scope: 'page' | 'all';
  page?: DiffPageRef & { onContentLoad?: number; onLoad?: number };
  /** Pages in the file (as read, at most DIFF_LIMITS.pagesPerSide). */
  pages: number;
  requests: number;
  creator: string;
  browser: string;
}

/** One file's page, ready to match: parallel arrays (one object per request, not four). */
export interface HarDiffSide {
  info: HarDiffSideInfo;
  /** Sorted by start time (file order among equals). */
  requests: DiffRequest[];
  /**
   * keys[i]: what requests[i] is matched by: its normalised URL for a GET of an absolute URL, else `METHOD
   * normalised-url`.
   */
  keys: string[];
  /** urls[i]: the normalised URL of requests[i]. */
  urls: string[];
  /** notes[i]: the normalisations that made keys[i]. */
  notes: UrlMatchNote[][];
  warnings: string[];
}

export interface HarDiff {
  before: HarDiffSideInfo;
  after: HarDiffSideInfo;
  /** Present when both sides are pages; each timing when both pages report it. */
  page?: { onContentLoad?: TimingDelta; onLoad?: TimingDelta };
  thresholds: { minDeltaMs: number; minRelativeDelta: number };
  /** Over all rows, also those left out of `rows`. */
  counts: Record<DiffMark, number>;
  total: DiffTotal;
  /** Sorted by regression (largest first); at most maxRows. */
  rows: HarDiffRow[];
  /** Rows left out by the cap (the smallest changes). */
  omittedRows: number;
  byDomain: DomainDiffTotal[];
  omittedDomains: number;
  /** Only types present on either side, in RESOURCE_TYPES order. */
  byType: TypeDiffTotal[];
  /** The normalisations that matched pairs, most used first: how many pairs each made. */
  rulesUsed: { rule: UrlRuleId; text: string; pairs: number }[];
  warnings: string[];
}

export interface HarDiffOptions {
  /**
   * Page of the before file: its id, its 1-based number, or '*' for every entry. Default: the first page (every entry
   * in a file without pages, where '1' also means every entry).
   */
  beforePage?: string;
  afterPage?: string;
  /** Rows kept (at most DIFF_LIMITS.rows). */
  maxRows?: number;
  minDeltaMs?: number;
  minRelativeDelta?: number;
}

/** Both files read, paired and marked. Throws HarDiffPageError for a page neither id nor number of its file. */
export function diffHar(before: unknown, after: unknown, options: HarDiffOptions = {}): HarDiff {
  return diffSides(readDiffSide(before, options.beforePage), readDiffSide(after, options.afterPage), options);
}

// ---- pairing --------------------------------------------------------------------------

/** Pairs the requests of two sides by key, in start order within a key, and marks them. */
export function diffSides(before: HarDiffSide, after: HarDiffSide, options: HarDiffOptions = {}): HarDiff {
  const thresholds = {
    minDeltaMs: finiteOr(options.minDeltaMs, DIFF_MIN_DELTA_MS),
    minRelativeDelta: finiteOr(options.minRelativeDelta, DIFF_MIN_RELATIVE_DELTA),
  };
  const occurrences = new Map<string, number>();
  const rows: HarDiffRow[] = pairRequests(before, after).map((pair) => {
    const occurrence = occurrences.get(pair.key) ?? 0;
    occurrences.set(pair.key, occurrence + 1);
    return makeRow(pair, before, after, occurrence, thresholds);
  });

  const counts = emptyMarks();
  const rules = new Map<string, { rule: UrlRuleId; text: string; pairs: number }>();
  // Indexed loops in the per-request paths: a for-of iterator is slow until optimised, and
  // a diff runs once (the CLI) or a few times, mostly before the optimising compiler kicks in.
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as HarDiffRow;
    counts[row.mark] += 1;
    if (!row.before || !row.after) continue;
    for (let n = 0; n < row.rules.length; n++) {
      const note = row.rules[n] as UrlMatchNote;
      const used = rules.get(note.text);
      if (used) used.pairs += 1;
      else rules.set(note.text, { rule: note.rule, text: note.text, pairs: 1 });
    }
  }
  const maxRows = Math.max(0, Math.min(DIFF_LIMITS.rows, Math.floor(finiteOr(options.maxRows, DIFF_LIMITS.rows))));
  const kept = rows.length > maxRows ? keepLargest(rows, maxRows) : rows;
  const { byDomain, omittedDomains, byType, total } = totals(before, after, rows);
  return {
    before: before.info,
    after: after.info,
    ...pageDeltas(before.info, after.info),
    thresholds,
    counts,
    total,
    rows: sortDiffRows(kept, 'regression'),
    omittedRows: rows.length - kept.length,
    byDomain,
    omittedDomains,
    byType,
    rulesUsed: [...rules.values()]
      .sort((a, b) => b.pairs - a.pairs || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
      .slice(0, DIFF_LIMITS.rulesUsed),
    warnings: [...before.warnings.map((w) => `before: ${w}`), ...after.warnings.map((w) => `after: ${w}`)],
  };
}

function finiteOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** bi / ai: the request's position on its side, -1 when the side has none. */
function makeRow(
  { key, bi, ai, rule }: RequestPair,
  b: HarDiffSide,
  a: HarDiffSide,
  occurrence: number,
  thresholds: HarDiff['thresholds'],
): HarDiffRow {
  const before = bi >= 0 ? b.requests[bi] : undefined;
  const after = ai >= 0 ? a.requests[ai] : undefined;
  const side = (after ?? before) as DiffRequest;
  const url = (ai >= 0 ? a.urls[ai] : b.urls[bi]) ?? '';
  const deltaMs = (after?.totalMs ?? 0) - (before?.totalMs ?? 0);
  const relativeDelta = before && after && before.totalMs > 0 ? deltaMs / before.totalMs : null;
  const phaseDeltas = phaseDeltasOf(before?.phases, after?.phases);
  const largestPhase = largestOf(phaseDeltas);
  // One fixed shape for every row: an absent side is `undefined` (JSON leaves it out).
  return {
    key: key === url ? `${side.method} ${url}` : key,
    method: side.method,
    url,
    host: side.host,
    resourceType: side.resourceType,
    mark: markOf(before, after, deltaMs, thresholds),
    before,
    after,
    occurrence,
    ...(rule ? { pairing: rule } : {}),
    deltaMs,
    relativeDelta,
    phaseDeltas,
    largestPhase,
    transferDeltaBytes: sizeDelta(before?.transferBytes, after?.transferBytes),
    contentDeltaBytes: sizeDelta(before?.contentBytes, after?.contentBytes),
    rules: mergeNotes(bi >= 0 ? b.notes[bi] : undefined, ai >= 0 ? a.notes[ai] : undefined),
  };
}

/** Written out phase by phase: one object literal of one shape (fast from the first call, not only once optimised). */
function phaseDeltasOf(x: PhaseTimes | undefined, y: PhaseTimes | undefined): PhaseTimes {
  return {
    blocked: phaseDelta(x?.blocked ?? null, y?.blocked ?? null),
    dns: phaseDelta(x?.dns ?? null, y?.dns ?? null),
    connect: phaseDelta(x?.connect ?? null, y?.connect ?? null),
    ssl: phaseDelta(x?.ssl ?? null, y?.ssl ?? null),
    send: phaseDelta(x?.send ?? null, y?.send ?? null),
    wait: phaseDelta(x?.wait ?? null, y?.wait ?? null),
    receive: phaseDelta(x?.receive ?? null, y?.receive ?? null),
  };
}

/** The phase with the largest absolute delta (the first in PHASES order among equals), null when none changed. */
function largestOf(d: PhaseTimes): Phase | null {
  let largest = 0;
  let phase: Phase | null = null;
  for (let i = 0; i < PHASES.length; i++) {
    const p = PHASES[i] as Phase;
    const delta = Math.abs(d[p] ?? 0);
    if (delta > largest) {
      largest = delta;
      phase = p;
    }
  }
  return phase;
}

function phaseDelta(x: number | null, y: number | null): number | null {
  return x === null && y === null ? null : (y ?? 0) - (x ?? 0);
}

function markOf(
  before: DiffRequest | undefined,
  after: DiffRequest | undefined,
  deltaMs: number,
  t: HarDiff['thresholds'],
): DiffMark {
  if (!before) return 'new';
  if (!after) return 'missing';
  if (before.status !== after.status) return 'status changed';
  const relative = before.totalMs > 0 ? Math.abs(deltaMs) / before.totalMs : Infinity;
  if (Math.abs(deltaMs) >= t.minDeltaMs && relative >= t.minRelativeDelta && deltaMs !== 0) {
    if (deltaMs > 0) return 'slower';
    return after.fromCache && !before.fromCache ? 'cached' : 'faster';
  }
  return 'unchanged';
}

function sizeDelta(before: number | undefined, after: number | undefined): number | null {
  if ((before !== undefined && before < 0) || (after !== undefined && after < 0)) return null;
  return (after ?? 0) - (before ?? 0);
}

/** Both sides' notes, each text once. Shares a side's array when it holds them all (treat as read-only). */
function mergeNotes(a: UrlMatchNote[] | undefined, b: UrlMatchNote[] | undefined): UrlMatchNote[] {
  if (!b || b.length === 0) return a ?? [];
  if (!a || a.length === 0) return b;
  let merged: UrlMatchNote[] | undefined;
  for (let i = 0; i < b.length; i++) {
    const note = b[i] as UrlMatchNote;
    if (a.some((n) => n.text === note.text)) continue;
    merged ??= [...a];
    merged.push(note);
  }
  return merged ?? a;
}

/** The `limit` rows that changed most: any mark but unchanged first, then by |delta|. */
function keepLargest(rows: readonly HarDiffRow[], limit: number): HarDiffRow[] {
  return [...rows]
    .sort(
      (x, y) =>
        Number(x.mark === 'unchanged') - Number(y.mark === 'unchanged') || Math.abs(y.deltaMs) - Math.abs(x.deltaMs),
    )
    .slice(0, limit);
}

// ---- totals ---------------------------------------------------------------------------

function emptyMarks(): Record<DiffMark, number> {
  return { 'status changed': 0, new: 0, missing: 0, slower: 0, faster: 0, cached: 0, unchanged: 0 };
}

function emptyTally(): DiffTally {
  return { requests: 0, totalMs: 0, transferBytes: 0, contentBytes: 0 };
}

function emptyTotal(): DiffTotal {
  return { before: emptyTally(), after: emptyTally(), delta: emptyTally(), marks: emptyMarks() };
}

function add(tally: DiffTally, request: DiffRequest): void {
  tally.requests += 1;
  tally.totalMs += request.totalMs;
  tally.transferBytes += Math.max(0, request.transferBytes);
  tally.contentBytes += Math.max(0, request.contentBytes);
}

function settle(total: DiffTotal): void {
  total.delta = {
    requests: total.after.requests - total.before.requests,
    totalMs: total.after.totalMs - total.before.totalMs,
    transferBytes: total.after.transferBytes - total.before.transferBytes,
    contentBytes: total.after.contentBytes - total.before.contentBytes,
  };
}

/**
 * Each side's requests tally under their own domain and type; a row's mark under the after side's (else the before
 * side's).
 */
function totals(
  before: HarDiffSide,
  after: HarDiffSide,
  rows: readonly HarDiffRow[],
): Pick<HarDiff, 'byDomain' | 'omittedDomains' | 'byType' | 'total'> {
  const total = emptyTotal();
  const domains = new Map<string, DiffTotal>();
  const types = new Map<ResourceType, DiffTotal>();
  const of = <K>(map: Map<K, DiffTotal>, key: K): DiffTotal => {
    let t = map.get(key);
    if (!t) {
      t = emptyTotal();
      map.set(key, t);
    }
    return t;
  };
  for (let i = 0; i < before.requests.length; i++) {
    const request = before.requests[i] as DiffRequest;
    add(total.before, request);
    add(of(domains, request.host).before, request);
    add(of(types, request.resourceType).before, request);
  }
  for (let i = 0; i < after.requests.length; i++) {
    const request = after.requests[i] as DiffRequest;
    add(total.after, request);
    add(of(domains, request.host).after, request);
    add(of(types, request.resourceType).after, request);
  }
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as HarDiffRow;
    total.marks[row.mark] += 1;
    of(domains, row.host).marks[row.mark] += 1;
    of(types, row.resourceType).marks[row.mark] += 1;
  }
  settle(total);
  const byDomain: DomainDiffTotal[] = [];
  for (const [domain, t] of domains) {
    settle(t);
    byDomain.push({ domain, ...t });
  }
  byDomain.sort(
    (x, y) => y.delta.totalMs - x.delta.totalMs || (x.domain < y.domain ? -1 : x.domain > y.domain ? 1 : 0),
  );
  const byType: TypeDiffTotal[] = [];
  for (const type of RESOURCE_TYPES) {
    const t = types.get(type);
    if (t) {
      settle(t);
      byType.push({ type, ...t });
    }
  }
  return {
    byDomain: byDomain.slice(0, DIFF_LIMITS.domains),
    omittedDomains: Math.max(0, byDomain.length - DIFF_LIMITS.domains),
    byType,
    total,
  };
}

function pageDeltas(before: HarDiffSideInfo, after: HarDiffSideInfo): Pick<HarDiff, 'page'> {
  if (!before.page || !after.page) return {};
  const delta = (x: number | undefined, y: number | undefined): TimingDelta | undefined =>
    x === undefined || y === undefined ? undefined : { before: x, after: y, delta: y - x };
  const onContentLoad = delta(before.page.onContentLoad, after.page.onContentLoad);
  const onLoad = delta(before.page.onLoad, after.page.onLoad);
  return { page: { ...(onContentLoad ? { onContentLoad } : {}), ...(onLoad ? { onLoad } : {}) } };
}

// Re-exported so one import gives the panel the whole diff API.
export { DIFF_LIMITS, DIFF_MIN_DELTA_MS, DIFF_MIN_RELATIVE_DELTA } from './diff-limits';
export { readDiffSide, readDiffPhases, phaseSum, hasHarEntries, harPageList, HarDiffPageError } from './diff-read';
export { DIFF_SORT_ORDERS, DIFF_MARK_RANK, sortDiffRows, type DiffSortOrder } from './diff-sort';
export {
  URL_MATCH_RULES,
  URL_MATCH_LIMITS,
  normaliseUrl,
  isFileNameHash,
  type UrlMatchRule,
  type UrlMatchNote,
  type UrlRuleId,
  type NormalisedUrl,
} from './url-match';
