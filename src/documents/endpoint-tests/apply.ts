// Runs one endpoint plan step with the client: POST, PATCH, DELETE, or DELETE then POST for a
// replace (names are unique, so the old test goes first). Answers the test id the document is
// bound to afterwards (undefined once deleted).
import type { CallOptions, NetmonClient } from '../../api';
import { runSteps, type StepsResult } from '../run-steps';
import type { EndpointPlanStep } from './plan';

export type EndpointWriter = Pick<NetmonClient, 'createEndpointTest' | 'updateEndpointTest' | 'deleteEndpointTest'>;

export async function applyEndpointStep(
  step: EndpointPlanStep,
  client: EndpointWriter,
  options: CallOptions = {},
): Promise<number | undefined> {
  switch (step.action) {
    case 'create':
      return (await client.createEndpointTest(step.type, step.request.body, options)).testId;
    case 'update':
      await client.updateEndpointTest(step.type, step.testId, step.patch, options);
      return step.testId;
    case 'replace':
      await client.deleteEndpointTest(step.deployedType, step.testId, options);
      return (await client.createEndpointTest(step.type, step.request.body, options)).testId;
    case 'delete':
      await client.deleteEndpointTest(step.type, step.testId, options);
      return undefined;
  }
}

/** `declined`: deletes and replaces the user chose not to run. */
export type EndpointApplyResult = StepsResult<EndpointPlanStep>;

export interface EndpointApplyOptions {
  call?: CallOptions;
  /** false: deletes and replaces are declined, the rest runs. */
  allowDestructive: boolean;
  /** Writes (or, undefined, removes) the document's binding after its step. */
  bind(uri: string, testId: number | undefined): Promise<void>;
  onProgress?(done: number, total: number, step: EndpointPlanStep): void;
}

/** Runs the steps in order, each binding its document as it finishes; stops at the first failure. */
export async function applyEndpointSteps(
  steps: readonly EndpointPlanStep[],
  client: EndpointWriter,
  options: EndpointApplyOptions,
): Promise<EndpointApplyResult> {
  return runSteps(
    steps,
    async (step) => {
      await options.bind(step.uri, await applyEndpointStep(step, client, options.call));
    },
    {
      declines: (step) => !options.allowDestructive && (step.action === 'delete' || step.action === 'replace'),
      signal: options.call?.signal,
      onProgress: options.onProgress,
    },
  );
}
