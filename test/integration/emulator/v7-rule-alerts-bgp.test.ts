// The v7 emulator raises alerts from BGP (`bgp`) rules over the BGP results it serves: each
// monitor's round stands where an agent's does. A written rule's alerts must be the firings
// backtestRule finds over the results a client reads, and on the test that crosses the group's
// seeded route change (test id modulo 2, routeChange first: emulator README) a path-change rule
// fires once a day, in the round the change begins, from every monitor — the world's schedule,
// never read back from the alerts. `netmon alerts backtest` of the same rule counts as many.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { backtestRule, type TestRound } from '../../../src/analysis/alerts/backtest';
import type { MetricRecord, SourceRound } from '../../../src/analysis/alerts/evaluate';
import type { NetmonClient } from '../../../src/api';
import type { Alert, AlertRuleFields, EnterpriseTest, EnterpriseTestCreate } from '../../../src/api/types';
import { DEMO_CREDENTIALS, type PathEpisode } from '../../../src/emulator';
import type { BacktestReport } from '../../../src/workflows/backtest';
import { DAY, RULE_NOW, startRuleWorld, type V7World } from '../alerts-world';
import { netmon } from '../cli/run-netmon';

const INTERVAL = 300;
const MONITORS = 8;
/** A UTC midnight: "now", whose 7 days before hold a route change each. */
const NOW = RULE_NOW;
const at = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso) / 1000);

