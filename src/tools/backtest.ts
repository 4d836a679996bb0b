// backtest_alert_rule: an alert rule replayed over its tests' last days of rounds (API v7), as
// `netmon alerts backtest` replays it (src/workflows/backtest.ts): how often it would have fired,
// each firing's start, length and agents by name, beside how often the deployed rule of the same
// ruleId (or ruleName) fired. The rule is an alert rule document of the workspace or its fields
// given inline; both are read by the document's own parser (parseAlertRule), so a metric the rule's
// alert type does not carry is refused naming it, before any read. Read-only: nothing is deployed.
// Rule, test and agent names are outside text, said inside the fence only.
import { readFile, stat } from 'node:fs/promises';
import type { Firing } from '../analysis/alerts/backtest';
import { parseExpression } from '../analysis/alerts/expression';
import { checkMetrics, findMetric, KNOWN_METRICS, metricNames } from '../analysis/alerts/known-metrics';
import { roundMinute } from '../analysis/text/utc';
import type { AlertType } from '../api/types';
import {
  ALERT_RULE_SUFFIX,
  ALERT_TYPES,
  DEFAULT_ALERT_TYPE,
  parseAlertRule,
  type AlertRuleDocument,
  type RuleProblem,
} from '../documents';
import { backtestDocument, MAX_BACKTEST_DAYS, MAX_BACKTEST_TESTS, type BacktestReport } from '../workflows/backtest';
import { InputError } from '../workflows/input-error';
import { ID_TYPES, integer, text, workspaceFile, workspaceName } from './args';
import { capList, omittedNote } from './bound';
import { fenced, idText, outside } from './fence';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';

/** Firings listed by default, and at most (all are counted). */
const FIRINGS_LISTED = 25;
const MAX_FIRINGS_LISTED = 100;
/** Agents named per firing at most (all are counted). */
const AGENTS_NAMED = 10;
/** An alert rule document is small: a larger file is not read. */
const MAX_DOCUMENT_BYTES = 256 * 1024;
/** Alerts read to find the deployed rule's newest one (for explain_alert). */
const MAX_ALERTS_READ = 500;
const NEEDS_V7 =
  'Backtesting an alert rule reads test results and alert rules, which need the v7 API; this account speaks v6.';

const WHOLE = (min: number, max: number, description: string) =>
  ({ type: 'integer', minimum: min, maximum: max, description }) as const;

const RULE = {
  type: 'object',
  description:
    "The rule's fields inline, as the service spells them (instead of document): ruleName, expression, alertType, " +
    'roundsViolatingRequired / roundsViolatingOutOf / roundsViolatingMode, minimumSources / minimumSourcesPct, and ' +
    'the tests it watches; ruleId binds it to a deployed rule for the comparison.',
  properties: {
    ruleId: {
      type: ID_TYPES,
      pattern: '^[0-9]{1,20}$',
      minimum: 1,
      description: 'The deployed rule to compare with; else a deployed rule of the same ruleName.',
    },
    ruleName: { type: 'string', minLength: 1, maxLength: 200, description: "The rule's name." },
    alertType: {
      type: 'string',
      enum: [...ALERT_TYPES],
      description:
        `The layer (default ${DEFAULT_ALERT_TYPE}); replayed: end-to-end-server, end-to-end-agent, http-server, ` +
        'page-load.',
    },
    expression: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      description: 'The condition in the service\'s form, e.g. "((loss >= 10%))" or "((avgLatency > 150 ms))".',
    },
    roundsViolatingRequired: WHOLE(1, 1000, 'The x of "x of y rounds"; y when absent.'),
    roundsViolatingOutOf: WHOLE(1, 1000, 'The y of "x of y rounds"; 1 when absent.'),
    roundsViolatingMode: {
      type: 'string',
      enum: ['exact', 'any', 'auto'],
      description: "exact: the same agents in x of y rounds; any: any agents (the service's usual default).",
    },
    minimumSources: { type: 'integer', minimum: 0, maximum: 10_000, description: 'Agents that must violate.' },
    minimumSourcesPct: {
      type: 'number',
      minimum: 0,
      maximum: 100,
      description: 'Share (%) of the reporting agents that must violate.',
    },
    severity: { type: 'string', enum: ['info', 'minor', 'major', 'critical'], description: 'Taken, not replayed.' },
    tests: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BACKTEST_TESTS,
      items: { type: ID_TYPES, minLength: 1, maxLength: 200, minimum: 1 },
      description: 'The deployed tests it watches, by name or id.',
    },
  },
  required: ['ruleName', 'expression', 'tests'],
  additionalProperties: false,
} as const;

