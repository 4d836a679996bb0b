// What an alert's source measured in a round, as the service writes it in an alert's details
// (`start.metrics`, `end.metrics`): the metrics the rule reads, never others — a latency rule's
// source says its latency, not its loss; a path rule on a hop's responseTime says the largest
// one, not the hop delay. A loss-only network rule and a hop-delay-only path rule keep their
// short forms (`Loss: 12%`, `Hop delay: 13 ms`).
import { findMetric, metricNames } from '../../../analysis/alerts/known-metrics';
import type { StoredRule } from '../../alert-config';
import { bgpRound } from '../../world/bgp-monitors';
import { enterpriseRound, enterpriseRoute, roundStream, type EnterprisePlan } from '../../world/enterprise-results';
import { agentDay, roundHopDelays, roundLoss, roundNetworkValues } from '../../world/round-metrics';
import type { TestAgent } from '../../../api/types';
import { evaluableOf, isMonitor, type AlertSourceOf, type DerivedAlert, type Evaluable } from './alert-derivation';
import { LAYER_VALUES, bgpValues, pathSummaryValues, servedHops } from './layer-values';

const DAY = 86400;

type Values = Record<string, unknown>;

export function sourceMetrics(alert: DerivedAlert, source: AlertSourceOf, roundId: number): string {
  const { plan, rule } = alert;
  const evaluable = evaluableOf(rule);
  if (isMonitor(source)) {
    if (!evaluable) return '';
    return metricsText(rule, evaluable.metrics, bgpValues(plan, bgpRound(plan, source, roundId)));
  }
  const agent = source;
  // An agent is never a `bgp` rule's source (its monitors are); the layer is named only to narrow the type.
  if (evaluable?.layer === 'path-vis') return pathText(rule, evaluable, plan, agent, roundId);
  if (!evaluable || evaluable.layer === 'bgp' || readsOnly(evaluable.metrics, 'loss'))
    return `Loss: ${roundLoss(agentDay(plan, roundStream(plan), agent, Math.floor(roundId / DAY)), roundId)}%`;
  if (evaluable.layer === 'network')
    return metricsText(rule, evaluable.metrics, roundNetworkValues(plan, agent, roundId) as unknown as Values);
  return metricsText(rule, evaluable.metrics, LAYER_VALUES[evaluable.layer](enterpriseRound(plan, agent, roundId)));
}

/** Whether every metric read is `name` (by any of its names); an expression that reads none is not. */
function readsOnly(metrics: readonly string[], name: string): boolean {
  return metrics.length > 0 && metrics.every((metric) => metricNames(metric).includes(name));
}

function pathText(
  rule: StoredRule,
  evaluable: Evaluable,
  plan: EnterprisePlan,
  agent: TestAgent,
  roundId: number,
): string {
  const delays = roundHopDelays(plan, agent, roundId);
  if (evaluable.metrics.length === 0 && readsOnly(evaluable.hopMetrics, 'hopDelay'))
    return `Hop delay: ${Math.max(0, ...delays)} ms`;
  const route = enterpriseRoute(enterpriseRound(plan, agent, roundId));
  const hops: Values[] = servedHops(route).map((hop, i) => ({ ...hop, hopDelay: delays[i] }));
  const perHop = evaluable.hopMetrics.map((metric) => {
    const values = hops.map((hop) => valueOf(metric, hop)).filter((v): v is number => typeof v === 'number');
    const largest = values.length > 0 ? Math.max(...values) : undefined;
    return `${metric} (largest hop): ${withUnit(rule, metric, largest)}`;
  });
  const whole = evaluable.metrics.length > 0 ? [metricsText(rule, evaluable.metrics, pathSummaryValues(route))] : [];
  return [...perHop, ...whole].join(', ');
}

/** Each metric the rule reads, as the round's record serves it (by any of its names), with its unit. */
function metricsText(rule: StoredRule, metrics: readonly string[], values: Values): string {
  return metrics.map((metric) => `${metric}: ${withUnit(rule, metric, valueOf(metric, values))}`).join(', ');
}

function valueOf(metric: string, values: Values): number | string | undefined {
  return metricNames(metric)
    .map((name) => values[name])
    .find((v): v is number | string => typeof v === 'number' || typeof v === 'string');
}

function withUnit(rule: StoredRule, metric: string, value: number | string | undefined): string {
  const kind = findMetric(String(rule.fields['alertType']), metric, false)?.kind;
  const unit = kind === 'ms' ? ' ms' : kind === 'percent' ? '%' : '';
  return `${value === undefined ? '-' : String(value)}${unit}`;
}
