// The backtest of an alert rule document over an account's recent rounds: its tests resolved
// (names → ids through the test list), each test's results of the rule's layer read over the last
// N days (the service's `window`, so its clock decides the range), each agent's round a record
// of the metrics the results carry, replayed by backtestRule (src/analysis/alerts/backtest.ts).
// Beside it, when the document names a deployed rule (its ruleId, else a rule of the same
// ruleName), how often that rule fired on the same tests over the same rounds: "would fire N
// times; the deployed rule fired M times". Every read is bounded; a metric the rule names that
// no result carries is an input error naming it, never "would fire 0 times".
import { backtestRule, type BacktestResult } from '../analysis/alerts/backtest';
import type { MetricRecord } from '../analysis/alerts/evaluate';
import { metricsUsed } from '../analysis/alerts/expression';
import { metricNames } from '../analysis/alerts/known-metrics';
import type { TestRound, TestRounds } from '../analysis/alerts/backtest';
import { untrustedLine } from '../analysis/text/untrusted';
import { resultKindsOfTest, type EnterpriseTest, type TestResult, type TestResultKind } from '../api/types';
import type { AlertRuleDocument } from '../documents';
import type { Account } from './account';
import { findTest } from './find-test';
import { inputError } from './input-error';

export const MAX_BACKTEST_DAYS = 7;
export const MAX_BACKTEST_TESTS = 20;
/** Results read per test at most: 20 agents × 7 days of 5-minute rounds. */
export const MAX_RESULTS_PER_TEST = 40_320;
/** Alerts read for the deployed rule's count at most. */
const MAX_ALERTS = 2000;

/**
 * The result list each replayable alert type's records come from; a record's fields are the metrics.
 * A BGP result's monitor stands where an agent does (the client lifts it into agentId), so a `bgp`
 * rule's sources are the monitors watching the test's prefix.
 */
const KIND_OF_TYPE: Readonly<Record<string, TestResultKind>> = {
  'end-to-end-server': 'network',
  'end-to-end-agent': 'network',
  'http-server': 'http-server',
  'page-load': 'page-load',
  'dns-server': 'dns-server',
  bgp: 'bgp',
};

export interface BacktestAsked {
  document: AlertRuleDocument;
  /** 1–7; 7 when absent. */
  days?: number;
  /** Firings listed at most (all are counted). */
  maxFirings?: number;
}

export interface DeployedRuleCount {
  ruleId: string;
  ruleName: string;
  /** Alerts the rule raised on the backtest's tests from its first round on. */
  fired: number;
  complete: boolean;
}

export interface BacktestReport {
  ruleName: string;
  days: number;
  kind: TestResultKind;
  tests: { testId: number; testName: string; rounds: number; complete: boolean }[];
  result: Extract<BacktestResult, { ok: true }>;
  agentNames: Record<string, string>;
  deployed?: DeployedRuleCount;
}

/** Replays the document's rule over its tests' last `days` days. */
export async function backtestDocument(
  account: Account,
  asked: BacktestAsked,
  signal?: AbortSignal,
): Promise<BacktestReport> {
  const { rule } = asked.document;
  const days = asked.days ?? MAX_BACKTEST_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > MAX_BACKTEST_DAYS)
    throw inputError('days', `days must be a whole number from 1 to ${MAX_BACKTEST_DAYS}`);
  const kind = KIND_OF_TYPE[String(rule.alertType)];
  if (!kind) {
    const replayable = Object.keys(KIND_OF_TYPE).join(', ');
    throw inputError('alertType', `a ${String(rule.alertType)} rule cannot be replayed (only ${replayable})`);
  }
  const tests = await resolveTests(account, asked.document.tests, kind, signal);
  const read = await Promise.all(tests.map((test) => readRounds(account, test, kind, days, signal)));
  checkMetricsCarried(asked.document, read, kind);
  const result = backtestRule(
    rule,
    read.map((r) => r.rounds),
    { maxFirings: asked.maxFirings ?? 100 },
  );
  if (!result.ok) throw inputError('expression', result.message);
  const agentNames: Record<string, string> = {};
  for (const r of read) Object.assign(agentNames, r.agentNames);
  const firstRound = Math.min(...read.flatMap((r) => (r.rounds.rounds[0] ? [r.rounds.rounds[0].roundId] : [])));
  const deployed = await deployedCount(account, asked.document, tests, { days, firstRound }, signal);
  return {
    ruleName: rule.ruleName,
    days,
    kind,
    tests: read.map((r) => ({ ...r.test, rounds: r.rounds.rounds.length, complete: r.complete })),
    result,
    agentNames,
    ...(deployed ? { deployed } : {}),
  };
}