/** The rule, from a document of the workspace or inline: parsed and checked as the document's own parser does. */
async function ruleOf(
  args: Record<string, unknown>,
  ctx: ToolContext,
): Promise<{ document: AlertRuleDocument; from: string }> {
  const path = text(args, 'document');
  const inline = args['rule'] as Record<string, unknown> | undefined;
  if ((path === undefined) === (inline === undefined))
    throw new ToolInputError(
      `give either document (a ${ALERT_RULE_SUFFIX} file of the workspace) or rule (its fields inline), not ` +
        `${path === undefined ? 'neither' : 'both'}`,
    );
  if (inline !== undefined) {
    const parsed = parseAlertRule(JSON.stringify(inline));
    if (!parsed.ok) throw ruleProblems('rule', inline, parsed.problems, (p) => (p.field ? `rule.${p.field}` : 'rule'));
    return { document: parsed.document, from: 'the rule given inline' };
  }
  const file = workspaceFile(ctx, path!);
  const name = workspaceName(ctx, file);
  if (!file.endsWith(ALERT_RULE_SUFFIX))
    throw new ToolInputError(`${outside(name, 200)} is not an alert rule document (${ALERT_RULE_SUFFIX})`);
  if ((await stat(file)).size > MAX_DOCUMENT_BYTES)
    throw new ToolInputError(`${outside(name, 200)} is larger than an alert rule document can be (256 KB)`);
  const source = await readFile(file, 'utf8');
  const parsed = parseAlertRule(source);
  if (!parsed.ok) {
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      value = undefined; // comments or a syntax error: the problems say where
    }
    throw ruleProblems(outside(name, 200), value, parsed.problems, (p) => `${name}:${p.line}:${p.column}`);
  }
  return { document: parsed.document, from: name };
}

/** The alert type's metrics an expression can name, per round or per hop. */
function metricsOf(alertType: string, perHop: boolean, but?: string): string[] {
  const left = but === undefined ? [] : metricNames(but);
  return (KNOWN_METRICS[alertType as AlertType] ?? [])
    .filter((m) => Boolean(m.perHop) === perHop && !left.includes(m.name))
    .map((m) => m.name);
}

const METRIC_NAME = /^[A-Za-z][A-Za-z0-9_]{0,60}$/;

/**
 * A rule the parser refused: a metric its alert type does not carry is named in our sentence with what
 * to write instead; every problem is quoted (the messages quote the rule).
 */
function ruleProblems(
  what: string,
  value: unknown,
  problems: readonly RuleProblem[],
  where: (p: RuleProblem) => string,
): ToolInputError {
  const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const alertType = typeof fields['alertType'] === 'string' ? fields['alertType'] : DEFAULT_ALERT_TYPE;
  const parsed = typeof fields['expression'] === 'string' ? parseExpression(fields['expression']) : undefined;
  const metric = parsed?.ok ? checkMetrics(parsed.condition, alertType)[0] : undefined;
  const quoted = problems.slice(0, 10).map((p) => `${where(p)}: ${p.message}`);
  if (metric && METRIC_NAME.test(metric.metric)) {
    const name = metric.metric;
    if (findMetric(alertType, name, false) || findMetric(alertType, name, true))
      return new ToolInputError(
        `${what}: the expression's metric '${name}' is written wrongly for ${alertType} data; what to change is ` +
          `quoted below`,
        quoted,
      );
    const perRound = metricsOf(alertType, false);
    const perHop = metricsOf(alertType, true);
    return new ToolInputError(
      `${what}: the expression names metric '${name}', which ${alertType} data does not carry (quoted below); ` +
        `change the expression to ${perRound.length > 0 ? `one of ${perRound.join(', ')}` : 'a metric it carries'}` +
        `${perHop.length > 0 ? ` (per hop, inside hops((…)): ${perHop.join(', ')})` : ''}, or alertType to the ` +
        `layer that measures ${name}`,
      quoted,
    );
  }
  return new ToolInputError(
    `${what} is not a valid alert rule: ${problems.length} problem${problems.length === 1 ? '' : 's'} (quoted ` +
      `below); fix ${problems.length === 1 ? 'it' : 'them'} and backtest again`,
    quoted,
  );
}

/** What the use case refused, said as a tool says it: the field the caller gave, and what to change. */
function refusal(error: InputError, document: AlertRuleDocument, given: 'document' | 'rule'): ToolInputError {
  const field = (name: string): string => (given === 'rule' ? `rule.${name}` : `the document's ${name}`);
  const { message } = error;
  const metric = /^metric '([A-Za-z][A-Za-z0-9_]{0,60})' is not in /.exec(message)?.[1];
  if (error.field === 'expression' && metric) {
    const alertType = String(document.rule.alertType);
    return new ToolInputError(
      `${message}: change ${field('expression')} to a metric the results carry (the ${alertType} metrics besides ` +
        `it: ${metricsOf(alertType, false, metric).join(', ')}), or ${field('tests')} to tests whose results ` +
        `carry '${metric}'`,
    );
  }
  if (error.field === 'tests')
    return new ToolInputError(
      `${field('tests')}: a test cannot be backtested (quoted below); name deployed tests by name or id`,
      [message],
    );
  if (error.field === 'alertType') return new ToolInputError(`${field('alertType')}: ${message}`);
  if (error.field === 'expression')
    return new ToolInputError(`${field('expression')} cannot be replayed (quoted below)`, [message]);
  return new ToolInputError(message);
}

