// Apply must be safe to re-run after a failure halfway, and never create a test twice.
// The journal lives outside the working tree (a state folder per service and account group,
// see src/workflows/apply-state.ts): a repository can commit a file, not a memory of this machine's
// applies, so nothing in it may decide which test a document is bound to.
// A create whose answer was lost (the connection dropped after the service stored the test)
// leaves a test that no document is bound to. Before each create, the caller notes it in a
// journal with the ids of the tests of the same type and name that existed before it; on
// the next run, a noted create whose document is still unbound is matched to the one
// unmanaged test of that type and name that is new since, and bound to it instead of being
// created again.
import { stepsOnTestsNotOurs } from './ours';
import type { Plan } from './plan';

export interface PendingCreate {
  uri: string;
  type: string;
  testName: string;
  /** Tests of this type and name deployed before the create was sent: not its result. */
  existingTestIds: number[];
}

export interface ApplyJournal {
  version: 1;
  pending: PendingCreate[];
  /** Tests apply created from this machine: the only ones a replace or delete may remove without --allow-replace. */
  owned?: number[];
  /** Endpoint tests apply created from this machine (their ids are another numbering than the tests'). */
  endpointOwned?: number[];
}

export const EMPTY_JOURNAL: ApplyJournal = { version: 1, pending: [], owned: [], endpointOwned: [] };

export interface RecoveredCreate {
  uri: string;
  testId: number;
  testName: string;
}

/** Bindings to write before planning again; pending creates that made nothing are dropped. */
export function recoverCreates(plan: Plan, journal: ApplyJournal): RecoveredCreate[] {
  const recovered: RecoveredCreate[] = [];
  const taken = new Set<number>();
  for (const pending of journal.pending) {
    // The test the lost create made has the document's name: the plan lists it as a conflict.
    const step =
      plan.steps.find((s) => s.action === 'create' && s.uri !== undefined && sameDocument(s.uri, pending.uri)) ??
      plan.conflicts.find((c) => sameDocument(c.uri, pending.uri));
    if (!step?.uri) continue; // bound since, or no longer a create
    const matches = plan.unmanaged.filter(
      (t) =>
        t.type === pending.type &&
        t.testName === pending.testName &&
        !pending.existingTestIds.includes(t.testId) &&
        !taken.has(t.testId),
    );
    // Two new candidates: someone else made one too; binding either could be wrong, so neither is.
    if (matches.length !== 1) continue;
    taken.add(matches[0]!.testId);
    recovered.push({ uri: step.uri, testId: matches[0]!.testId, testName: pending.testName });
  }
  return recovered;
}

/**
 * One document however an apply named it: netmon apply journals its path, the editor its file
 * URI (percent-encoded, a Windows drive as /c%3A/); each recovers the creates the other left.
 */
export function sameDocument(a: string, b: string): boolean {
  return a === b || documentKey(a) === documentKey(b);
}

function documentKey(uri: string): string {
  let path = uri;
  if (uri.startsWith('file://')) {
    try {
      path = decodeURIComponent(uri.slice('file://'.length));
    } catch {
      return uri;
    }
    if (/^\/[A-Za-z]:/.test(path)) path = path.slice(1);
  }
  path = path.replaceAll('\\', '/');
  return /^[A-Za-z]:/.test(path) ? `${path.charAt(0).toLowerCase()}${path.slice(1)}` : path;
}

/** Replaces and deletes of tests that are not ours (ours.ts): netmon apply needs --allow-replace for them. */
export function unownedRemovals(plan: Plan, journal: ApplyJournal): Plan['steps'] {
  return stepsOnTestsNotOurs(plan, journal, ['replace', 'delete']);
}

/** Reads a journal file's text; anything unreadable counts as empty (it only ever saves work). */
export function parseJournal(text: string | undefined): ApplyJournal {
  if (text === undefined) return EMPTY_JOURNAL;
  try {
    const value = JSON.parse(text) as Partial<ApplyJournal>;
    const pending = Array.isArray(value.pending) ? value.pending.filter(isPendingCreate) : [];
    return { version: 1, pending, owned: testIds(value.owned), endpointOwned: testIds(value.endpointOwned) };
  } catch {
    return EMPTY_JOURNAL;
  }
}

function testIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

function isPendingCreate(value: unknown): value is PendingCreate {
  if (typeof value !== 'object' || value === null) return false;
  const { uri, type, testName, existingTestIds } = value as Record<string, unknown>;
  return (
    typeof uri === 'string' &&
    typeof type === 'string' &&
    typeof testName === 'string' &&
    Array.isArray(existingTestIds) &&
    existingTestIds.every((id) => typeof id === 'number')
  );
}
