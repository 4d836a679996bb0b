// Why a page was slow: its critical path and ranked findings, each naming its requests, the
// time fixing it would save (and how that was estimated) and one sentence of what to do.
// The rules and thresholds live in insight-rules.ts; the checks in insight-checks*.ts.
// Pure, O(n log n) in the page's requests; the CLI, the report, the evidence bundle and the
// waterfall's Insights tab all show this one result.
import { criticalPath, networkRows, shortName, type CriticalPath } from './critical-path';
import { INSIGHT_RULES, MAX_NAMED_REQUESTS, RULE_IDS, type RuleId } from './insight-rules';
import { requestChecks } from './insight-checks';
import { pageChecks } from './insight-checks-page';
import { formatMs } from './format';
import type { HarDocument } from './model';
import { buildWaterfall, type Waterfall, type WaterfallRow } from './waterfall';

export interface FindingRequest {
  /** The entry's position in the file: what Show selects. */
  index: number;
  name: string;
  url: string;
  /** What this request contributes to the finding, ms (0 when it is about bytes or headers). */
  ms: number;
  onCriticalPath: boolean;
}

export interface Finding {
  rule: RuleId;
  title: string;
  /** One line: what was found, with numbers. */
  summary: string;
  /** The requests it names, costliest first, at most MAX_NAMED_REQUESTS. */
  requests: FindingRequest[];
  /** How many requests it concerns in all. */
  count: number;
  /** What fixing it would save on this load, ms. */
  savingMs: number;
  /** How savingMs was estimated. */
  estimate: string;
  advice: string;
  /** Its saving is time of the critical path (ranked before the findings whose savings may not move onLoad). */
  onCriticalPath: boolean;
}

export interface PageInsights {
  page: { id: string; title: string };
  criticalPath: CriticalPath;
  /**
   * Those that would move onLoad first (see movesOnLoad), each group largest saving first; no millisecond of the path
   * is counted twice.
   */
  findings: Finding[];
}

export interface InsightOptions {
  /** The session verdict blames the network: say what the network cost the critical requests. */
  networkBlamed?: boolean;
}

/** What every check reads, computed once per page. */
export interface InsightContext {
  waterfall: Waterfall;
  /** Requests that went to the network (cache hits with no time left out). */
  rows: WaterfallRow[];
  path: CriticalPath;
  onPath: Set<WaterfallRow>;
  /** First paint in the waterfall's time, when the HAR says it. */
  firstPaint?: number;
  options: InsightOptions;
}

/** A finding as a check reports it: the rows and what each contributes; the rest is filled in here. */
export interface Hit {
  rule: RuleId;
  summary: string;
  items: { row: WaterfallRow; ms: number }[];
  /** When the saving is not the path-or-largest rule below (set by the check). */
  saving?: { ms: number; estimate: string };
  /** What each item's ms is, for the estimate: "server wait beyond the page's median". */
  what: string;
}

export function pageInsights(waterfall: Waterfall, options: InsightOptions = {}): PageInsights {
  const rows = networkRows(waterfall);
  const path = criticalPath(waterfall, rows);
  const context: InsightContext = {
    waterfall,
    rows,
    path,
    onPath: new Set(path.links.map((link) => link.row)),
    options,
    ...firstPaintIn(waterfall),
  };
  const hits = [...pageChecks(context), ...requestChecks(context)];
  const findings = attributed(hits, context)
    .map(({ hit, saving, onCriticalPath }) => toFinding(hit, context.onPath, saving, onCriticalPath))
    .sort(
      (a, b) =>
        Number(movesOnLoad(b)) - Number(movesOnLoad(a)) ||
        b.savingMs - a.savingMs ||
        RULE_IDS.indexOf(a.rule) - RULE_IDS.indexOf(b.rule),
    );
  return { page: { id: waterfall.page.id, title: waterfall.page.title }, criticalPath: path, findings };
}

/** Every page of a document, or the one named. */
export function documentInsights(doc: HarDocument, options: InsightOptions = {}, pageId?: string): PageInsights[] {
  const pages = pageId === undefined ? doc.pages : doc.pages.filter((page) => page.id === pageId);
  return pages.map((page) => pageInsights(buildWaterfall(doc, page.id), options));
}

