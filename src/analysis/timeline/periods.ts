// The periods in which an agent's experience was poor: runs of poor sessions (the experience
// grade's "poor", the session verdict's threshold), broken by two good-enough sessions in a
// row or by a long quiet stretch.
import type { SessionMark } from './model';

/** A poor session this long after the previous one starts a new period. */
export const PERIOD_QUIET_MS = 20 * 60_000;
/** Sessions that are not poor, in a row, that end a period. */
export const PERIOD_RECOVERED_AFTER = 2;
/** Poor sessions a period needs; a lone poor session is counted, not made a period. */
export const PERIOD_MIN_POOR = 2;

export interface PoorPeriod {
  fromMs: number;
  toMs: number;
  /** Poor sessions in the period, and all sessions in it. */
  poor: number;
  sessions: number;
  worstScore?: number;
}

export interface PeriodSplit {
  periods: PoorPeriod[];
  isolatedPoor: number;
  scored: number;
}

export function poorPeriods(sessions: readonly SessionMark[]): PeriodSplit {
  const periods: PoorPeriod[] = [];
  let isolatedPoor = 0;
  let scored = 0;
  let open: { marks: SessionMark[]; lastPoor: SessionMark; goodRun: number } | undefined;
  const close = (): void => {
    if (!open) return;
    const marks = open.marks.filter((m) => m.t <= open!.lastPoor.t);
    const poor = marks.filter((m) => m.grade === 'bad');
    if (poor.length >= PERIOD_MIN_POOR) {
      const scores = poor.map((m) => m.score).filter((s): s is number => s !== undefined);
      periods.push({
        fromMs: poor[0]!.t,
        toMs: open.lastPoor.t,
        poor: poor.length,
        sessions: marks.length,
        ...(scores.length ? { worstScore: Math.min(...scores) } : {}),
      });
    } else isolatedPoor += poor.length;
    open = undefined;
  };
  for (const mark of [...sessions].sort((a, b) => a.t - b.t)) {
    if (mark.grade === undefined) continue;
    scored++;
    const poor = mark.grade === 'bad';
    if (open && poor && mark.t - open.lastPoor.t > PERIOD_QUIET_MS) close();
    if (!open) {
      if (poor) open = { marks: [mark], lastPoor: mark, goodRun: 0 };
      continue;
    }
    open.marks.push(mark);
    if (poor) {
      open.lastPoor = mark;
      open.goodRun = 0;
      continue;
    }
    open.goodRun++;
    if (open.goodRun >= PERIOD_RECOVERED_AFTER) close();
  }
  close();
  return { periods, isolatedPoor, scored };
}
