// The one reader of the API's dates. v6 writes "yyyy-MM-dd HH:mm:ss" with no zone, in UTC per
// the spec; Date.parse would read that as local time, so every reader of an API date comes here.
import { utcMinute } from '../text/utc';

/** An API dateTime ("yyyy-MM-dd HH:mm:ss", UTC per the spec), ISO text or epoch seconds/ms, as epoch ms. */
export function apiTimeMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 1e12 ? value : value * 1000;
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const text = value.trim();
  if (/^\d{9,13}$/.test(text)) return apiTimeMs(Number(text));
  const bare = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(text);
  const ms = Date.parse(bare ? `${bare[1]}T${bare[2]}Z` : text);
  return Number.isFinite(ms) ? ms : undefined;
}

/** An API date as ISO text in UTC ("2026-11-18T10:06:28.000Z"), or the value as text when unreadable. */
export function apiTimeIso(value: unknown): string {
  const ms = apiTimeMs(value);
  return ms === undefined ? String(value ?? '') : new Date(ms).toISOString();
}

/** "2026-11-18 10:06 UTC", or undefined when the value is not a date. */
export function apiTimeUtcText(value: unknown): string | undefined {
  const ms = apiTimeMs(value);
  return ms === undefined ? undefined : utcMinute(ms);
}
