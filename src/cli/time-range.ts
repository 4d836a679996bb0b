// --window / --from / --to / --range for commands that read a time range of endpoint data.
// Times without an offset are local time (src/analysis/time/local-range.ts reads them).
import { UsageError } from './account';
import {
  LOCAL_TIME_HELP,
  localRangeLabel,
  parseLocalRange,
  parseLocalTime,
  RETENTION_MS,
  zoneOffsetText,
} from '../analysis/time/local-range';

export { RETENTION_MS };

export const TIME_RANGE_USAGE = `  --window D       the last D: 30m, 6h, 24h (default), 7d; at most 7 days (the data's retention)
  --from T --to T  an absolute range instead: 2026-11-23 08:00, today, 'yesterday 14:00' (local
                   time, said on stderr), or ISO 8601 with an offset (2026-11-23T08:00Z); --to
                   defaults to now
  --range R        a range in local time: today, yesterday, 'yesterday afternoon',
                   '2026-11-24 14:00 – 18:00'`;

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };
const FLAGS = new Set(['--window', '--from', '--to', '--range']);

/**
 * The range asked for: a relative window (the service resolves it against its own clock) or
 * from/to; `estimate` is where it lies by our clock; `note` says when times were read as local.
 */
export interface AskedRange {
  request: { window: string } | { from: Date; to: Date };
  estimate: { fromMs: number; toMs: number };
  note?: string;
}

export function readTimeRange(args: readonly string[], nowMs: number): { range: AskedRange; rest: string[] } {
  const rest: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (FLAGS.has(arg)) {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      values[arg] = value;
    } else rest.push(arg);
  }
  const absolute = values['--from'] !== undefined || values['--to'] !== undefined;
  const kinds = [values['--window'] !== undefined, absolute, values['--range'] !== undefined].filter(Boolean).length;
  if (kinds > 1) throw new UsageError('use one of --window, --from/--to or --range');
  if (values['--range'] !== undefined) return { range: namedRange(values['--range'], nowMs), rest };
  if (absolute) return { range: fromTo(values['--from'], values['--to'], nowMs), rest };
  const window = values['--window'] ?? '24h';
  const match = /^(\d{1,4})([mhdw])$/.exec(window);
  if (!match) throw new UsageError(`--window ${window} is not a duration like 30m, 6h, 24h or 7d`);
  const length = Number(match[1]) * (UNIT_MS[match[2] as string] as number);
  if (length <= 0 || length > RETENTION_MS)
    throw new UsageError(`--window ${window} must be longer than 0 and at most 7 days`);
  return { range: { request: { window }, estimate: { fromMs: nowMs - length, toMs: nowMs } }, rest };
}

function namedRange(text: string, nowMs: number): AskedRange {
  const parsed = parseLocalRange(text, nowMs);
  if (!parsed.ok) throw new UsageError(`--range: ${parsed.error}`);
  const { from, to, label } = parsed.value;
  return { request: { from, to }, estimate: { fromMs: from.getTime(), toMs: to.getTime() }, note: `range: ${label}` };
}

function fromTo(fromText: string | undefined, toText: string | undefined, nowMs: number): AskedRange {
  const from = timeOf('--from', fromText, nowMs);
  const to = toText === undefined ? { ms: nowMs, local: false } : timeOf('--to', toText, nowMs);
  if (from.ms >= to.ms) throw new UsageError('--from must be before --to');
  if (to.ms - from.ms > RETENTION_MS) throw new UsageError("the range is longer than 7 days (the data's retention)");
  const range: AskedRange = {
    request: { from: new Date(from.ms), to: new Date(to.ms) },
    estimate: { fromMs: from.ms, toMs: to.ms },
  };
  if (from.local || to.local) {
    const label = localRangeLabel(new Date(from.ms), new Date(to.ms));
    range.note = `--from/--to without an offset read as local time (${zoneOffsetText(new Date(from.ms))}): ${label}`;
  }
  return range;
}

function timeOf(flag: string, value: string | undefined, nowMs: number): { ms: number; local: boolean } {
  const parsed = value === undefined ? undefined : parseLocalTime(value, nowMs);
  if (parsed?.ok) return parsed.value;
  // Other ISO 8601 date-times (seconds, fractions); without an offset JavaScript reads them as local too.
  const ms = value === undefined || !/^\d{4}-\d{2}-\d{2}T/i.test(value) ? Number.NaN : Date.parse(value);
  if (Number.isFinite(ms)) return { ms, local: !/(Z|[+-]\d{2}:?\d{2})$/i.test(value ?? '') };
  throw new UsageError(
    `${flag} ${value ?? ''} is not a time: ${LOCAL_TIME_HELP}, or ISO 8601 with an offset (2026-11-23T08:00Z)`,
  );
}
