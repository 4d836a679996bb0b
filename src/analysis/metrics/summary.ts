// What a series was over its rounds in two numbers a reader trusts more than a mean: the
// median (p50) and the 95th percentile (p95), nearest-rank over the rounds that have a value.
// Shown under each metrics chart; previous-period overlays are not summarized.
import type { AlignedSeries, Series } from './series';

export interface SeriesPercentiles {
  p50: number;
  p95: number;
  count: number;
}

/** Nearest-rank percentile (0 < q ≤ 1) of values already sorted ascending. */
function nearestRank(sorted: readonly number[], q: number): number {
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] as number;
}

/** p50 and p95 of a series' values (gaps left out); undefined when it has none. */
export function seriesPercentiles(series: Pick<Series, 'values'>): SeriesPercentiles | undefined {
  const values = series.values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (values.length === 0) return undefined;
  return { p50: nearestRank(values, 0.5), p95: nearestRank(values, 0.95), count: values.length };
}

/** "London laptop 1: p50 21.0 ms, p95 34.2 ms (12 rounds)" per current series that has values. */
export function percentileLines(aligned: AlignedSeries, unit: string): string[] {
  return aligned.series.flatMap((s) => {
    if (s.previous) return [];
    const p = seriesPercentiles(s);
    if (!p) return [];
    const v = (x: number): string => `${x.toFixed(1)} ${unit}`;
    return [`${s.label}: p50 ${v(p.p50)}, p95 ${v(p.p95)} (${p.count} round${p.count === 1 ? '' : 's'})`];
  });
}
