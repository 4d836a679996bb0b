// What is deployed, as the plan compares it: the service's list of enterprise tests.
import type { NetmonClient } from '../api';
import type { EnterpriseTest } from '../api/types';
import type { DeployedTest } from './plan';

/** GET /v7/tests in the account's dialect; an answer without a test list is an UnparseableResponseError. */
export function listDeployedTests(client: Pick<NetmonClient, 'listEnterpriseTests'>, aid?: string, signal?: AbortSignal): Promise<EnterpriseTest[]> {
  return client.listEnterpriseTests({ ...(aid !== undefined ? { aid } : {}), ...(signal ? { signal } : {}) });
}

export function toDeployedTest(test: EnterpriseTest): DeployedTest {
  return {
    testId: test.testId, testName: test.testName, type: test.type, interval: test.interval, agents: test.agents,
    server: test.server, url: test.url, domain: test.domain, targetAgentId: test.targetAgentId, transactionScript: test.transactionScript,
  };
}
