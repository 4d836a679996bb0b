// `netmon alerts backtest <doc>`: an alert rule document (*.netmon-alert-rule.json) replayed over
// its tests' last days of rounds: how often it would have fired, each firing's start, length and
// agents, beside how often the deployed rule of that name fired. Exit 1 when it would fire more
// than --max-firings (a CI gate on a noisy rule), 2 when it could not run (usage, an invalid
// document, a test or metric the account does not have). The reads are src/workflows/backtest.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Firing } from '../analysis/alerts/backtest';
import { roundMinute } from '../analysis/text/utc';
import { terminalSafe, untrustedLine } from '../analysis/text/untrusted';
import { parseAlertRule, type RuleProblem } from '../documents';
import { backtestDocument, MAX_BACKTEST_DAYS, type BacktestReport } from '../workflows/backtest';
import { InputError } from '../workflows/input-error';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { ciJson } from './ci-safe';
import { processIo, reportFailure, type CliIo } from './io';

export const BACKTEST_USAGE =
  `usage: netmon alerts backtest <rule.netmon-alert-rule.json> [--days N] [--max-firings N] ` +
  `[--json] [account]
  Replays the alert rule document over its tests' rounds of the last N days (API v7): when it
  would have fired, for how long, from which agents; and how often the deployed rule of the
  same ruleId (or ruleName) fired on those tests then.
  --days N         1 to ${MAX_BACKTEST_DAYS} days back from the service's now (default ${MAX_BACKTEST_DAYS})
  --max-firings N  exit 1 when the rule would fire more than N times
  --json           the backtest as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 (or, with --max-firings, at most N firings), 1 more than N firings, 2 could not
  run (usage, an invalid document, an unknown test, a metric the results do not carry).`;

/** Firings printed at most, and listed in --json at most (all are counted). */
const FIRINGS_SHOWN = 50;
const FIRINGS_LISTED = 1000;
/** Fields of the document a use case's input error can name: the document's mistake, no usage needed. */
const DOCUMENT_FIELDS = new Set(['tests', 'expression', 'alertType']);

interface BacktestOptions {
  file: string;
  days?: number;
  maxFirings?: number;
  json: boolean;
}

function wholeNumber(flag: string, value: string | undefined, min: number): number {
  if (value === undefined || !/^\d{1,6}$/.test(value) || Number(value) < min)
    throw new UsageError(`${flag} needs a whole number of ${min} or more`);
  return Number(value);
}

function readOptions(words: readonly string[]): BacktestOptions {
  let file: string | undefined;
  const options: Omit<BacktestOptions, 'file'> = { json: false };
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '--json') options.json = true;
    else if (word === '--days') options.days = wholeNumber('--days', words[++i], 1);
    else if (word === '--max-firings') options.maxFirings = wholeNumber('--max-firings', words[++i], 0);
    else if (word.startsWith('-')) throw new UsageError(`unknown option ${word}`);
    else if (file !== undefined) throw new UsageError(`unexpected argument ${word}`);
    else file = word;
  }
  if (file === undefined) throw new UsageError('name the alert rule document to backtest');
  if (options.days !== undefined && options.days > MAX_BACKTEST_DAYS)
    throw new UsageError(`--days goes back ${MAX_BACKTEST_DAYS} days at most`);
  return { file, ...options };
}

