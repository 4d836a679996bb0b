// The lowest-scored user sessions of a walk over many pages, kept in bounded memory: only the
// N worst (and sessions tied with the N-th, up to a bound) are held, whatever the walk reads.
// Equal scores are ranked by what hurt most (WORST_ORDER), read from the sessions' details.
// Pure; the explorer's "Worst Sessions" node, the CLI and AI tools share this one ranking.
import type { UserSession, UserSessionDetail } from '../../api/types';

const scoreOf = (session: UserSession): number | undefined => {
  const value: unknown = session.experienceScore;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The ranking in words, for the list's tooltip and description. */
export const WORST_ORDER =
  'lowest score first; equal scores: slowest page, then most packet loss, ' +
  'then most error pages, then the earlier session';
export const WORST_ORDER_SHORT = 'by score, ties by slowest page, loss, errors';

/** What hurt a session, from its details (undefined: not reported). */
export interface SessionHurt {
  slowestLoadMs?: number;
  lossPercent?: number;
  errorPages?: number;
}

/** Sessions kept past the N-th when they tie with it, at most this many times N. */
const TIE_FACTOR = 5;

interface Kept<T> {
  session: T;
  score: number;
  order: number;
}

export class LowestScores<T extends UserSession = UserSession> {
  /** Kept ascending by score, then by the order read (the earlier of equal scores first). */
  private readonly kept: Kept<T>[] = [];
  private readCount = 0;
  private unscoredCount = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  get read(): number {
    return this.readCount;
  }
  /** Sessions read without a score (they cannot be ranked). */
  get unscored(): number {
    return this.unscoredCount;
  }

  add(session: T): void {
    const order = this.readCount++;
    const score = scoreOf(session);
    if (score === undefined) {
      this.unscoredCount++;
      return;
    }
    const cutoff = this.kept[this.limit - 1]?.score;
    if (cutoff !== undefined && (score > cutoff || (score === cutoff && this.kept.length >= this.limit * TIE_FACTOR)))
      return;
    let at = this.kept.length;
    while (at > 0 && this.kept[at - 1]!.score > score) at--;
    this.kept.splice(at, 0, { session, score, order });
    const newCutoff = this.kept[this.limit - 1]?.score;
    while (
      newCutoff !== undefined &&
      this.kept.length > this.limit &&
      this.kept[this.kept.length - 1]!.score > newCutoff
    )
      this.kept.pop();
    if (this.kept.length > this.limit * TIE_FACTOR) this.kept.pop(); // the last read of the tied
  }

  /** The worst sessions, worst first, equal scores in the order read (before ranking ties). */
  sessions(): T[] {
    return this.kept.slice(0, this.limit).map((entry) => entry.session);
  }

  /** Sessions whose score another kept session shares: only their ranking needs details. */
  tied(): T[] {
    const counts = new Map<number, number>();
    for (const { score } of this.kept) counts.set(score, (counts.get(score) ?? 0) + 1);
    return this.kept.filter((entry) => (counts.get(entry.score) ?? 0) > 1).map((entry) => entry.session);
  }

  /** The N worst in WORST_ORDER; `hurtOf` answers for the sessions whose details were read. */
  ranked(hurtOf: (session: T) => SessionHurt | undefined): T[] {
    return this.kept
      .map((entry) => ({ ...entry, hurt: hurtOf(entry.session) ?? {} }))
      .sort(compareWorst)
      .slice(0, this.limit)
      .map((entry) => entry.session);
  }
}

/** WORST_ORDER as a comparator: negative when `a` is worse. Unreported measures rank as hurting least. */
export function compareWorst(
  a: { score: number; order: number; hurt: SessionHurt },
  b: { score: number; order: number; hurt: SessionHurt },
): number {
  return (
    a.score - b.score ||
    more(a.hurt.slowestLoadMs, b.hurt.slowestLoadMs) ||
    more(a.hurt.lossPercent, b.hurt.lossPercent) ||
    more(a.hurt.errorPages, b.hurt.errorPages) ||
    a.order - b.order
  );
}

function more(a: number | undefined, b: number | undefined): number {
  return (b ?? -Infinity) - (a ?? -Infinity) || 0;
}

/** Slowest page, loss to the destination (ping) and error pages of a session's details. */
export function sessionHurt(detail: Pick<UserSessionDetail, 'pages' | 'network'> | undefined): SessionHurt {
  const hurt: SessionHurt = {};
  const pages = Array.isArray(detail?.pages) ? detail.pages : [];
  for (const page of pages) {
    const onLoad: unknown = page?.pageTimings?.onLoad;
    if (typeof onLoad === 'number' && Number.isFinite(onLoad) && onLoad > (hurt.slowestLoadMs ?? -Infinity))
      hurt.slowestLoadMs = onLoad;
    const code: unknown = page?.responseCode;
    if (typeof code === 'number') hurt.errorPages = (hurt.errorPages ?? 0) + (code >= 400 ? 1 : 0);
  }
  const ping: unknown = detail?.network?.ping;
  if (typeof ping === 'object' && ping !== null) {
    const { pktsSent, pktsReceived } = ping as { pktsSent?: unknown; pktsReceived?: unknown };
    if (
      typeof pktsSent === 'number' &&
      typeof pktsReceived === 'number' &&
      pktsSent > 0 &&
      pktsReceived >= 0 &&
      pktsReceived <= pktsSent
    ) {
      hurt.lossPercent = ((pktsSent - pktsReceived) / pktsSent) * 100;
    }
  }
  return hurt;
}

/** "10 lowest of 1,234 sessions (3 without a score)", and whether the walk stopped at its bound. */
export function worstSummary(found: number, read: number, unscored: number, complete: boolean): string {
  const of = `${found} lowest of ${read.toLocaleString('en-US')}${complete ? '' : '+'} session${read === 1 ? '' : 's'}`;
  return [
    of,
    unscored > 0 ? `${unscored} without a score` : undefined,
    complete ? undefined : 'stopped at the walk limit',
  ]
    .filter(Boolean)
    .join(' · ');
}
