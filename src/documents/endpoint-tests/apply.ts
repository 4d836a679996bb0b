// Runs one endpoint plan step with the client: POST, PATCH, DELETE, or DELETE then POST for a
// replace (names are unique, so the old test goes first). Answers the test id the document is
// bound to afterwards (undefined once deleted).
import type { CallOptions, NetmonClient } from '../../api';
import type { EndpointPlanStep } from './plan';

export type EndpointWriter = Pick<NetmonClient, 'createEndpointTest' | 'updateEndpointTest' | 'deleteEndpointTest'>;

export async function applyEndpointStep(step: EndpointPlanStep, client: EndpointWriter, options: CallOptions = {}): Promise<number | undefined> {
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
