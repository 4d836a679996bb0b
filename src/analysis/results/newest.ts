// Opening a test's results paints the newest part first, then the whole range. The path
// panel's first paint is the newest round's traces, whose round is found from the path-vis of
// the range's last minutes: the whole range's list comes oldest first (200 agents × a day is
// 57,600 summaries) and is read after, for the round selector. The metrics panel's first
// paint is the range's last hour; the whole range then replaces it, or, when it holds more
// than the panel draws, its newest part that does (said in the panel: never the oldest part).
import { MAX_SUMMARIES, readPathRounds, type PathRange, type PathTraceClient } from '../path/read-rounds';
import { pathRounds, type PathRound } from '../path/rounds';
import { newestPart } from '../time/newest-part';

export {
  FIRST_PAINT_SECONDS,
  leftOut,
  newestPart,
  rangeSeconds,
  readNewestFitting,
  windowSeconds,
} from '../time/newest-part';
export type { FittingRead, PartCount, PartReader } from '../time/newest-part';

/**
 * Newest parts searched for the newest round, shortest first (a test runs every 1 to 60 minutes); then the whole range.
 */
const NEWEST_ROUND_SEARCH = [600, 7200] as const;

/**
 * The range's newest round with the agents that traced it: from the path-vis of its last ten
 * minutes, else its last two hours (each read as it is: short parts), else the whole range's
 * newest part that fits. The same round and agents as the newest of the whole range's list (a
 * round's summaries all fall in the part that holds it).
 */
export async function readNewestRound(
  client: PathTraceClient,
  testId: number,
  range: PathRange,
  signal?: AbortSignal,
): Promise<PathRound | undefined> {
  for (const seconds of NEWEST_ROUND_SEARCH) {
    const part = newestPart(range, seconds);
    if (!part) break;
    const { records } = await client
      .pathVis(testId, { ...part, ...(signal ? { signal } : {}) })
      .collect({ maxRecords: MAX_SUMMARIES });
    const newest = pathRounds(records)[0];
    if (newest) return newest;
  }
  return (await readPathRounds(client, testId, range, signal))[0];
}
