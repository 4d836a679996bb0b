// The deployed test as the service has it now, for the confirmation before an update or
// a delete: the user confirms what will really change, not what a document claims. The
// published API has no read of one enterprise test; the emulator (and some services)
// list them at GET /v7/tests. Without that list, what this machine last deployed is the
// best knowledge, and the dialog says which one it shows.
import { documentsLibrary as lib } from './library';
import type { DeployedTest } from '../../documents';
import { isNetmonError } from '../errors';
import type { DeploymentRecords } from './deployment-records';
import type { DeployTarget } from './target';

export interface LiveTest {
  /** undefined: the test is gone, or nothing is known of it. */
  test: DeployedTest | undefined;
  /** Where `test` came from, for the dialog. */
  source: string;
  /** The service lists its tests and this one is not among them. */
  gone?: boolean;
}

export async function fetchLiveTest(
  target: DeployTarget,
  testId: number,
  records: DeploymentRecords,
  signal: AbortSignal,
): Promise<LiveTest> {
  try {
    const found = (await lib().listDeployedTests(target.client, target.requestAid, signal)).find(
      (test) => test.testId === testId,
    );
    return found
      ? { test: lib().toDeployedTest(found), source: 'live on the service' }
      : { test: undefined, source: `the service has no test ${testId} in ${target.groupLabel}`, gone: true };
  } catch (error) {
    if (!isNetmonError(error) || error.kind !== 'not-found') throw error;
  }
  const recorded = records.list(target.connectionKey, target.aidKey).find((test) => test.testId === testId);
  return recorded
    ? { test: recorded, source: 'as this machine last deployed it (the service does not show tests)' }
    : { test: undefined, source: 'unknown: the service does not show tests, and this machine never deployed this one' };
}

/** "VPN gateway" · agent-to-server · vpn.example.com:80 · every 300 s · agents 1000, 1037 */
export function describeTest(
  test: Pick<DeployedTest, 'testName' | 'type' | 'interval' | 'agents' | 'server' | 'url' | 'domain'>,
): string {
  const target = test.server ?? test.url ?? test.domain;
  const agents = test.agents.map((agent) => {
    const name = (agent as { agentName?: unknown }).agentName;
    return typeof name === 'string' ? `${name} (${agent.agentId})` : String(agent.agentId);
  });
  return [
    `"${test.testName}"`,
    test.type,
    ...(target ? [target] : []),
    `every ${test.interval} s`,
    `agents ${agents.join(', ') || 'none'}`,
  ].join(' · ');
}
