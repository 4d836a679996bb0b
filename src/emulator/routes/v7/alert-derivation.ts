// The alerts and events of an account group, derived from its deployed tests and the world's
// seeded path episodes (world/alert-episodes.ts): each occurrence of an episode on a test raises
// one alert per seeded rule that watches the test and follows that kind of episode (the loss
// rule only on days whose loss meets its threshold), active while the episode goes on and
// cleared at the test's first round after it; each day's episode of a seeded transit is one
// event, over every test that crosses it. Rules written by clients raise no alerts yet.
import type { EnterpriseTest } from '../../../api/types';
import { LOSS_RULE_PERCENT, type StoredRule } from '../../alert-config';
import type { RequestContext } from '../../http/router';
import { derivedUuid, testEpisodes, type TestEpisode } from '../../world/alert-episodes';
import type { EmulatorState } from '../state';
import { deployedTests, ruleTestIds, windowStatus, windowTestIds } from './alert-bindings';

export interface DerivedAlert {
  id: string;
  rule: StoredRule;
  episode: TestEpisode;
  /** Still going on at `asOf`. */
  active: boolean;
  suppressed: boolean;
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

/** The deployed tests that run (enabled), and their occurrences of seeded episodes over the retention window. */
function occurrences(
  state: EmulatorState,
  ctx: RequestContext,
  asOf: number,
): {
  tests: EnterpriseTest[];
  episodes: TestEpisode[];
} {
  const tests = deployedTests(state, ctx).filter((test) => test.enabled !== 0);
  const plans = tests.map((test) => ctx.group.enterprisePlan(test));
  return { tests, episodes: testEpisodes(plans, asOf - state.world.retentionSeconds, asOf) };
}

export function deriveAlerts(state: EmulatorState, ctx: RequestContext, asOf: number): DerivedAlert[] {
  const { tests, episodes } = occurrences(state, ctx, asOf);
  const seed = state.world.options.seed;
  const rules = state.alertConfig
    .rules(ctx.aid)
    .filter((rule) => rule.episode !== undefined)
    .map((rule) => ({ rule, testIds: new Set(ruleTestIds(rule, tests)) }));
  const suppressing = state.alertConfig
    .windows(ctx.aid)
    .filter((window) => windowStatus(window, asOf) === 'active')
    .flatMap((window) => windowTestIds(window, tests));
  const alerts: DerivedAlert[] = [];
  for (const episode of episodes) {
    const test = episode.plan.test;
    if (test['alertsEnabled'] === 0) continue;
    if (episode.kind === 'lossEpisode' && episode.lossPercent < LOSS_RULE_PERCENT) continue;
    for (const { rule, testIds } of rules) {
      if (rule.episode !== episode.kind || !testIds.has(String(test.testId))) continue;
      const active = episode.endSeconds > asOf;
      alerts.push({
        id: derivedUuid('alert', seed, ctx.aid, rule.ruleId, test.testId, episode.startSeconds),
        rule,
        episode,
        active,
        suppressed: active && suppressing.includes(String(test.testId)),
      });
    }
  }
  return alerts;
}

export function deriveEvents(state: EmulatorState, ctx: RequestContext, asOf: number): DerivedEvent[] {
  const seed = state.world.options.seed;
  const byDay = new Map<string, DerivedEvent>();
  for (const episode of occurrences(state, ctx, asOf).episodes) {
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