export async function runAlertsBacktest(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(BACKTEST_USAGE);
    return 0;
  }
  let account: Account | undefined;
  let file = '';
  try {
    const { flags, rest } = takeAccountFlags(args);
    const options = readOptions(rest);
    file = options.file;
    const text = readFileSync(resolve(io.cwd, file), 'utf8');
    const parsed = parseAlertRule(text);
    if (!parsed.ok) return documentProblems(file, parsed.problems, io);
    account = await openAccount(flags, io.env);
    const report = await backtestDocument(account, {
      document: parsed.document,
      ...(options.days !== undefined ? { days: options.days } : {}),
      maxFirings: FIRINGS_LISTED,
    });
    io.stdout(options.json ? ciJson(report) : terminalSafe(backtestText(report)));
    return options.maxFirings !== undefined && report.result.firingCount > options.maxFirings ? 1 : 0;
  } catch (error) {
    if (error instanceof InputError && error.field !== undefined && DOCUMENT_FIELDS.has(error.field)) {
      io.stderr(`netmon alerts backtest: ${terminalSafe(untrustedLine(file, 300))}: ${error.message}`);
      return 2;
    }
    return reportFailure('alerts backtest', error, BACKTEST_USAGE, io);
  } finally {
    await account?.close();
  }
}

function documentProblems(file: string, problems: readonly RuleProblem[], io: CliIo): number {
  const name = untrustedLine(file, 300);
  for (const p of problems) io.stderr(terminalSafe(`${name}:${p.line}:${p.column}: ${untrustedLine(p.message, 400)}`));
  return 2;
}

function minutes(seconds: number): string {
  const whole = Math.round(seconds / 60);
  if (whole < 60) return `${whole} min`;
  return whole % 60 === 0 ? `${whole / 60} h` : `${Math.floor(whole / 60)} h ${whole % 60} min`;
}

function firingLine(firing: Firing, report: BacktestReport): string {
  const test = report.tests.find((t) => String(t.testId) === firing.testId);
  const length = firing.endRoundId === undefined ? 'still active' : minutes(firing.endRoundId - firing.startRoundId);
  // Agent names hold commas ("Dallas, US"): a semicolon keeps them apart.
  const agents = firing.sources.map((id) => report.agentNames[id] ?? id).join('; ');
  const on = report.tests.length > 1 ? ` on ${untrustedLine(test?.testName ?? firing.testId, 80)}` : '';
  const count = `${firing.sources.length} agents`;
  return `  ${roundMinute(firing.startRoundId)}${on}, ${length}, ${count}: ${untrustedLine(agents, 300)}`;
}

const times = (n: number): string => `${n} time${n === 1 ? '' : 's'}`;

function deployedLine(deployed: BacktestReport['deployed']): string {
  if (!deployed) return 'No deployed rule has this ruleId or ruleName: nothing to compare with';
  const cut = deployed.complete ? '' : ' (at least: the alert list was cut)';
  return (
    `The deployed rule ${untrustedLine(deployed.ruleName, 120)} (${deployed.ruleId}) ` +
    `fired ${times(deployed.fired)} on these tests then${cut}`
  );
}

/** The backtest in a few lines: the count, each firing, the deployed rule's count, then what to know. */
export function backtestText(report: BacktestReport): string {
  const { result } = report;
  const tests = report.tests.map((t) => `${untrustedLine(t.testName, 80)} (${t.rounds} rounds)`).join(', ');
  const lines = [
    `${untrustedLine(report.ruleName, 120)} would have fired ${times(result.firingCount)} ` +
      `in the last ${report.days} days (${result.mode}, ${result.roundsRequired} of ${result.roundsOutOf} rounds) ` +
      `on ${tests}`,
    ...result.firings.slice(0, FIRINGS_SHOWN).map((firing) => firingLine(firing, report)),
  ];
  const more = result.firingCount - Math.min(FIRINGS_SHOWN, result.firings.length);
  if (more > 0) lines.push(`  … and ${more} more (--json lists ${FIRINGS_LISTED} at most)`);
  lines.push(deployedLine(report.deployed));
  for (const note of result.notes) lines.push(`Note: ${note}`);
  for (const t of report.tests)
    if (!t.complete) lines.push(`Note: ${untrustedLine(t.testName, 80)}: only the newest results were read`);
  if (result.errors.count > 0)
    lines.push(`${result.errors.count} agent rounds could not be judged: ${result.errors.messages.join('; ')}`);
  for (const problem of result.metricProblems) lines.push(`Metric problem: ${problem.message}`);
  return lines.join('\n');
}
