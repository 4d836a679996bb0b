// Alerts as people read them: the list (active first, by severity, then newest), each alert with
// its test, rule and sources by name, and one alert explained with the path localization of its
// test's rounds around its start. Pure: the reads are src/workflows/alerts.ts; `netmon alerts`
// prints these texts and the list_alerts / explain_alert tools answer the same models.
import type { Alert, AlertDetail, AlertRule } from '../../api/types';
import type { PathLocalization } from '../path/localize';
import type { PathRound } from '../path/rounds';
import { roundMinute, utcMinute } from '../text/utc';
import { untrustedLine } from '../text/untrusted';

/** Rounds localized together from the alert's start on (the first of them is where the alert began). */
export const ALERT_ROUNDS = 3;

/** Worst first; a severity the service adds later sorts after the known ones. */
const SEVERITY_RANK: Readonly<Record<string, number>> = { critical: 0, major: 1, minor: 2, info: 3, unknown: 4 };

export interface AlertSourceRow {
  /** The agent's (or monitor's) id, when the alert gives it. */
  agentId?: string;
  /** Its name: the alert's, else the agent directory's, else its id (outside text). */
  name: string;
  /** What it measured when it started and stopped alerting (`Loss: 12%`), as the service says it. */
  startMetrics?: string;
  endMetrics?: string;
}

export interface AlertRow {
  alertId: string;
  /** Still going on (the service's `trigger`), or over (`clear`). */
  active: boolean;
  severity: string;
  alertType: string;
  startDate: string;
  endDate?: string;
  /** Seconds it was (or has been) active. */
  durationSeconds?: number;
  suppressed: boolean;
  testId?: string;
  /** Outside text from here on: names as the API gives them. */
  testName?: string;
  testType?: string;
  ruleId?: string;
  ruleName?: string;
  /** How many sources meet the rule's condition. */
  sourceCount: number;
  /** The sources by name, when the alert's own read was made (the list gives only their count). */
  sources?: AlertSourceRow[];
  permalink?: string;
}

/** What names the ids of an alert: the account's rules and tests, and agent names by id. */
export interface AlertNames {
  rules: ReadonlyMap<string, AlertRule>;
  tests: ReadonlyMap<string, { testName?: unknown; type?: unknown }>;
  agentName(agentId: string): string | undefined;
}

/** An alert is active until the service says it cleared (a state it adds later reads as active). */
export const isActiveAlert = (alert: Pick<Alert, 'state'>): boolean => alert.state !== 'clear';

export function alertRow(alert: Alert | AlertDetail, names: AlertNames): AlertRow {
  const test = alert.testId === undefined ? undefined : names.tests.get(alert.testId);
  const rule = alert.ruleId === undefined ? undefined : names.rules.get(alert.ruleId);
  const row: AlertRow = {
    alertId: alert.alertId,
    active: isActiveAlert(alert),
    severity: String(alert.severity),
    alertType: String(alert.alertType),
    startDate: alert.startDate,
    suppressed: alert.suppressed === true,
    sourceCount: alert.violationCount ?? ('sources' in alert ? alert.sources.length : 0),
  };
  if (alert.endDate !== undefined) row.endDate = alert.endDate;
  if (alert.duration !== undefined) row.durationSeconds = alert.duration;
  if (alert.testId !== undefined) row.testId = alert.testId;
  if (test?.testName !== undefined && test.testName !== null) row.testName = String(test.testName);
  if (test?.type !== undefined) row.testType = String(test.type);
  if (alert.ruleId !== undefined) row.ruleId = alert.ruleId;
  if (rule) row.ruleName = rule.ruleName;
  if ('sources' in alert) {
    row.sources = alert.sources.map((source) => {
      const id = source.id === undefined ? undefined : String(source.id);
      const named: AlertSourceRow = { name: source.name ?? (id && names.agentName(id)) ?? id ?? 'unnamed source' };
      if (id !== undefined) named.agentId = id;
      if (source.startMetrics !== undefined) named.startMetrics = source.startMetrics;
      if (source.endMetrics !== undefined) named.endMetrics = source.endMetrics;
      return named;
    });
    row.sourceCount = Math.max(row.sourceCount, row.sources.length);
  }
  if (alert.permalink !== undefined) row.permalink = alert.permalink;
  return row;
}

/** Active first (what needs someone now), then the worst severity, then the newest start. */
export function orderAlertRows(rows: readonly AlertRow[]): AlertRow[] {
  const rank = (row: AlertRow): number => SEVERITY_RANK[row.severity] ?? 5;
  return [...rows].sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      rank(a) - rank(b) ||
      Date.parse(b.startDate) - Date.parse(a.startDate) ||
      a.alertId.localeCompare(b.alertId),
  );
}

const when = (iso: string | undefined): string => utcMinute(Date.parse(iso ?? ''));
/** A name from the API on one line of the text: no line break of its own to start a fake line with. */
const one = (text: unknown, max = 200): string => untrustedLine(text, max);

/** "ACTIVE since 2026-11-23 09:55 UTC" or "cleared, 2026-11-23 14:35 UTC to 15:30 UTC". */
export function alertPeriod(row: AlertRow): string {
  if (row.active) return `ACTIVE since ${when(row.startDate)}${row.suppressed ? ' (suppressed)' : ''}`;
  const end = when(row.endDate);
  const sameDay = end.slice(0, 10) === when(row.startDate).slice(0, 10);
  return `cleared, ${when(row.startDate)} to ${sameDay ? end.slice(11) : end}`;
}

