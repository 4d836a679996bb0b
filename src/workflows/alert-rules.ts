// Alert rule documents in a deploy run (`netmon plan`/`apply`, the plan_documents and
// apply_documents tools): the plan of the run's rule documents (src/documents/alert-rules/), and its steps.
import type { RulePlanStep, RuleRun } from '../documents';

export function ruleSteps(run: { rules?: RuleRun }): RulePlanStep[] {
  return run.rules?.plan?.steps ?? [];
}
