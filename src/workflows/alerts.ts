// The alerts of an account (v7), as `netmon alerts` and the list_alerts / explain_alert tools read
// them: the alerts of a range with their test, rule and sources named, and one alert explained
// with its test's path localized around the alert's start (the same path reads and localization
// as `netmon results` and `netmon path localize`). On v6 the client refuses in one sentence
// (ALERTS_NEED_V7) before anything is sent.
import {
  alertRow,
  orderAlertRows,
  roundsAroundStart,
  type AlertExplanation,
  type AlertList,
  type AlertNames,
} from '../analysis/alerts/explain';
import { localizePathTraces } from '../analysis/path/localize';
import { readPathRounds, readRoundTraces } from '../analysis/path/read-rounds';
import { enterprisePaths } from '../analysis/results/read';
import { forEachAtMost } from '../analysis/pool';
import { resultKindsOfTest, type AlertDetail, type EnterpriseTest } from '../api/types';
import type { Account } from './account';
import { inputError } from './input-error';
import type { AskedRange } from './time-range';

/** Alerts read from a range at most. */
export const MAX_ALERTS = 500;
/** Listed alerts whose own read names their sources (one request each): the first of the ordered list. */
export const MAX_DETAILED = 50;
/** Enterprise agents read for their names at most. */
const MAX_AGENT_NAMES = 5000;
/** Alert reads at once. */
const DETAIL_CONCURRENCY = 4;
/** Rounds after the start read for the localization (ALERT_ROUNDS of them are localized). */
const ALERT_SPAN = 3;

export type AlertStateAsked = 'active' | 'cleared';

export interface AlertListAsked {
  range: AskedRange;
  state?: AlertStateAsked;
}

/** An alert id as the service gives them (uuids); anything else is refused before a request. */
const ALERT_ID = /^[A-Za-z0-9._:-]{1,100}$/;

async function namesOf(account: Account, signal?: AbortSignal): Promise<AlertNames & { testList: EnterpriseTest[] }> {
  const { client } = account;
  // Names only: an account that cannot read rules or tests still gets its alerts, with ids.
  const [rules, tests, directory] = await Promise.all([
    client.listAlertRules(signal ? { signal } : {}).catch(() => []),
    client.listEnterpriseTests(signal ? { signal } : {}).catch(() => []),
    client.agentDirectory().ready(signal),
  ]);
  return {
    rules: new Map(rules.map((rule) => [String(rule.ruleId), rule])),
    tests: new Map(tests.map((test) => [String(test.testId), test])),
    testList: tests,
    agentName: (id) => directory.nameOf(id),
  };
}

/** The alerts of a range, ordered (active first, worst severity, newest), the first MAX_DETAILED with their sources. */
export async function listAlerts(account: Account, asked: AlertListAsked, signal?: AbortSignal): Promise<AlertList> {
  const { client } = account;
  const state = asked.state === undefined ? {} : ({ state: asked.state === 'active' ? 'trigger' : 'clear' } as const);
  // The walk first: on v6 it says ALERTS_NEED_V7 before anything else is read.
  const walk = await client
    .alerts({ ...asked.range.request, ...state, ...(signal ? { signal } : {}) })
    .collect({ maxRecords: MAX_ALERTS });
  const names = await namesOf(account, signal);
  const rows = orderAlertRows(walk.records.map((alert) => alertRow(alert, names)));
  await forEachAtMost(rows.slice(0, MAX_DETAILED), DETAIL_CONCURRENCY, async (row, index) => {
    // A source list that cannot be read leaves the count the list gave.
    const detail = await client.getAlert(row.alertId, signal ? { signal } : {}).catch(() => undefined);
    if (detail) rows[index] = alertRow(detail, names);
  });
  return { rows, complete: walk.complete };
}

export interface AlertAsked {
  alertId: string;
  /** Localize from this round on (epoch seconds or ISO 8601) instead of from the alert's start. */
  round?: string;
}

/** A round as epoch seconds or a time (ISO 8601), as `netmon path` and localize_path take it. */
function roundSeconds(spec: string): number {
  const seconds = /^\d{9,11}$/.test(spec) ? Number(spec) : Math.floor(Date.parse(spec) / 1000);
  if (!Number.isFinite(seconds))
    throw inputError('round', `${spec} is not a round (epoch seconds) or a time (ISO 8601)`);
  return seconds;
}

