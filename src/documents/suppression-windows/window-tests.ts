// The tests a suppression window document names, resolved against the deployed tests and against
// the tests the same apply creates: a window may name a test whose document is new in the same
// folder. Such a test has no id at plan time; the window step runs after the test steps and sends
// the id the create gave (as a rule bound by a test document does: alert-rules/rule-names.ts).
// A test the apply replaces (deleted, then created again) is pending too: its deployed id is gone
// once the window step runs.
import type { Plan } from '../plan';
import { resolveRuleTests, type DeployedTestName, type ResolvedTest } from '../alert-rules/resolve';

/** A test document of the same plan whose test the apply creates (or replaces): its id is known after its step. */
export interface PendingTest {
  uri: string;
  testName: string;
  /** The deployed test a replace deletes. */
  replaces?: string;
}

/** A test the window names that the apply creates: `createdBy` is its test document. */
export interface PendingWindowTest {
  written: string | number;
  testName: string;
  createdBy: string;
  testId?: undefined;
}

export type WindowTest = ResolvedTest | PendingWindowTest;

/** The tests the test plan creates or replaces, each with the document it comes from. */
export function pendingTests(plan: Pick<Plan, 'steps'>): PendingTest[] {
  return plan.steps.flatMap((step) => {
    if (step.action === 'create') return [{ uri: step.uri, testName: step.testName }];
    if (step.action === 'replace') return [{ uri: step.uri, testName: step.testName, replaces: String(step.testId) }];
    return [];
  });
}

export function resolveWindowTests(
  written: readonly (string | number)[],
  deployed: readonly DeployedTestName[],
  pending: readonly PendingTest[],
): { tests: WindowTest[] } | { problem: string } {
  const tests: WindowTest[] = [];
  for (const entry of written) {
    const one = resolveWindowTest(entry, deployed, pending);
    if (typeof one === 'string') return { problem: one };
    tests.push(one);
  }
  return { tests };
}

function resolveWindowTest(
  entry: string | number,
  deployed: readonly DeployedTestName[],
  pending: readonly PendingTest[],
): WindowTest | string {
  const resolved = resolveRuleTests([entry], deployed);
  if ('tests' in resolved) {
    const [test] = resolved.tests;
    const replaced = pending.find((p) => p.replaces !== undefined && p.replaces === test?.testId);
    if (test && !replaced) return test;
    if (replaced) return { written: entry, testName: replaced.testName, createdBy: replaced.uri };
  }
  // Only a name no deployed test has: a deployed test of that name is the one meant, as before.
  const named = typeof entry === 'string' ? pending.filter((p) => p.testName === entry) : [];
  const [only] = named;
  if (named.length === 1 && only) return { written: entry, testName: only.testName, createdBy: only.uri };
  if (named.length > 1)
    return `${named.length} test documents this apply creates are named ${JSON.stringify(entry)}; rename one`;
  return 'problem' in resolved ? resolved.problem : `test ${String(entry)} is not deployed`;
}

/** The ids of the tests the window names that are deployed (a pending one has none yet). */
export function knownTestIds(tests: readonly WindowTest[]): string[] {
  return [...new Set(tests.flatMap((t) => (t.testId === undefined ? [] : [t.testId])))];
}

/**
 * The body's testIds with the ids the apply gave the pending tests (a window step runs after every test step). A test
 * not created (its step failed or was skipped) stops the step: the window would otherwise leave it out silently.
 */
export function withCreatedTestIds(
  testIds: readonly string[] | undefined,
  tests: readonly WindowTest[],
  createdTest?: (uri: string) => number | string | undefined,
): string[] | undefined {
  const pending = tests.filter((t): t is PendingWindowTest => t.testId === undefined);
  if (pending.length === 0) return testIds === undefined ? undefined : [...testIds];
  const ids = pending.map((test) => {
    const id = createdTest?.(test.createdBy);
    if (id === undefined)
      throw new Error(`the test of ${test.createdBy} was not created, so the window cannot name it yet; apply again`);
    return String(id);
  });
  return [...new Set([...(testIds ?? []), ...ids])];
}