function lengthOf(firing: Firing): number | undefined {
  return firing.endRoundId === undefined ? undefined : Math.round((firing.endRoundId - firing.startRoundId) / 60);
}

function minutesText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const iso = (roundId: number): string => new Date(roundId * 1000).toISOString();
const times = (n: number): string => `${n} time${n === 1 ? '' : 's'}`;

/** The deployed rule's newest alert on the backtest's tests, for explain_alert; undefined when none is read. */
async function newestDeployedAlert(ctx: ToolContext, report: BacktestReport): Promise<string | undefined> {
  const { deployed } = report;
  if (!deployed || deployed.fired === 0) return undefined;
  const tests = new Set(report.tests.map((t) => String(t.testId)));
  try {
    const walk = await ctx.account.client
      .alerts({ window: `${report.days}d`, ...(ctx.signal ? { signal: ctx.signal } : {}) })
      .collect({ maxRecords: MAX_ALERTS_READ });
    const mine = walk.records
      .filter((a) => String(a.ruleId) === deployed.ruleId && tests.has(String(a.testId)))
      .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
    const id = mine[0]?.alertId;
    return id !== undefined && /^[A-Za-z0-9._:-]{1,100}$/.test(String(id)) ? String(id) : undefined;
  } catch {
    return undefined; // the comparison stands without it; list_alerts is named instead
  }
}

/** The call to make next, and the sentence saying it: the deployed rule's alert when it fired, else what to change. */
function nextCall(
  report: BacktestReport,
  alertId: string | undefined,
): { next?: { tool: string; args: Record<string, unknown> }; sentence: string } {
  if (alertId)
    return {
      next: { tool: 'explain_alert', args: { alertId } },
      sentence:
        `Its newest alert there: explain_alert with alertId ${idText(alertId)} (its agents and where the path ` +
        `fails).`,
    };
  if (report.deployed && report.deployed.fired > 0)
    return {
      next: { tool: 'list_alerts', args: { window: `${report.days}d` } },
      sentence: `Its alerts: list_alerts with window ${report.days}d.`,
    };
  if (report.result.firingCount > 0)
    return { sentence: 'Change the expression or roundsViolating… and backtest again to compare.' };
  return {
    sentence:
      'It would never have fired: loosen the expression (or the roundsViolating… / minimumSources bounds) to see ' +
      'when it would.',
  };
}

