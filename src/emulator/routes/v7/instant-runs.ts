// The rounds enterprise tests run on demand: an instant test's runs (its only rounds) and the
// runs a deployed test was asked for beside its schedule. Kept for the emulator's lifetime
// beside the test store (a restarted emulator has forgotten them).
import type { EnterprisePlan } from '../../world/enterprise-results';
import type { EmulatorState } from '../state';

interface Runs {
  instant: Set<string>;
  runs: Map<string, number[]>;
}

/** A test asked to run more often than this keeps its latest runs (the walk over them stays bounded). */
const MAX_RUNS_PER_TEST = 500;
const byState = new WeakMap<EmulatorState, Runs>();

function runsOf(state: EmulatorState): Runs {
  let runs = byState.get(state);
  if (!runs) byState.set(state, (runs = { instant: new Set(), runs: new Map() }));
  return runs;
}

const key = (aid: number, testId: number): string => `${aid}:${testId}`;

export function markInstantTest(state: EmulatorState, aid: number, testId: number): void {
  runsOf(state).instant.add(key(aid, testId));
}

export function isInstantTest(state: EmulatorState, aid: number, testId: number): boolean {
  return runsOf(state).instant.has(key(aid, testId));
}

/** Records one run, answering at `at` (epoch seconds); runs stay ascending and distinct. */
export function addRun(state: EmulatorState, aid: number, testId: number, at: number): void {
  const all = runsOf(state).runs;
  const list = all.get(key(aid, testId)) ?? [];
  if (!list.includes(at)) list.push(at);
  list.sort((a, b) => a - b);
  all.set(key(aid, testId), list.slice(-MAX_RUNS_PER_TEST));
}

/** The plan with the test's on-demand runs (and, for an instant test, only those). */
export function withRuns(state: EmulatorState, aid: number, plan: EnterprisePlan): EnterprisePlan {
  const runs = runsOf(state).runs.get(key(aid, plan.test.testId));
  const instant = isInstantTest(state, aid, plan.test.testId);
  if (!runs && !instant) return plan;
  return { ...plan, runs: runs ?? [], instant };
}
