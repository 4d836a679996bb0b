// A range's newest part: the lists of results come oldest first, so a capped read of a long
// range ends hours before the range does. These read the range's newest part instead (its
// last seconds, as a window or from/to), narrowed until it fits a cap; the panels, the path
// rounds and `netmon results` share them.
import type { PathRange } from '../path/read-rounds';
/** The newest part drawn first: the range's last hour. */
export const FIRST_PAINT_SECONDS = 3600;

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

/** A range's newest part that fits a panel's cap, and what was left out. */
export interface FittingRead<T> {
  records: T[];
  /** The range read: the whole range, or its newest part. */
  range: PathRange;
  /**
   * When the whole range holds more than the cap: the seconds read of the range's, and the records the range holds,
   * about (from the newest part's density).
   */
  narrowed?: { seconds: number; rangeSeconds: number; about: number };
  /** False when even the shortest part held more than the cap (then `records` are its oldest). */
  complete: boolean;
}

/** Reads one part of a range, at most `maxRecords` (a list walk's `collect`). */
export type PartReader<T> = (range: PathRange, maxRecords: number) => Promise<{ records: T[]; complete: boolean }>;

/** A part read already: its seconds and the records it held. */
export interface PartCount {
  seconds: number;
  records: number;
}

/** Narrowing stops at ten minutes, after at most this many halvings. */
const SHORTEST_PART_SECONDS = 600;
const MAX_NARROWINGS = 8;

/** Seconds a range spans; undefined for a window that is not one. */
export function rangeSeconds(range: PathRange): number | undefined {
  return 'window' in range
    ? windowSeconds(range.window)
    : Math.max(0, Math.round((range.to.getTime() - range.from.getTime()) / 1000));
}

/**
 * The range when it holds at most `cap` records, else its newest part that does: its length
 * estimated from a newest part's density (`known`, else the last hour read here), in whole
 * hours (minutes under an hour), halved while a read still overflows. The lists come oldest
 * first, so a capped read of the whole range would end hours before the range does.
 */
export async function readNewestFitting<T>(
  read: PartReader<T>,
  range: PathRange,
  cap: number,
  known?: PartCount,
): Promise<FittingRead<T>> {
  const total = rangeSeconds(range);
  if (total === undefined) return { ...(await read(range, cap)), range };
  let probe = known;
  if (!probe) {
    const part = newestPart(range, FIRST_PAINT_SECONDS);
    if (!part) return { ...(await read(range, cap)), range };
    probe = { seconds: FIRST_PAINT_SECONDS, records: (await read(part, cap)).records.length };
  }
  // A probe that filled the cap held more: its density says nothing of the range's size.
  const about = probe.seconds > 0 && probe.records < cap ? Math.round((probe.records * total) / probe.seconds) : 0;
  let seconds = fittingSeconds(probe, cap, total);
  for (let narrowings = 0; ; narrowings++) {
    const part = seconds < total ? newestPart(range, seconds) : undefined;
    const result = await read(part ?? range, cap);
    const last = narrowings >= MAX_NARROWINGS || seconds <= SHORTEST_PART_SECONDS;
    if (result.complete || last) {
      return {
        records: result.records,
        complete: result.complete,
        range: part ?? range,
        ...(part ? { narrowed: { seconds, rangeSeconds: total, about } } : {}),
      };
    }
    seconds = Math.max(SHORTEST_PART_SECONDS, wholeUnits(Math.min(seconds, total) / 2));
  }
}

/** The seconds that hold about `cap` records at the probe's density (the whole range when it fits). */
function fittingSeconds(probe: PartCount, cap: number, total: number): number {
  if (probe.records === 0) return total;
  const fits = (probe.seconds * cap) / probe.records;
  return fits >= total ? total : wholeUnits(fits);
}

/** Down to whole hours, or whole minutes under an hour (at least one). */
function wholeUnits(seconds: number): number {
  const unit = seconds >= 3600 ? 3600 : 60;
  return Math.max(60, Math.floor(seconds / unit) * unit);
}

/**
 * What a capped read left out: the part drawn ("the last 4 h") and why ("about 57,600 results are more than the 10,000
 * the panel draws"); undefined when nothing.
 */
export function leftOut(
  read: Pick<FittingRead<unknown>, 'narrowed' | 'complete'>,
  cap: number,
  what: string,
): { part: string; why: string } | undefined {
  const drawn = cap.toLocaleString('en-US');
  if (read.narrowed) {
    const { seconds, about } = read.narrowed;
    const last = `the last ${seconds % 3600 === 0 ? `${seconds / 3600} h` : `${Math.round(seconds / 60)} min`}`;
    const part = read.complete ? last : `the first ${drawn} ${what} of ${last}`;
    const why =
      about > cap
        ? `about ${about.toLocaleString('en-US')} ${what} are more than the ${drawn} the panel draws`
        : `the range holds more ${what} than the ${drawn} the panel draws`;
    return { part, why };
  }
  return read.complete
    ? undefined
    : { part: `the first ${drawn} ${what}`, why: `the range holds more than the panel draws` };
}
