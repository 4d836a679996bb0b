// Alert rule documents in a deploy run (`netmon plan`/`apply`, the plan_documents and
// apply_documents tools): the plan of the run's rule documents (src/documents/alert-rules/), and its steps;
// the same of its suppression window documents (src/documents/suppression-windows/).
import type { RulePlanStep, RuleRun, WindowPlanStep, WindowRun } from '../documents';

export function ruleSteps(run: { rules?: RuleRun }): RulePlanStep[] {
  return run.rules?.plan?.steps ?? [];
}

export function windowSteps(run: { windows?: WindowRun }): WindowPlanStep[] {
  return run.windows?.plan?.steps ?? [];
}