/** The rule and the test in words (outside text: names as the API gives them). */
function ruleAndTest(row: AlertRow): string {
  const rule = one(row.ruleName ?? (row.ruleId ? `rule ${row.ruleId}` : 'an unknown rule'));
  const test = row.testId
    ? one(`${row.testName ?? 'test'} (${row.testType ? `${row.testType} ` : ''}test ${row.testId})`)
    : 'no test';
  return `${rule} on ${test}`;
}

function sourcesWords(row: AlertRow, max = 5): string {
  const count = `${row.sourceCount} source${row.sourceCount === 1 ? '' : 's'}`;
  if (!row.sources || row.sources.length === 0) return count;
  const named = row.sources.slice(0, max).map((s) => one(s.name, 100));
  const more = row.sources.length - named.length;
  return `${count}: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** One line of the list: state and time, severity, rule on test, sources, and the id to explain it with. */
export function alertLine(row: AlertRow): string {
  return (
    `${alertPeriod(row)} · ${one(row.severity, 20)} · ${ruleAndTest(row)} · ` +
    `${sourcesWords(row)} · ${one(row.alertId, 100)}`
  );
}

export interface AlertList {
  rows: AlertRow[];
  /** False when the range held more alerts than were read. */
  complete: boolean;
}

export function alertListText(list: AlertList, rangeWords: string): string {
  const active = list.rows.filter((row) => row.active).length;
  const head =
    `${list.rows.length} alert${list.rows.length === 1 ? '' : 's'} in ${rangeWords}, ` +
    `${active} active${list.complete ? '' : ' (more in the range than were read: narrow it)'}`;
  return [head, ...list.rows.map((row) => `  ${alertLine(row)}`)].join('\n');
}

/** Where the alert's test's path was looked at, and what was found there. */
export interface AlertPath {
  /** The rounds localized, oldest first: the first at or after the alert's start (or `fromRound`). */
  rounds: number[];
  /** The round asked for (epoch s), when not the alert's start. */
  fromRound?: number;
  found: PathLocalization;
}

export interface AlertExplanation {
  alert: AlertRow;
  rule?: AlertRule;
  /** The test's path around the alert's start, for tests with path traces. */
  path?: AlertPath;
  /** Why there is no path: the test has no path traces, none in the rounds around the start, or the read failed. */
  pathNote?: string;
}

/**
 * The rounds to localize for an alert that started at `startSeconds`: the first ALERT_ROUNDS at
 * or after it (the first is the round that raised the alert), oldest first; the newest before it
 * when there is none after.
 */
export function roundsAroundStart(rounds: readonly PathRound[], startSeconds: number): PathRound[] {
  const from = rounds.filter((round) => round.roundId >= startSeconds).sort((a, b) => a.roundId - b.roundId);
  if (from.length > 0) return from.slice(0, ALERT_ROUNDS);
  const before = rounds.filter((round) => round.roundId < startSeconds).sort((a, b) => b.roundId - a.roundId);
  return before.slice(0, 1);
}

function ruleLine(rule: AlertRule): string {
  const rounds =
    `${rule.roundsViolatingRequired ?? 1} of ` +
    `${rule.roundsViolatingOutOf} round${rule.roundsViolatingOutOf === 1 ? '' : 's'}`;
  const min = rule.minimumSources;
  const sources = min !== undefined ? `, at least ${min} source${min === 1 ? '' : 's'}` : '';
  return `Rule: ${one(rule.ruleName)} (${one(rule.ruleId, 40)}): ${one(rule.expression)}, ${rounds}${sources}`;
}

export function pathWhen(rounds: readonly number[]): string {
  if (rounds.length === 0) return 'no round';
  if (rounds.length === 1) return `round ${roundMinute(rounds[0]!)}`;
  return `${rounds.length} rounds, ${roundMinute(rounds[0]!)} to ${roundMinute(rounds.at(-1)!)}`;
}

export function alertExplanationText(explained: AlertExplanation): string {
  const { alert, rule, path } = explained;
  const testType = alert.testType ? `${alert.testType} ` : '';
  const testWords = alert.testId
    ? one(`${alert.testName ?? 'unnamed'} (${testType}test ${alert.testId})`)
    : 'none named';
  const lines = [
    `Alert ${one(alert.alertId, 100)}: ${alertPeriod(alert)}, ${one(alert.severity, 20)} (${one(alert.alertType, 40)})`,
    rule ? ruleLine(rule) : `Rule: ${one(alert.ruleName ?? alert.ruleId ?? 'unknown')}`,
    `Test: ${testWords}`,
    `Sources (${alert.sourceCount}):`,
    ...(alert.sources ?? []).map((s) =>
      one(
        `  ${s.name}${s.startMetrics ? `: ${s.startMetrics}` : ''}` +
          `${s.endMetrics && !alert.active ? ` → ${s.endMetrics}` : ''}`,
        400,
      ),
    ),
  ];
  if (path) {
    const { found } = path;
    lines.push(
      '',
      `Path ${path.fromRound === undefined ? "at the alert's start" : `from ${roundMinute(path.fromRound)}`} ` +
        `(${pathWhen(path.rounds)}):`,
      `  ${found.headline}`,
      ...found.lines.filter((line) => line !== found.headline).map((line) => `    - ${line}`),
    );
    if (found.perRound.length > 1)
      lines.push('  Per round:', ...found.perRound.map((r) => `    ${roundMinute(r.roundId)}: ${r.headline}`));
  } else if (explained.pathNote) lines.push('', `Path: ${explained.pathNote}`);
  if (alert.permalink) lines.push('', `In the web app: ${one(alert.permalink, 400)}`);
  return lines.join('\n');
}