type Item = Hit['items'][number];

/**
 * The order a finding names its requests in: costliest first, then file order (-1, 1 or a whole number, never boxed).
 */
const byCost = (a: Item, b: Item) => (a.ms > b.ms ? -1 : a.ms < b.ms ? 1 : a.row.entry.index - b.row.entry.index);

/** Findings that would move onLoad rank first: on the critical path, with time no finding above took. */
const movesOnLoad = (finding: Finding): boolean => finding.onCriticalPath && finding.savingMs > 0;

interface Attributed {
  hit: Hit;
  saving: { ms: number; estimate: string };
  onCriticalPath: boolean;
}

/**
 * Which finding claims a millisecond of the path first: the one whose fix removes it. A phase of a
 * request (its connection setup, its server wait) before the request as a whole (a redirect, a
 * retry, a duplicate), that before its bytes, and those before findings about many requests at once.
 */
const CLAIM_ORDER: readonly RuleId[] = [
  'connectionSetup',
  'slowServer',
  'connectionReuse',
  'redirects',
  'retries',
  'duplicates',
  'storms',
  'failed',
  'uncompressed',
  'largeImages',
  'noValidators',
  'renderBlocking',
  'networkCost',
  'manyOrigins',
  'thirdParty',
];

/** Findings whose time includes the idle stretch before a request: a retry waits before it is sent again. */
const CLAIMS_IDLE_TIME: ReadonlySet<RuleId> = new Set(['retries']);

/** A link's part of the path: its own request time, and the stretch with nothing in flight before it. */
interface PathShare {
  request: number;
  gap: number;
}

/**
 * Each millisecond of the critical path is claimed by one finding at most, in CLAIM_ORDER: a finding
 * takes from what its on-path requests still have of the path (their own time; a retry also the idle
 * stretch before it). The main-thread finding counts the idle stretches no other
 * finding took. Off-path findings claim nothing, and rank after those on the path.
 */
function attributed(hits: readonly Hit[], context: InsightContext): Attributed[] {
  const shares = pathSharesOf(context.path);
  const untilMs = Math.max(0, context.path.untilMs);
  // When the session's verdict blames the network, what the network cost is the fix that removes the time.
  const order = context.options.networkBlamed ? ['networkCost', ...CLAIM_ORDER] : CLAIM_ORDER;
  const rank = (rule: RuleId): number => (order.includes(rule) ? order.indexOf(rule) : order.length);
  const ordered = [...hits].sort((a, b) => rank(a.rule) - rank(b.rule));
  let gapsTaken = 0;
  const claimed = (hit: Hit): Attributed => {
    const saving = hit.saving ?? pathOrLargest(hit.items, context.onPath, hit.what);
    const onPath = hit.items.filter(onCriticalPath, context.onPath).sort(byCost);
    if (onPath.length === 0) return { hit, saving: capped(saving, untilMs), onCriticalPath: false };
    let total = 0;
    for (const { row, ms } of onPath) {
      const share = shares.get(row);
      if (!share) continue;
      const want = Math.max(0, Math.min(ms, saving.ms - total));
      const fromRequest = Math.min(want, share.request);
      const fromGap = CLAIMS_IDLE_TIME.has(hit.rule) ? Math.min(want - fromRequest, share.gap) : 0;
      share.request -= fromRequest;
      share.gap -= fromGap;
      gapsTaken += fromGap;
      total += fromRequest + fromGap;
    }
    return { hit, saving: less(saving, total), onCriticalPath: true };
  };
  const main = ordered.filter((hit) => hit.rule === 'mainThread');
  const out = ordered.filter((hit) => hit.rule !== 'mainThread').map(claimed);
  for (const hit of main) {
    const saving = capped(hit.saving ?? { ms: 0, estimate: '' }, untilMs);
    out.push({ hit, saving: less(saving, Math.max(0, saving.ms - gapsTaken)), onCriticalPath: true });
  }
  return out;
}

/** The saving cut to what was left to claim, saying so. */
function less(saving: { ms: number; estimate: string }, ms: number): { ms: number; estimate: string } {
  const counted = saving.ms - ms;
  if (counted < 1) return saving;
  return { ms, estimate: `${saving.estimate}; ${formatMs(counted)} more is counted by another finding` };
}

