// Network metrics and HTTP server results → series aligned on rounds, the shape uPlot
// draws (one x array, one y array per series, null where a round has no value).
import type { HttpServerResult, NetMetric } from '../../api/types';

export type NetMetricField = 'avgLatency' | 'minLatency' | 'maxLatency' | 'loss' | 'jitter';

export const HTTP_PHASES = [
  { field: 'dnsTime', label: 'DNS' },
  { field: 'connectTime', label: 'Connect' },
  { field: 'sslTime', label: 'SSL' },
  { field: 'waitTime', label: 'Wait' },
  { field: 'receiveTime', label: 'Receive' },
] as const;
/** Redirects come before everything else of the final request; the stack starts with them when any round had one. */
export const REDIRECT_PHASE = { field: 'redirectTime', label: 'Redirect' } as const;
export type HttpPhaseField = (typeof HTTP_PHASES)[number]['field'] | typeof REDIRECT_PHASE.field;

export interface Series {
  key: string;
  label: string;
  /** The agent a point of this series belongs to (for opening its path trace). */
  agentId?: string;
  values: (number | null)[];
  /** Per round: every packet was lost, so the value is a gap, not a time (drawn with a loss marker). */
  lost?: boolean[];
  /** The previous period laid over this one: drawn muted and dashed, never picked. */
  previous?: boolean;
}

export interface AlignedSeries {
  /** Round ids (epoch seconds), ascending. */
  rounds: number[];
  series: Series[];
}

interface Keyed {
  agentId: string | number;
  roundId: number;
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Sorted unique round ids. */
export function roundsOf(records: readonly Keyed[]): number[] {
  return [...new Set(records.map((r) => r.roundId))].sort((a, b) => a - b);
}

/** Sorted unique agent ids. */
export function agentsOf(records: readonly Keyed[]): string[] {
  return [...new Set(records.map((r) => String(r.agentId)))].sort();
}

/** Mean of the values of each round; rounds without a finite value are null. */
function alignedMeans<T extends Keyed>(
  records: readonly T[],
  rounds: readonly number[],
  value: (r: T) => unknown,
): (number | null)[] {
  const sums = new Map<number, { sum: number; count: number }>();
  for (const record of records) {
    const v = finite(value(record));
    if (v === null) continue;
    const acc = sums.get(record.roundId) ?? { sum: 0, count: 0 };
    acc.sum += v;
    acc.count++;
    sums.set(record.roundId, acc);
  }
  return rounds.map((round) => {
    const acc = sums.get(round);
    return acc ? acc.sum / acc.count : null;
  });
}

function byAgent<T extends Keyed>(records: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const record of records) {
    const id = String(record.agentId);
    grouped.set(id, [...(grouped.get(id) ?? []), record]);
  }
  return grouped;
}

/** Times measured on packets: a round that lost them all has no time (not 0 ms). */
const TIMED_FIELDS: ReadonlySet<NetMetricField> = new Set(['avgLatency', 'minLatency', 'maxLatency', 'jitter']);
const allLost = (metric: NetMetric): boolean => typeof metric.loss === 'number' && metric.loss >= 100;
const timed =
  (field: NetMetricField) =>
  (metric: NetMetric): unknown =>
    TIMED_FIELDS.has(field) && allLost(metric) ? null : metric[field];

/** Rounds in which every record of `records` lost all packets. */
function lostRounds(records: readonly NetMetric[], rounds: readonly number[]): boolean[] {
  const state = new Map<number, boolean>();
  for (const record of records) state.set(record.roundId, (state.get(record.roundId) ?? true) && allLost(record));
  return rounds.map((round) => state.get(round) ?? false);
}

/** One series per agent of one metric (latency, loss, jitter) over the rounds. */
export function netMetricSeries(
  metrics: readonly NetMetric[],
  field: NetMetricField,
  agentName: (id: string) => string = (id) => id,
): AlignedSeries {
  const rounds = roundsOf(metrics);
  const grouped = byAgent(metrics);
  const series = agentsOf(metrics).map((agentId) => {
    const own = grouped.get(agentId)!;
    const lost = TIMED_FIELDS.has(field) ? lostRounds(own, rounds) : undefined;
    return {
      key: `${agentId}:${field}`,
      label: agentName(agentId),
      agentId,
      values: alignedMeans(own, rounds, timed(field)),
      ...(lost?.some(Boolean) ? { lost } : {}),
    };
  });
  return { rounds, series };
}

