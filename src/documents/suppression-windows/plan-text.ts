// The suppression window part of a plan, in the text of the rules' part (alert-rules/plan-text.ts):
// one line per step with its field changes and the tests it resolved (`name → id`, or a test the
// same apply creates: its id once created, and its document), what was left alone, and a one-line
// summary. `netmon plan`/`apply` and the editor's Plan print it alike.
import { quotedTestName, type DisplayName } from '../plan-text';
import type { WindowFieldChange, WindowPlan, WindowPlanStep } from './plan';
import type { WindowTest } from './window-tests';

export function renderWindowPlan(plan: WindowPlan, name: DisplayName): string[] {
  const lines = ['Suppression windows:'];
  for (const step of plan.steps) lines.push(...stepLines(step, name));
  if (plan.steps.length === 0) lines.push('  No changes: the window documents match the deployed windows.');
  if (plan.unchanged.length > 0)
    lines.push(`  Unchanged: ${plan.unchanged.map((u) => `${name(u.uri)} (window ${u.windowId})`).join(', ')}`);
  for (const skipped of plan.skipped) lines.push(`  Skipped ${name(skipped.uri)}: ${skipped.reason}`);
  if (plan.unmanaged.length > 0) {
    const unmanaged = plan.unmanaged.map((w) => `${quotedTestName(w.name)} (${w.windowId})`);
    lines.push(`  Not managed by these documents (left alone): ${unmanaged.join(', ')}`);
  }
  lines.push(windowPlanSummary(plan));
  return lines;
}

/** The window documents' part of a folder's plan text: their plan, or why they were left out, or none. */
export function windowSection(run: { plan?: WindowPlan; leftOut?: string }, name: DisplayName): string[] {
  if (run.leftOut) return [run.leftOut];
  return run.plan ? ['', ...renderWindowPlan(run.plan, name)] : [];
}

export function windowPlanSummary(plan: WindowPlan): string {
  const count = (action: WindowPlanStep['action']): number => plan.steps.filter((s) => s.action === action).length;
  // Only the editor's Delete plans a delete: a folder's plan never has one, and does not say so.
  const deletes = count('delete') > 0 ? `, ${count('delete')} to delete` : '';
  return `Suppression windows: ${count('create')} to create, ${count('update')} to update${deletes}.`;
}

/** The window plan as data for `--json`, without the request bodies. */
export function windowPlanJson(plan: WindowPlan, name: DisplayName): object {
  return {
    changes: plan.steps.length,
    steps: plan.steps.map((step) => ({
      action: step.action,
      document: name(step.uri),
      name: step.name,
      ...('windowId' in step ? { windowId: step.windowId } : {}),
      ...('changes' in step ? { changes: step.changes } : {}),
      // A test the apply creates has no id yet (null), and says which document creates it.
      tests: step.tests.map((t) =>
        t.testId === undefined
          ? { written: t.written, testId: null, createdBy: name(t.createdBy) }
          : { written: t.written, testId: t.testId },
      ),
    })),
    unchanged: plan.unchanged.map((u) => ({ document: name(u.uri), name: u.name, windowId: u.windowId })),
    skipped: plan.skipped.map((s) => ({ document: name(s.uri), reason: s.reason })),
    unmanaged: plan.unmanaged,
  };
}

function stepLines(step: WindowPlanStep, name: DisplayName): string[] {
  const title = quotedTestName(step.name);
  const tests = step.tests.flatMap((t) => testLine(t, name));
  if (step.action === 'create') return [`  + create  window ${title} from ${name(step.uri)}`, ...tests];
  if (step.action === 'delete') return [`  - delete  window ${title} → ${step.windowId} (asked for ${name(step.uri)})`];
  return [
    `  ~ update  window ${title} → ${step.windowId} from ${name(step.uri)}`,
    ...step.changes.map(changeLine),
    ...tests,
  ];
}

/** A test named by name, with the id the plan sends; a test the apply creates, with the document it comes from. */
function testLine(test: WindowTest, name: DisplayName): string[] {
  const written = typeof test.written === 'string' ? quotedTestName(test.written) : String(test.written);
  if (test.testId === undefined) return [`        test ${written} → its id once created (${name(test.createdBy)})`];
  return typeof test.written === 'string' && test.written !== test.testId
    ? [`        test ${written} → ${test.testId}`]
    : [];
}

function changeLine(change: WindowFieldChange): string {
  return `        ${change.field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
}
