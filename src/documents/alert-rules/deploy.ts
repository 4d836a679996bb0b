// The account's side of alert rule documents, for every front door alike: the deployed rules read
// one by one (only a rule's own read lists its tests and notifications), one document planned
// against the rules it can describe (the editor's lenses), and a plan's steps run in order. The
// client comes in as an interface, so this stays in the documents layer's one bundle.
import type { CallOptions, NetmonClient } from '../../api/client';
import type { AlertRule } from '../../api/types/alerts';
import { listDeployedTests } from '../deployed';
import { parseAlertRule } from './parse';
import { planAlertRules, type RuleDocumentText, type RulePlan, type RulePlanStep } from './plan';
import type { DeployedTestName } from './resolve';
import type { NamingProblem } from './rule-names';
import { writtenRules, type TestRuleNames } from './test-names';

type RuleReader = Pick<NetmonClient, 'listAlertRules' | 'getAlertRule'>;
type RuleWriter = Pick<NetmonClient, 'createAlertRule' | 'updateAlertRule' | 'deleteAlertRule'>;

/** Every deployed rule as its own read answers it. */
export async function deployedRules(client: RuleReader, options: CallOptions = {}): Promise<AlertRule[]> {
  const listed = await client.listAlertRules(options);
  const rules: AlertRule[] = [];
  // One at a time: the service's rate limit counts each read.
  for (const rule of listed) rules.push(await client.getAlertRule(rule.ruleId, options));
  return rules;
}

export function testNames(deployed: readonly { testId?: number | string; testName: string }[]): DeployedTestName[] {
  return deployed.flatMap((test) =>
    test.testId === undefined ? [] : [{ testId: String(test.testId), testName: test.testName }],
  );
}

/** One document's plan: only the deployed rules it can describe (its ruleId, else its ruleName) are read. */
export async function planRuleDocument(
  client: RuleReader & Pick<NetmonClient, 'listEnterpriseTests'>,
  document: RuleDocumentText,
  options: CallOptions & { deleting?: boolean } = {},
): Promise<RulePlan> {
  const { deleting, ...call } = options;
  const parsed = parseAlertRule(document.text);
  const listed = await client.listAlertRules(call);
  const describes = (rule: AlertRule): boolean =>
    parsed.ok &&
    (parsed.document.rule.ruleId === undefined
      ? rule.ruleName === parsed.document.rule.ruleName
      : rule.ruleId === parsed.document.rule.ruleId);
  const deployed: AlertRule[] = [];
  for (const rule of listed.filter(describes)) deployed.push(await client.getAlertRule(rule.ruleId, call));
  const tests = testNames(await listDeployedTests(client, call.aid === undefined ? undefined : String(call.aid)));
  return planAlertRules({ documents: [document], deployed, tests, ...(deleting ? { deleting: [document.uri] } : {}) });
}

/**
 * The rules a test document names (`alertRules`) that resolve to no rule, or to several: each where it is written, as a
 * plan would say it. Rules are what the account has (its list: names and ids) and what `ruleDocuments` describe.
 */
export async function testRuleNameProblems(
  client: Pick<NetmonClient, 'listAlertRules'>,
  testDocument: RuleDocumentText,
  ruleDocuments: readonly RuleDocumentText[],
  options: CallOptions = {},
): Promise<NamingProblem[]> {
  const rules = writtenRules(testDocument.text);
  if (rules.length === 0) return [];
  const deployed = await client.listAlertRules(options);
  const named = { uri: testDocument.uri, testName: '', rules };
  return planAlertRules({ documents: ruleDocuments, deployed, tests: [], testDocuments: [named] }).namingProblems;
}

export const RULES_NEED_V7 =
  'Alert rule documents were left out: alert rules need the v7 API, and this account speaks v6.';

/** A folder's rule documents planned against every deployed rule, or why they were left out. */
export interface RuleRun {
  documents: RuleDocumentText[];
  /** Absent when there are no rule documents, or the account cannot have rules (leftOut says so). */
  plan?: RulePlan;
  leftOut?: string;
}

/**
 * The run's rule documents, and the test documents that name rules (`alertRules`), planned against every deployed
 * rule. On v6 (no rules) a test document's alertRules is left to the test's own request, as ids.
 */
export async function planRuleRun(
  client: RuleReader & Pick<NetmonClient, 'apiVersion'>,
  documents: readonly RuleDocumentText[],
  tests: readonly DeployedTestName[],
  options: CallOptions = {},
  testDocuments: readonly TestRuleNames[] = [],
): Promise<RuleRun> {
  if (documents.length === 0 && testDocuments.length === 0) return { documents: [] };
  if ((await client.apiVersion()) !== 'v7')
    return documents.length === 0 ? { documents: [] } : { documents: [...documents], leftOut: RULES_NEED_V7 };
  const deployed = await deployedRules(client, options);
  return { documents: [...documents], plan: planAlertRules({ documents, deployed, tests, testDocuments }) };
}

export interface RuleStepsResult {
  completed: RulePlanStep[];
  failed?: { step: RulePlanStep; error: unknown };
}

/** Runs the steps in order, stopping at the first failure (the plan shows what remains). */
export async function applyRuleSteps(
  steps: readonly RulePlanStep[],
  client: RuleWriter,
  options: CallOptions & {
    onProgress?(done: number, step: RulePlanStep): void;
    /** The id of the test the apply created for a test document (its binding), for rules it names. */
    createdTest?(uri: string): number | string | undefined;
  } = {},
): Promise<RuleStepsResult> {
  const { onProgress, createdTest, ...call } = options;
  const completed: RulePlanStep[] = [];
  for (const step of steps) {
    try {
      await applyRuleStep(withCreatedTests(step, createdTest), client, call);
    } catch (error) {
      return { completed, failed: { step, error } };
    }
    completed.push(step);
    onProgress?.(completed.length, step);
  }
  return { completed };
}

/** The step with the ids of the tests the apply created (a rule step runs after every test step). */
function withCreatedTests(
  step: RulePlanStep,
  createdTest?: (uri: string) => number | string | undefined,
): RulePlanStep {
  const pending = (step.boundTests ?? []).filter((t) => t.testId === undefined);
  if (step.action === 'delete' || pending.length === 0) return step;
  const ids = pending.map((test) => {
    const id = createdTest?.(test.uri);
    if (id === undefined)
      throw new Error(`the test of ${test.uri} was not created, so the rule cannot watch it yet; apply again`);
    return String(id);
  });
  return { ...step, body: { ...step.body, testIds: [...new Set([...(step.body.testIds ?? []), ...ids])] } };
}

async function applyRuleStep(step: RulePlanStep, client: RuleWriter, options: CallOptions): Promise<void> {
  switch (step.action) {
    case 'create':
      await client.createAlertRule(step.body, options);
      return;
    case 'update':
      await client.updateAlertRule(step.ruleId, step.body, options);
      return;
    case 'delete':
      await client.deleteAlertRule(step.ruleId, options);
      return;
  }
}
