// The editor's Plan and Apply after an interrupted apply, as netmon plan/apply do it: a create
// journaled before it was sent whose test the service now has is bound to that test, not
// created again (src/documents: recoveredBindings). The plan is computed as if the bindings
// were written, shows them first in netmon's words, and Apply writes them before any step.
import * as vscode from 'vscode';
import type { ApplyJournal, Plan, PlanInput, PlannedBinding } from '../../documents';
import type { JournalFile } from '../../state/apply-journal-file';
import type { BindingWriter } from './bindings';
import { documentsLibrary as lib } from './library';
import type { DeployTarget } from './target';

/** The plan with the journal's recovered creates bound (in memory), and those bindings. */
export function withRecoveredCreates(
  input: PlanInput,
  journal: ApplyJournal,
): { plan: Plan; bindings: PlannedBinding[] } {
  const first = lib().computePlan(input);
  // Found among the tests no document claims: before a one-document plan leaves them out.
  const bindings = lib().recoveredBindings(first, journal);
  if (bindings.length === 0) return { plan: first, bindings };
  const documents = lib().documentsWithBindings(
    input.documents,
    bindings,
    input.connectionKey,
    String(input.aid ?? lib().DEFAULT_AID),
  );
  return { plan: lib().computePlan({ ...input, documents }), bindings };
}

/** The plan text's first lines when Apply will bind documents first (none otherwise). */
export function bindingsText(bindings: readonly PlannedBinding[]): string {
  const lines = lib().bindingLines(bindings, (uri) => vscode.workspace.asRelativePath(vscode.Uri.parse(uri)));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Apply's question: its changes, the documents it binds first, the tests it deletes. */
export function confirmQuestion(changes: number, bindings: number, groupLabel: string, deletes: number): string {
  const bind = `${bindings} document${bindings === 1 ? '' : 's'}`;
  const deleting = deletes > 0 ? `, deleting ${deletes} deployed test${deletes === 1 ? '' : 's'}` : '';
  if (changes === 0)
    return `Bind ${bind} to the test${bindings === 1 ? '' : 's'} an interrupted apply created in ${groupLabel}?`;
  return (
    `Apply ${changes} change${changes === 1 ? '' : 's'} to ` +
    `${groupLabel}${bindings > 0 ? `, binding ${bind} first` : ''}${deleting}?`
  );
}

/** What Apply says it did: the documents it bound first, then `applied` (its steps), unless it had no steps. */
export function appliedText(bindings: readonly PlannedBinding[], steps: number, applied: string): string {
  if (bindings.length === 0) return applied;
  const plural = bindings.length === 1 ? '' : 's';
  const said = `${bindings.length} document${plural} bound to the test${plural} an interrupted apply created`;
  return steps === 0 ? `${said}.` : `${said}; ${applied}`;
}

/**
 * Writes each recovered binding into its document (a formatting-preserving edit, as Create
 * does), records the test as one apply made, and drops the planned documents' creates in
 * flight: those not recovered are planned as creates again and journaled anew.
 */
export async function writeRecoveredBindings(
  run: { target: DeployTarget; plan: Plan; journal: JournalFile; bindings: readonly PlannedBinding[] },
  writer: BindingWriter,
  bound: Map<string, number>,
): Promise<void> {
  const { connectionKey, aidKey } = run.target;
  for (const binding of run.bindings) {
    await writer.bind(vscode.Uri.parse(binding.uri), connectionKey, aidKey, binding.testId);
    run.journal.bound(binding.uri, binding.testId, true);
    bound.set(binding.uri, binding.testId);
  }
  run.journal.clearPending(plannedUris(run.plan));
}

/** Every enterprise document the plan was computed from: each is a step, unchanged, skipped or a conflict. */
function plannedUris(plan: Plan): string[] {
  return [...plan.steps, ...plan.unchanged, ...plan.skipped, ...plan.conflicts].flatMap((entry) =>
    entry.uri === undefined ? [] : [entry.uri],
  );
}
