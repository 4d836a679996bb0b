// What is deployed, as the plan compares it: the service's list of enterprise tests.
import type { NetmonClient } from '../api';
import type { EnterpriseTest } from '../api/types';
import type { DeployedTest } from './plan';

/** GET /v7/tests in the account's dialect; an answer without a test list is an UnparseableResponseError. */
export function listDeployedTests(
  client: Pick<NetmonClient, 'listEnterpriseTests'>,
  aid?: string,
  signal?: AbortSignal,
): Promise<EnterpriseTest[]> {
  return client.listEnterpriseTests({ ...(aid !== undefined ? { aid } : {}), ...(signal ? { signal } : {}) });
}

/** Every field the service shows: the plan compares, and import writes, all of the type's fields. */
export function toDeployedTest(test: EnterpriseTest): DeployedTest {
  return { ...test, agents: test.agents ?? [] };
}
