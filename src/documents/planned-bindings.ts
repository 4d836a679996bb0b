// The bindings an apply writes into its documents before any step: creates an interrupted
// apply made (apply-journal.ts: recoverCreates) and, from netmon apply, the adoptions asked
// for. netmon plan/apply and the editor's Plan/Apply show them in the same words and plan
// as if they were written already, so a recovered create is bound, never created twice.
import { setBinding } from './binding';
import { quotedTestName, type DisplayName } from './plan-text';
import { recoverCreates, type ApplyJournal } from './apply-journal';
import type { Plan, PlanDocument } from './plan';

export interface PlannedBinding {
  uri: string;
  testId: number;
  testName: string;
  why: 'recovered' | 'adopted';
}

/** The creates an interrupted apply from this machine made, as bindings to write. */
export function recoveredBindings(plan: Plan, journal: ApplyJournal): PlannedBinding[] {
  return recoverCreates(plan, journal).map((found) => ({ ...found, why: 'recovered' }));
}

/** The documents as they read once the bindings are written (for planning again in memory). */
export function documentsWithBindings(
  documents: readonly PlanDocument[],
  bindings: readonly PlannedBinding[],
  connectionKey: string,
  aidKey: string,
): PlanDocument[] {
  return documents.map((d) => {
    const binding = bindings.find((b) => b.uri === d.uri);
    return binding ? { uri: d.uri, text: setBinding(d.text, connectionKey, aidKey, binding.testId) } : d;
  });
}

/** The lines a plan starts with when it will bind documents first (none when it will not). */
export function bindingLines(bindings: readonly PlannedBinding[], name: DisplayName): string[] {
  if (bindings.length === 0) return [];
  return [
    'Bindings apply will write into the documents first:',
    ...bindings.map(
      (b) =>
        `  = bind ${name(b.uri)} → test ${b.testId} (${quotedTestName(b.testName)}): ` +
        `${b.why === 'recovered' ? 'created by an interrupted apply from this machine' : 'adopted (--adopt)'}`,
    ),
    '',
  ];
}
