// Where a page's load time went: the time some request was on the network (DNS through
// receive), the time requests only waited to be sent (blocked/queued), and the time with no
// request in flight at all. That idle time is called page work (parsing, script, rendering)
// only when every request is timed; with untimed requests it is "unaccounted", and when the
// exporter measured the main thread (WebPageTest `_docCPUms`) the measure is used instead of
// the inference. When no single request is slow, the idle stretches are what to look at,
// and the verdict names them.
// Pure; the waterfall and the session overview share it.
import { THRESHOLDS } from '../session/thresholds';
import { formatMs } from './format';
import type { Waterfall } from './waterfall';

export interface Interval {
  startMs: number;
  endMs: number;
}

export interface IdleGap extends Interval {
  /** The request that ended last before the gap (what the page was doing before it stalled). */
  after?: string;
}

export interface TimeSplit {
  /** The split covers 0 … untilMs: onLoad when the page reports it, else the last request's end. */
  untilMs: number;
  untilWhat: 'onLoad' | 'last request';
  networkMs: number;
  blockedMs: number;
  idleMs: number;
  /** Stretches with no request in flight, at least gapWorthNaming long, longest first. */
  gaps: IdleGap[];
  slowest?: { name: string; totalMs: number };
  /** No request took slowRequest or longer. */
  noSlowRequest: boolean;
  /**
   * Requests the file gives no time for (empty timings): their network time is unknown, so idle time is not all page
   * work.
   */
  untimed: number;
  /** Main-thread CPU time the exporter measured (ms), when it did. */
  mainThreadMs?: number;
  /** What the idle time is: inferred page work, measured (main thread known), or unaccounted (untimed requests). */
  idleIs: 'page work' | 'measured' | 'unaccounted';
  /** "6.3 s to onLoad: 1.2 s network, 4.6 s no request in flight, 0.5 s blocked". */
  line: string;
  /** Said only when it matters: no request is slow, and idle time is most of the load. */
  verdict?: string;
}

/** Gaps named at most: a page with thousands of tiny stalls still gets a short answer. */
const MAX_GAPS = 20;

export function timeSplit(waterfall: Waterfall): TimeSplit {
  const untilWhat = waterfall.onLoad !== undefined && waterfall.onLoad > 0 ? 'onLoad' : 'last request';
  const untilMs = untilWhat === 'onLoad' ? waterfall.onLoad! : waterfall.rows.reduce(latestEnd, 0);
  const active: Interval[] = [];
  const blocked: Interval[] = [];
  let slowest: TimeSplit['slowest'];
  for (const row of waterfall.rows) {
    const wait = Math.max(0, row.entry.phases.blocked);
    if (wait > 0) blocked.push({ startMs: row.offsetMs, endMs: row.offsetMs + wait });
    if (row.endMs > row.offsetMs + wait) active.push({ startMs: row.offsetMs + wait, endMs: row.endMs });
    if (!slowest || row.entry.totalMs > slowest.totalMs)
      slowest = { name: row.entry.name || row.entry.url, totalMs: row.entry.totalMs };
  }
  const activeUnion = union(clip(active, untilMs));
  const busyUnion = union([...activeUnion, ...clip(blocked, untilMs)]);
  const networkMs = total(activeUnion);
  const blockedMs = total(busyUnion) - networkMs;
  // Before the first request the browser had not started this page (a WebPageTest run's lead-in): not idle.
  const firstMs =
    waterfall.rows.length === 0 ? 0 : Math.min(untilMs, Math.max(0, waterfall.rows.reduce(earliestStart, Infinity)));
  const idleMs = Math.max(0, untilMs - firstMs - networkMs - blockedMs);
  const gaps = complement(busyUnion, untilMs, firstMs)
    .filter((gap) => gap.endMs - gap.startMs >= THRESHOLDS.page.gapWorthNaming)
    .sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs) || a.startMs - b.startMs)
    .slice(0, MAX_GAPS)
    .map((gap) => ({ ...gap, ...lastEndingBefore(waterfall, gap.startMs) }));
  const noSlowRequest = (slowest?.totalMs ?? 0) < THRESHOLDS.page.slowRequest;
  const untimed = waterfall.rows.filter((row) => row.entry.totalMs <= 0 && !row.entry.fromCache).length;
  const mainThreadMs = waterfall.page.mainThreadMs;
  const idle: IdleReading = { idleMs, untimed, ...(mainThreadMs === undefined ? {} : { mainThreadMs }) };
  const idleIs = untimed > 0 ? 'unaccounted' : mainThreadMs !== undefined ? 'measured' : 'page work';
  const line =
    `${seconds(untilMs)} to ${untilWhat}: ${seconds(networkMs)} network, ` +
    `${seconds(idleMs)} no request in flight${idleIs === 'page work' ? '' : ` (${idleWords(idle)})`}, ` +
    `${seconds(blockedMs)} blocked`;
  return {
    untilMs,
    untilWhat,
    networkMs,
    blockedMs,
    idleMs,
    gaps,
    noSlowRequest,
    untimed,
    idleIs,
    line,
    ...(mainThreadMs === undefined ? {} : { mainThreadMs }),
    ...(slowest ? { slowest } : {}),
    ...verdictOf(noSlowRequest, untilMs, gaps, slowest, idle),
  };
}