export const backtestAlertRule: ToolDefinition = {
  name: 'backtest_alert_rule',
  title: 'Backtest an alert rule',
  description:
    `Replays an alert rule over its tests' rounds of the last 1–${MAX_BACKTEST_DAYS} days (API v7; reads only, ` +
    `deploys nothing): how many times it would have fired, each firing's start, length and agents by name, and how ` +
    `often the deployed rule of the same ruleId (or ruleName) fired on those tests then. Answers whether a new or ` +
    `changed rule would be noisy or silent before it is deployed. Give an alert rule document of the workspace ` +
    `(${ALERT_RULE_SUFFIX}) or the rule's fields inline. A metric the data does not carry is an error naming it. ` +
    `data.next names explain_alert for the deployed rule's newest alert, or list_alerts.`,
  inputSchema: {
    type: 'object',
    properties: {
      document: {
        type: 'string',
        minLength: 1,
        maxLength: 500,
        description: `An alert rule document (${ALERT_RULE_SUFFIX}), relative to the workspace folder.`,
      },
      rule: RULE,
      days: WHOLE(1, MAX_BACKTEST_DAYS, `Days back from the service's now (default ${MAX_BACKTEST_DAYS}).`),
      maxFirings: WHOLE(
        1,
        MAX_FIRINGS_LISTED,
        `Firings listed at most (default ${FIRINGS_LISTED}); all are counted in firingCount.`,
      ),
    },
    additionalProperties: false,
  },
  writes: false,
  async run(args, ctx) {
    const { document, from } = await ruleOf(args, ctx);
    if ((await ctx.account.client.apiVersion()) === 'v6') throw new ToolInputError(NEEDS_V7);
    const days = integer(args, 'days') ?? MAX_BACKTEST_DAYS;
    const listed = integer(args, 'maxFirings') ?? FIRINGS_LISTED;
    let report: BacktestReport;
    try {
      report = await backtestDocument(ctx.account, { document, days, maxFirings: listed }, ctx.signal);
    } catch (error) {
      if (error instanceof InputError) throw refusal(error, document, args['rule'] ? 'rule' : 'document');
      throw error;
    }
    const { result, deployed } = report;
    const testName = (id: string): string => report.tests.find((t) => String(t.testId) === id)?.testName ?? id;
    const agentName = (id: string): string => report.agentNames[id] ?? id;
    const firings = capList(result.firings, listed);
    const leftOut = result.firingCount - firings.items.length;
    const rounds = report.tests.reduce((sum, t) => sum + t.rounds, 0);
    const alertId = await newestDeployedAlert(ctx, report);
    const { next, sentence: nextSentence } = nextCall(report, alertId);
    const deployedSentence = deployed
      ? `The deployed rule (ruleId ${idText(deployed.ruleId)}) fired ${times(deployed.fired)} on these tests then` +
        `${deployed.complete ? '' : ' (at least: the alert list was cut)'}.`
      : 'No deployed rule has this ruleId or ruleName: nothing to compare with.';
    const incomplete = report.tests.filter((t) => !t.complete);
    const notes = [
      ...result.notes,
      ...(incomplete.length > 0
        ? [`${incomplete.length} test${incomplete.length === 1 ? '' : 's'}: only the newest results were read`]
        : []),
    ];
    return {
      text: [
        `The rule would have fired ${times(result.firingCount)} in the last ${days} days (${result.mode}, ` +
          `${result.roundsRequired} of ${result.roundsOutOf} rounds) over ${report.tests.length} ` +
          `test${report.tests.length === 1 ? '' : 's'}, ${rounds} rounds. ${deployedSentence}`,
        nextSentence,
        ...notes.map((note) => `Note: ${note}.`),
        ...(result.errors.count > 0
          ? [`${result.errors.count} agent rounds could not be judged (the reasons are quoted below).`]
          : []),
        fenced('the backtest: rule, test and agent names come from the rule and the API', [
          `rule ${document.rule.ruleName} (${from}): ${document.rule.expression}`,
          ...report.tests.map((t) => `test ${t.testName} (${t.testId}): ${t.rounds} rounds`),
          ...(deployed ? [`deployed rule ${deployed.ruleName} (${deployed.ruleId})`] : []),
          ...firings.items.map((firing) => {
            const length = lengthOf(firing);
            const on = report.tests.length > 1 ? ` on ${testName(firing.testId)}` : '';
            const names = firing.sources.slice(0, AGENTS_NAMED).map(agentName);
            const more = firing.sources.length - names.length;
            const lasted = length === undefined ? 'still active' : minutesText(length);
            return (
              `${roundMinute(firing.startRoundId)}${on}, ${lasted}, ${firing.sources.length} agents: ` +
              `${names.join('; ')}${more > 0 ? ` and ${more} more` : ''}`
            );
          }),
          ...omittedNote(leftOut, 'firings', `ask for up to ${MAX_FIRINGS_LISTED} with maxFirings`),
          ...result.errors.messages.map((m) => `not judged: ${m}`),
        ]),
      ].join('\n'),
      data: {
        rule: outside(document.rule.ruleName, 200),
        ...(args['document'] !== undefined ? { document: outside(from, 300) } : {}),
        days,
        mode: result.mode,
        roundsViolating: `${result.roundsRequired} of ${result.roundsOutOf}`,
        firingCount: result.firingCount,
        activeMinutes: Math.round(result.activeSeconds / 60),
        firings: firings.items.map((firing) => {
          const length = lengthOf(firing);
          return {
            start: iso(firing.startRoundId),
            startRoundId: firing.startRoundId,
            ...(firing.endRoundId !== undefined
              ? { end: iso(firing.endRoundId), lengthMinutes: length }
              : { stillActive: true }),
            testId: Number(firing.testId),
            test: outside(testName(firing.testId), 200),
            rounds: firing.rounds,
            agentCount: firing.sources.length,
            agents: firing.sources.slice(0, AGENTS_NAMED).map((id) => outside(agentName(id), 100)),
          };
        }),
        firingsLeftOut: leftOut,
        tests: report.tests.map((t) => ({
          testId: t.testId,
          test: outside(t.testName, 200),
          rounds: t.rounds,
          complete: t.complete,
        })),
        ...(deployed
          ? {
              deployed: {
                ruleId: outside(deployed.ruleId, 40),
                rule: outside(deployed.ruleName, 200),
                fired: deployed.fired,
                complete: deployed.complete,
              },
            }
          : {}),
        notes,
        errors: {
          count: result.errors.count,
          messages: result.errors.messages.map((m) => outside(m, 300)),
        },
        ...(next ? { next } : {}),
      },
    };
  },
};
