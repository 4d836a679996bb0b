// The alerts and events of an account group. Alerts: every rule of the group, seeded or written,
// evaluated over the rounds the emulator serves of each enabled deployed test the rule watches
// (its testIds, and for a default rule every test of its layer) with that layer: each agent's
// round judged by the rule's expression (rule-marks.ts), the rule's rounds and sources bounds
// applied as backtestRule reads them (rule-replay.ts); an alert per firing, active while it goes
// on, cleared at the first round after it. A `bgp` rule's sources are the monitors of the test's
// BGP results rather than its agents. Layers the emulator cannot judge (JUDGED_LAYERS names those
// it can) raise nothing.
// Events: each day's episode of a seeded transit, over every test that crosses it.
import { readBounds, type BoundsFields, type RuleBounds } from '../../../analysis/alerts/rule-bounds';
import { metricsUsed, parseExpression } from '../../../analysis/alerts/expression';
import { linkedResultKinds, type EnterpriseTest, type TestAgent } from '../../../api/types';
import type { StoredRule, StoredWindow } from '../../alert-config';
import type { RequestContext } from '../../http/router';
import { derivedUuid, testEpisodes, type TestEpisode } from '../../world/alert-episodes';
import type { BgpMonitor } from '../../world/bgp-monitors';
import type { EnterprisePlan } from '../../world/enterprise-results';
import type { EmulatorState } from '../state';
import { deployedTests, ruleTestIds, windowStatus, windowTestIds } from './alert-bindings';
import { withRuns } from './instant-runs';
import { JUDGED_LAYERS, dayMarks, judgeOf, judgedSources, type Judge, type JudgedLayer } from './rule-marks';
import { replayMarks } from './rule-replay';

const DAY = 86400;

/** Who an alert's source is: an agent of the test, or (a `bgp` rule) a monitor of its prefix. */
export type AlertSourceOf = TestAgent | BgpMonitor;

export const isMonitor = (source: AlertSourceOf): source is BgpMonitor => 'monitorId' in source;

export interface DerivedAlert {
  id: string;
  rule: StoredRule;
  plan: EnterprisePlan;
  /** The first round it was active in (epoch s). */
  startSeconds: number;
  /** The first round after it (epoch s); absent while it goes on. */
  endSeconds?: number;
  /** Still going on at `asOf`. */
  active: boolean;
  suppressed: boolean;
  /** The sources that violated (or were triggered) while it was active, in the test's agent (monitor) order. */
  sources: AlertSourceOf[];
}

export interface DerivedEvent {
  id: string;
  kind: TestEpisode['kind'];
  startSeconds: number;
  endSeconds: number;
  active: boolean;
  /** The test episodes it groups, one per test, in test order. */
  episodes: TestEpisode[];
}

/** What raising a rule's alerts needs from its fields; undefined when they cannot be evaluated. */
export interface Evaluable {
  judge: Judge;
  bounds: RuleBounds;
  perSource: boolean;
  layer: JudgedLayer;
  /** The per-round metrics the expression reads, in its order (what an alert's sources report). */
  metrics: string[];
  /** The per-hop metrics it reads inside `hops(…)`, in its order. */
  hopMetrics: string[];
}

const evaluables = new WeakMap<object, Evaluable | null>();

/** The rule's judge and bounds, read once per version of its fields (a change replaces them). */
export function evaluableOf(rule: StoredRule): Evaluable | undefined {
  let found = evaluables.get(rule.fields);
  if (found === undefined) {
    found = readEvaluable(rule.fields) ?? null;
    evaluables.set(rule.fields, found);
  }
  return found ?? undefined;
}

function readEvaluable(fields: Record<string, unknown>): Evaluable | undefined {
  const alertType = String(fields['alertType']);
  const expression = String(fields['expression'] ?? '');
  const parsed = parseExpression(expression);
  const layer = JUDGED_LAYERS[alertType];
  if (!parsed.ok || !layer) return undefined;
  const judge = judgeOf(alertType, expression, parsed.condition);
  const bounds = readBounds(fields as BoundsFields);
  if (!judge || typeof bounds === 'string') return undefined;
  const mode = fields['roundsViolatingMode'];
  const used = metricsUsed(parsed.condition);
  const metrics = used.filter((use) => !use.inHops).map((use) => use.metric);
  const hopMetrics = used.filter((use) => use.inHops).map((use) => use.metric);
  return { judge, bounds, perSource: mode !== 'any', layer, metrics, hopMetrics };
}

/** The deployed tests that run (enabled). */
function runningTests(state: EmulatorState, ctx: RequestContext): EnterpriseTest[] {
  return deployedTests(state, ctx).filter((test) => test.enabled !== 0);
}

export function deriveAlerts(state: EmulatorState, ctx: RequestContext, asOf: number): DerivedAlert[] {
  const tests = runningTests(state, ctx);
  const rules = state.alertConfig.rules(ctx.aid);
  const windows = state.alertConfig.windows(ctx.aid);
  return remembered(state, ctx, { asOf, tests, rules, windows }, () => derive(state, ctx, asOf, tests, rules, windows));
}