interface IdleReading {
  idleMs: number;
  untimed: number;
  mainThreadMs?: number;
}

/** What the time with no request in flight is, as far as the file can say. */
function idleWords({ idleMs, untimed, mainThreadMs }: IdleReading): string {
  // Untimed requests may have been on the network then: the idle time is not known to be page work.
  if (untimed > 0)
    return (
      `unaccounted: ${untimed} request${untimed === 1 ? '' : 's'} in the file ` +
      `${untimed === 1 ? 'has' : 'have'} no timings, so ${untimed === 1 ? 'its' : 'their'} network time may fall there`
    );
  if (mainThreadMs === undefined) return 'page work, inferred: parsing, script, rendering';
  // Main-thread work can overlap the network, so at least idle − CPU was neither.
  const neither = Math.max(0, idleMs - mainThreadMs);
  const unexplained =
    neither >= THRESHOLDS.page.gapWorthNaming
      ? `; at least ${seconds(neither)} of it neither network nor main-thread work`
      : '';
  return `main thread busy ${seconds(mainThreadMs)} in all, measured by the exporter (_docCPUms)${unexplained}`;
}

function verdictOf(
  noSlowRequest: boolean,
  untilMs: number,
  gaps: IdleGap[],
  slowest: TimeSplit['slowest'],
  idle: IdleReading,
): { verdict?: string } {
  if (!noSlowRequest || untilMs <= 0 || idle.idleMs < untilMs / 2) return {};
  const named = gaps
    .slice(0, 3)
    .map(
      (gap) =>
        `${seconds(gap.endMs - gap.startMs)} at ${seconds(gap.startMs)}${gap.after ? ` after ${gap.after}` : ''}`,
    );
  const slowestText = slowest ? ` (slowest: ${slowest.name}, ${formatMs(slowest.totalMs)})` : '';
  return {
    verdict:
      `No single request is slow${slowestText}; ${seconds(idle.idleMs)} of ${seconds(untilMs)} ` +
      `had no request in flight (${idleWords(idle)})${named.length ? `, longest ${named.join('; ')}` : ''}.`,
  };
}

function lastEndingBefore(waterfall: Waterfall, atMs: number): { after?: string } {
  let best: { endMs: number; name: string } | undefined;
  for (const row of waterfall.rows) {
    if (row.endMs <= atMs + 0.5 && (!best || row.endMs > best.endMs))
      best = { endMs: row.endMs, name: row.entry.name || row.entry.url };
  }
  return best ? { after: best.name } : {};
}

function clip(intervals: readonly Interval[], untilMs: number): Interval[] {
  return intervals
    .map((i) => ({ startMs: Math.max(0, i.startMs), endMs: Math.min(untilMs, i.endMs) }))
    .filter((i) => Number.isFinite(i.startMs) && Number.isFinite(i.endMs) && i.endMs > i.startMs);
}

/** Sorted, merged intervals. */
export function union(intervals: readonly Interval[]): Interval[] {
  // -1, 1 or 0, not a difference: a fractional difference is boxed on every call of a large sort.
  const sorted = intervals.slice().sort((a, b) => (a.startMs < b.startMs ? -1 : a.startMs > b.startMs ? 1 : 0));
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}

const earliestStart = (min: number, row: { offsetMs: number }): number => Math.min(min, row.offsetMs);
const latestEnd = (max: number, row: { endMs: number }): number => Math.max(max, row.endMs);

function complement(merged: readonly Interval[], untilMs: number, fromMs: number): Interval[] {
  const gaps: Interval[] = [];
  let at = fromMs;
  for (const interval of merged) {
    if (interval.startMs > at) gaps.push({ startMs: at, endMs: interval.startMs });
    at = Math.max(at, interval.endMs);
  }
  if (untilMs > at) gaps.push({ startMs: at, endMs: untilMs });
  return gaps;
}

function total(merged: readonly Interval[]): number {
  return merged.reduce((sum, i) => sum + (i.endMs - i.startMs), 0);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
