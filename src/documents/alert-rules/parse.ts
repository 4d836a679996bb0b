// An alert rule document (`*.netmon-alert-rule.json`, schemas/netmon-alert-rule.schema.json):
// the v7 rule's fields as the service spells them, and the tests it watches by name or id. Read
// from text into the rule and its problems, each at its line and column, so that the CLI and the
// editor point at the same place. The expression is parsed here and its metrics checked against
// the alert type's data (known-metrics.ts): a metric the data does not carry is a problem at its
// own column, before any backtest could answer "never fired" for it.
import type { Node } from 'jsonc-parser';
import { parseExpression, type Condition } from '../../analysis/alerts/expression';
import { checkMetrics } from '../../analysis/alerts/known-metrics';
import type { AlertRuleFields } from '../../api/types/alerts';
import { parseDocument } from '../parse';
import { objectProperties, propertyValue } from '../tree';
import { checkField, FIELD_CHECKS, type FieldCheck } from './fields';

export const ALERT_RULE_SUFFIX = '.netmon-alert-rule.json';
/** The alert type a document that names none is read as (the service's network layer). */
export const DEFAULT_ALERT_TYPE = 'end-to-end-server';

export interface RuleProblem {
  message: string;
  /** 1-based, as editors and compilers print them. */
  line: number;
  column: number;
  offset: number;
  length: number;
  /** The field at fault, when one is. */
  field?: string;
}

/** What the document says, with the defaults the service applies where it is silent. */
export interface AlertRuleDocument {
  rule: AlertRuleFields & { ruleId?: string };
  /** Test names or ids as written (ids as strings of digits when written as numbers). */
  tests: (string | number)[];
  condition: Condition;
}

export type ParsedAlertRule =
  { ok: true; document: AlertRuleDocument; problems: [] } | { ok: false; problems: RuleProblem[] };

export function isAlertRuleDocument(uri: string): boolean {
  return uri.endsWith(ALERT_RULE_SUFFIX);
}

export function parseAlertRule(text: string): ParsedAlertRule {
  const parsed = parseDocument(text);
  const at = (node: Node | undefined, message: string, field?: string, inner?: { offset: number; length: number }) => {
    const offset = inner?.offset ?? node?.offset ?? 0;
    const position = parsed.lines.positionAt(offset);
    const length = inner?.length ?? node?.length ?? 1;
    return {
      message,
      line: position.line + 1,
      column: position.character + 1,
      offset,
      length,
      ...(field ? { field } : {}),
    };
  };
  if (parsed.syntaxDiagnostics.length > 0) {
    return { ok: false, problems: parsed.syntaxDiagnostics.map((d) => at(undefined, d.message, undefined, d.range)) };
  }
  const root = parsed.root;
  if (!root || root.type !== 'object') return { ok: false, problems: [at(root, 'an alert rule is a JSON object')] };
  const problems: RuleProblem[] = [];
  for (const { name, key, value } of objectProperties(root)) {
    const check: FieldCheck | undefined = FIELD_CHECKS[name];
    if (!check) problems.push(at(key, `unknown field ${JSON.stringify(name)}`, name));
    else for (const message of checkField(check, name, value)) problems.push(at(value ?? key, message, name));
  }
  for (const required of ['ruleName', 'expression']) {
    if (!propertyValue(root, required)) problems.push(at(root, `${required} is required`, required));
  }
  const value = parsed.value as Record<string, unknown>;
  const expressionNode = propertyValue(root, 'expression');
  const condition =
    typeof value['expression'] === 'string' ? readCondition(value, expressionNode, at, problems) : undefined;
  if (problems.length > 0 || !condition) return { ok: false, problems };
  return { ok: true, document: documentOf(value, condition), problems: [] };
}

type At = (
  node: Node | undefined,
  message: string,
  field?: string,
  inner?: { offset: number; length: number },
) => RuleProblem;

/** The parsed expression, its syntax and metric problems placed at their column inside the string. */
function readCondition(
  value: Record<string, unknown>,
  node: Node | undefined,
  at: At,
  problems: RuleProblem[],
): Condition | undefined {
  const expression = String(value['expression']);
  // Column c of the expression is at the string's offset + 1 (its quote) + c − 1, when written without escapes.
  const inside = (column: number) =>
    node && node.length === expression.length + 2 ? { offset: node.offset + column, length: 1 } : undefined;
  const parsed = parseExpression(expression);
  if (!parsed.ok) {
    problems.push(at(node, `expression: ${parsed.message}`, 'expression', inside(parsed.column)));
    return undefined;
  }
  const alertType = typeof value['alertType'] === 'string' ? value['alertType'] : DEFAULT_ALERT_TYPE;
  for (const problem of checkMetrics(parsed.condition, alertType)) {
    const length = problem.metric.length;
    const place = inside(problem.column);
    problems.push(at(node, `expression: ${problem.message}`, 'expression', place ? { ...place, length } : undefined));
  }
  return parsed.condition;
}

function documentOf(value: Record<string, unknown>, condition: Condition): AlertRuleDocument {
  const rule: AlertRuleDocument['rule'] = {
    ruleName: String(value['ruleName']),
    expression: String(value['expression']),
    alertType: (value['alertType'] as string | undefined) ?? DEFAULT_ALERT_TYPE,
    roundsViolatingOutOf: (value['roundsViolatingOutOf'] as number | undefined) ?? 1,
  };
  for (const field of OPTIONAL_FIELDS) if (value[field] !== undefined) Object.assign(rule, { [field]: value[field] });
  if (value['ruleId'] !== undefined) rule.ruleId = String(value['ruleId']);
  return { rule, tests: (value['tests'] as (string | number)[] | undefined) ?? [], condition };
}

const OPTIONAL_FIELDS = [
  'roundsViolatingRequired',
  'roundsViolatingMode',
  'minimumSources',
  'minimumSourcesPct',
  'severity',
  'description',
  'notifyOnClear',
] as const;
