// How a deploy run's steps are said to an agent (plan_documents, apply_documents), and which of them an agent may
// not apply: a change to a test that is not ours, or to an alert rule.
import {
  endpointStepsNotOurs,
  OURS_RULE,
  stepsOnTestsNotOurs,
  type EndpointPlanStep,
  type FieldChange,
  type PlanStep,
  type RulePlanStep,
  type WindowPlanStep,
} from '../documents';
import { ruleSteps, windowSteps } from '../workflows/alert-rules';
import type { PreparedRun } from '../workflows/apply-state';
import { endpointSteps, type DeployRun } from '../workflows/deploy-run';
import { outside } from './fence';

/** Steps said in one answer, at most (text and JSON alike). */
export const MAX_STEPS = 40;

export type Kind = 'test' | 'endpoint' | 'rule' | 'window';

/** One step of either plan, as the answers say it. */
export interface StepView {
  kind: Kind;
  action: string;
  type: string;
  testName: string;
  testId?: number;
  ruleId?: string;
  uri?: string;
  changes?: readonly FieldChange[];
}

export function stepViews(run: DeployRun): StepView[] {
  const view =
    (kind: Kind) =>
    (step: PlanStep | EndpointPlanStep): StepView => ({
      kind,
      action: step.action,
      type: step.type,
      testName: step.testName,
      ...('testId' in step ? { testId: step.testId } : {}),
      ...(step.uri ? { uri: step.uri } : {}),
      ...('changes' in step ? { changes: step.changes } : {}),
    });
  const rule = (step: RulePlanStep): StepView => ({
    kind: 'rule',
    action: step.action,
    type: step.action === 'delete' ? 'alert rule' : String(step.body.alertType ?? 'alert rule'),
    testName: step.ruleName,
    ...('ruleId' in step ? { ruleId: step.ruleId } : {}),
    uri: step.uri,
    ...(step.action === 'update' ? { changes: step.changes } : {}),
  });
  const window = (step: WindowPlanStep): StepView => ({
    kind: 'window',
    action: step.action,
    type: 'suppression window',
    testName: step.name,
    ...(step.action === 'update' ? { ruleId: step.windowId, changes: step.changes } : {}),
    uri: step.uri,
  });
  return [
    ...run.plan.steps.map(view('test')),
    ...endpointSteps(run).map(view('endpoint')),
    ...ruleSteps(run).map(rule),
    ...windowSteps(run).map(window),
  ];
}

const KIND_WORDS: Readonly<Record<Kind, string>> = {
  test: 'test',
  endpoint: 'endpoint test',
  rule: 'alert rule',
  window: 'suppression window',
};
export const kindWord = (kind: Kind): string => KIND_WORDS[kind];

export function stepLine(step: StepView, name: DeployRun['name']): string {
  const id = step.testId === undefined ? (step.ruleId === undefined ? '' : ` ${step.ruleId}`) : ` ${step.testId}`;
  const fields = step.changes ? `: ${step.changes.map((c) => c.field).join(', ')}` : '';
  return (
    `${step.action} ${kindWord(step.kind)} ${JSON.stringify(step.testName)} (${step.type}${id})` +
    `${step.uri ? ` from ${name(step.uri)}` : ''}${fields}`
  );
}

export function stepData(step: StepView, name: DeployRun['name']): Record<string, unknown> {
  const value = (v: unknown): string => outside(JSON.stringify(v ?? null), 200);
  return {
    kind: step.kind,
    action: step.action,
    type: step.type,
    testName: outside(step.testName, 200),
    ...(step.testId === undefined ? {} : { testId: step.testId }),
    ...(step.ruleId === undefined ? {} : { ruleId: step.ruleId }),
    ...(step.uri ? { document: name(step.uri) } : {}),
    ...(step.changes
      ? { changes: step.changes.slice(0, 20).map((c) => ({ field: c.field, from: value(c.from), to: value(c.to) })) }
      : {}),
  };
}

export function counts(actions: readonly { action: string }[]): string {
  return (['create', 'update', 'replace', 'delete'] as const)
    .map((action) => `${actions.filter((s) => s.action === action).length} to ${action}`)
    .join(', ');
}

export const documentsWord = (count: number, what: string): string => `${count} ${what}${count === 1 ? '' : 's'}`;

/** The endpoint documents' line: their counts, or (v6) the one sentence saying why they were left out. */
export function endpointSummary(run: DeployRun): string {
  const { endpoint } = run;
  if (endpoint.leftOut) return endpoint.leftOut;
  if (!endpoint.plan) return '';
  const { steps, unchanged, skipped } = endpoint.plan;
  return (
    `Plan for ${documentsWord(endpoint.documents, 'endpoint test document')}: ${counts(steps)}; ` +
    `${unchanged.length} unchanged; ${skipped.length} invalid (left out).`
  );
}

