// An API test's round in the waterfall we have: its steps, one row each, made a HAR by
// src/analysis/results/api-steps-har.ts (the failing step "(failed)" with its assertion
// errors); the panel is the one a page-load round opens, keyed the same way.
import { apiRoundHar } from '../../analysis/results/api-steps-har';
import { untrustedLine } from '../../analysis/text/untrusted';
import { roundMinute } from '../../analysis/text/utc';
import type { NetmonClient } from '../../api';
import type { EnterpriseTest } from '../../api/types';
import type { WaterfallPanels } from './waterfall-panels';

/** The waterfall panel of one round of a deployed test: a page load, a transaction or an API test's steps. */
export function deployedRoundKey(testId: number, agentId: string, roundId: number): string {
  return `waterfall:deployed:${testId}:${agentId}:${roundId}`;
}

export function openApiRound(
  client: NetmonClient,
  waterfalls: WaterfallPanels,
  test: EnterpriseTest,
  agentId: string,
  roundId: number,
): Promise<string> {
  return waterfalls.openHar({
    key: deployedRoundKey(test.testId, agentId, roundId),
    name: test.testName,
    read: async (signal) => {
      const detail = await client.getApiTestDetail(test.testId, agentId, roundId, { signal });
      const agent = typeof detail.agentName === 'string' ? detail.agentName : agentId;
      if (detail.requests.length === 0) {
        const why = typeof detail.errorDetails === 'string' ? ` (${untrustedLine(detail.errorDetails, 120)})` : '';
        throw new Error(
          `the API test's round of ${untrustedLine(agent, 80)} at ${roundMinute(roundId)} lists no step${why}`,
        );
      }
      // The test's own requests, when the service lists them with the test, name each step's method.
      const har = apiRoundHar(detail, { testName: test.testName, agentName: agent, definedRequests: test['requests'] });
      return { har, title: `${test.testName} · ${agent} · ${roundMinute(roundId)}` };
    },
  });
}