describe('v7 alerts of BGP rules, as a backtest of the served BGP results and the route change say', () => {
  let world: V7World;
  let client: NetmonClient;
  let changes: PathEpisode[] = [];
  const tests: EnterpriseTest[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'netmon-bgp-rules-'));

  before(async () => {
    // Inside a round: a results list ends before "now", while the alerts already judge its round.
    world = await startRuleWorld(async ({ client: writer }) => {
      for (const testName of ['Our prefix A', 'Our prefix B'])
        tests.push(
          await writer.createTest('bgp', {
            testName,
            interval: INTERVAL,
            prefix: '198.51.100.0/24',
          } as EnterpriseTestCreate),
        );
    }, 60);
    ({ client } = world);
    changes = world.group.pathEpisodes(NOW - 7 * DAY, NOW).filter((episode) => episode.kind === 'routeChange');
    assert.equal(changes.length, 7, 'a route change a day');
  });
  after(async () => {
    await world.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The test's BGP results a client reads over the last 7 days: each monitor (agentId) a source. */
  async function servedRounds(testId: number): Promise<TestRound[]> {
    const walk = await client.testResults('bgp', testId, { window: '7d' }).collect({ maxRecords: 20_000 });
    assert.ok(walk.complete);
    const byRound = new Map<number, Record<string, SourceRound>>();
    for (const record of walk.records) {
      const { agentId, roundId } = record as unknown as { agentId: string; roundId: number };
      const values = Object.fromEntries(
        Object.entries(record).filter(([, v]) => typeof v === 'number' || typeof v === 'string'),
      ) as MetricRecord;
      byRound.set(roundId, { ...byRound.get(roundId), [String(agentId)]: { values } });
    }
    return [...byRound].map(([roundId, sources]) => ({ roundId, sources })).sort((a, b) => a.roundId - b.roundId);
  }

  /** The whole firings (start, end, sorted sources) backtestRule finds: one open in the first round may be older. */
  function backtest(rule: AlertRuleFields, testId: number, rounds: TestRound[]): unknown[] {
    const result = backtestRule(rule, [{ testId: String(testId), rounds }], { maxFirings: 10_000 });
    assert.ok(result.ok);
    assert.deepEqual(result.metricProblems, []);
    return result.firings
      .filter((f) => f.startRoundId > rounds[0]!.roundId)
      .map((f) => [f.startRoundId, f.endRoundId, f.sources.join(',')]);
  }

  async function firingsOf(ruleId: string, metrics?: [RegExp, RegExp]): Promise<unknown[]> {
    const all = (await client.alerts({ window: '7d' }).collect({ maxRecords: 5000 })).records;
    const whole = all.filter((a: Alert) => a.ruleId === ruleId && at(a.startDate)! > NOW - 7 * DAY);
    return Promise.all(
      whole.map(async (a) => {
        const detail = await client.getAlert(a.alertId);
        assert.ok((detail.sources ?? []).every((s) => s.type === 'bgp_monitor'));
        // What each monitor measured as the alert began and cleared, in the rule's own terms.
        if (metrics)
          for (const s of detail.sources ?? [])
            assert.ok(metrics[0].test(s.startMetrics!) && metrics[1].test(s.endMetrics!));
        const sources = (detail.sources ?? []).map((s) => String(s.id)).sort();
        return [at(a.startDate), at(a.endDate), sources.join(',')];
      }),
    );
  }

  const ruleOf = (ruleName: string, expression: string, testId: number): AlertRuleFields => ({
    ruleName,
    expression,
    alertType: 'bgp',
    roundsViolatingMode: 'any',
    roundsViolatingRequired: 1,
    roundsViolatingOutOf: 1,
    minimumSources: 1,
    severity: 'minor',
    testIds: [String(testId)],
  });

  test('path changes, updates (per monitor) and never-true reachability rules: the backtest of the served results', async () => {
    for (const tested of tests) {
      const rounds = await servedRounds(tested.testId);
      assert.equal(new Set(rounds.flatMap((r) => Object.keys(r.sources))).size, MONITORS);
      const changed = ruleOf(`Path changes ${tested.testId}`, '((pathChanges >= 1))', tested.testId);
      const updates: AlertRuleFields = {
        ...ruleOf(`Updates ${tested.testId}`, '((updates >= 1))', tested.testId),
        roundsViolatingMode: 'exact',
        roundsViolatingRequired: 1,
        roundsViolatingOutOf: 2,
      };
      const never = ruleOf(`Unreachable ${tested.testId}`, '((reachability < 100%))', tested.testId);
      const [a, b, c] = [changed, updates, never].map((rule) => client.createAlertRule(rule));
      const mine = await firingsOf((await a!).ruleId, [/^pathChanges: [123]$/, /^pathChanges: 0$/]);
      assert.deepEqual(mine, backtest(changed, tested.testId, rounds));
      const perMonitor = await firingsOf((await b!).ruleId);
      assert.ok(perMonitor.length > 0, 'updates come now and then');
      assert.deepEqual(perMonitor, backtest(updates, tested.testId, rounds));
      assert.deepEqual(await firingsOf((await c!).ruleId), []);
      if (tested.testId % 2 === 0) {
        // The route change's round, every day, from every monitor; the round after clears it.
        const everyMonitor = [...new Set(rounds.flatMap((r) => Object.keys(r.sources)))].sort().join(',');
        assert.deepEqual(
          mine,
          changes.map((e) => [e.startSeconds, e.startSeconds + INTERVAL, everyMonitor]),
        );
      } else assert.deepEqual(mine, [], 'the loss transit has no route change');
    }
  });

  test('netmon alerts backtest of a bgp rule document counts as many firings as the deployed rule raised', async () => {
    const moved = tests.find((t) => t.testId % 2 === 0)!;
    const fields = ruleOf('Route changes of our prefix', '((pathChanges >= 1))', moved.testId);
    await client.createAlertRule(fields);
    const { testIds: _ids, ...document } = fields;
    const file = join(folder, 'route-changes.netmon-alert-rule.json');
    writeFileSync(file, JSON.stringify({ ...document, tests: [moved.testName] }, null, 2));
    const env = { NETMON_TOKEN: DEMO_CREDENTIALS.admin.token };
    const result = await netmon(['alerts', 'backtest', '--base-url', world.emulator.url, file, '--json'], { env });
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as BacktestReport;
    assert.equal(report.kind, 'bgp');
    assert.equal(report.result.firingCount, changes.length);
    assert.deepEqual(
      report.result.firings.map((f) => [f.startRoundId, f.sources.length]),
      changes.map((e) => [e.startSeconds, MONITORS]),
    );
    assert.equal(report.deployed?.fired, changes.length);
  });
});