/** One agent's latency as average, minimum and maximum (the band around the average). */
export function agentLatencySeries(metrics: readonly NetMetric[], agentId: string): AlignedSeries {
  const own = metrics.filter((m) => String(m.agentId) === agentId);
  const rounds = roundsOf(own);
  const fields: [NetMetricField, string][] = [
    ['avgLatency', 'Average'],
    ['minLatency', 'Minimum'],
    ['maxLatency', 'Maximum'],
  ];
  const lost = lostRounds(own, rounds);
  return {
    rounds,
    series: fields.map(([field, label]) => ({
      key: `${agentId}:${field}`,
      label,
      agentId,
      values: alignedMeans(own, rounds, timed(field)),
      ...(lost.some(Boolean) ? { lost } : {}),
    })),
  };
}

/** HTTP phase times per round: one agent's, or the mean over agents when none is chosen. */
export function httpPhaseSeries(results: readonly HttpServerResult[], agentId?: string): AlignedSeries {
  const chosen = agentId === undefined ? results : results.filter((r) => String(r.agentId) === agentId);
  const rounds = roundsOf(chosen);
  // Without it, a redirecting test's stack stops short of its total by the redirect time.
  const redirected = chosen.some((r) => (finite(r.redirectTime) ?? 0) > 0);
  const phases: readonly { field: HttpPhaseField; label: string }[] = redirected
    ? [REDIRECT_PHASE, ...HTTP_PHASES]
    : HTTP_PHASES;
  return {
    rounds,
    series: phases.map((phase) => ({
      key: phase.field,
      label: phase.label,
      ...(agentId !== undefined ? { agentId } : {}),
      values: alignedMeans(chosen, rounds, (r) => r[phase.field]),
    })),
  };
}

/** Running sums for a stacked drawing (null counts as 0 once an earlier series has a value). */
export function stacked(series: readonly Series[]): (number | null)[][] {
  const result: (number | null)[][] = [];
  series.forEach((s, i) => {
    const below = result[i - 1];
    result.push(
      s.values.map((v, k) => {
        const base = below?.[k] ?? null;
        if (v === null) return base;
        return (base ?? 0) + v;
      }),
    );
  });
  return result;
}

/** Agent and round of a point, for "open this agent's path trace for this round". */
export function pointAt(
  aligned: AlignedSeries,
  seriesIndex: number,
  pointIndex: number,
): { agentId: string; roundId: number } | undefined {
  const series = aligned.series[seriesIndex];
  const roundId = aligned.rounds[pointIndex];
  if (!series?.agentId || roundId === undefined || series.values[pointIndex] === null) return undefined;
  return { agentId: series.agentId, roundId };
}

/** The period before a range of rounds, as long as it: where "compare to previous period" reads. */
export function previousPeriod(
  rounds: readonly number[],
  roundSeconds = 300,
): { from: number; to: number; shiftSeconds: number } | undefined {
  if (rounds.length === 0) return undefined;
  const from = Math.min(...rounds);
  const to = Math.max(...rounds) + roundSeconds;
  const shiftSeconds = to - from;
  return { from: from - shiftSeconds, to: from, shiftSeconds };
}

/**
 * The previous period's values of one metric laid on the current rounds (each previous round
 * moved forward by `shiftSeconds`): the mean over the agents, or one agent's when given, so the
 * chart overlays "the same time, one period earlier".
 */
export function previousPeriodSeries(
  previous: readonly NetMetric[],
  field: NetMetricField,
  rounds: readonly number[],
  shiftSeconds: number,
  agentId?: string,
): Series {
  const own = agentId === undefined ? previous : previous.filter((m) => String(m.agentId) === agentId);
  const moved = own.map((m) => ({ ...m, roundId: m.roundId + shiftSeconds }));
  return {
    key: `previous:${field}`,
    label: 'Previous period',
    values: alignedMeans(moved, rounds, timed(field)),
    previous: true,
  };
}
