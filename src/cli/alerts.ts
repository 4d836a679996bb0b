// `netmon alerts`: the alerts of a range (active first, by severity, then newest), each with its
// test, rule and sources by name; `netmon alerts <alertId>`: one alert explained, with its test's
// path localized around the alert's start (where the loss starts). Exit 1 while an alert shown is
// active, for a CI step that waits on a quiet account. The reads are src/workflows/alerts.ts.
import { alertExplanationText, alertListText } from '../analysis/alerts/explain';
import { utcMinute } from '../analysis/text/utc';
import { terminalSafe } from '../analysis/text/untrusted';
import { explainAlert, listAlerts, type AlertStateAsked } from '../workflows/alerts';
import type { AskedRange } from '../workflows/time-range';
import { runAlertsBacktest } from './alerts-backtest';
import { ACCOUNT_USAGE, openAccount, takeAccountFlags, UsageError, type Account } from './account';
import { ciJson } from './ci-safe';
import { processIo, reportFailure, type CliIo } from './io';
import { readTimeRange, TIME_RANGE_USAGE } from './time-range';

export const ALERTS_USAGE =
  `usage: netmon alerts [--window 24h | --from T --to T] ` +
  `[--state active|cleared] [--json] [account]
       netmon alerts <alertId> [--round R] [--json] [account]
       netmon alerts backtest <rule.netmon-alert-rule.json> [--days N] [--max-firings N] [--json] [account]
  The account group's alerts (API v7): active ones first, then by severity, then newest; each
  with its rule, its test and the sources (agents) meeting the rule's condition, by name, and
  the alert id to explain it with.
  With an alert id: that alert explained: its rule and condition, test, state, start and end,
  each source with what it measured, and for network tests the path localization of the
  test's rounds from the alert's start on (the hop where loss starts, the link where delay
  appears).
  backtest: an alert rule document replayed over its tests' last days (see
  netmon alerts backtest --help).
  --round R        explain: localize from this round on instead (epoch seconds or ISO 8601),
                   e.g. a later round, to see whether the loss persists
  --state S        active (still going on) or cleared (ended in the range); both by default
${TIME_RANGE_USAGE}
  --json           the list (or the explanation) as JSON on stdout
${ACCOUNT_USAGE}
  Exit code: 0 no alert shown is active, 1 an alert shown is active, 2 could not run (usage,
  unknown alert, an API v6 account, connection).`;

const STATES: Readonly<Record<string, AlertStateAsked>> = { active: 'active', cleared: 'cleared' };

interface AlertsOptions {
  alertId?: string;
  round?: string;
  state?: AlertStateAsked;
  json: boolean;
  rangeGiven: boolean;
}

function readAlertsOptions(words: readonly string[], rangeGiven: boolean): AlertsOptions {
  const options: AlertsOptions = { json: false, rangeGiven };
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === '--json') options.json = true;
    else if (word === '--state') {
      const value = words[++i];
      const state = value === undefined ? undefined : STATES[value];
      if (state === undefined) throw new UsageError('--state needs active or cleared');
      options.state = state;
    } else if (word === '--round') {
      const value = words[++i];
      if (value === undefined) throw new UsageError('--round needs a value');
      options.round = value;
    } else if (word.startsWith('-')) throw new UsageError(`unknown option ${word}`);
    else if (options.alertId !== undefined) throw new UsageError(`unexpected argument ${word}`);
    else options.alertId = word;
  }
  if (options.alertId !== undefined && (options.state !== undefined || rangeGiven))
    throw new UsageError('--state and the time range are for the list: an alert id names one alert');
  if (options.alertId === undefined && options.round !== undefined)
    throw new UsageError('--round is for one alert: name its id');
  return options;
}

const RANGE_FLAGS = new Set(['--window', '--from', '--to', '--range']);

export async function runAlerts(args: readonly string[], io: CliIo = processIo()): Promise<number> {
  if (args[0] === 'backtest') return runAlertsBacktest(args.slice(1), io);
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(ALERTS_USAGE);
    return 0;
  }
  let account: Account | undefined;
  try {
    const { flags, rest } = takeAccountFlags(args);
    const { range, rest: words } = readTimeRange(rest, Date.now());
    const options = readAlertsOptions(
      words,
      rest.some((word) => RANGE_FLAGS.has(word)),
    );
    if (range.note && options.alertId === undefined) io.stderr(`netmon alerts: ${range.note}`);
    account = await openAccount(flags, io.env);
    return options.alertId === undefined
      ? await list(account, range, options, io)
      : await explain(account, options, io);
  } catch (error) {
    return reportFailure('alerts', error, ALERTS_USAGE, io);
  } finally {
    await account?.close();
  }
}

function rangeWords(range: AskedRange): string {
  const { request } = range;
  return 'window' in request
    ? `the last ${request.window}`
    : `${utcMinute(request.from.getTime())} to ${utcMinute(request.to.getTime())}`;
}

async function list(account: Account, range: AskedRange, options: AlertsOptions, io: CliIo): Promise<number> {
  const read = await listAlerts(account, { range, ...(options.state ? { state: options.state } : {}) });
  if (options.json) {
    io.stdout(
      ciJson({ range: range.request, state: options.state ?? 'any', complete: read.complete, alerts: read.rows }),
    );
  } else {
    const said = options.state ? `${rangeWords(range)} (${options.state} only)` : rangeWords(range);
    const text = alertListText(read, said);
    const next = read.rows.length > 0 ? `\nExplain one with: netmon alerts <alertId>` : '';
    io.stdout(terminalSafe(`${text}${next}`));
  }
  return read.rows.some((row) => row.active) ? 1 : 0;
}

async function explain(account: Account, options: AlertsOptions, io: CliIo): Promise<number> {
  const asked = { alertId: options.alertId ?? '', ...(options.round === undefined ? {} : { round: options.round }) };
  const explained = await explainAlert(account, asked, Date.now());
  io.stdout(options.json ? ciJson(explained) : terminalSafe(alertExplanationText(explained)));
  return explained.alert.active ? 1 : 0;
}
