// Time parameters: window ([0-9]+[smhdw]?, no unit = seconds), from/to (YYYY-mm-ddTHH:MM:SS,
// UTC). Ranges end at "now"; without parameters a list covers the current round. `asOf` pins "now" so that a
// walk over `next` links stays on the same range when the clock enters a new round.
import type { TimeRange } from '../world/model';
import { badRequest, invalidField } from './errors';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
const WINDOW = /^([0-9]+)([smhdw]?)$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
/** v7's ISO 8601 in UTC: seconds, optional fraction, `Z`. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?Z$/;

export const PIN_PARAM = 'asOf';

export interface ResolvedRange {
  range: TimeRange;
  /** Epoch seconds that stand for "now" in this query (repeated in `next` links). */
  asOf: number;
}

export function parseWindow(text: string): number {
  const match = WINDOW.exec(text);
  if (!match) throw badRequest(`window '${text}' must match [0-9]+[smhdw]? (e.g. 300, 15m, 2h, 1d)`);
  const seconds = Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
  if (!Number.isSafeInteger(seconds) || seconds <= 0) throw badRequest(`window '${text}' must be a positive duration`);
  return seconds;
}

export function parseDateTime(name: string, text: string): number {
  return dateTimeOf(name, text, DATE_TIME, 'YYYY-mm-ddTHH:MM:SS (UTC)');
}

export function parseIsoDateTime(name: string, text: string): number {
  return Math.floor(dateTimeOf(name, text, ISO_DATE_TIME, 'ISO 8601 in UTC, e.g. 2024-05-27T14:00:00Z'));
}

function dateTimeOf(name: string, text: string, pattern: RegExp, form: string): number {
  const match = pattern.exec(text);
  const parts = match?.slice(1, 7).map(Number);
  if (!parts) throw invalidField(name, `${name} '${text.slice(0, 100)}' must be formatted ${form}`);
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw invalidField(name, `${name} '${text.slice(0, 100)}' is not a valid date and time`);
  }
  return ms / 1000;
}

export interface WorldClock {
  nowSeconds: number;
  roundSeconds: number;
  retentionSeconds: number;
}

/** The names and form of a dialect's range parameters: v6 `from`/`to`, v7 `startDate`/`endDate`. */
export interface RangeParams {
  from: string;
  to: string;
  parse: (name: string, text: string) => number;
}
export const V6_RANGE: RangeParams = { from: 'from', to: 'to', parse: parseDateTime };
export const V7_RANGE: RangeParams = { from: 'startDate', to: 'endDate', parse: parseIsoDateTime };

export function resolveRange(query: URLSearchParams, clock: WorldClock, params: RangeParams = V6_RANGE): ResolvedRange {
  const { roundSeconds } = clock;
  const asOf = pinnedNow(query, clock);
  const roundStart = Math.floor(asOf / roundSeconds) * roundSeconds;
  const window = query.get('window');
  const from = query.get(params.from);
  const to = query.get(params.to);
  if (window !== null && (from !== null || to !== null))
    throw badRequest(`Use either window or ${params.from}/${params.to}, not both`);
  if (to !== null && from === null) throw badRequest(`${params.to} needs ${params.from}`);
  if (from !== null) {
    const start = params.parse(params.from, from);
    const end = to === null ? asOf : params.parse(params.to, to);
    if (end <= start) throw badRequest(`${params.to} (${to ?? 'now'}) must be later than ${params.from} (${from})`);
    return { range: { from: start, to: end }, asOf };
  }
  if (window !== null) return { range: { from: asOf - parseWindow(window), to: asOf }, asOf };
  // The current round: the one that started last (its start alone when "now" is that start).
  return { range: { from: roundStart, to: Math.max(asOf, roundStart + 1) }, asOf };
}

/** A pinned "now" lies within the retention window: no data exists before it, and none yet after now. */
function pinnedNow(query: URLSearchParams, clock: WorldClock): number {
  const now = Math.floor(clock.nowSeconds);
  const pinned = query.get(PIN_PARAM);
  if (pinned === null) return now;
  if (!/^[0-9]{1,12}$/.test(pinned))
    throw badRequest(`${PIN_PARAM} '${pinned}' must be epoch seconds (it comes from a pages.next link)`);
  const asOf = Number(pinned);
  const oldest = now - clock.retentionSeconds;
  if (asOf < oldest || asOf > now) {
    const days = Math.round(clock.retentionSeconds / 86400);
    throw badRequest(
      `${PIN_PARAM} ${asOf} is outside the ${days}-day retention window: use epoch seconds from ${oldest} to ` +
        `${now} (it comes from a pages.next link)`,
    );
  }
  return asOf;
}

/** ISO 8601 in UTC without fraction, v7's date-time. */
export function formatIsoDateTime(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().slice(0, 19)}Z`;
}

/** yyyy-MM-dd HH:mm:ss in UTC, the service's dateTime format. */
export function formatDateTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
