// Plan for alert rule documents against the account's deployed rules, as plan.ts does for test
// documents: create, update (with a field diff), delete (only of documents the caller names) or
// unchanged. Names are resolved to ids here, once: the rule a document describes (its ruleId, else
// the one deployed rule of its ruleName) and the tests it watches (by name or id). Which tests a
// deployed rule covers is its own `testIds` (a test's `alertRules` is write-only for the vendor).
// Fields the document leaves out keep what is deployed, and what the service normalises (the
// order of testIds, spaces in the expression) compares equal, so an apply is followed by no change.
import type { AlertRule, AlertRuleFields } from '../../api/types/alerts';
import { parseAlertRule, type AlertRuleDocument } from './parse';
import { resolveRuleTests, type DeployedTestName, type ResolvedTest } from './resolve';

export interface RuleDocumentText {
  uri: string;
  text: string;
}

export interface RulePlanInput {
  documents: readonly RuleDocumentText[];
  /** The deployed rules, each as its own read answers it (with testIds and notifications). */
  deployed: readonly AlertRule[];
  /** The account's deployed tests, for the names documents give. */
  tests: readonly DeployedTestName[];
  /** Documents whose rule is to be deleted (the editor's Delete): nothing is deleted otherwise. */
  deleting?: readonly string[];
}

export interface RuleFieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** What the plan resolved a document's rule and tests to, shown as `name → id`. */
interface Resolved {
  uri: string;
  ruleName: string;
  tests: ResolvedTest[];
}

export type RulePlanStep =
  | (Resolved & { action: 'create'; reason: 'new' | 'bound-rule-missing'; body: AlertRuleFields })
  | (Resolved & { action: 'update'; ruleId: string; changes: RuleFieldChange[]; body: AlertRuleFields })
  | (Resolved & { action: 'delete'; ruleId: string });

export interface RulePlan {
  steps: RulePlanStep[];
  unchanged: { uri: string; ruleName: string; ruleId: string }[];
  skipped: { uri: string; reason: string }[];
  /** Deployed rules no document describes: never touched. */
  unmanaged: { ruleId: string; ruleName: string }[];
}

/** The fields a document can say, in the order a diff lists them (testIds last). */
export const RULE_DOCUMENT_FIELDS = [
  'ruleName',
  'alertType',
  'expression',
  'roundsViolatingRequired',
  'roundsViolatingOutOf',
  'roundsViolatingMode',
  'minimumSources',
  'minimumSourcesPct',
  'severity',
  'description',
  'notifyOnClear',
] as const;

const ACTION_ORDER = { create: 0, update: 1, delete: 2 } as const;

export function planAlertRules(input: RulePlanInput): RulePlan {
  const plan: RulePlan = { steps: [], unchanged: [], skipped: [], unmanaged: [] };
  const claimed = new Map<string, string>();
  for (const { uri, text } of [...input.documents].sort((a, b) => a.uri.localeCompare(b.uri))) {
    const parsed = parseAlertRule(text);
    if (!parsed.ok) {
      const first = parsed.problems[0];
      plan.skipped.push({ uri, reason: first ? `${first.line}:${first.column} ${first.message}` : 'invalid' });
      continue;
    }
    const target = deployedRuleOf(parsed.document, input.deployed);
    if ('problem' in target) {
      plan.skipped.push({ uri, reason: target.problem });
      continue;
    }
    const rule = target.rule;
    if (rule && claimed.has(rule.ruleId)) {
      plan.skipped.push({ uri, reason: `also describes rule ${rule.ruleId}, as ${claimed.get(rule.ruleId)} does` });
      continue;
    }
    if (rule) claimed.set(rule.ruleId, uri);
    const step = planDocument(uri, parsed.document, rule, input);
    if (step.action === 'skip') plan.skipped.push({ uri, reason: step.reason });
    else if (step.action === 'unchanged') plan.unchanged.push({ uri, ruleName: step.ruleName, ruleId: step.ruleId });
    else plan.steps.push(step);
  }
  plan.unmanaged = input.deployed
    .filter((rule) => !claimed.has(rule.ruleId))
    .map(({ ruleId, ruleName }) => ({ ruleId, ruleName }))
    .sort((a, b) => a.ruleName.localeCompare(b.ruleName) || a.ruleId.localeCompare(b.ruleId));
  plan.steps.sort((a, b) => ACTION_ORDER[a.action] - ACTION_ORDER[b.action] || a.uri.localeCompare(b.uri));
  return plan;
}

type Target = { rule?: AlertRule; missing?: boolean } | { problem: string };

