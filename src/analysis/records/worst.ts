// The lowest-scored user sessions of a walk over many pages, kept in bounded memory: only the
// N worst are held, whatever the walk reads. Pure; the explorer's "Worst Sessions" node and
// any script use it.
import type { UserSession } from '../../api/types';

const scoreOf = (session: UserSession): number | undefined => {
  const value: unknown = session.experienceScore;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

export class LowestScores<T extends UserSession = UserSession> {
  /** Kept ascending by score, then by the order read (the earlier of equal scores first). */
  private readonly kept: { session: T; score: number; order: number }[] = [];
  private readCount = 0;
  private unscoredCount = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  get read(): number { return this.readCount; }
  /** Sessions read without a score (they cannot be ranked). */
  get unscored(): number { return this.unscoredCount; }

  add(session: T): void {
    const order = this.readCount++;
    const score = scoreOf(session);
    if (score === undefined) { this.unscoredCount++; return; }
    const full = this.kept.length >= this.limit;
    if (full && score >= this.kept[this.kept.length - 1]!.score) return;
    let at = this.kept.length;
    while (at > 0 && this.kept[at - 1]!.score > score) at--;
    this.kept.splice(at, 0, { session, score, order });
    if (this.kept.length > this.limit) this.kept.pop();
  }

  /** The worst sessions, worst first. */
  sessions(): T[] {
    return this.kept.map((entry) => entry.session);
  }
}

/** "10 lowest of 1,234 sessions (3 without a score)", and whether the walk stopped at its bound. */
export function worstSummary(found: number, read: number, unscored: number, complete: boolean): string {
  const of = `${found} lowest of ${read.toLocaleString('en-US')}${complete ? '' : '+'} session${read === 1 ? '' : 's'}`;
  return [of, unscored > 0 ? `${unscored} without a score` : undefined, complete ? undefined : 'stopped at the walk limit'].filter(Boolean).join(' · ');
}
