// An API test's steps as text lines under the results summary: per agent (worst first), the
// step that explains its newest round — "step 3 'POST /login' failed: 2 assertion errors;
// 1.2 s of 1.9 s" — then every step in order with its time.
import { untrustedLine } from '../text/untrusted';
import { roundMinute } from '../text/utc';
import type { ApiRoundSteps, ApiStepLine } from './api-steps';

const NAME_WIDTH = 40;

/** "840 ms", "1.2 s". */
export function durationText(ms: number | undefined): string {
  if (ms === undefined) return '? ms';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function stepName(step: ApiStepLine): string {
  return `step ${step.stepNumber} '${untrustedLine(step.name, NAME_WIDTH)}'`;
}

/** The culprit step in one line, with its share of the transaction time. */
export function apiStepsHeadline(round: ApiRoundSteps): string {
  const step = round.steps.find((s) => s.stepNumber === round.culprit?.stepNumber);
  if (!step || !round.culprit) return round.steps.length === 0 ? 'no steps in this round' : 'no step times';
  const share = `${durationText(step.time)} of ${durationText(round.transactionTime)}`;
  if (round.culprit.why === 'slowest') return `slowest ${stepName(step)}: ${share}`;
  const errors =
    step.assertErrors > 0
      ? `${step.assertErrors} assertion error${step.assertErrors === 1 ? '' : 's'}`
      : untrustedLine(step.errorDetails ?? 'did not complete', 120);
  // A round that never got an answer has no time to share.
  return `${stepName(step)} failed: ${errors}${round.transactionTime ? `; ${share}` : ''}`;
}

export function apiStepsLines(round: ApiRoundSteps): string[] {
  const width = Math.min(NAME_WIDTH, Math.max(0, ...round.steps.map((s) => untrustedLine(s.name, NAME_WIDTH).length)));
  return [
    `API steps of ${untrustedLine(round.agentName, 40)} (round ${roundMinute(round.roundId)}): ` +
      `${apiStepsHeadline(round)}`,
    ...round.steps.map((step) => {
      const mark = step.failed ? 'FAILED' : 'ok';
      const errors = `${step.assertErrors} assertion error${step.assertErrors === 1 ? '' : 's'}`;
      const why = step.failed
        ? `  ${step.assertErrors > 0 ? errors : untrustedLine(step.errorDetails ?? 'did not complete', 120)}`
        : '';
      return (
        `  ${String(step.stepNumber).padStart(2)}. ${mark.padEnd(6)} ` +
        `${untrustedLine(step.name, NAME_WIDTH).padEnd(width)}  ${durationText(step.time).padStart(7)}${why}`
      );
    }),
  ];
}
