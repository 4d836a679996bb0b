// The v7 emulator raises its alerts by evaluating its alert rules — the seeded defaults and rules
// clients write — over the rounds it serves. Two network tests of 5 agents deployed eight days
// before a UTC midnight: the one with the odd test id crosses the group's seeded loss transit,
// the other its route change (emulator README: "test id modulo 2, routeChange first"). The
// expectations come from the world's episode schedule and from backtestRule run over the network
// results a client reads, never from the alerts themselves.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backtestRule, type BacktestRule, type TestRound } from '../../../src/analysis/alerts/backtest';
import type { MetricRecord } from '../../../src/analysis/alerts/evaluate';
import type { NetmonClient } from '../../../src/api';
import type { Alert, AlertRuleFields, EnterpriseTest, TestResult } from '../../../src/api/types';
import type { PathEpisode } from '../../../src/emulator';
import { DAY, deployOfficeTests, RULE_NOW, startRuleWorld, type V7World } from '../alerts-world';

const LOSS_RULE = '100001';
const PATH_RULE = '100002';

/** The rounds of the test's network results a client reads over the last 7 days, as backtestRule takes them. */
async function servedRounds(client: NetmonClient, testId: number): Promise<TestRound[]> {
  const walk = await client.testResults('network', testId, { window: '7d' }).collect({ maxRecords: 20_000 });
  assert.ok(walk.complete);
  const byRound = new Map<number, Record<string, { values: MetricRecord }>>();
  for (const record of walk.records as TestResult[]) {
    const { agentId, roundId } = record as { agentId: string; roundId: number };
    const values = Object.fromEntries(
      Object.entries(record).filter(([, v]) => typeof v === 'number' || typeof v === 'string'),
    ) as MetricRecord;
    byRound.set(roundId, { ...byRound.get(roundId), [String(agentId)]: { values } });
  }
  return [...byRound].map(([roundId, sources]) => ({ roundId, sources })).sort((a, b) => a.roundId - b.roundId);
}

const at = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso) / 1000);

