// What is deployed, as the plan compares it: the service's list of enterprise tests.
import type { NetmonClient } from '../api';
import type { EnterpriseTest, EnterpriseTestResponse } from '../api/types';
import type { DeployedTest } from './plan';

/** GET /v7/tests is not in the published spec (the emulator has it); absent → an error. */
export async function listDeployedTests(client: Pick<NetmonClient, 'getPage'>, aid?: string, signal?: AbortSignal): Promise<EnterpriseTest[]> {
  const response = await client.getPage('/v7/tests', { aid, signal });
  const tests = (response as Partial<EnterpriseTestResponse> | undefined)?.test;
  if (!Array.isArray(tests)) throw new Error('GET /v7/tests answered no test list');
  return tests;
}

export function toDeployedTest(test: EnterpriseTest): DeployedTest {
  return {
    testId: test.testId, testName: test.testName, type: test.type, interval: test.interval, agents: test.agents,
    server: test.server, url: test.url, domain: test.domain, targetAgentId: test.targetAgentId, transactionScript: test.transactionScript,
  };
}