/** The deployed rule a document describes: by its ruleId, else the one rule of its name. */
function deployedRuleOf(document: AlertRuleDocument, deployed: readonly AlertRule[]): Target {
  const { ruleId, ruleName } = document.rule;
  if (ruleId !== undefined) {
    const rule = deployed.find((r) => r.ruleId === ruleId);
    return rule ? { rule } : { missing: true };
  }
  const named = deployed.filter((r) => r.ruleName === ruleName);
  if (named.length > 1)
    return {
      problem:
        `the account has ${named.length} rules named ${JSON.stringify(ruleName)} ` +
        `(${named.map((r) => r.ruleId).join(', ')}); give the document the ruleId it describes`,
    };
  return { rule: named[0] };
}

type DocumentOutcome =
  RulePlanStep | { action: 'unchanged'; ruleName: string; ruleId: string } | { action: 'skip'; reason: string };

function planDocument(
  uri: string,
  document: AlertRuleDocument,
  rule: AlertRule | undefined,
  input: RulePlanInput,
): DocumentOutcome {
  const ruleName = document.rule.ruleName;
  const deleting = input.deleting?.includes(uri) ?? false;
  if (deleting) {
    return rule
      ? { action: 'delete', uri, ruleName: rule.ruleName, ruleId: rule.ruleId, tests: [] }
      : { action: 'skip', reason: 'no deployed rule to delete' };
  }
  const resolved = resolveRuleTests(document.tests, input.tests);
  if ('problem' in resolved) return { action: 'skip', reason: resolved.problem };
  const tests = resolved.tests;
  const wanted = documentFields(document, tests);
  if (!rule) {
    const reason = document.rule.ruleId === undefined ? 'new' : 'bound-rule-missing';
    return { action: 'create', uri, ruleName, tests, reason, body: wanted };
  }
  const changes = ruleChanges(wanted, rule);
  if (changes.length === 0) return { action: 'unchanged', ruleName, ruleId: rule.ruleId };
  return { action: 'update', uri, ruleName, ruleId: rule.ruleId, tests, changes, body: updateBody(rule, wanted) };
}

/** The fields the document gives (with the parse's defaults), and the tests as ids. */
function documentFields(document: AlertRuleDocument, tests: readonly ResolvedTest[]): AlertRuleFields {
  const fields: Record<string, unknown> = {};
  for (const field of RULE_DOCUMENT_FIELDS) {
    const value = (document.rule as unknown as Record<string, unknown>)[field];
    if (value !== undefined) fields[field] = value;
  }
  return { ...(fields as unknown as AlertRuleFields), testIds: tests.map((t) => t.testId) };
}

/**
 * A PUT replaces the whole rule: what the document does not speak to (notifications, isDefault, direction …) is
 * sent back as it was read, or the update would remove it.
 */
function updateBody(rule: AlertRule, wanted: AlertRuleFields): AlertRuleFields {
  const { ruleId: _ruleId, ...kept } = rule;
  return { ...kept, ...wanted };
}

/** The fields the document gives that differ from the deployed rule's, as the service would compare them. */
export function ruleChanges(wanted: AlertRuleFields, rule: AlertRule): RuleFieldChange[] {
  const changes: RuleFieldChange[] = [];
  const deployed = rule as unknown as Record<string, unknown>;
  const record = wanted as unknown as Record<string, unknown>;
  for (const field of RULE_DOCUMENT_FIELDS) {
    const to = record[field];
    if (to === undefined || sameRuleField(field, to, deployed[field], rule)) continue;
    changes.push({ field, from: deployed[field], to });
  }
  const wantedTests = sortedIds(wanted.testIds ?? []);
  const deployedTests = sortedIds(rule.testIds ?? []);
  if (wantedTests.join() !== deployedTests.join())
    changes.push({ field: 'testIds', from: deployedTests, to: wantedTests });
  return changes;
}

function sameRuleField(field: string, wanted: unknown, deployed: unknown, rule: AlertRule): boolean {
  if (field === 'expression') return typeof deployed === 'string' && sameExpression(String(wanted), deployed);
  // The service reads an absent x of "x of y rounds" as y.
  if (field === 'roundsViolatingRequired' && deployed === undefined) return wanted === rule.roundsViolatingOutOf;
  return wanted === deployed;
}

/** Spaces outside quoted text mean nothing to the service, which may write them its own way. */
export function sameExpression(a: string, b: string): boolean {
  return withoutSpaces(a) === withoutSpaces(b);
}

function withoutSpaces(expression: string): string {
  return expression.replace(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|\s+/g, (_match, quoted: string | undefined) =>
    quoted === undefined ? '' : quoted,
  );
}

function sortedIds(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}
