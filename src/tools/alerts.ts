// Alerts for agents: the alerts of a range (list_alerts) and one explained (explain_alert), with
// its test's path localized from the alert's start on. The same use case as `netmon alerts`
// (src/workflows/alerts.ts); rule, test and agent names, metrics and hop names are outside text,
// said inside the fence only.
import type { AlertRow } from '../analysis/alerts/explain';
import { roundMinute, utcMinute } from '../analysis/text/utc';
import { explainAlert, listAlerts } from '../workflows/alerts';
import { ID_TYPES, idString, RANGE_PROPERTIES, rangeOf, ROUND, text } from './args';
import { capList, omittedNote } from './bound';
import { fenced, idText, outside } from './fence';
import { ToolInputError, type ToolDefinition } from './types';
import { ALERTS_NEED_V7 } from '../api/types';

/** Alerts an answer lists at most (the list is ordered: the ones that matter come first). */
const MAX_LISTED = 25;

const ALERT_ID = {
  type: ID_TYPES,
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9._:-]+$',
  minimum: 0,
  description: 'An alertId, as list_alerts gives it.',
} as const;

const when = (iso: string | undefined): string => utcMinute(Date.parse(iso ?? '')) || 'time unknown';
/** Our words for the state and times: numbers and instants we parsed, nothing quoted. */
const period = (row: AlertRow): string =>
  row.active ? `active since ${when(row.startDate)}` : `cleared, ${when(row.startDate)} to ${when(row.endDate)}`;
const testIdOf = (row: AlertRow): number | undefined =>
  row.testId !== undefined && /^\d{1,15}$/.test(row.testId) ? Number(row.testId) : undefined;

/** On v6 the client refuses in our own sentence: said as such, not quoted as an outside error. */
async function needingV7<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof RangeError && error.message === ALERTS_NEED_V7) throw new ToolInputError(ALERTS_NEED_V7);
    throw error;
  }
}

/** One alert for the JSON answer: outside values neutralised and bounded. */
function rowData(row: AlertRow): Record<string, unknown> {
  const testId = testIdOf(row);
  return {
    alertId: outside(row.alertId, 100),
    active: row.active,
    severity: outside(row.severity, 20),
    alertType: outside(row.alertType, 40),
    startDate: outside(row.startDate, 40),
    ...(row.endDate !== undefined ? { endDate: outside(row.endDate, 40) } : {}),
    suppressed: row.suppressed,
    ...(testId !== undefined ? { testId } : {}),
    ...(row.testName !== undefined ? { test: outside(row.testName, 200) } : {}),
    ...(row.testType !== undefined ? { testType: outside(row.testType, 40) } : {}),
    ...(row.ruleId !== undefined ? { ruleId: outside(row.ruleId, 40) } : {}),
    ...(row.ruleName !== undefined ? { rule: outside(row.ruleName, 200) } : {}),
    sourceCount: row.sourceCount,
    ...(row.sources ? { sources: row.sources.slice(0, 10).map((s) => outside(s.name, 100)) } : {}),
  };
}

/** The fenced line of one alert: the API's words (severity, rule, test, agents) beside the id. */
function rowLine(row: AlertRow): string {
  const sources = row.sources?.slice(0, 5).map((s) => s.name) ?? [];
  const more = row.sourceCount - sources.length;
  const test = row.testId ? `${row.testName ?? 'test'} (test ${row.testId})` : 'no test';
  return (
    `${row.alertId} · ${period(row)} · ${row.severity} · ${row.ruleName ?? `rule ${row.ruleId ?? '?'}`} on ` +
    `${test} · sources: ${sources.join(', ') || 'none named'}${more > 0 ? ` and ${more} more` : ''}`
  );
}

export const listAlertsTool: ToolDefinition = {
  name: 'list_alerts',
  title: 'List the alerts',
  description:
    "The account group's alerts of a time range (default the last 24h; needs API v7): active ones first, then by " +
    "severity, then newest, each with its rule, its test and the agents meeting the rule's condition by name. " +
    "Answers each alert's alertId for explain_alert.",
  inputSchema: {
    type: 'object',
    properties: {
      ...RANGE_PROPERTIES,
      state: {
        type: 'string',
        enum: ['active', 'cleared'],
        description: 'Only active alerts (still going on), or only those cleared in the range; both by default.',
      },
    },
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const range = rangeOf(args, ctx);
    const state = text(args, 'state') as 'active' | 'cleared' | undefined;
    const read = await needingV7(listAlerts(ctx.account, { range, ...(state ? { state } : {}) }, ctx.signal));
    const listed = capList(read.rows, MAX_LISTED);
    const active = read.rows.filter((row) => row.active).length;
    const where =
      'window' in range.request
        ? `the last ${range.request.window}`
        : `${utcMinute(range.request.from.getTime())} to ${utcMinute(range.request.to.getTime())}`;
    const first = listed.items[0];
    return {
      text: [
        `Alerts of ${where}${state ? ` (${state} only)` : ''}: ${read.rows.length}, ${active} active` +
          `${read.complete ? '' : ' (more in the range than were read: narrow it)'}.`,
        first
          ? `Explain one with explain_alert and its alertId` +
            `${first.active ? ` (the first, ${idText(first.alertId)}, is active)` : ''}: its rule, test, agents ` +
            `and where its test's path loses packets.`
          : 'No alert in this range: widen it (window up to 7d) or drop state.',
        fenced('alerts: rule, test and agent names come from the API', [
          ...listed.items.map(rowLine),
          ...omittedNote(listed.omitted, 'alerts', 'narrow the range or ask for one state'),
        ]),
      ]
        .filter(Boolean)
        .join('\n'),
      data: {
        range: range.request,
        state: state ?? 'any',
        complete: read.complete,
        total: read.rows.length,
        active,
        alerts: listed.items.map(rowData),
        alertsLeftOut: listed.omitted,
        ...(first ? { next: { tool: 'explain_alert', args: { alertId: outside(first.alertId, 100) } } } : {}),
      },
    };
  },
};

