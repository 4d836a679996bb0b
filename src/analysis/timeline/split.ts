// How the timeline's attribution reads a window: the values of its points inside it and outside
// it (away from every poor period). A verdict's periods share one outside, so what is read of it
// (values, their median, the normal it gives, points gathered from several lanes) is read once
// per verdict (sharedReads), not once per period: a week holds thousands of points and a few
// periods each read a dozen metrics.
import { normalBaseline } from '../session/grading';
import { median } from './median';
import type { TimelineLanes } from './model';

/** Points of a lane inside and outside the window: `inside(t)` and `outside(t)` decide. */
export interface Split {
  inside: (t: number) => boolean;
  outside: (t: number) => boolean;
  /** Reads the periods of one verdict share, their outside (away from every period) being the same. */
  shared?: SharedReads;
}

export interface SharedReads {
  /** The outside values read so far, by points and metric: each read, and its median taken, once. */
  outside: Map<readonly unknown[], Map<string, number[]>>;
  /** Points a reader gathers from several lanes, by reader. */
  points: Map<string, readonly unknown[]>;
}

export const sharedReads = (): SharedReads => ({ outside: new Map(), points: new Map() });

/** `metric` names what `value` reads, for Split.shared. */
export function both<P extends { t: number }>(
  points: readonly P[],
  split: Split,
  metric: string,
  value: (p: P) => number | undefined,
): { inside: number[]; outside: number[] } {
  const read = split.shared?.outside.get(points)?.get(metric);
  const inside: number[] = [];
  const outside: number[] = [];
  for (const p of points) {
    const v = value(p);
    if (v === undefined || !Number.isFinite(v)) continue;
    if (split.inside(p.t)) inside.push(v);
    else if (!read && split.outside(p.t)) outside.push(v);
  }
  if (read) return { inside, outside: read };
  if (split.shared) {
    const byMetric = split.shared.outside.get(points) ?? new Map<string, number[]>();
    byMetric.set(metric, outside);
    split.shared.outside.set(points, byMetric);
  }
  return { inside, outside };
}

/** Medians of shared outside values, taken once. */
const outsideMedians = new WeakMap<readonly number[], number | undefined>();

export function outsideMedian(values: readonly number[]): number | undefined {
  if (!outsideMedians.has(values)) outsideMedians.set(values, median(values));
  return outsideMedians.get(values);
}

/** Baselines of shared outside values (Split.shared), taken once. */
const outsideBaselines = new WeakMap<readonly number[], ReturnType<typeof normalBaseline>>();

export function outsideBaseline(values: readonly number[]): ReturnType<typeof normalBaseline> {
  if (!outsideBaselines.has(values)) outsideBaselines.set(values, normalBaseline(values));
  return outsideBaselines.get(values);
}

/** Points a reader gathers from several lanes: once per verdict (Split.shared), so that their outside is read once. */
export function gathered<P>(
  lanes: TimelineLanes,
  split: Split,
  reader: string,
  gather: (lanes: TimelineLanes) => P[],
): P[] {
  const known = split.shared?.points.get(reader);
  if (known) return known as P[];
  const points = gather(lanes);
  split.shared?.points.set(reader, points);
  return points;
}
