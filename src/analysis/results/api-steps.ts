// The steps of an API test's round: each request the test made, in order, with its time and
// whether it passed its assertions, and the step that explains the round — the first failing
// one, else the slowest — with its share of the transaction time. Written once: `netmon
// results` prints it and Show Results opens it. Step names and URLs are the service's text:
// callers neutralise them where they show them.
import type { ApiStep, ApiTestDetail } from '../../api/types';

export interface ApiStepLine {
  stepNumber: number;
  name: string;
  url?: string;
  /** The step's time (its call and the processing after it), else its call's time. */
  time?: number;
  failed: boolean;
  assertErrors: number;
  errorDetails?: string;
}

export interface ApiRoundSteps {
  agentId: string;
  agentName: string;
  roundId: number;
  transactionTime?: number;
  completion?: number;
  /** In the order the test made them. */
  steps: ApiStepLine[];
  /** The step that explains the round: the first failing step, else the slowest. */
  culprit?: { stepNumber: number; why: 'failed' | 'slowest' };
}

/** Steps shown per round at most (the client reads more; the text stays readable). */
export const MAX_SHOWN_STEPS = 50;

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value !== 'None' ? value.trim().slice(0, 200) : undefined;

/** One step as read: its name, time and whether it failed (the one rule for a failing step). */
export function apiStepLine(step: ApiStep): ApiStepLine {
  const failedAssertions = Array.isArray(step.assertions)
    ? step.assertions.filter((a) => a.hasFailed === true).length
    : 0;
  const assertErrors = Math.max(num(step.assertErrorCount) ?? 0, failedAssertions);
  const completion = num(step.completion);
  const errorDetails = text(step.errorDetails);
  const time = num(step.stepTime) ?? num(step.apiCallTime);
  return {
    stepNumber: step.stepNumber,
    name: text(step.name) ?? `step ${step.stepNumber}`,
    ...(text(step.url) ? { url: text(step.url) } : {}),
    ...(time !== undefined ? { time } : {}),
    failed: assertErrors > 0 || (completion !== undefined && completion < 100) || errorDetails !== undefined,
    assertErrors,
    ...(errorDetails ? { errorDetails } : {}),
  };
}

/** The round's first `max` steps read, its first failing step given the round's error when it has none of its own. */
export function apiStepLines(detail: ApiTestDetail, max: number): ApiStepLine[] {
  const steps = (Array.isArray(detail.requests) ? detail.requests : []).slice(0, max).map(apiStepLine);
  const failing = steps.find((step) => step.failed);
  // A round that failed (a connection error) says why on the round, not on its step.
  const roundError = text(detail.errorDetails);
  if (failing && failing.assertErrors === 0 && !failing.errorDetails && roundError) failing.errorDetails = roundError;
  return steps;
}

export function apiRoundSteps(detail: ApiTestDetail, agentName?: string): ApiRoundSteps {
  const steps = apiStepLines(detail, MAX_SHOWN_STEPS);
  const failing = steps.find((step) => step.failed);
  const slowest = steps.reduce<ApiStepLine | undefined>(
    (max, step) => ((step.time ?? -1) > (max?.time ?? -1) ? step : max),
    undefined,
  );
  const culprit = failing
    ? { stepNumber: failing.stepNumber, why: 'failed' as const }
    : slowest?.time !== undefined
      ? { stepNumber: slowest.stepNumber, why: 'slowest' as const }
      : undefined;
  const transactionTime = num(detail.apiTransactionTime);
  const completion = num(detail.completion);
  return {
    agentId: detail.agentId,
    agentName: agentName ?? (typeof detail.agentName === 'string' ? detail.agentName : detail.agentId),
    roundId: detail.roundId,
    ...(transactionTime !== undefined ? { transactionTime } : {}),
    ...(completion !== undefined ? { completion } : {}),
    steps,
    ...(culprit ? { culprit } : {}),
  };
}
