// --window / --from / --to for commands that read a time range of endpoint data.
import { UsageError } from './account';

export const RETENTION_MS = 7 * 86_400_000;

export const TIME_RANGE_USAGE = `  --window D       the last D: 30m, 6h, 24h (default), 7d; at most 7 days (the data's retention)
  --from T --to T  an absolute range instead (ISO 8601, e.g. 2026-11-23T08:00Z)`;

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** The range asked for: a relative window (the service resolves it against its own clock) or from/to; `estimate` is where it lies by our clock. */
export interface AskedRange { request: { window: string } | { from: Date; to: Date }; estimate: { fromMs: number; toMs: number } }

export function readTimeRange(args: readonly string[], nowMs: number): { range: AskedRange; rest: string[] } {
  const rest: string[] = [];
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--window' || arg === '--from' || arg === '--to') {
      const value = args[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      values[arg] = value;
    } else rest.push(arg);
  }
  if (values['--window'] !== undefined && (values['--from'] !== undefined || values['--to'] !== undefined)) throw new UsageError('use --window or --from/--to, not both');
  if (values['--from'] !== undefined || values['--to'] !== undefined) {
    const from = dateOf('--from', values['--from']);
    const to = values['--to'] === undefined ? new Date(nowMs) : dateOf('--to', values['--to']);
    if (from.getTime() >= to.getTime()) throw new UsageError('--from must be before --to');
    if (to.getTime() - from.getTime() > RETENTION_MS) throw new UsageError('the range is longer than 7 days (the data\'s retention)');
    return { range: { request: { from, to }, estimate: { fromMs: from.getTime(), toMs: to.getTime() } }, rest };
  }
  const window = values['--window'] ?? '24h';
  const match = /^(\d{1,4})([mhdw])$/.exec(window);
  if (!match) throw new UsageError(`--window ${window} is not a duration like 30m, 6h, 24h or 7d`);
  const length = Number(match[1]) * (UNIT_MS[match[2] as string] as number);
  if (length <= 0 || length > RETENTION_MS) throw new UsageError(`--window ${window} must be longer than 0 and at most 7 days`);
  return { range: { request: { window }, estimate: { fromMs: nowMs - length, toMs: nowMs } }, rest };
}

function dateOf(flag: string, value: string | undefined): Date {
  const ms = value === undefined ? Number.NaN : Date.parse(value);
  if (!Number.isFinite(ms)) throw new UsageError(`${flag} ${value ?? ''} is not a date (ISO 8601, e.g. 2026-11-23T08:00Z)`);
  return new Date(ms);
}
