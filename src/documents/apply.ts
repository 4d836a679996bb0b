// Executes a plan step by step through an executor the caller supplies (the VS Code layer
// wires it to the API client and to binding edits). Stops at the first failure; every
// completed step has already written or removed its binding, so the documents always
// describe what is deployed. Destructive steps need one explicit confirmation.
import type { EnterpriseTestCreate, EnterpriseTestUpdate } from '../api/types';
import type { ApiRequest } from './payloads';
import type { Plan, PlanStep } from './plan';
import { runSteps, type StepsResult } from './run-steps';

export interface PlanExecutor {
  /** Sends a create request; resolves with the new testId. */
  create(request: ApiRequest<EnterpriseTestCreate>): Promise<number>;
  update(request: ApiRequest<EnterpriseTestUpdate>): Promise<void>;
  delete(request: ApiRequest<undefined>): Promise<void>;
  /** Records `testId` in the document, or removes its binding when undefined. */
  bind(uri: string, testId: number | undefined): Promise<void>;
}

export interface ApplyOptions {
  /** Asked once, with every delete and replace, before any of them runs. */
  confirmDestructive(steps: readonly PlanStep[]): Promise<boolean>;
  onProgress?(completed: number, total: number, step: PlanStep): void;
  signal?: AbortSignal;
}

/** `declined`: delete and replace steps left out because the user did not confirm them. */
export type ApplyResult = StepsResult<PlanStep>;

export function isDestructive(step: PlanStep): boolean {
  return step.action === 'delete' || step.action === 'replace';
}

export async function applyPlan(plan: Plan, executor: PlanExecutor, options: ApplyOptions): Promise<ApplyResult> {
  const destructive = plan.steps.filter(isDestructive);
  const confirmed = destructive.length === 0 || (await options.confirmDestructive(destructive));
  const steps = confirmed ? plan.steps : plan.steps.filter((s) => !isDestructive(s));
  return runSteps(steps, (step) => executeStep(step, executor), {
    declined: confirmed ? [] : destructive,
    signal: options.signal,
    onProgress: options.onProgress,
  });
}

async function executeStep(step: PlanStep, executor: PlanExecutor): Promise<void> {
  switch (step.action) {
    case 'create':
      await executor.bind(step.uri, await executor.create(step.request));
      return;
    case 'update':
      await executor.update(step.request);
      return;
    case 'replace':
      // Delete first (names may have to be unique); the unbind keeps the document honest
      // if the create that follows fails.
      await executor.delete(step.deleteRequest);
      await executor.bind(step.uri, undefined);
      await executor.bind(step.uri, await executor.create(step.request));
      return;
    case 'delete':
      await executor.delete(step.request);
      // A removed document has nothing left to unbind.
      if (step.reason === 'marked' && step.uri !== undefined) await executor.bind(step.uri, undefined);
      return;
  }
}