async function resolveTests(
  account: Account,
  wanted: readonly (string | number)[],
  kind: TestResultKind,
  signal?: AbortSignal,
): Promise<EnterpriseTest[]> {
  if (wanted.length === 0) throw inputError('tests', 'the rule names no tests: list them in "tests"');
  if (wanted.length > MAX_BACKTEST_TESTS)
    throw inputError('tests', `a backtest replays ${MAX_BACKTEST_TESTS} tests at most, not ${wanted.length}`);
  const all = await account.client.listEnterpriseTests(signal ? { signal } : {});
  const found: EnterpriseTest[] = [];
  for (const name of wanted) {
    let test: EnterpriseTest;
    try {
      test = findTest(all, String(name));
    } catch (error) {
      throw inputError('tests', error instanceof Error ? error.message : String(error));
    }
    if (!resultKindsOfTest(test).includes(kind))
      throw inputError('tests', `test "${untrustedLine(test.testName, 80)}" has no ${kind} results`);
    if (!found.includes(test)) found.push(test);
  }
  return found;
}

interface ReadTest {
  test: { testId: number; testName: string };
  rounds: TestRounds;
  complete: boolean;
  agentNames: Record<string, string>;
  /** Every field name some record carried a value in. */
  carried: Set<string>;
}

async function readRounds(
  account: Account,
  test: EnterpriseTest,
  kind: TestResultKind,
  days: number,
  signal?: AbortSignal,
): Promise<ReadTest> {
  const walk = await account.client
    .testResults(kind, test.testId, { window: `${days}d`, ...(signal ? { signal } : {}) })
    .collect({ maxRecords: MAX_RESULTS_PER_TEST });
  const byRound = new Map<number, Record<string, { values: MetricRecord }>>();
  const agentNames: Record<string, string> = {};
  const carried = new Set<string>();
  for (const record of walk.records as TestResult[]) {
    const { agentId, roundId } = record as { agentId?: unknown; roundId?: unknown };
    if (typeof roundId !== 'number' || agentId === undefined) continue;
    const values = metricValues(record, carried);
    let round = byRound.get(roundId);
    if (!round) byRound.set(roundId, (round = {}));
    round[String(agentId)] = { values };
    const name = (record as { agentName?: unknown }).agentName;
    if (typeof name === 'string') agentNames[String(agentId)] = name;
  }
  const rounds: TestRound[] = [...byRound].map(([roundId, sources]) => ({ roundId, sources }));
  rounds.sort((a, b) => a.roundId - b.roundId);
  return {
    test: { testId: test.testId, testName: String(test.testName) },
    rounds: { testId: String(test.testId), rounds },
    complete: walk.complete,
    agentNames,
    carried,
  };
}

/** A result's numbers and texts by field name: the record the expression reads. */
function metricValues(record: object, carried: Set<string>): MetricRecord {
  const values: Record<string, number | string> = {};
  for (const [field, value] of Object.entries(record)) {
    if (typeof value !== 'number' && typeof value !== 'string') continue;
    values[field] = value;
    carried.add(field);
  }
  return values;
}

/** A metric of the rule that no record of any test carries (by any of its names) is the document's mistake. */
function checkMetricsCarried(document: AlertRuleDocument, read: readonly ReadTest[], kind: TestResultKind): void {
  if (read.every((r) => r.rounds.rounds.length === 0)) return;
  for (const use of metricsUsed(document.condition)) {
    const carried = read.some((r) => metricNames(use.metric).some((name) => r.carried.has(name)));
    if (!use.inHops && carried) continue;
    const where = use.inHops ? `per hop in the ${kind} results` : `in the tests' ${kind} results`;
    throw inputError('expression', `metric '${use.metric}' is not ${where} (the rule could never be judged)`);
  }
}

async function deployedCount(
  account: Account,
  document: AlertRuleDocument,
  tests: readonly EnterpriseTest[],
  range: { days: number; firstRound: number },
  signal?: AbortSignal,
): Promise<DeployedRuleCount | undefined> {
  const { client } = account;
  const rules = await client.listAlertRules(signal ? { signal } : {});
  const { ruleId, ruleName } = document.rule;
  const rule = rules.find((r) => (ruleId === undefined ? r.ruleName === ruleName : String(r.ruleId) === ruleId));
  if (!rule) return undefined;
  const walk = await client
    .alerts({ window: `${range.days}d`, ...(signal ? { signal } : {}) })
    .collect({ maxRecords: MAX_ALERTS });
  const testIds = new Set(tests.map((test) => String(test.testId)));
  // From the first round replayed on: an alert that started before it has no firing to compare with.
  const fired = walk.records.filter(
    (alert) =>
      String(alert.ruleId) === String(rule.ruleId) &&
      testIds.has(String(alert.testId)) &&
      Date.parse(alert.startDate) >= range.firstRound * 1000,
  ).length;
  return { ruleId: String(rule.ruleId), ruleName: rule.ruleName, fired, complete: walk.complete };
}
