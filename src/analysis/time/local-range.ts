// Times and ranges as people type them, read in the machine's local time zone: "today",
// "yesterday", "yesterday 14:00", "yesterday afternoon", "2026-11-24 14:00 – 18:00". Text
// with an offset or Z ("2026-11-24T14:00Z") keeps it. Pure (the clock is a parameter; the
// zone is the process's, so tests set TZ); the view, the agent timeline and the CLI share it.

const DAY_MS = 86_400_000;
/** Longest text read: a range is well under it, and nothing longer is scanned. */
const MAX_TEXT = 100;
export const RETENTION_MS = 7 * DAY_MS;

export const LOCAL_TIME_HELP =
  'today, yesterday, yesterday 14:00, yesterday afternoon, 2026-11-24 14:00, or a range: 2026-11-24 14:00 – 18:00';

/** A point in time; `local` when the text named no offset (so it was read in local time). */
export interface ReadTime {
  ms: number;
  local: boolean;
}

/** A resolved range; `label` says it in local time with the zone's offset. */
export interface LocalRange {
  from: Date;
  to: Date;
  label: string;
  local: boolean;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const PARTS_OF_DAY: Record<string, [number, number]> = {
  morning: [6, 12],
  afternoon: [12, 18],
  evening: [18, 24],
  night: [0, 6],
};

const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

/** Local midnight of the day `daysBack` before the day holding `nowMs`. */
function localMidnight(nowMs: number, daysBack: number): Date {
  const now = new Date(nowMs);
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
}

function atLocal(day: Date, hours: number, minutes: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes);
}

/** "14:00" / "9:30" → [14, 0]; undefined when not a time of day. */
function clock(text: string): [number, number] | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours <= 24 && minutes < 60 && (hours < 24 || minutes === 0) ? [hours, minutes] : undefined;
}

/** The day a word or date names: today, yesterday, YYYY-MM-DD (local). */
function dayOf(word: string, nowMs: number): Date | undefined {
  if (word === 'today') return localMidnight(nowMs, 0);
  if (word === 'yesterday') return localMidnight(nowMs, 1);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(word);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getDate() === Number(match[3]) && date.getMonth() === Number(match[2]) - 1 ? date : undefined;
}

/** One point: a day word or date, optionally with a time; or ISO 8601 with an offset/Z. */
export function parseLocalTime(input: string, nowMs: number): Parsed<ReadTime> {
  const text = input.trim().toLowerCase();
  if (text.length === 0 || text.length > MAX_TEXT)
    return fail(`"${input.slice(0, 40)}" is not a time: ${LOCAL_TIME_HELP}`);
  if (/(z|[+-]\d{2}:?\d{2})$/.test(text) && /^\d{4}-\d{2}-\d{2}t/.test(text)) {
    const ms = Date.parse(text.toUpperCase());
    return Number.isFinite(ms) ? { ok: true, value: { ms, local: false } } : fail(`${input} is not a date`);
  }
  const [dayWord, time, extra] = text.replace(/^(\d{4}-\d{2}-\d{2})t/, '$1 ').split(/\s+/);
  const day = dayWord === undefined ? undefined : dayOf(dayWord, nowMs);
  if (!day || extra !== undefined) return fail(`"${input.slice(0, 40)}" is not a time: ${LOCAL_TIME_HELP}`);
  if (time === undefined) return { ok: true, value: { ms: day.getTime(), local: true } };
  const hm = clock(time);
  if (!hm) return fail(`"${time.slice(0, 20)}" is not a time of day like 14:00`);
  return { ok: true, value: { ms: atLocal(day, hm[0], hm[1]).getTime(), local: true } };
}

/** The range separators: an en or em dash, " - ", " to " or "..". */
const SEPARATOR = /\s+(?:–|—|-|to)\s+|\s*(?:–|—|\.\.)\s*/;

/**
 * A range: "today" (midnight → now), "yesterday" (the whole day), "yesterday afternoon"
 * (12:00–18:00; also morning, evening, night), "A – B" where B may be a bare time on A's
 * day, or a single point (→ now). The end is clamped to now; at most 7 days long.
 */
export function parseLocalRange(input: string, nowMs: number): Parsed<LocalRange> {
  const text = input.trim().toLowerCase();
  if (text.length === 0 || text.length > MAX_TEXT) return fail(`Enter a range: ${LOCAL_TIME_HELP}`);
  const bounds = wholeDay(text, nowMs) ?? partOfDay(text, nowMs) ?? twoPoints(text, nowMs);
  if (!bounds.ok) return bounds;
  const { from, local } = bounds.value;
  const to = Math.min(bounds.value.to, nowMs);
  if (from >= nowMs) return fail(`${formatLocal(new Date(from))} has not happened yet`);
  if (from >= to) return fail('The end must be after the start');
  if (to - from > RETENTION_MS) return fail("The range is longer than 7 days (the data's retention)");
  return {
    ok: true,
    value: {
      from: new Date(from),
      to: new Date(to),
      local,
      label: localRangeLabel(new Date(from), new Date(to), local),
    },
  };
}

interface Bounds {
  from: number;
  to: number;
  local: boolean;
}

function wholeDay(text: string, nowMs: number): Parsed<Bounds> | undefined {
  if (text !== 'today' && text !== 'yesterday') return undefined;
  const start = localMidnight(nowMs, text === 'today' ? 0 : 1);
  const end = text === 'today' ? nowMs : localMidnight(nowMs, 0).getTime();
  return { ok: true, value: { from: start.getTime(), to: end, local: true } };
}

function partOfDay(text: string, nowMs: number): Parsed<Bounds> | undefined {
  const [dayWord, part, extra] = text.split(/\s+/);
  const hours = part === undefined ? undefined : PARTS_OF_DAY[part];
  const day = dayWord === undefined ? undefined : dayOf(dayWord, nowMs);
  if (!hours || !day || extra !== undefined) return undefined;
  return {
    ok: true,
    value: { from: atLocal(day, hours[0], 0).getTime(), to: atLocal(day, hours[1], 0).getTime(), local: true },
  };
}

function twoPoints(text: string, nowMs: number): Parsed<Bounds> {
  const [first, second, extra] = text.split(SEPARATOR);
  if (first === undefined || extra !== undefined) return fail(`Enter a range: ${LOCAL_TIME_HELP}`);
  const start = parseLocalTime(first, nowMs);
  if (!start.ok) return start;
  if (second === undefined) return { ok: true, value: { from: start.value.ms, to: nowMs, local: start.value.local } };
  const endClock = clock(second.trim());
  if (endClock && start.value.local) {
    const startDay = new Date(start.value.ms);
    return {
      ok: true,
      value: { from: start.value.ms, to: atLocal(startDay, endClock[0], endClock[1]).getTime(), local: true },
    };
  }
  const end = parseLocalTime(second, nowMs);
  if (!end.ok) return end;
  return { ok: true, value: { from: start.value.ms, to: end.value.ms, local: start.value.local || end.value.local } };
}

/** "UTC+01:00" for the local zone at `date` ("UTC" when it is UTC). */
export function zoneOffsetText(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** "2026-11-24 14:00" in local time. */
export function formatLocal(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** "2026-11-24 14:00 – 18:00 local time (UTC+01:00)"; the end's date is written when it differs. */
export function localRangeLabel(from: Date, to: Date, local = true): string {
  if (!local)
    return (
      `${from.toISOString().slice(0, 16).replace('T', ' ')} – ` +
      `${to.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    );
  const [start, end] = [formatLocal(from), formatLocal(to)];
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return `${start} – ${sameDay ? end.slice(11) : end} local time (${zoneOffsetText(from)})`;
}
