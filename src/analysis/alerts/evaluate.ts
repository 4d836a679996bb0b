// Whether a parsed alert rule holds for one round of one source (an agent). The data is a plain
// record of metric values in the units the API returns (ms, percent, Mbps), with the path's hops
// as a list of records for `hops(…)`.
//
// A metric the record lacks (absent, null or not a number where a number is due) is an error,
// never a silent false: a rule naming `latency` over records that say `avgLatency` would
// otherwise "never fire" and look healthy. Names are looked up by their aliases too (see
// known-metrics.ts), so `latency` reads `avgLatency`. An error anywhere in a round makes the
// round's answer an error, even where the other side of `||` already holds: the rule does not
// mean what its author thinks if one of its metrics is never there.
//
// Inside `hops(…)`, a hop missing the metric (a star, a hop that did not answer) is skipped; the
// condition holds when some hop satisfies it, fails when the hops that carry the metric all fail,
// and is an error only when no hop could be judged at all.
import type { Condition, Literal } from './expression';
import { metricNames } from './known-metrics';

export type MetricValue = number | string;
export type MetricRecord = Readonly<Record<string, MetricValue | null | undefined>>;

/** One round of one source. */
export interface SourceRound {
  values: MetricRecord;
  /** The path's hops in order, for `hops(…)`; absent when the data has no path. */
  hops?: readonly MetricRecord[];
}

export type Evaluation = { ok: true; holds: boolean } | { ok: false; message: string };

const HOLDS: Evaluation = { ok: true, holds: true };
const FAILS: Evaluation = { ok: true, holds: false };

/** Whether `condition` holds for one source's round. */
export function evaluateCondition(condition: Condition, round: SourceRound): Evaluation {
  return evaluate(condition, round.values, round.hops, false);
}

function evaluate(
  condition: Condition,
  values: MetricRecord,
  hops: readonly MetricRecord[] | undefined,
  onHop: boolean,
): Evaluation {
  switch (condition.kind) {
    case 'comparison':
      return compare(condition, values, onHop);
    case 'all':
    case 'any': {
      // Every side is evaluated, so that a missing metric is found whatever the other side says.
      let firstError: Evaluation | undefined;
      let holds = condition.kind === 'all';
      for (const child of condition.conditions) {
        const result = evaluate(child, values, hops, onHop);
        if (!result.ok) firstError ??= result;
        else if (condition.kind === 'all') holds &&= result.holds;
        else holds ||= result.holds;
      }
      return firstError ?? (holds ? HOLDS : FAILS);
    }
    case 'hops': {
      if (!hops) return { ok: false, message: `hops(…) at column ${condition.column}: the data has no path hops` };
      let firstError: Evaluation | undefined;
      let judged = 0;
      for (const hop of hops) {
        const result = evaluate(condition.condition, hop, undefined, true);
        if (!result.ok) {
          firstError ??= result;
          continue;
        }
        if (result.holds) return HOLDS;
        judged++;
      }
      return judged === 0 && firstError ? firstError : FAILS;
    }
  }
}

const NAMES_CACHE = new Map<string, readonly string[]>();

function namesOf(metric: string): readonly string[] {
  let names = NAMES_CACHE.get(metric);
  if (!names) {
    // Bounded: a long-running host reading many rules' odd names must not grow this for ever.
    if (NAMES_CACHE.size >= 1000) NAMES_CACHE.clear();
    names = metricNames(metric);
    NAMES_CACHE.set(metric, names);
  }
  return names;
}

function readMetric(values: MetricRecord, metric: string): MetricValue | undefined {
  for (const name of namesOf(metric)) {
    if (!Object.hasOwn(values, name)) continue;
    const value = values[name];
    if (value !== null && value !== undefined) return value;
  }
  return undefined;
}

function compare(
  condition: Extract<Condition, { kind: 'comparison' }>,
  values: MetricRecord,
  onHop: boolean,
): Evaluation {
  const value = readMetric(values, condition.metric);
  const place = onHop ? 'the hop' : 'the data';
  if (value === undefined) return { ok: false, message: `metric '${condition.metric}' is not in ${place}` };
  const { literal, operator } = condition;
  if (literal.kind === 'string') {
    if (typeof value !== 'string') {
      return {
        ok: false,
        message: `metric '${condition.metric}' is a number in ${place}; the rule compares it with a string`,
      };
    }
    const equal = value === literal.value;
    return (operator === '==' ? equal : !equal) ? HOLDS : FAILS;
  }
  if (typeof value !== 'number' || Number.isNaN(value)) {
    return { ok: false, message: `metric '${condition.metric}' is not a number in ${place}` };
  }
  return compareNumbers(value, operator, literal) ? HOLDS : FAILS;
}

function compareNumbers(value: number, operator: string, literal: Extract<Literal, { kind: 'number' }>): boolean {
  const limit = literal.value;
  switch (operator) {
    case '>=':
      return value >= limit;
    case '>':
      return value > limit;
    case '<=':
      return value <= limit;
    case '<':
      return value < limit;
    case '==':
      return value === limit;
    default:
      return value !== limit;
  }
}