/** One alert: its rule, test, state, sources, and for a test with path traces where the path fails at its start. */
export async function explainAlert(
  account: Account,
  asked: AlertAsked,
  nowMs: number,
  signal?: AbortSignal,
): Promise<AlertExplanation> {
  const { alertId } = asked;
  if (!ALERT_ID.test(alertId)) throw inputError('alertId', 'an alert id is letters, digits, ".", "_", ":" or "-"');
  const fromRound = asked.round === undefined ? undefined : roundSeconds(asked.round);
  const { client } = account;
  const detail = await client.getAlert(alertId, signal ? { signal } : {});
  const names = await namesOf(account, signal);
  const explained: AlertExplanation = { alert: alertRow(detail, names) };
  const rule = detail.ruleId === undefined ? undefined : names.rules.get(detail.ruleId);
  if (rule) explained.rule = rule;
  const test = names.testList.find((t) => String(t.testId) === detail.testId);
  if (!test) {
    explained.pathNote = detail.testId
      ? `test ${detail.testId} is not among the account group's tests (deleted?)`
      : 'the alert names no test';
    return explained;
  }
  if (!resultKindsOfTest(test).includes('path-vis')) {
    explained.pathNote = `a ${String(test.type)} test has no path traces`;
    return explained;
  }
  try {
    const found = await localizeAtStart(account, test, detail, { fromRound, nowMs }, names, signal);
    if (typeof found === 'string') explained.pathNote = found;
    else explained.path = found;
  } catch (error) {
    explained.pathNote =
      "the path around the alert's start could not be read " +
      `(${error instanceof Error ? error.message : String(error)})`;
  }
  return explained;
}

async function localizeAtStart(
  account: Account,
  test: EnterpriseTest,
  detail: AlertDetail,
  at: { fromRound: number | undefined; nowMs: number },
  names: AlertNames,
  signal?: AbortSignal,
): Promise<NonNullable<AlertExplanation['path']> | string> {
  const startMs = Date.parse(detail.startDate);
  if (!Number.isFinite(startMs)) return `the alert's start (${detail.startDate}) is not a time`;
  const atMs = at.fromRound === undefined ? startMs : at.fromRound * 1000;
  // Two rounds before to a few after, not past the service's now: an active alert's start + how
  // long it has been active (our clock may differ from the service's), else ours, and never
  // short of a cleared alert's end.
  const intervalMs = (test.interval || 300) * 1000;
  const endMs = Date.parse(detail.endDate ?? '');
  const serviceNowMs =
    detail.state !== 'clear' && detail.duration !== undefined ? startMs + detail.duration * 1000 : at.nowMs;
  const lastMs = Number.isFinite(endMs) ? Math.max(endMs, serviceNowMs) : serviceNowMs;
  const from = new Date(atMs - 2 * intervalMs);
  const to = new Date(Math.max(atMs + 60_000, Math.min(lastMs, atMs + (ALERT_SPAN + 1) * intervalMs)));
  const paths = enterprisePaths(account.client);
  const rounds = await readPathRounds(paths, test.testId, { from, to }, signal);
  const chosen = roundsAroundStart(rounds, Math.floor(atMs / 1000));
  if (chosen.length === 0)
    return `the test has no path traces around ${at.fromRound === undefined ? "the alert's start" : 'that round'}`;
  const traces = (
    await Promise.all(chosen.map((round) => readRoundTraces(paths, test.testId, round.agentIds, round.roundId, signal)))
  ).flat();
  // The test's agents are enterprise agents (the directory knows endpoint agents): the alert's
  // sources name those it is about, the agent list the others.
  const agentNames = new Map<string, string>();
  const listed = await account.client
    .enterpriseAgents(signal ? { signal } : {})
    .collect({ maxRecords: MAX_AGENT_NAMES })
    .then(
      (read) => read.records,
      () => [],
    );
  for (const agent of listed) if (agent.agentName) agentNames.set(String(agent.agentId), String(agent.agentName));
  for (const source of detail.sources ?? [])
    if (source.id && source.name) agentNames.set(String(source.id), source.name);
  const found = localizePathTraces(traces, { agentName: (id) => agentNames.get(id) ?? names.agentName(id) ?? id });
  return {
    rounds: chosen.map((round) => round.roundId),
    ...(at.fromRound === undefined ? {} : { fromRound: at.fromRound }),
    found,
  };
}
