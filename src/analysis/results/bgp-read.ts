// Reading a BGP test's AS paths for its newest round: the round and prefixes come from the
// test's BGP results already read for its health; then each prefix's routes of that round and
// of the round before (two requests a prefix, a few prefixes at most). A round before that
// cannot be read (none in range, or gone) leaves the comparison out, not the report.
import type { BgpResult, BgpRoute } from '../../api/types';
import { bgpPathReport, type BgpPathReport } from './bgp-paths';

export interface BgpRoutesClient {
  getBgpRoutes(
    testId: number,
    prefixId: string,
    roundId: number,
    options: { signal?: AbortSignal },
  ): Promise<BgpRoute[]>;
}

/**
 * Prefixes of the newest round whose routes are read, at most (a test watches one, with its covered prefixes maybe).
 */
export const MAX_BGP_PREFIXES = 4;

const textId = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * The newest round's AS paths per prefix; `interval` (seconds) finds the round before when the results hold only one.
 */
export async function readBgpPaths(
  client: BgpRoutesClient,
  testId: number,
  records: readonly BgpResult[],
  interval?: number,
  signal?: AbortSignal,
): Promise<BgpPathReport[]> {
  if (records.length === 0) return [];
  const newest = records.reduce((max, record) => Math.max(max, record.roundId), -Infinity);
  const prefixIds = [
    ...new Set(
      records
        .filter((r) => r.roundId === newest)
        .map((r) => textId(r.prefixId))
        .filter((id): id is string => id !== undefined),
    ),
  ].slice(0, MAX_BGP_PREFIXES);
  return Promise.all(
    prefixIds.map(async (prefixId) => {
      const ofPrefix = records.filter((record) => textId(record.prefixId) === prefixId);
      const before = ofPrefix.reduce(
        (max, record) => (record.roundId < newest ? Math.max(max, record.roundId) : max),
        -Infinity,
      );
      const previousId = Number.isFinite(before) ? before : interval && interval > 0 ? newest - interval : undefined;
      const [routes, previous] = await Promise.all([
        client.getBgpRoutes(testId, prefixId, newest, signal ? { signal } : {}),
        previousId === undefined
          ? undefined
          : client.getBgpRoutes(testId, prefixId, previousId, signal ? { signal } : {}).catch((error: unknown) => {
              if (signal?.aborted) throw error;
              return undefined;
            }),
      ]);
      const prefix = ofPrefix.find((record) => typeof record.prefix === 'string')?.prefix;
      return bgpPathReport({
        prefixId,
        roundId: newest,
        routes,
        results: ofPrefix.filter((record) => record.roundId === newest),
        ...(typeof prefix === 'string' ? { prefix } : {}),
        ...(previous && previousId !== undefined ? { previous: { roundId: previousId, routes: previous } } : {}),
      });
    }),
  );
}
