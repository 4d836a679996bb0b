// Reading the path traces of a scheduled test: which rounds have traces (from the
// path-visualization list) and the detailed traces of one round, one request per agent, a few
// at a time. The client is passed in (NetmonClient satisfies PathTraceClient); the path
// panel, "Open Path Trace as Text" and `netmon path …` all read through here.
import type { PathTrace, PathVisSummary } from '../../api/types';
import { forEachAtMost } from '../pool';
import { readNewestFitting } from '../time/newest-part';
import { pathRounds, type PathRound } from './rounds';

/** Parallel trace requests per round: enough to be quick, few enough for the rate limit. */
export const TRACE_CONCURRENCY = 6;
/** Path-visualization summaries read for the round list, at most: a day of 5-minute rounds for 30 agents. */
export const MAX_SUMMARIES = 10_000;

export type PathRange = { window: string } | { from: Date; to: Date };

export interface PathTraceClient {
  pathVis(
    testId: number,
    options: PathRange & { signal?: AbortSignal },
  ): { collect(options: { maxRecords: number }): Promise<{ records: PathVisSummary[]; complete?: boolean }> };
  getPathTrace(testId: number, agentId: string, roundId: number, options: { signal?: AbortSignal }): Promise<PathTrace>;
}

/**
 * The test's rounds in a range, newest first, with the agents that traced each: of the whole
 * range when it holds at most `cap` summaries, else of its newest part that does (the list
 * comes oldest first: a capped read of a long range would drop the newest rounds, the ones
 * wanted). `cap` is MAX_SUMMARIES but for tests.
 */
export async function readPathRounds(
  client: PathTraceClient,
  testId: number,
  range: PathRange,
  signal?: AbortSignal,
  cap = MAX_SUMMARIES,
): Promise<PathRound[]> {
  const read = (part: PathRange, maxRecords: number): Promise<{ records: PathVisSummary[]; complete: boolean }> =>
    client
      .pathVis(testId, { ...part, ...(signal ? { signal } : {}) })
      .collect({ maxRecords })
      .then(({ records, complete }) => ({ records, complete: complete ?? records.length < maxRecords }));
  const { records } = await readNewestFitting(read, range, cap);
  return pathRounds(records);
}

/** The detailed traces of one round, one request per agent. */
export async function readRoundTraces(
  client: PathTraceClient,
  testId: number,
  agentIds: readonly string[],
  roundId: number,
  signal?: AbortSignal,
): Promise<PathTrace[]> {
  const results: PathTrace[] = new Array<PathTrace>(agentIds.length);
  await forEachAtMost(agentIds, TRACE_CONCURRENCY, async (agentId, index) => {
    results[index] = await client.getPathTrace(testId, agentId, roundId, signal ? { signal } : {});
  });
  return results;
}
