// Which sources (agents) violate an alert rule's expression in each round of a deployed test, a
// UTC day at a time: the expensive half of raising alerts (the cheap half, the rule's rounds and
// sources bounds, is rule-replay.ts). A day's marks depend only on the test's plan, the rule's
// layer and expression and the day's on-demand runs, so they are kept per (plan, layer and
// expression, day, runs): a list and every alert's detail after it reuse them, whatever the
// rule's other fields, and a changed test (a new plan) or rule (another expression) starts afresh.
import type { MetricRecord, SourceRound } from '../../../analysis/alerts/evaluate';
import { evaluateCondition } from '../../../analysis/alerts/evaluate';
import { metricsUsed, type Condition } from '../../../analysis/alerts/expression';
import { metricNames } from '../../../analysis/alerts/known-metrics';
import type { TestAgent } from '../../../api/types';
import { bgpRound, monitorsOf, type BgpMonitor } from '../../world/bgp-monitors';
import {
  enterpriseRound,
  enterpriseRoute,
  enterpriseRounds,
  roundStream,
  type EnterprisePlan,
} from '../../world/enterprise-results';
import {
  agentDay,
  inEpisode,
  roundHopDelays,
  roundLoss,
  roundNetworkValues,
  type AgentDay,
} from '../../world/round-metrics';
import { LAYER_VALUES, bgpValues, pathSummaryValues, servedHops, type RoundLayer } from './layer-values';

const DAY = 86400;
/** Days of marks a plan keeps at most (rules × the 8 days a list looks through, with room). */
const MAX_DAYS_PER_PLAN = 256;

/**
 * The layers whose rounds the emulator can judge, by alert type: those whose served results carry
 * the metrics known-metrics.ts lists for the type. Other rules raise no alerts.
 */
export const JUDGED_LAYERS: Readonly<Record<string, JudgedLayer>> = {
  'end-to-end-server': 'network',
  'end-to-end-agent': 'network',
  'path-trace': 'path-vis',
  'http-server': 'http-server',
  'page-load': 'page-load',
  'dns-server': 'dns-server',
  bgp: 'bgp',
};

export type JudgedLayer = 'network' | 'path-vis' | RoundLayer | 'bgp';

/**
 * One day of a test's rounds: violated[r * sources + s] is 1 when source s (an agent, or a BGP
 * rule's monitor: judgedSources' order) violates in round r.
 */
export interface DayMarks {
  roundIds: number[];
  violated: Uint8Array;
}

/**
 * What a rule's expression reads, judged for one source's round of a day: an agent's, or for a
 * `bgp` rule a monitor's (a BGP result's monitor stands where an agent does).
 * `key` keys the marks: two rules with the same judge key mark the same sources.
 */
export type Judge =
  | { key: string; by: 'agent'; violates(day: AgentDay, roundId: number): boolean }
  | { key: string; by: 'monitor'; violates(plan: EnterprisePlan, monitor: BgpMonitor, roundId: number): boolean };

/** The sources a judge marks, in the order of the marks: the test's agents, or the monitors of its prefix. */
export function judgedSources(plan: EnterprisePlan, judge: Judge): readonly (TestAgent | BgpMonitor)[] {
  return judge.by === 'monitor' ? monitorsOf(plan) : plan.agents;
}

const marksByPlan = new WeakMap<EnterprisePlan, Map<string, DayMarks>>();

/** The judge of a parsed rule on its layer, or undefined when the emulator cannot judge that layer. */
export function judgeOf(alertType: string, expression: string, condition: Condition): Judge | undefined {
  const layer = JUDGED_LAYERS[alertType];
  if (!layer) return undefined;
  const holds = (round: SourceRound): boolean => {
    const answer = evaluateCondition(condition, round);
    return answer.ok && answer.holds;
  };
  const key = `${layer}|${expression}`;
  if (layer === 'path-vis')
    return { key, by: 'agent', violates: readsHopDelayOnly(condition) ? pathJudge(holds) : routeJudge(holds) };
  if (layer === 'bgp') {
    // The monitor's round as the BGP results serve it (layer-values.ts); drawn as they are, never anew.
    return {
      key,
      by: 'monitor',
      violates: (plan, monitor, roundId) =>
        holds({ values: bgpValues(plan, bgpRound(plan, monitor, roundId)) as MetricRecord }),
    };
  }
  if (layer !== 'network') {
    // The round's record of the layer, as its results endpoint serves it (layer-values.ts).
    const values = LAYER_VALUES[layer];
    return {
      key,
      by: 'agent',
      violates: (day, roundId) =>
        holds({ values: values(enterpriseRound(day.plan, day.agent, roundId)) as MetricRecord }),
    };
  }
  if (readsLossOnly(condition)) {
    // A round's loss is 0, 100 or its day's episode loss: each value is judged once.
    const verdicts = new Map<number, boolean>();
    return {
      key,
      by: 'agent',
      violates: (day, roundId) => {
        const loss = roundLoss(day, roundId);
        let verdict = verdicts.get(loss);
        if (verdict === undefined) verdicts.set(loss, (verdict = holds({ values: { loss } })));
        return verdict;
      },
    };
  }
  return {
    key,
    by: 'agent',
    violates: (day, roundId) => holds({ values: roundNetworkValues(day.plan, day.agent, roundId) }),
  };
}

