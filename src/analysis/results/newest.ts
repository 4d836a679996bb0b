// Opening a test's results paints the newest part first, then the whole range. The path
// panel's first paint is the newest round's traces, whose round is found from the path-vis of
// the range's last minutes: the whole range's list comes oldest first (200 agents × a day is
// 57,600 summaries) and is read after, for the round selector. The metrics panel's first
// paint is the range's last hour; the whole range then replaces it.
import { readPathRounds, type PathRange, type PathTraceClient } from '../path/read-rounds';
import type { PathRound } from '../path/rounds';

/** The newest part drawn first: the range's last hour. */
export const FIRST_PAINT_SECONDS = 3600;
/** Newest parts searched for the newest round, shortest first (a test runs every 1 to 60 minutes); then the whole range. */
const NEWEST_ROUND_SEARCH = [600, 7200] as const;

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** Seconds of a window such as `24h` (no unit: seconds, as the API reads it); undefined when it is not one. */
export function windowSeconds(window: string): number | undefined {
  const match = /^([0-9]{1,9})([smhdw]?)$/.exec(window);
  if (!match) return undefined;
  return Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
}

/** The range's last `seconds`; undefined when the range is no longer (then the range itself is its newest part). */
export function newestPart(range: PathRange, seconds: number): PathRange | undefined {
  if ('window' in range) {
    const length = windowSeconds(range.window);
    return length !== undefined && length > seconds ? { window: `${seconds}s` } : undefined;
  }
  const from = new Date(range.to.getTime() - seconds * 1000);
  return from > range.from ? { from, to: range.to } : undefined;
}

/**
 * The range's newest round with the agents that traced it: from the path-vis of its last ten
 * minutes, else its last two hours, else the whole range. The same round and agents as the
 * newest of the whole range's list (a round's summaries all fall in the part that holds it).
 */
export async function readNewestRound(client: PathTraceClient, testId: number, range: PathRange, signal?: AbortSignal): Promise<PathRound | undefined> {
  for (const seconds of NEWEST_ROUND_SEARCH) {
    const part = newestPart(range, seconds);
    if (!part) break;
    const newest = (await readPathRounds(client, testId, part, signal))[0];
    if (newest) return newest;
  }
  return (await readPathRounds(client, testId, range, signal))[0];
}
