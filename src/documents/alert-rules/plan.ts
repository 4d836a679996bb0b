// Plan for alert rule documents against the account's deployed rules, as plan.ts does for test
// documents: create, update (with a field diff), delete (only of documents the caller names) or
// unchanged. Names are resolved to ids here, once: the rule a document describes (its ruleId, else
// the one deployed rule of its ruleName) and the tests it watches (by name or id). Which tests a
// deployed rule covers is its own `testIds` (a test's `alertRules` is write-only for the vendor).
// Fields the document leaves out keep what is deployed, and what the service normalises (the
// order of testIds, spaces in the expression) compares equal, so an apply is followed by no change.
// Test documents may name rules too (their `alertRules`): each such test is added to the rule's
// testIds (rule-names.ts). A rule a rule document describes watches exactly its document's tests and
// the tests test documents bind to it, so a test a document stops naming is removed from it; a rule
// no document describes only gains tests, never loses one (nothing says which of its tests are ours).
import type { AlertRule, AlertRuleFields } from '../../api/types/alerts';
import { parseAlertRule, type AlertRuleDocument } from './parse';
import { resolveRuleTests, type DeployedTestName, type ResolvedTest } from './resolve';
import { bindNamedRules, ruleTargetKey, type BoundTest, type NamingProblem, type RuleTarget } from './rule-names';
import type { TestRuleNames } from './test-names';

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
  /** Test documents that name rules (`alertRules`), with their tests as the test plan leaves them. */
  testDocuments?: readonly TestRuleNames[];
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
  /** Tests test documents bind to the rule; one without a testId is created by the apply, before this step. */
  boundTests?: BoundTest[];
}

export type RulePlanStep =
  | (Resolved & { action: 'create'; reason: 'new' | 'bound-rule-missing'; body: AlertRuleFields })
  | (Resolved & { action: 'update'; ruleId: string; changes: RuleFieldChange[]; body: AlertRuleFields })
  | (Resolved & { action: 'delete'; ruleId: string });

export interface RulePlan {
  steps: RulePlanStep[];
  unchanged: { uri: string; ruleName: string; ruleId: string }[];
  skipped: { uri: string; reason: string }[];
  /** Deployed rules no document describes or test document names: never touched. */
  unmanaged: { ruleId: string; ruleName: string }[];
  /** Rules test documents name that cannot be resolved, each at its place (also among `skipped`). */
  namingProblems: NamingProblem[];
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
  const plan: RulePlan = { steps: [], unchanged: [], skipped: [], unmanaged: [], namingProblems: [] };
  const described = describedRules(input, plan);
  const claimed = new Set(described.flatMap((d) => (d.rule ? [d.rule.ruleId] : [])));
  const alone = input.deployed.filter((rule) => !claimed.has(rule.ruleId));
  const named = bindNamedRules(ruleTargets(described, alone), input.testDocuments ?? []);
  plan.namingProblems = named.problems;
  for (const problem of named.problems)
    plan.skipped.push({ uri: problem.uri, reason: `${problem.line}:${problem.column} ${problem.message}` });
  for (const { uri, document, rule } of described) {
    const step = planDocument(uri, document, rule, input, named.bound.get(uri) ?? []);
    if (step.action === 'skip') plan.skipped.push({ uri, reason: step.reason });
    else if (step.action === 'unchanged') plan.unchanged.push({ uri, ruleName: step.ruleName, ruleId: step.ruleId });
    else plan.steps.push(step);
  }
  const touched = new Set<string>();
  for (const rule of alone) {
    const step = addedTests(rule, named.bound.get(ruleTargetKey(rule.ruleId)) ?? []);
    if (step) plan.steps.push(step);
    if (step) touched.add(rule.ruleId);
  }
  plan.unmanaged = alone
    .filter((rule) => !touched.has(rule.ruleId))
    .map(({ ruleId, ruleName }) => ({ ruleId, ruleName }))
    .sort((a, b) => a.ruleName.localeCompare(b.ruleName) || a.ruleId.localeCompare(b.ruleId));
  plan.steps.sort((a, b) => ACTION_ORDER[a.action] - ACTION_ORDER[b.action] || a.uri.localeCompare(b.uri));
  return plan;
}

