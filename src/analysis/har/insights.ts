// Why a page was slow: its critical path and ranked findings, each naming its requests, the
// time fixing it would save (and how that was estimated) and one sentence of what to do.
// The rules and thresholds live in insight-rules.ts; the checks in insight-checks*.ts.
// Pure, O(n log n) in the page's requests; the CLI, the report, the evidence bundle and the
// waterfall's Insights tab all show this one result.
import { criticalPath, networkRows, shortName, type CriticalPath } from './critical-path';
import { INSIGHT_RULES, MAX_NAMED_REQUESTS, RULE_IDS, type RuleId } from './insight-rules';
import { requestChecks } from './insight-checks';
import { pageChecks } from './insight-checks-page';
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
}

export interface PageInsights {
  page: { id: string; title: string };
  criticalPath: CriticalPath;
  /** Largest saving first. */
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
  const findings = hits
    .map((hit) => toFinding(hit, context.onPath))
    .sort((a, b) => b.savingMs - a.savingMs || RULE_IDS.indexOf(a.rule) - RULE_IDS.indexOf(b.rule));
  return { page: { id: waterfall.page.id, title: waterfall.page.title }, criticalPath: path, findings };
}

/** Every page of a document, or the one named. */
export function documentInsights(doc: HarDocument, options: InsightOptions = {}, pageId?: string): PageInsights[] {
  const pages = pageId === undefined ? doc.pages : doc.pages.filter((page) => page.id === pageId);
  return pages.map((page) => pageInsights(buildWaterfall(doc, page.id), options));
}

type Item = Hit['items'][number];

/** The order a finding names its requests in: costliest first, then file order (-1, 1 or a whole number, never boxed). */
const byCost = (a: Item, b: Item) => (a.ms > b.ms ? -1 : a.ms < b.ms ? 1 : a.row.entry.index - b.row.entry.index);

function toFinding(hit: Hit, onPath: ReadonlySet<WaterfallRow>): Finding {
  const saving = hit.saving ?? pathOrLargest(hit.items, onPath, hit.what);
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
  // forEach calls a method, whose optimised code outlives a full garbage collection (a loop here, run once per finding, would not be).
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
