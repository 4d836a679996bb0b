// A plan as text, in the spirit of `terraform plan`: one line per step with its field
// changes, then what was left alone and a one-line summary. The editor's Plan document
// and `netmon plan` print the same text; each says how a document's URI reads.
import type { FieldChange, Plan, PlanStep } from './plan';

const SYMBOLS = { create: '+', update: '~', replace: '-/+', delete: '-' } as const;

export type DisplayName = (uri: string) => string;

/** Names longer than this are cut (with "…"): a name is there to recognise the test, not to fill the screen. */
export const MAX_QUOTED_NAME = 120;
/**
 * What JSON leaves as it is but a reader must not get: C1 controls, bidirectional marks and overrides, line and
 * paragraph separators.
 */
const UNSEEN = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/**
 * A test (or agent) name as the plan text quotes it, enterprise and endpoint alike: one line in
 * JSON string syntax (newlines, quotes and every control or direction mark escaped, so a name
 * cannot draw plan lines of its own or reorder what follows), at most MAX_QUOTED_NAME characters.
 */
export function quotedTestName(name: string): string {
  const cut = name.length > MAX_QUOTED_NAME ? `${name.slice(0, MAX_QUOTED_NAME - 1)}…` : name;
  return JSON.stringify(cut).replace(UNSEEN, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function renderPlan(plan: Plan, heading: string, name: DisplayName): string {
  const lines = [`Netmon plan for ${heading}`, ''];
  for (const step of plan.steps) lines.push(...stepLines(step, name));
  for (const conflict of plan.conflicts) lines.push(...conflictLines(conflict, name));
  if (plan.steps.length === 0 && plan.conflicts.length === 0)
    lines.push('No changes: the documents match what is deployed.');
  if (plan.unchanged.length > 0)
    lines.push('', `Unchanged: ${plan.unchanged.map((u) => `${name(u.uri)} (test ${u.testId})`).join(', ')}`);
  for (const skipped of plan.skipped) lines.push(`Skipped ${name(skipped.uri)}: ${skipped.reason}`);
  if (plan.unmanaged.length > 0) {
    const unmanaged = plan.unmanaged.map((t) => `${quotedTestName(t.testName)} (${t.testId})`);
    lines.push(`Not managed by these documents (left alone): ${unmanaged.join(', ')}`);
  }
  lines.push('', planSummary(plan));
  return `${lines.join('\n')}\n`;
}

export function planSummary(plan: Plan): string {
  const count = (action: PlanStep['action']): number => plan.steps.filter((s) => s.action === action).length;
  const conflicts =
    plan.conflicts.length === 0
      ? ''
      : ` ${plan.conflicts.length} conflict${plan.conflicts.length === 1 ? '' : 's'} (not applied).`;
  return (
    `Plan: ${count('create')} to create, ${count('update')} to update, ${count('replace')} to replace, ` +
    `${count('delete')} to delete.${conflicts}`
  );
}

/** The plan as data for `--json` and for CI: what would change, without the request bodies. */
export function planJson(plan: Plan, name: DisplayName): object {
  return {
    changes: plan.steps.length,
    steps: plan.steps.map((step) => ({
      action: step.action,
      document: step.uri === undefined ? null : name(step.uri),
      type: step.type,
      testName: step.testName,
      ...('testId' in step ? { testId: step.testId } : {}),
      ...('reason' in step ? { reason: step.reason } : {}),
      ...('changes' in step ? { changes: step.changes } : {}),
      ...(step.action !== 'delete' && step.resolvedAgents
        ? { resolvedAgents: step.resolvedAgents.map(({ agentName, agentId }) => ({ agentName, agentId })) }
        : {}),
    })),
    unchanged: plan.unchanged.map((u) => ({ document: name(u.uri), testId: u.testId })),
    skipped: plan.skipped.map((s) => ({ document: name(s.uri), reason: s.reason })),
    unmanaged: plan.unmanaged,
    conflicts: plan.conflicts.map((c) => ({
      document: name(c.uri),
      testName: c.testName,
      type: c.type,
      testIds: c.testIds,
    })),
  };
}

/** Why a document is neither created nor bound, and the explicit way out. */
function conflictLines(conflict: Plan['conflicts'][number], name: DisplayName): string[] {
  const ids = conflict.testIds.join(', ');
  const existing = conflict.testIds.length === 1 ? 'a test' : 'tests';
  return [
    `  ! conflict ${quotedTestName(conflict.testName)} (${conflict.type}) from ${name(conflict.uri)}: ` +
      `the account already has ${existing} of that name (${ids}) that no document is bound to`,
    '        not created (it would be a second one) and not taken over: if this document manages it, ' +
      `adopt it explicitly (netmon: --adopt ${name(conflict.uri)}=${conflict.testIds[0]}); ` +
      "otherwise rename the document's test",
  ];
}

function stepLines(step: PlanStep, name: DisplayName): string[] {
  const lines = actionLines(step, name);
  const named = step.action === 'delete' ? [] : (step.resolvedAgents ?? []);
  return [...lines, ...named.map((agent) => `        agent ${quotedTestName(agent.agentName)} → ${agent.agentId}`)];
}

function actionLines(step: PlanStep, name: DisplayName): string[] {
  const where = step.uri ? name(step.uri) : '(no document)';
  const title = quotedTestName(step.testName);
  switch (step.action) {
    case 'create':
      return [
        `  ${SYMBOLS.create} create  ${title} (${step.type}) from ${where}` +
          (step.reason === 'bound-test-missing' ? ' — its bound test no longer exists' : ''),
      ];
    case 'update':
      return [
        `  ${SYMBOLS.update} update  ${title} (test ${step.testId}) from ${where}`,
        ...step.changes.map(changeLine),
      ];
    case 'replace':
      return [
        `  ${SYMBOLS.replace} replace ${title} (test ${step.testId}) from ${where}: ` +
          'a field the API cannot update changed',
        ...step.changes.map(changeLine),
      ];
    case 'delete':
      return [
        `  ${SYMBOLS.delete} delete  ${title} (test ${step.testId}) — ` +
          (step.reason === 'marked' ? `marked for deletion in ${where}` : `${where} was removed`),
      ];
  }
}

function changeLine(change: FieldChange): string {
  return `        ${change.field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
}