export const explainAlertTool: ToolDefinition = {
  name: 'explain_alert',
  title: 'Explain an alert',
  description:
    'One alert (API v7) explained: its rule and condition, its test, whether it is active, its start and end, each ' +
    'agent (source) with what it measured, and for network tests where on the path the loss starts (the hop) ' +
    "or the delay appears, localized on the test's rounds from the alert's start on (or from `round`).",
  inputSchema: {
    type: 'object',
    properties: {
      alertId: ALERT_ID,
      round: {
        ...ROUND,
        description:
          "Localize from this round on instead of the alert's start: epoch seconds (as an earlier explain_alert " +
          'gives it) or an ISO 8601 time.',
      },
    },
    required: ['alertId'],
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const alertId = idString(args, 'alertId') as string;
    const round = idString(args, 'round');
    const asked = { alertId, ...(round === undefined ? {} : { round }) };
    const explained = await needingV7(explainAlert(ctx.account, asked, ctx.now(), ctx.signal));
    const { alert, rule, path } = explained;
    const found = path?.found;
    const last = path?.rounds.at(-1);
    const where = path
      ? `${path.rounds.length} round${path.rounds.length === 1 ? '' : 's'} from ${roundMinute(path.rounds[0]!)}: ` +
        `${found!.loss.length} loss finding${found!.loss.length === 1 ? '' : 's'}` +
        `${found!.confident ? ' (confident)' : ''}, ${found!.delay.length} delay finding` +
        `${found!.delay.length === 1 ? '' : 's'}`
      : 'no path localized (see below)';
    const next =
      last !== undefined
        ? { tool: 'explain_alert', args: { alertId: outside(alert.alertId, 100), round: String(last + 1) } }
        : { tool: 'list_alerts', args: { state: 'active' } };
    const lines = found ? capList(found.lines, 20) : undefined;
    return {
      text: [
        `Alert ${idText(alert.alertId)}: ${period(alert)}; ${alert.sourceCount} source` +
          `${alert.sourceCount === 1 ? '' : 's'}; path: ${where}.`,
        last !== undefined
          ? `Whether it goes on after: explain_alert with alertId and round ${last + 1} (the rounds after ` +
            `${roundMinute(last)}).`
          : 'Other alerts: list_alerts.',
        fenced('the alert: rule, test, agent and hop names come from the API', [
          `severity ${alert.severity}, type ${alert.alertType}`,
          rule
            ? `rule ${rule.ruleName} (${rule.ruleId}): ${rule.expression}, ${rule.roundsViolatingRequired ?? 1} of ` +
              `${rule.roundsViolatingOutOf} round${rule.roundsViolatingOutOf === 1 ? '' : 's'}`
            : `rule ${alert.ruleName ?? alert.ruleId ?? 'unknown'}`,
          `test ${alert.testName ?? 'unnamed'} (${alert.testType ?? 'type unknown'} test ${alert.testId ?? '?'})`,
          ...(alert.sources ?? [])
            .slice(0, 15)
            .map(
              (s) =>
                `source ${s.name}${s.startMetrics ? `: ${s.startMetrics}` : ''}` +
                `${s.endMetrics && !alert.active ? ` → ${s.endMetrics}` : ''}`,
            ),
          ...(found ? [found.headline, ...lines!.items.filter((l) => l !== found.headline)] : []),
          ...(lines ? omittedNote(lines.omitted, 'lines') : []),
          ...(found && found.perRound.length > 1
            ? found.perRound.map((r) => `${roundMinute(r.roundId)}: ${r.headline}`)
            : []),
          ...(explained.pathNote ? [`path: ${explained.pathNote}`] : []),
        ]),
      ].join('\n'),
      data: {
        ...rowData(alert),
        ...(rule
          ? {
              ruleExpression: outside(rule.expression, 200),
              roundsViolating: `${rule.roundsViolatingRequired ?? 1} of ${rule.roundsViolatingOutOf}`,
            }
          : {}),
        sources: (alert.sources ?? []).slice(0, 25).map((s) => ({
          ...(s.agentId !== undefined ? { agentId: outside(s.agentId, 100) } : {}),
          name: outside(s.name, 100),
          ...(s.startMetrics !== undefined ? { startMetrics: outside(s.startMetrics, 100) } : {}),
          ...(s.endMetrics !== undefined ? { endMetrics: outside(s.endMetrics, 100) } : {}),
        })),
        ...(path && found
          ? {
              path: {
                rounds: path.rounds,
                confident: found.confident,
                headline: outside(found.headline, 400),
                loss: found.loss.slice(0, 10).map((f) => ({
                  kind: f.kind,
                  at: outside(f.at.label),
                  ...(f.at.ip !== undefined ? { ip: outside(f.at.ip, 60) } : {}),
                  agents: f.agents.length,
                  traversals: f.traversals,
                  confident: f.confident,
                  line: outside(f.line, 400),
                })),
                delay: found.delay.slice(0, 5).map((f) => ({
                  from: outside(f.from.label),
                  to: outside(f.to.label),
                  increaseMs: f.increaseMs,
                  line: outside(f.line, 400),
                })),
              },
            }
          : {}),
        ...(explained.pathNote ? { pathNote: outside(explained.pathNote, 400) } : {}),
        next,
      },
    };
  },
};
