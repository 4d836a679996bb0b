// --window / --from / --to / --range for commands that read a time range of endpoint data: the
// flags read here, the range itself checked by src/workflows/time-range.ts.
import { UsageError } from './account';
import { askedRange, type AskedRange, type RangeFields, type RangeReading } from '../workflows/time-range';
import { flagOf } from './flags';

export { RETENTION_MS } from '../workflows/time-range';

export const TIME_RANGE_USAGE =
  `  --window D       the last D: 30m, 6h, 24h (default), 7d; ` +
  `at most 7 days (the data's retention)
  --from T --to T  an absolute range instead: 2026-11-23 08:00, today, 'yesterday 14:00' (local
                   time, said on stderr), or ISO 8601 with an offset (2026-11-23T08:00Z); --to
                   defaults to now
  --range R        a range in local time: today, yesterday, 'yesterday afternoon',
                   '2026-11-24 14:00 – 18:00'`;

const FIELDS: Record<string, keyof RangeFields> = {
  '--window': 'window',
  '--from': 'from',
  '--to': 'to',
  '--range': 'range',
};

/** The range, with `note` saying (for stderr) how its times were read. */
export interface CliRange extends AskedRange {
  note?: string;
}

export function readTimeRange(args: readonly string[], nowMs: number): { range: CliRange; rest: string[] } {
  const rest: string[] = [];
  const fields: RangeFields = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const field = FIELDS[arg];
    if (field !== undefined) {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      fields[field] = value;
    } else rest.push(arg);
  }
  const range: CliRange = askedRange(fields, nowMs);
  if (range.reading) range.note = noteOf(range.reading);
  return { range, rest };
}

function noteOf(reading: RangeReading): string {
  return reading.kind === 'named'
    ? `range: ${reading.label}`
    : `${flagOf('from')}/${flagOf('to')} without an offset read as local time (${reading.zone}): ${reading.label}`;
}