/**
 * Path rules read hop delays. An agent's route is the same every round outside an episode, and
 * every round of a day's route change: each is judged once; a loss episode's rounds (whose lost
 * traversals differ) one by one.
 */
type AgentViolates = Extract<Judge, { by: 'agent' }>['violates'];

function pathJudge(holds: (round: SourceRound) => boolean): AgentViolates {
  const steady = new WeakMap<object, Map<string, boolean>>();
  const judgeHops = (plan: EnterprisePlan, agent: TestAgent, roundId: number): boolean =>
    holds({ values: {}, hops: roundHopDelays(plan, agent, roundId).map((hopDelay, i) => ({ hop: i + 1, hopDelay })) });
  return (day, roundId) => {
    const { plan, agent } = day;
    const during = inEpisode(day, roundId);
    if (during && plan.path?.kind === 'lossEpisode') return judgeHops(plan, agent, roundId);
    let verdicts = steady.get(plan.test);
    if (!verdicts) steady.set(plan.test, (verdicts = new Map()));
    const key = during ? `${agent.agentId}|${day.episode!.start}` : String(agent.agentId);
    let verdict = verdicts.get(key);
    if (verdict === undefined) verdicts.set(key, (verdict = judgeHops(plan, agent, roundId)));
    return verdict;
  };
}

/**
 * Path rules that read more than hop delays (a hop's responseTime, the route's numberOfHops …):
 * each round's route as the path-vis results serve it, every hop with its hopDelay too.
 */
function routeJudge(holds: (round: SourceRound) => boolean): AgentViolates {
  return (day, roundId) => {
    const { plan, agent } = day;
    const route = enterpriseRoute(enterpriseRound(plan, agent, roundId));
    const delays = roundHopDelays(plan, agent, roundId);
    const hops = servedHops(route).map((hop, i) => ({ ...hop, hopDelay: delays[i] }));
    return holds({ values: pathSummaryValues(route), hops } as SourceRound);
  };
}

/** Whether the condition reads nothing but hop delays (the cheap path of path rules, judged once per route). */
function readsHopDelayOnly(condition: Condition): boolean {
  return metricsUsed(condition).every((use) => use.inHops && metricNames(use.metric).includes('hopDelay'));
}

/** Whether every metric the condition reads is the round's `loss` (the cheap path). */
function readsLossOnly(condition: Condition): boolean {
  return metricsUsed(condition).every((use) => !use.inHops && metricNames(use.metric).includes('loss'));
}

/** The marks of the plan's rounds on `day` (its base plan keys the cache; `plan` may carry runs). */
export function dayMarks(base: EnterprisePlan, plan: EnterprisePlan, judge: Judge, day: number): DayMarks {
  const from = day * DAY;
  const runs = (plan.runs ?? []).filter((run) => run >= from && run < from + DAY);
  const key = `${judge.key}|${day}|${runs.join(',')}`;
  let byKey = marksByPlan.get(base);
  if (!byKey) marksByPlan.set(base, (byKey = new Map()));
  let marks = byKey.get(key);
  if (!marks) {
    marks = markDay(plan, judge, day);
    if (byKey.size >= MAX_DAYS_PER_PLAN) byKey.clear();
    byKey.set(key, marks);
  }
  return marks;
}

function markDay(plan: EnterprisePlan, judge: Judge, day: number): DayMarks {
  const roundIds = [...enterpriseRounds(plan, day * DAY, (day + 1) * DAY)];
  if (judge.by === 'monitor') {
    const monitors = monitorsOf(plan);
    const violated = new Uint8Array(roundIds.length * monitors.length);
    monitors.forEach((monitor, m) => {
      roundIds.forEach((roundId, r) => {
        if (judge.violates(plan, monitor, roundId)) violated[r * monitors.length + m] = 1;
      });
    });
    return { roundIds, violated };
  }
  const { agents } = plan;
  const violated = new Uint8Array(roundIds.length * agents.length);
  const stream = roundStream(plan);
  agents.forEach((agent, a) => {
    const shared = agentDay(plan, stream, agent, day);
    roundIds.forEach((roundId, r) => {
      if (judge.violates(shared, roundId)) violated[r * agents.length + a] = 1;
    });
  });
  return { roundIds, violated };
}
