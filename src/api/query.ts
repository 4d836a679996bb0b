// Query parameters shared by the endpoints: aid, format and the time range.
import type { ResponseFormat, TimeRangeOptions } from './client';

const WINDOW_PATTERN = /^[0-9]+[smhdw]?$/;

/** `YYYY-mm-ddTHH:MM:SS` in UTC, the only date form the spec accepts. */
export function formatApiDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid Date in time range');
  return date.toISOString().slice(0, 19);
}

export interface QueryParts extends TimeRangeOptions {
  aid?: number | string;
  format?: ResponseFormat;
}

/** Throws a RangeError for a time range the server would reject anyway. */
export function checkTimeRange(range: TimeRangeOptions): void {
  if (range.window !== undefined && !WINDOW_PATTERN.test(range.window)) {
    throw new RangeError(`window "${range.window}" must match [0-9]+[smhdw]?`);
  }
  if (range.window !== undefined && (range.from || range.to)) {
    throw new RangeError('give either window or from/to, not both');
  }
  if (range.to && !range.from) throw new RangeError('to needs from');
  if (range.from && range.to && range.from.getTime() > range.to.getTime()) {
    throw new RangeError('from is after to');
  }
}

/** How a dialect names and writes the two ends of a time range (v6 `from`/`to`, v7 `startDate`/`endDate`). */
export interface TimeRangeSpelling {
  from: string;
  to: string;
  date: (date: Date) => string;
}

/** The query of a time range (`window`, or its two ends as the dialect spells them), checked first. */
export function timeRangeQuery(range: TimeRangeOptions, spelling: TimeRangeSpelling): Record<string, string> {
  checkTimeRange(range);
  const query: Record<string, string> = {};
  if (range.window !== undefined) query['window'] = range.window;
  if (range.from) query[spelling.from] = spelling.date(range.from);
  if (range.to) query[spelling.to] = spelling.date(range.to);
  return query;
}

/** Sets the given parameters on a copy of `url`; parameters already present are replaced. */
export function applyQuery(url: URL, parts: QueryParts): URL {
  checkTimeRange(parts);
  const result = new URL(url);
  const params = result.searchParams;
  if (parts.aid !== undefined) params.set('aid', String(parts.aid));
  if (parts.format !== undefined) params.set('format', parts.format);
  if (parts.window !== undefined) params.set('window', parts.window);
  if (parts.from) params.set('from', formatApiDate(parts.from));
  if (parts.to) params.set('to', formatApiDate(parts.to));
  return result;
}

/** Joins a path to the base URL, keeping any path prefix of the base (e.g. behind a gateway). */
export function resolvePath(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\/+/, ''), base);
}

/**
 * Encodes one path segment taken from user or server data. `.`, `..` and empty ids are
 * refused: URL resolution would collapse them and the call would reach another endpoint.
 */
export function segment(value: string | number): string {
  const text = String(value);
  if (text === '' || text === '.' || text === '..') {
    throw new RangeError(`"${text}" is not a valid id for a URL path segment`);
  }
  return encodeURIComponent(text);
}