function derive(
  state: EmulatorState,
  ctx: RequestContext,
  asOf: number,
  tests: readonly EnterpriseTest[],
  rules: readonly StoredRule[],
  windows: readonly StoredWindow[],
): DerivedAlert[] {
  const suppressing = new Set(
    windows.filter((window) => windowStatus(window, asOf) === 'active').flatMap((w) => windowTestIds(w, tests)),
  );
  const byId = new Map(tests.map((test) => [String(test.testId), test]));
  const alerts: DerivedAlert[] = [];
  for (const rule of rules) {
    const evaluable = evaluableOf(rule);
    if (!evaluable) continue;
    for (const testId of ruleTestIds(rule, tests)) {
      const test = byId.get(testId);
      if (!test || test['alertsEnabled'] === 0) continue;
      if (!linkedResultKinds(test).includes(evaluable.layer)) continue;
      for (const alert of testAlerts(state, ctx, rule, evaluable, test, asOf)) {
        alert.suppressed = alert.active && suppressing.has(testId);
        alerts.push(alert);
      }
    }
  }
  return alerts.sort((a, b) => a.startSeconds - b.startSeconds || a.plan.test.testId - b.plan.test.testId);
}

/** The rule's firings on one test over the days kept (and the day before, for windows that reach back). */
function testAlerts(
  state: EmulatorState,
  ctx: RequestContext,
  rule: StoredRule,
  evaluable: Evaluable,
  test: EnterpriseTest,
  asOf: number,
): DerivedAlert[] {
  const base = ctx.group.enterprisePlan(test);
  const plan = withRuns(state, ctx.aid, base);
  if (plan.instant) return [];
  const fromSeconds = asOf - state.world.retentionSeconds;
  const firstDay = Math.max(Math.floor(fromSeconds / DAY) - 1, Math.floor(plan.firstRound / DAY));
  const days = [];
  for (let day = firstDay; day <= Math.floor(asOf / DAY); day++) days.push(dayMarks(base, plan, evaluable.judge, day));
  const sources = judgedSources(plan, evaluable.judge);
  const firings = replayMarks(evaluable.bounds, evaluable.perSource, sources.length, days, asOf);
  const seed = state.world.options.seed;
  return firings
    .filter((firing) => firing.endSeconds === undefined || firing.endSeconds > fromSeconds)
    .map((firing) => ({
      id: derivedUuid('alert', seed, ctx.aid, rule.ruleId, test.testId, firing.startSeconds),
      rule,
      plan,
      startSeconds: firing.startSeconds,
      ...(firing.endSeconds !== undefined ? { endSeconds: firing.endSeconds } : {}),
      active: firing.endSeconds === undefined,
      suppressed: false,
      sources: [...firing.sources].sort((a, b) => a - b).map((index) => sources[index]!),
    }));
}

interface Inputs {
  asOf: number;
  tests: readonly EnterpriseTest[];
  rules: readonly StoredRule[];
  windows: readonly StoredWindow[];
}

/** The last answer of each group, kept while it is asked again with the same inputs (a list, then its details). */
const lastAnswers = new WeakMap<EmulatorState, Map<number, { inputs: Inputs; runs: string; alerts: DerivedAlert[] }>>();

function remembered(
  state: EmulatorState,
  ctx: RequestContext,
  inputs: Inputs,
  derive: () => DerivedAlert[],
): DerivedAlert[] {
  let byGroup = lastAnswers.get(state);
  if (!byGroup) lastAnswers.set(state, (byGroup = new Map()));
  // On-demand runs add rounds without replacing the test: they are part of the key.
  const runs = inputs.tests
    .map((test) => String(withRuns(state, ctx.aid, ctx.group.enterprisePlan(test)).runs?.length ?? 0))
    .join(',');
  const last = byGroup.get(ctx.aid);
  if (last && last.runs === runs && sameInputs(last.inputs, inputs)) return last.alerts;
  const alerts = derive();
  byGroup.set(ctx.aid, { inputs, runs, alerts });
  return alerts;
}

function sameInputs(a: Inputs, b: Inputs): boolean {
  const same = <T>(x: readonly T[], y: readonly T[]): boolean => x.length === y.length && x.every((v, i) => v === y[i]);
  return a.asOf === b.asOf && same(a.tests, b.tests) && same(a.rules, b.rules) && same(a.windows, b.windows);
}

export function deriveEvents(state: EmulatorState, ctx: RequestContext, asOf: number): DerivedEvent[] {
  const seed = state.world.options.seed;
  const byDay = new Map<string, DerivedEvent>();
  const plans = runningTests(state, ctx).map((test) => ctx.group.enterprisePlan(test));
  for (const episode of testEpisodes(plans, asOf - state.world.retentionSeconds, asOf)) {
    const key = `${episode.kind}|${episode.day}`;
    const event = byDay.get(key);
    if (event) {
      event.episodes.push(episode);
      event.startSeconds = Math.min(event.startSeconds, episode.startSeconds);
      event.endSeconds = Math.max(event.endSeconds, episode.endSeconds);
      event.active = event.endSeconds > asOf;
    } else {
      byDay.set(key, {
        id: derivedUuid('event', seed, ctx.aid, episode.kind, episode.day),
        kind: episode.kind,
        startSeconds: episode.startSeconds,
        endSeconds: episode.endSeconds,
        active: episode.endSeconds > asOf,
        episodes: [episode],
      });
    }
  }
  return [...byDay.values()].sort((a, b) => a.startSeconds - b.startSeconds || a.id.localeCompare(b.id));
}