describe('v7 alerts raised by evaluating rules over the rounds served', () => {
  let world: V7World;
  let client: NetmonClient;
  const now = RULE_NOW;
  let lossTest: EnterpriseTest;
  let routeTest: EnterpriseTest;
  let episodes: PathEpisode[] = [];
  let alerts: Alert[] = [];
  const alertsOf = (ruleId: string, testId: number): Alert[] =>
    alerts.filter((a) => a.ruleId === ruleId && a.testId === String(testId));

  before(async () => {
    world = await startRuleWorld(deployOfficeTests);
    ({ client } = world);
    episodes = world.group.pathEpisodes(now - 8 * DAY, now);
    const deployed = await client.listEnterpriseTests();
    lossTest = deployed.find((t) => t.testId % 2 === 1)!;
    routeTest = deployed.find((t) => t.testId % 2 === 0)!;
    alerts = (await client.alerts({ window: '7d' }).collect({ maxRecords: 1000 })).records;
  });
  after(() => world.close());

  const inRange = (e: PathEpisode): boolean => e.endSeconds > now - 7 * DAY && e.startSeconds <= now;

  test("the seeded loss rule fires once a day, from the loss episode's first round to the first clean one", () => {
    const days = episodes.filter((e) => e.kind === 'lossEpisode' && inRange(e));
    assert.ok(days.length >= 7, `${days.length} loss days`);
    assert.ok(days.every((e) => Number(e.detail['lossPercent']) >= 5));
    const fired = alertsOf(LOSS_RULE, lossTest.testId);
    assert.deepEqual(
      fired.map((a) => [at(a.startDate), at(a.endDate)]),
      days.map((e) => [e.startSeconds, e.endSeconds]),
    );
    // The 4 agents that share the transit (all but one in five); the fifth too if one of its rounds failed then.
    assert.ok(fired.every((a) => a.violationCount === 4 || a.violationCount === 5));
    assert.deepEqual(alertsOf(LOSS_RULE, routeTest.testId), [], 'the route change loses nothing');
  });

  test('the seeded path rule fires on each route change, until the route changes back at midnight', () => {
    const expected = episodes.filter((e) => e.kind === 'routeChange' && inRange(e) && e.startSeconds < now);
    const fired = alertsOf(PATH_RULE, routeTest.testId);
    assert.deepEqual(
      fired.map((a) => [at(a.startDate), at(a.endDate)]),
      expected.map((e) => [e.startSeconds, e.endSeconds]),
    );
  });

  test("the world's failed rounds (loss 100 %) raise no default alert outside the episodes", async () => {
    const rounds = await servedRounds(client, routeTest.testId);
    const failed = rounds.filter((r) => Object.values(r.sources).some((s) => s.values['loss'] === 100));
    assert.ok(failed.length > 0, 'the week holds failed rounds');
    const windows = episodes.map((e) => [e.startSeconds, e.endSeconds] as const);
    for (const alert of alerts.filter((a) => a.ruleId === LOSS_RULE || a.ruleId === PATH_RULE)) {
      const start = at(alert.startDate)!;
      assert.ok(
        windows.some(([from, to]) => start >= from && start < to),
        `${alert.ruleId} on ${alert.testId} at ${alert.startDate}`,
      );
    }
  });

  test('a written rule raises alerts where its condition holds, as a backtest of the served rounds says', async () => {
    const rule: AlertRuleFields = {
      ruleName: 'Any loss',
      expression: '((loss >= 1%))',
      alertType: 'end-to-end-server',
      roundsViolatingMode: 'any',
      roundsViolatingRequired: 1,
      roundsViolatingOutOf: 1,
      minimumSources: 1,
      severity: 'minor',
      testIds: [String(routeTest.testId), String(lossTest.testId)],
    };
    const never: AlertRuleFields = { ...rule, ruleName: 'Never', expression: '((loss > 100%))' };
    const created = await client.createAlertRule(rule);
    const none = await client.createAlertRule(never);
    const written = (await client.alerts({ window: '7d' }).collect({ maxRecords: 2000 })).records;
    assert.deepEqual(
      written.filter((a) => a.ruleId === none.ruleId),
      [],
    );
    for (const tested of [routeTest, lossTest]) {
      const replay = await backtestOverServed(rule, tested.testId);
      const mine = written.filter((a) => a.ruleId === created.ruleId && a.testId === String(tested.testId));
      assert.ok(mine.length > 0);
      assert.deepEqual(await firingsOf(mine), replay);
    }
  });

  test('the seeded loss rule agrees with a backtest of the served rounds, its sources too', async () => {
    const seeded = await client.getAlertRule(LOSS_RULE);
    for (const tested of [lossTest, routeTest]) {
      const replay = await backtestOverServed(seeded, tested.testId);
      assert.deepEqual(await firingsOf(alertsOf(LOSS_RULE, tested.testId)), replay);
    }
  });

  /** The firings (start, end, sorted sources) backtestRule finds over the served rounds, after the first. */
  async function backtestOverServed(rule: BacktestRule, testId: number): Promise<unknown[]> {
    const rounds = await servedRounds(client, testId);
    const result = backtestRule(rule, [{ testId: String(testId), rounds }], { maxFirings: 10_000 });
    assert.ok(result.ok);
    // A firing open in the first round read may have started before it: only whole ones compare.
    const first = rounds[0]!.roundId;
    return result.firings
      .filter((f) => f.startRoundId > first)
      .map((f) => [f.startRoundId, f.endRoundId, f.sources.join(',')]);
  }

  async function firingsOf(raised: readonly Alert[]): Promise<unknown[]> {
    const from = now - 7 * DAY;
    const whole = raised.filter((a) => at(a.startDate)! > from);
    return Promise.all(
      whole.map(async (a) => {
        const detail = await client.getAlert(a.alertId);
        const sources = (detail.sources ?? []).map((s) => String(s.id)).sort();
        return [at(a.startDate), at(a.endDate), sources.join(',')];
      }),
    );
  }
});
