// The time range a read of endpoint data covers: a relative window, an absolute from/to, or a
// named range in local time (src/analysis/time/local-range.ts reads those). The CLI reads the
// fields from flags and the tools from arguments; both ask here, and both get the same checks.
import {
  LOCAL_TIME_HELP,
  localRangeLabel,
  parseLocalRange,
  parseLocalTime,
  RETENTION_MS,
  zoneOffsetText,
} from '../analysis/time/local-range';
import { InputError } from './input-error';

export { RETENTION_MS };

/** The fields of a range, as typed (any may be absent: the last 24 hours then). */
export interface RangeFields {
  window?: string;
  from?: string;
  to?: string;
  range?: string;
}

/** How the times were read, for a front door to say: a named range, or from/to taken as local time. */
export type RangeReading = { kind: 'named'; label: string } | { kind: 'local'; zone: string; label: string };

/**
 * The range asked for: a relative window (the service resolves it against its own clock) or
 * from/to; `estimate` is where it lies by our clock; `reading` says when times were read as local.
 */
export interface AskedRange {
  request: { window: string } | { from: Date; to: Date };
  estimate: { fromMs: number; toMs: number };
  reading?: RangeReading;
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

export function askedRange(fields: RangeFields, nowMs: number): AskedRange {
  const absolute = fields.from !== undefined || fields.to !== undefined;
  const kinds = [fields.window !== undefined, absolute, fields.range !== undefined].filter(Boolean).length;
  if (kinds > 1)
    throw new InputError(undefined, (n) => `use one of ${n('window')}, ${n('from')}/${n('to')} or ${n('range')}`);
  if (fields.range !== undefined) return namedRange(fields.range, nowMs);
  if (absolute) return fromTo(fields.from, fields.to, nowMs);
  const window = fields.window ?? '24h';
  const match = /^(\d{1,4})([mhdw])$/.exec(window);
  if (!match)
    throw new InputError('window', (n) => `${n('window')} ${window} is not a duration like 30m, 6h, 24h or 7d`);
  const length = Number(match[1]) * (UNIT_MS[match[2] as string] as number);
  if (length <= 0 || length > RETENTION_MS)
    throw new InputError('window', (n) => `${n('window')} ${window} must be longer than 0 and at most 7 days`);
  return { request: { window }, estimate: { fromMs: nowMs - length, toMs: nowMs } };
}

function namedRange(text: string, nowMs: number): AskedRange {
  const parsed = parseLocalRange(text, nowMs);
  if (!parsed.ok) throw new InputError('range', (n) => `${n('range')}: ${parsed.error}`);
  const { from, to, label } = parsed.value;
  return {
    request: { from, to },
    estimate: { fromMs: from.getTime(), toMs: to.getTime() },
    reading: { kind: 'named', label },
  };
}

function fromTo(fromText: string | undefined, toText: string | undefined, nowMs: number): AskedRange {
  const from = timeOf('from', fromText, nowMs);
  const to = toText === undefined ? { ms: nowMs, local: false } : timeOf('to', toText, nowMs);
  if (from.ms >= to.ms) throw new InputError('from', (n) => `${n('from')} must be before ${n('to')}`);
  if (to.ms - from.ms > RETENTION_MS)
    throw new InputError('from', () => "the range is longer than 7 days (the data's retention)");
  const range: AskedRange = {
    request: { from: new Date(from.ms), to: new Date(to.ms) },
    estimate: { fromMs: from.ms, toMs: to.ms },
  };
  if (from.local || to.local) {
    const label = localRangeLabel(new Date(from.ms), new Date(to.ms));
    range.reading = { kind: 'local', zone: zoneOffsetText(new Date(from.ms)), label };
  }
  return range;
}

function timeOf(field: 'from' | 'to', value: string | undefined, nowMs: number): { ms: number; local: boolean } {
  const parsed = value === undefined ? undefined : parseLocalTime(value, nowMs);
  if (parsed?.ok) return parsed.value;
  // Other ISO 8601 date-times (seconds, fractions); without an offset JavaScript reads them as local too.
  const ms = value === undefined || !/^\d{4}-\d{2}-\d{2}T/i.test(value) ? Number.NaN : Date.parse(value);
  if (Number.isFinite(ms)) return { ms, local: !/(Z|[+-]\d{2}:?\d{2})$/i.test(value ?? '') };
  throw new InputError(
    field,
    (n) =>
      `${n(field)} ${value ?? ''} is not a time: ${LOCAL_TIME_HELP}, or ISO 8601 with an offset (2026-11-23T08:00Z)`,
  );
}
