// Reading an API test's steps: the newest round of a few of its agents, worst first (from the
// api results already read for their health), one request each. An agent whose round cannot be
// read (gone, or another failure) is left out, not the summary.
import type { ApiResult, ApiTestDetail } from '../../api/types';
import { apiRoundSteps, type ApiRoundSteps } from './api-steps';
import { latestHealthByAgent } from './health';

export interface ApiStepsClient {
  getApiTestDetail(
    testId: number,
    agentId: string,
    roundId: number,
    options: { signal?: AbortSignal },
  ): Promise<ApiTestDetail>;
}

/** Agents whose newest round's steps are read, at most. */
export const MAX_API_STEP_AGENTS = 3;

export async function readApiSteps(
  client: ApiStepsClient,
  testId: number,
  records: readonly ApiResult[],
  signal?: AbortSignal,
): Promise<ApiRoundSteps[]> {
  const agents = latestHealthByAgent('api', records).slice(0, MAX_API_STEP_AGENTS);
  const rounds = await Promise.all(
    agents.map(async (agent) => {
      try {
        return apiRoundSteps(
          await client.getApiTestDetail(testId, agent.agentId, agent.roundId, signal ? { signal } : {}),
          agent.agentName,
        );
      } catch (error) {
        if (signal?.aborted) throw error;
        return undefined;
      }
    }),
  );
  return rounds.filter((round): round is ApiRoundSteps => round !== undefined);
}
