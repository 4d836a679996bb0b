// Sorting and grouping the user sessions a list has loaded: by time (the API's order), worst
// experience first, or slowest page first; grouped by site or by agent. Pure; the explorer
// arranges its rows with it. It orders what is loaded, and says so when more could be.
import type { UserSession } from '../../api/types';
import { experienceText } from '../grades';
import { compareWorst } from './worst';

export type SessionSort = 'time' | 'worst' | 'slowestPage';
export type SessionGroup = 'none' | 'site' | 'agent';

export const SORT_LABELS: Record<SessionSort, string> = {
  time: 'time (API order)',
  worst: 'worst experience first',
  slowestPage: 'slowest page first',
};
export const GROUP_LABELS: Record<SessionGroup, string> = { none: 'no grouping', site: 'by site', agent: 'by agent' };

export interface Placed<T> {
  record: T;
  index: number;
}
export interface SessionGroupOf<T> {
  key: string;
  label: string;
  items: Placed<T>[];
  worst?: number;
}

const score = (session: UserSession): number | undefined => {
  const value: unknown = session.experienceScore;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/**
 * Stable: ties and records without the measure keep the API's order, unmeasured ones last.
 * "Worst first" ranks equal scores as Worst Sessions does (WORST_ORDER), by the slowest page
 * when it is known.
 */
export function sortSessions<T extends UserSession>(
  records: readonly T[],
  sort: SessionSort,
  slowestLoadMs: (session: T) => number | undefined = () => undefined,
): Placed<T>[] {
  const placed = records.map((record, index) => ({ record, index }));
  if (sort === 'time') return placed;
  if (sort === 'worst') return worstFirst(placed, slowestLoadMs);
  const measure = (p: Placed<T>): number | undefined => {
    const ms = slowestLoadMs(p.record);
    return ms === undefined ? undefined : -ms;
  };
  return placed
    .map((p) => ({ p, m: measure(p) }))
    .sort(
      (a, b) =>
        (a.m === undefined ? 1 : 0) - (b.m === undefined ? 1 : 0) || (a.m ?? 0) - (b.m ?? 0) || a.p.index - b.p.index,
    )
    .map(({ p }) => p);
}

function worstFirst<T extends UserSession>(
  placed: Placed<T>[],
  slowestLoadMs: (session: T) => number | undefined,
): Placed<T>[] {
  const ranked = placed.map((p) => {
    const ms = slowestLoadMs(p.record);
    return { p, score: score(p.record), order: p.index, hurt: ms === undefined ? {} : { slowestLoadMs: ms } };
  });
  const scored = ranked.filter((r): r is typeof r & { score: number } => r.score !== undefined).sort(compareWorst);
  return [...scored, ...ranked.filter((r) => r.score === undefined)].map((r) => r.p);
}

/** Groups in order of their first (best-placed) member; each group keeps the sort inside it. */
export function groupSessions<T extends UserSession>(
  sorted: readonly Placed<T>[],
  group: Exclude<SessionGroup, 'none'>,
  agentName: (agentId: string) => string | undefined,
): SessionGroupOf<T>[] {
  const groups = new Map<string, SessionGroupOf<T>>();
  for (const placed of sorted) {
    const raw: unknown = group === 'site' ? placed.record.visitedSite : placed.record.agentId;
    const key = typeof raw === 'string' && raw !== '' ? raw : '';
    let entry = groups.get(key);
    if (!entry) {
      const label = key === '' ? `(${group} not reported)` : group === 'agent' ? (agentName(key) ?? key) : key;
      entry = { key, label, items: [] };
      groups.set(key, entry);
    }
    entry.items.push(placed);
    const s = score(placed.record);
    if (s !== undefined && (entry.worst === undefined || s < entry.worst)) entry.worst = s;
  }
  return [...groups.values()];
}

/** "3 sessions · worst 0.31 poor". */
export function groupDescription(group: SessionGroupOf<UserSession>): string {
  const count = `${group.items.length} session${group.items.length === 1 ? '' : 's'}`;
  const worst = experienceText(group.worst);
  return worst ? `${count} · worst ${worst}` : count;
}

/** What the list's description adds: what it is sorted by, over how much of the list. */
export function arrangementNote(
  sort: SessionSort,
  group: SessionGroup,
  loaded: number,
  hasMore: boolean,
): string | undefined {
  const parts = [
    sort === 'time' ? undefined : `sorted: ${SORT_LABELS[sort]}`,
    group === 'none' ? undefined : `grouped ${GROUP_LABELS[group]}`,
  ].filter(Boolean);
  if (parts.length === 0) return undefined;
  return `${parts.join(', ')} (${loaded} loaded${hasMore ? ' of more — Load more to include them' : ''})`;
}
