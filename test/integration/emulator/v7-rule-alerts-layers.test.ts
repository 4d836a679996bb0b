// The v7 emulator raises alerts from rules of every alert type whose results it serves, not only
// network ones: HTTP server, page load and DNS server rules over those layers' results, path-trace
// rules over any metric of the served hops. Each written rule's alerts must be the firings
// backtestRule finds over the results a client reads for the test (thresholds picked from those
// results so that they are crossed sometimes), never read back from the alerts themselves.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backtestRule, type TestRound } from '../../../src/analysis/alerts/backtest';
import type { MetricRecord, SourceRound } from '../../../src/analysis/alerts/evaluate';
import type { NetmonClient } from '../../../src/api';
import type { Alert, AlertRuleFields, EnterpriseTest, TestResultKind } from '../../../src/api/types';
import { parseAlertRule } from '../../../src/documents';
import { backtestDocument } from '../../../src/workflows/backtest';
import { DAY, RULE_NOW, startRuleWorld, type V7World } from '../alerts-world';

const at = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso) / 1000);
const scalars = (record: object): MetricRecord =>
  Object.fromEntries(
    Object.entries(record).filter(([, v]) => typeof v === 'number' || typeof v === 'string'),
  ) as MetricRecord;

/** Rounds by id, each source's record by agent id, as backtestRule takes them. */
function asRounds(records: readonly { agentId: string; roundId: number; round: SourceRound }[]): TestRound[] {
  const byRound = new Map<number, Record<string, SourceRound>>();
  for (const { agentId, roundId, round } of records)
    byRound.set(roundId, { ...byRound.get(roundId), [agentId]: round });
  return [...byRound].map(([roundId, sources]) => ({ roundId, sources })).sort((a, b) => a.roundId - b.roundId);
}

/** The value `share` of the way up the sorted numbers (a threshold the rounds cross sometimes). */
function quantile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(share * (sorted.length - 1))]!;
}

