// Which deployed tests (enterprise and endpoint) are "ours": the one rule by which apply_documents decides, in both its
// front doors (netmon mcp and VS Code's agent mode), what it may update, replace or delete,
// and by which netmon apply decides what needs --allow-replace. A document's `deployments`
// binding is no proof: a cloned repository or a copied document can name anyone's test.
import type { ApplyJournal } from './apply-journal';
import type { EndpointPlanStep } from './endpoint-tests/plan';
import type { Plan, PlanStep } from './plan';

/** The rule in words, for the tool's description, its refusals and the README. */
export const OURS_RULE =
  "a test is ours when netmon apply, the editor's Apply or apply_documents created it from this machine for " +
  'this service and account group (an endpoint test as much as any other), as the apply journal records ' +
  '(kept outside the workspace: NETMON_STATE_DIR, else $XDG_STATE_HOME/netmon, else ~/.local/state/netmon); ' +
  "a document's deployments binding alone does not make a test ours";

type Changing = Extract<PlanStep, { testId: number }>;

type ChangingEndpoint = Extract<EndpointPlanStep, { testId: number }>;

export function isOurs(journal: ApplyJournal, testId: number, kind: 'test' | 'endpoint' = 'test'): boolean {
  return ((kind === 'endpoint' ? journal.endpointOwned : journal.owned) ?? []).includes(testId);
}

/** The plan's steps of these kinds that would change or remove a test that is not ours. */
export function stepsOnTestsNotOurs(
  plan: Plan,
  journal: ApplyJournal,
  actions: readonly Changing['action'][],
): Changing[] {
  return plan.steps.filter(
    (step): step is Changing =>
      (actions as readonly string[]).includes(step.action) && 'testId' in step && !isOurs(journal, step.testId),
  );
}

/** The endpoint steps of these kinds that would change or remove an endpoint test that is not ours. */
export function endpointStepsNotOurs(
  steps: readonly EndpointPlanStep[],
  journal: ApplyJournal,
  actions: readonly ChangingEndpoint['action'][],
): ChangingEndpoint[] {
  return steps.filter(
    (step): step is ChangingEndpoint =>
      (actions as readonly string[]).includes(step.action) &&
      'testId' in step &&
      !isOurs(journal, step.testId, 'endpoint'),
  );
}
