// What an Apply of a folder did, as one outcome over its parts (test documents, endpoint test
// documents, alert rules, suppression windows): what finished, what was declined, the first failure; the message
// that says so, and the tests it wrote (for Run Now / Show Results).
import type {
  ApplyResult,
  EndpointApplyResult,
  PlannedBinding,
  RuleStepsResult,
  WindowStepsResult,
} from '../../documents';
import { errorText } from '../errors';
import { showError, showWarning } from '../ui/notify';
import type { WrittenTest } from './offer-next';

/** Both parts as one outcome: what finished, what was declined, the first failure. */
export function merged(
  result: ApplyResult,
  endpoint: EndpointApplyResult | undefined,
  rules?: RuleStepsResult,
  windows?: WindowStepsResult,
): Pick<ApplyResult, 'cancelled'> & {
  completed: unknown[];
  declined: unknown[];
  failed?: { step: { action: string; testName: string }; error: unknown };
} {
  if (!endpoint) return result;
  const ruleFailed = rules?.failed && { step: { ...rules.failed.step, testName: rules.failed.step.ruleName } };
  const windowFailed = windows?.failed && { step: { ...windows.failed.step, testName: windows.failed.step.name } };
  return {
    completed: [...result.completed, ...endpoint.completed, ...(rules?.completed ?? []), ...(windows?.completed ?? [])],
    declined: [...result.declined, ...endpoint.declined],
    failed:
      endpoint.failed ??
      (ruleFailed && { ...ruleFailed, error: rules?.failed?.error }) ??
      (windowFailed && { ...windowFailed, error: windows?.failed?.error }),
    cancelled: endpoint.cancelled,
  };
}

export function appliedMessage(result: ReturnType<typeof merged>): string {
  const declined = result.declined.length > 0 ? `; ${result.declined.length} delete/replace step(s) skipped` : '';
  return `${stepsDone(result)}${declined}.`;
}

function stepsDone(result: ReturnType<typeof merged>): string {
  return `${result.completed.length} step${result.completed.length === 1 ? '' : 's'} applied`;
}

/**
 * The enterprise tests Apply bound (recovered), created, replaced or updated, each once (the ids of new ones as their
 * documents were bound).
 */
export function writtenTests(
  result: ApplyResult,
  bound: ReadonlyMap<string, number>,
  recovered: readonly PlannedBinding[],
): WrittenTest[] {
  const written = new Map<number, WrittenTest>(
    recovered.map((b) => [b.testId, { testId: b.testId, testName: b.testName }]),
  );
  for (const step of result.completed) {
    const testId =
      step.action === 'update'
        ? step.testId
        : step.action === 'delete' || step.uri === undefined
          ? undefined
          : bound.get(step.uri);
    if (testId !== undefined) written.set(testId, { testId, testName: step.testName });
  }
  return [...written.values()];
}

/** A failed or cancelled Apply: what finished, and what to do. */
export function report(result: ReturnType<typeof merged>): void {
  const done = stepsDone(result);
  if (result.failed) {
    const { step, error } = result.failed;
    void showError(
      `${done}; then ${errorText(`${step.action} of "${step.testName}"`, error)} Apply stopped there; ` +
        'finished steps are recorded in their documents.',
    );
  } else {
    void showWarning(`${done}; cancelled before the rest. Finished steps are recorded in their documents.`);
  }
}