describe('v7 alerts of HTTP server, page load, DNS server and path-trace rules, as a backtest of the served results says', () => {
  let world: V7World;
  let client: NetmonClient;
  const now = RULE_NOW;
  const tests = new Map<string, EnterpriseTest>();

  before(async () => {
    // Inside a round rather than at its first second: a results list's range ends before "now", so a
    // round starting at that very second is not listed yet while the alerts already judge it.
    world = await startRuleWorld(async ({ client: writer, agents: agentsOf }) => {
      const agents = agentsOf(3);
      const created = [
        ['http-server', { url: 'https://outlook.office365.com/' }],
        ['page-load', { url: 'https://www.office.com/' }],
        ['dns-server', { domain: 'example.com', dnsServers: ['8.8.8.8'] }],
        // Hourly, two agents: the path-trace rule is checked against every round's detail a client reads.
        ['agent-to-server', { server: 'zoom.us', port: 443, interval: 3600, agents: agents.slice(0, 2) }],
      ] as const;
      for (const [type, fields] of created) {
        const test = await writer.createTest(type, { testName: `Watched ${type}`, interval: 600, agents, ...fields });
        tests.set(type, test);
      }
    }, 60);
    ({ client } = world);
  });
  after(() => world.close());

  /** The test's results of `kind` a client reads over the last 7 days, as backtestRule takes them. */
  async function servedRounds(kind: TestResultKind, testId: number): Promise<TestRound[]> {
    const walk = await client.testResults(kind, testId, { window: '7d' }).collect({ maxRecords: 20_000 });
    assert.ok(walk.complete);
    return asRounds(
      walk.records.map((record) => {
        const { agentId, roundId } = record as unknown as { agentId: string; roundId: number };
        return { agentId: String(agentId), roundId, round: { values: scalars(record) } };
      }),
    );
  }

  /** Each path-vis round's detail a client reads: the route's hops, for `hops(…)`. */
  async function servedPaths(testId: number): Promise<TestRound[]> {
    const walk = await client.testResults('path-vis', testId, { window: '7d' }).collect({ maxRecords: 20_000 });
    assert.ok(walk.complete);
    const records = [];
    for (const summary of walk.records) {
      const { agentId, roundId } = summary as unknown as { agentId: string; roundId: number };
      const detail = await client.getTestPathTrace(testId, String(agentId), roundId);
      const hops = (detail.routes[0]?.hops ?? []).map(scalars);
      records.push({ agentId: String(agentId), roundId, round: { values: {}, hops } });
    }
    return asRounds(records);
  }

  /** The firings (start, end, sorted sources) backtestRule finds over the rounds, after the first. */
  function backtest(rule: AlertRuleFields, testId: number, rounds: TestRound[]): unknown[] {
    const result = backtestRule(rule, [{ testId: String(testId), rounds }], { maxFirings: 10_000 });
    assert.ok(result.ok);
    // A firing open in the first round read may have started before it: only whole ones compare.
    const first = rounds[0]!.roundId;
    return result.firings
      .filter((f) => f.startRoundId > first)
      .map((f) => [f.startRoundId, f.endRoundId, f.sources.join(',')]);
  }

  async function raisedBy(ruleId: string): Promise<Alert[]> {
    const all = (await client.alerts({ window: '7d' }).collect({ maxRecords: 5000 })).records;
    return all.filter((a) => a.ruleId === ruleId);
  }

  async function firingsOf(raised: readonly Alert[]): Promise<unknown[]> {
    const whole = raised.filter((a) => at(a.startDate)! > now - 7 * DAY);
    return Promise.all(
      whole.map(async (a) => {
        const detail = await client.getAlert(a.alertId);
        const sources = (detail.sources ?? []).map((s) => String(s.id)).sort();
        return [at(a.startDate), at(a.endDate), sources.join(',')];
      }),
    );
  }

  const ruleOf = (alertType: string, expression: string, testId: number): AlertRuleFields => ({
    ruleName: `${alertType}: ${expression}`,
    expression,
    alertType: alertType as AlertRuleFields['alertType'],
    roundsViolatingMode: 'any',
    roundsViolatingRequired: 1,
    roundsViolatingOutOf: 1,
    minimumSources: 1,
    severity: 'minor',
    testIds: [String(testId)],
  });

  for (const [alertType, metric, unit] of [
    ['http-server', 'responseTime', 'ms'],
    ['page-load', 'pageLoadTime', 'ms'],
    ['dns-server', 'resolutionTime', 'ms'],
  ] as const) {
    test(`a written ${alertType} rule raises the alerts a backtest of the served ${alertType} results finds`, async () => {
      const tested = tests.get(alertType)!;
      const rounds = await servedRounds(alertType, tested.testId);
      const values = rounds.flatMap((r) => Object.values(r.sources).map((s) => s.values[metric]));
      const threshold = quantile(
        values.filter((v): v is number => typeof v === 'number'),
        0.97,
      );
      const rule = ruleOf(alertType, `((${metric} >= ${threshold} ${unit}))`, tested.testId);
      // Per source too: 2 of the last 3 rounds of the same agent.
      const perSource: AlertRuleFields = { ...rule, ruleName: 'per source', roundsViolatingMode: 'exact' };
      Object.assign(perSource, { roundsViolatingRequired: 2, roundsViolatingOutOf: 3 });
      const never = ruleOf(alertType, `((${metric} > 100000000 ${unit}))`, tested.testId);
      const [created, exact, none] = [
        await client.createAlertRule(rule),
        await client.createAlertRule(perSource),
        await client.createAlertRule(never),
      ];
      const mine = await firingsOf(await raisedBy(created.ruleId));
      assert.ok(mine.length > 0, `${alertType} alerts at ${threshold} ${unit}`);
      assert.deepEqual(mine, backtest(rule, tested.testId, rounds));
      assert.deepEqual(await firingsOf(await raisedBy(exact.ruleId)), backtest(perSource, tested.testId, rounds));
      assert.deepEqual(await raisedBy(none.ruleId), []);
      // `netmon alerts backtest` replays the same rule as a document over the same 7 days: as many firings.
      const { testIds, ...fields } = rule;
      const parsed = parseAlertRule(JSON.stringify({ ...fields, tests: testIds }));
      assert.ok(parsed.ok, JSON.stringify(parsed.problems));
      const account = { client, serviceKey: 'demo', aidKey: '1001', requestAid: undefined, label: 'the emulator' };
      const report = await backtestDocument(
        { ...account, close: () => Promise.resolve() },
        { document: parsed.document },
      );
      const replayed = backtestRule(rule, [{ testId: String(tested.testId), rounds }], { maxFirings: 10_000 });
      assert.equal(report.result.firingCount, replayed.ok ? replayed.firings.length : -1);
    });
  }

  test("a path-trace rule on a hop's responseTime raises the alerts a backtest of the served hops finds", async () => {
    const tested = tests.get('agent-to-server')!;
    const rounds = await servedPaths(tested.testId);
    const slowest = rounds.flatMap((r) =>
      Object.values(r.sources).map((s) => Math.max(0, ...(s.hops ?? []).map((h) => Number(h['responseTime'] ?? 0)))),
    );
    const threshold = quantile(slowest, 0.9);
    const rule = ruleOf('path-trace', `((hops((responseTime >= ${threshold} ms))))`, tested.testId);
    const created = await client.createAlertRule(rule);
    const mine = await firingsOf(await raisedBy(created.ruleId));
    assert.ok(mine.length > 0, `path-trace alerts at ${threshold} ms`);
    assert.deepEqual(mine, backtest(rule, tested.testId, rounds));
    // Each source says what the rule read when it began: its largest hop responseTime, at the threshold or over.
    const [first] = await raisedBy(created.ruleId);
    for (const source of (await client.getAlert(first!.alertId)).sources) {
      const said = /^responseTime \(largest hop\): ([0-9.]+) ms$/.exec(source.startMetrics ?? '');
      assert.ok(said, source.startMetrics);
      assert.ok(Number(said[1]) >= threshold, `${said[1]} ms under ${threshold} ms`);
    }
  });

  test('a rule of a type the test has no results for raises none, whatever its condition', async () => {
    const always: [string, string, EnterpriseTest][] = [
      ['page-load', '((pageLoadTime >= 0 ms))', tests.get('http-server')!],
      ['http-server', '((responseTime >= 0 ms))', tests.get('agent-to-server')!],
      ['dns-server', '((resolutionTime >= 0 ms))', tests.get('page-load')!],
      ['bgp', '((reachability <= 100%))', tests.get('http-server')!],
    ];
    const created = [];
    for (const [alertType, expression, tested] of always)
      created.push(await client.createAlertRule(ruleOf(alertType, expression, tested.testId)));
    for (const rule of created) assert.deepEqual(await raisedBy(rule.ruleId), [], rule.ruleName);
    // The same conditions on a test with the layer do fire (so "none" above is the layer's doing).
    const onItsTest = await client.createAlertRule(
      ruleOf('http-server', '((responseTime >= 0 ms))', tests.get('http-server')!.testId),
    );
    assert.ok((await raisedBy(onItsTest.ruleId)).length > 0);
  });
});
