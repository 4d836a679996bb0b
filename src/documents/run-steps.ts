// How a plan's steps run, for test documents and endpoint test documents alike: in order,
// until one fails (what ran stays done, each step having bound its document) or the caller
// cancels; each completed step is reported as it finishes.

export interface StepsResult<S> {
  completed: S[];
  /** Steps left out because the user did not allow them. */
  declined: S[];
  failed?: { step: S; error: unknown };
  cancelled: boolean;
}

export interface RunStepsOptions<S> {
  /** Steps declined before the run. */
  declined?: S[];
  /** Whether a step is left out (declined) when its turn comes. */
  declines?(step: S): boolean;
  signal?: AbortSignal;
  onProgress?(completed: number, total: number, step: S): void;
}

export async function runSteps<S>(
  steps: readonly S[],
  run: (step: S) => Promise<void>,
  options: RunStepsOptions<S>,
): Promise<StepsResult<S>> {
  const result: StepsResult<S> = { completed: [], declined: options.declined ?? [], cancelled: false };
  for (const step of steps) {
    if (options.signal?.aborted) {
      result.cancelled = true;
      break;
    }
    if (options.declines?.(step)) {
      result.declined.push(step);
      continue;
    }
    try {
      await run(step);
    } catch (error) {
      result.failed = { step, error };
      break;
    }
    result.completed.push(step);
    options.onProgress?.(result.completed.length, steps.length, step);
  }
  return result;
}
