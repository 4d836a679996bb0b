// The alert rule part of a plan, in the same text as the test documents' part (plan-text.ts):
// one line per step with its field changes and the names it resolved (`name → id`), what was left
// alone, and a one-line summary. `netmon plan`/`apply` and the editor's Plan print it alike.
import { quotedTestName, type DisplayName } from '../plan-text';
import type { RuleFieldChange, RulePlan, RulePlanStep } from './plan';

const SYMBOLS = { create: '+', update: '~', delete: '-' } as const;

export function renderRulePlan(plan: RulePlan, name: DisplayName): string[] {
  const lines = ['Alert rules:'];
  for (const step of plan.steps) lines.push(...stepLines(step, name));
  if (plan.steps.length === 0) lines.push('  No changes: the rule documents match the deployed rules.');
  if (plan.unchanged.length > 0)
    lines.push(`  Unchanged: ${plan.unchanged.map((u) => `${name(u.uri)} (rule ${u.ruleId})`).join(', ')}`);
  for (const skipped of plan.skipped) lines.push(`  Skipped ${name(skipped.uri)}: ${skipped.reason}`);
  if (plan.unmanaged.length > 0) {
    const unmanaged = plan.unmanaged.map((r) => `${quotedTestName(r.ruleName)} (${r.ruleId})`);
    lines.push(`  Not managed by these documents (left alone): ${unmanaged.join(', ')}`);
  }
  lines.push(rulePlanSummary(plan));
  return lines;
}

/** The rule documents' part of a folder's plan text: their plan, or why they were left out, or none. */
export function ruleSection(run: { plan?: RulePlan; leftOut?: string }, name: DisplayName): string[] {
  if (run.leftOut) return [run.leftOut];
  return run.plan ? ['', ...renderRulePlan(run.plan, name)] : [];
}

export function rulePlanSummary(plan: RulePlan): string {
  const count = (action: RulePlanStep['action']): number => plan.steps.filter((s) => s.action === action).length;
  return `Alert rules: ${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete.`;
}

/** The rule plan as data for `--json`: what would change, without the request bodies. */
export function rulePlanJson(plan: RulePlan, name: DisplayName): object {
  return {
    changes: plan.steps.length,
    steps: plan.steps.map((step) => ({
      action: step.action,
      document: name(step.uri),
      ruleName: step.ruleName,
      ...('ruleId' in step ? { ruleId: step.ruleId } : {}),
      ...('changes' in step ? { changes: step.changes } : {}),
      tests: step.tests.map((t) => ({ written: t.written, testId: t.testId })),
      ...(step.boundTests
        ? {
            boundBy: step.boundTests.map((t) => ({
              document: name(t.uri),
              rule: t.written,
              testName: t.testName,
              testId: t.testId ?? null,
            })),
          }
        : {}),
    })),
    unchanged: plan.unchanged.map((u) => ({ document: name(u.uri), ruleName: u.ruleName, ruleId: u.ruleId })),
    skipped: plan.skipped.map((s) => ({ document: name(s.uri), reason: s.reason })),
    unmanaged: plan.unmanaged,
  };
}

function stepLines(step: RulePlanStep, name: DisplayName): string[] {
  const title = quotedTestName(step.ruleName);
  const where = name(step.uri);
  switch (step.action) {
    case 'create':
      return [
        `  ${SYMBOLS.create} create  rule ${title} from ${where}` +
          (step.reason === 'bound-rule-missing' ? ' — the rule its ruleId names no longer exists' : ''),
        ...testLines(step),
        ...boundLines(step, name),
      ];
    case 'update':
      return [
        `  ${SYMBOLS.update} update  rule ${title} → ${step.ruleId} from ${where}`,
        ...step.changes.map(changeLine),
        ...testLines(step),
        ...boundLines(step, name),
      ];
    case 'delete':
      return [`  ${SYMBOLS.delete} delete  rule ${title} → ${step.ruleId} (asked for ${where})`];
  }
}

/** Each test the document names by name, with the id the plan sends. */
function testLines(step: RulePlanStep): string[] {
  return step.tests
    .filter((t) => typeof t.written === 'string' && t.written !== t.testId)
    .map((t) => `        test ${quotedTestName(String(t.written))} → ${t.testId}`);
}

/** Each test a test document binds to the rule: the rule as it is written there → the rule's id, and the test. */
function boundLines(step: RulePlanStep, name: DisplayName): string[] {
  const rule = 'ruleId' in step ? step.ruleId : 'the new rule';
  return (step.boundTests ?? []).map((test) => {
    const written = typeof test.written === 'string' ? quotedTestName(test.written) : String(test.written);
    const id = test.testId ?? 'its id once created';
    const watched = `watch test ${quotedTestName(test.testName)} (${id})`;
    return `        ${name(test.uri)} names rule ${written} → ${rule}: ${watched}`;
  });
}

function changeLine(change: RuleFieldChange): string {
  return `        ${change.field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
}