/** The alert rule documents' line: their counts, or (v6) the one sentence saying why they were left out. */
export function ruleSummary(run: DeployRun): string {
  const { rules } = run;
  if (rules.leftOut) return rules.leftOut;
  if (!rules.plan) return '';
  const { steps, unchanged, skipped } = rules.plan;
  return (
    `Plan for ${documentsWord(rules.documents.length, 'alert rule document')}: ${counts(steps)}; ` +
    `${unchanged.length} unchanged; ${skipped.length} invalid (left out).`
  );
}

/** The suppression window documents' line, as the rule documents' (none when there are none). */
export function windowSummary(run: DeployRun): string {
  const { windows } = run;
  if (windows.leftOut) return windows.leftOut;
  if (!windows.plan) return '';
  const { steps, unchanged, skipped } = windows.plan;
  return (
    `Plan for ${documentsWord(windows.documents.length, 'suppression window document')}: ${counts(steps)}; ` +
    `${unchanged.length} unchanged; ${skipped.length} invalid (left out).`
  );
}

/** What the refused steps would change, in a few words. */
export function notOursWhat(steps: readonly NotOurs[]): string {
  const kinds = new Set(steps.map((s) => s.kind));
  return [
    kinds.has('test') || kinds.has('endpoint') ? 'tests that are not ours' : '',
    kinds.has('rule') ? 'alert rules' : '',
    kinds.has('window') ? 'suppression windows' : '',
  ]
    .filter(Boolean)
    .join(' and ');
}

export interface NotOurs {
  kind: Kind;
  action: string;
  /** A test's id, or an alert rule's. */
  testId: number | string;
  testName: string;
}

/**
 * What apply_documents may not do: update, replace or delete a test (enterprise or endpoint)
 * that is not ours, or an alert rule. A create an interrupted apply from here made (recovered from the journal's
 * pending entries) is ours.
 */
export function notOurs({ run, journal, bindings }: PreparedRun): NotOurs[] {
  const recorded = journal.read();
  const recovered = bindings.filter((b) => b.why === 'recovered').map((b) => b.testId);
  const actions = ['update', 'replace', 'delete'] as const;
  const said =
    (kind: Kind) =>
    (step: { action: string; testId: number; testName: string }): NotOurs => ({
      kind,
      action: step.action,
      testId: step.testId,
      testName: step.testName,
    });
  return [
    ...stepsOnTestsNotOurs(run.plan, { ...recorded, owned: [...(recorded.owned ?? []), ...recovered] }, actions).map(
      said('test'),
    ),
    ...endpointStepsNotOurs(endpointSteps(run), recorded, actions).map(said('endpoint')),
    ...rulesNotOurs(run),
    ...windowSteps(run).map((step) => ({
      kind: 'window' as const,
      action: step.action,
      testId: step.action === 'update' ? step.windowId : '(new)',
      testName: step.name,
    })),
  ];
}

/**
 * A deployed alert rule a document describes (by id, or by a name someone else may have given it) is not known to be
 * ours: the journal records tests, not rules. An agent may create rules; changing or deleting one is the user's.
 */
function rulesNotOurs(run: DeployRun): NotOurs[] {
  return ruleSteps(run).flatMap((step) =>
    step.action === 'create'
      ? []
      : [{ kind: 'rule' as const, action: step.action, testId: step.ruleId, testName: step.ruleName }],
  );
}

export function notOursList(steps: readonly NotOurs[]): string {
  const shown = steps
    .slice(0, 20)
    .map((s) => `${s.action} ${kindWord(s.kind)} ${s.testId}`)
    .join(', ');
  return steps.length > 20 ? `${shown} and ${steps.length - 20} more` : shown;
}

/** Why the steps are refused: tests not ours, alert rules only the user changes, windows only the user applies. */
export function notOursWhy(steps: readonly NotOurs[]): string {
  const tests = steps.filter((s) => s.kind === 'test' || s.kind === 'endpoint').length;
  const rules = steps.filter((s) => s.kind === 'rule').length;
  const windows = steps.length - tests - rules;
  return [
    tests ? `${tests === 1 ? 'that test is' : 'those tests are'} not ours (${OURS_RULE})` : '',
    rules ? `an alert rule is updated or deleted only by the user` : '',
    windows ? 'a suppression window silences alerts: only the user creates or changes one' : '',
  ]
    .filter(Boolean)
    .join(', and ');
}