/**
 * Each link's own part of the path (from the later of its start and the previous links' end, to its end) and the idle
 * stretch before it.
 */
function pathSharesOf(path: CriticalPath): Map<WaterfallRow, PathShare> {
  const shares = new Map<WaterfallRow, PathShare>();
  let reached = Number.NEGATIVE_INFINITY;
  for (const link of path.links) {
    const { row } = link;
    const end = Math.min(row.endMs, path.untilMs);
    const share = shares.get(row) ?? { request: 0, gap: 0 };
    share.request += Math.max(0, end - Math.max(row.offsetMs, reached));
    share.gap += Math.max(0, link.mainThreadMs);
    shares.set(row, share);
    reached = Math.max(reached, end);
  }
  return shares;
}

function capped(saving: { ms: number; estimate: string }, untilMs: number): { ms: number; estimate: string } {
  return saving.ms <= untilMs ? saving : { ms: untilMs, estimate: `${saving.estimate}, at most the page's time` };
}

function toFinding(
  hit: Hit,
  onPath: ReadonlySet<WaterfallRow>,
  saving: { ms: number; estimate: string },
  onCriticalPath: boolean,
): Finding {
  return {
    rule: hit.rule,
    title: INSIGHT_RULES[hit.rule].title,
    summary: hit.summary,
    requests: costliest(hit.items, MAX_NAMED_REQUESTS).map(({ row, ms }) => ({
      index: row.entry.index,
      name: shortName(row),
      url: row.entry.url,
      ms: Math.round(ms),
      onCriticalPath: onPath.has(row),
    })),
    count: hit.items.length,
    savingMs: Math.round(saving.ms),
    estimate: saving.estimate,
    advice: INSIGHT_RULES[hit.rule].advice,
    onCriticalPath,
  };
}

/**
 * Requests on the critical path delay onLoad by what they cost, so those add up; requests off
 * it ran beside the path, so at most the largest one would be saved (and maybe nothing).
 */
export function pathOrLargest(
  items: readonly Item[],
  onPath: ReadonlySet<WaterfallRow>,
  what: string,
): { ms: number; estimate: string } {
  // Summed in the order the finding names them, so the total does not depend on how a check listed them.
  const critical = items.filter(onCriticalPath, onPath).sort(byCost);
  if (critical.length > 0)
    return {
      ms: critical.reduce((sum, item) => sum + item.ms, 0),
      estimate: `${what}, summed over the ${critical.length} on the critical path`,
    };
  const largest = items.reduce(largerMs, 0);
  return { ms: largest, estimate: `${what}, the largest one; none is on the critical path, so onLoad may not move` };
}

/**
 * The first `count` items in byCost order, as a stable sort would put them, without sorting
 * them all: a finding can concern thousands of requests and names ten.
 */
export function costliest(items: readonly Item[], count: number): Item[] {
  const top = new Costliest(count);
  // forEach calls a method, whose optimised code outlives a full garbage collection (a loop here, run once per finding,
  // would not be).
  items.forEach(top.add, top);
  return top.items;
}

class Costliest {
  readonly items: Item[] = [];
  constructor(private readonly count: number) {}

  add(item: Item): void {
    const { items, count } = this;
    if (items.length === count && (count === 0 || byCost(item, items[count - 1]!) >= 0)) return;
    if (items.length === count) items.pop();
    let at = items.push(item) - 1;
    // Never moved past an equal one: equal items keep the order they came in.
    for (; at > 0 && byCost(item, items[at - 1]!) < 0; at--) items[at] = items[at - 1]!;
    items[at] = item;
  }
}

function onCriticalPath(this: ReadonlySet<WaterfallRow>, item: Item): boolean {
  return this.has(item.row);
}

const largerMs = (max: number, item: Item) => Math.max(max, item.ms);

function firstPaintIn(waterfall: Waterfall): { firstPaint?: number } {
  const paint = waterfall.page.firstPaint;
  if (paint === undefined) return {};
  const first = waterfall.rows[0];
  // The waterfall's zero is the earlier of the page start and its first request.
  const shift = first ? waterfall.page.startMs - (first.entry.startMs - first.offsetMs) : 0;
  return { firstPaint: paint + shift };
}