interface Described {
  uri: string;
  document: AlertRuleDocument;
  rule?: AlertRule;
}

/** The valid rule documents and the deployed rule each describes (none: to create); the rest skipped. */
function describedRules(input: RulePlanInput, plan: RulePlan): Described[] {
  const described: Described[] = [];
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
    described.push({ uri, document: parsed.document, ...(rule ? { rule } : {}) });
  }
  return described;
}

/** What test documents can name: the rules documents describe, then the deployed rules no document describes. */
function ruleTargets(described: readonly Described[], alone: readonly AlertRule[]): RuleTarget[] {
  return [
    ...described.map(({ uri, document, rule }) => ({
      key: uri,
      ruleName: document.rule.ruleName,
      ...(rule ? { ruleId: rule.ruleId } : {}),
    })),
    ...alone.map((rule) => ({ key: ruleTargetKey(rule.ruleId), ruleName: rule.ruleName, ruleId: rule.ruleId })),
  ];
}

/** A rule no document describes, given the tests test documents bind to it that it does not watch yet. */
function addedTests(rule: AlertRule, bound: readonly BoundTest[]): RulePlanStep | undefined {
  const deployed = rule.testIds ?? [];
  const missing = bound.filter((t) => t.testId === undefined || !deployed.includes(t.testId));
  const [first] = missing;
  if (!first) return undefined;
  const testIds = sortedIds([...deployed, ...knownIds(missing)]);
  const change: RuleFieldChange = { field: 'testIds', from: sortedIds(deployed), to: testIds };
  const { ruleId: _ruleId, ...kept } = rule;
  const { ruleId, ruleName } = rule;
  // The rule's own fields as read, so that the PUT (a whole rule) changes only its tests.
  const body: AlertRuleFields = { ...kept, testIds };
  return {
    action: 'update',
    uri: first.uri,
    ruleName,
    ruleId,
    tests: [],
    boundTests: missing,
    changes: [change],
    body,
  };
}

function knownIds(bound: readonly BoundTest[]): string[] {
  return bound.flatMap((t) => (t.testId === undefined ? [] : [t.testId]));
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
  bound: readonly BoundTest[],
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
  const wanted = documentFields(document, tests, bound);
  const named = bound.length > 0 ? { boundTests: [...bound] } : {};
  if (!rule) {
    const reason = document.rule.ruleId === undefined ? 'new' : 'bound-rule-missing';
    return { action: 'create', uri, ruleName, tests, ...named, reason, body: wanted };
  }
  const changes = ruleChanges(wanted, rule);
  // A test the apply creates is not among the rule's tests yet, whatever the ids say.
  if (bound.some((t) => t.testId === undefined) && !changes.some((c) => c.field === 'testIds'))
    changes.push({ field: 'testIds', from: sortedIds(rule.testIds ?? []), to: sortedIds(wanted.testIds ?? []) });
  if (changes.length === 0) return { action: 'unchanged', ruleName, ruleId: rule.ruleId };
  const body = updateBody(rule, wanted);
  return { action: 'update', uri, ruleName, ruleId: rule.ruleId, tests, ...named, changes, body };
}

/** The fields the document gives (with the parse's defaults), and its tests and the bound ones as ids. */
function documentFields(
  document: AlertRuleDocument,
  tests: readonly ResolvedTest[],
  bound: readonly BoundTest[],
): AlertRuleFields {
  const fields: Record<string, unknown> = {};
  for (const field of RULE_DOCUMENT_FIELDS) {
    const value = (document.rule as unknown as Record<string, unknown>)[field];
    if (value !== undefined) fields[field] = value;
  }
  const testIds = [...new Set([...tests.map((t) => t.testId), ...knownIds(bound)])];
  return { ...(fields as unknown as AlertRuleFields), testIds };
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
