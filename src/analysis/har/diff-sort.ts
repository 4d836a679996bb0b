// Orders of the diff's rows. Every order ends in the same tie-breakers (mark, key, then
// the nth request of that key), so a sort is total, stable and repeatable.
import type { DiffMark, HarDiffRow } from './diff';

export const DIFF_SORT_ORDERS = ['regression', 'improvement', 'change', 'bytes', 'url', 'start'] as const;
/**
 * regression: largest time added first (new requests count their whole time, missing ones
 * minus theirs); improvement: largest time saved first; change: largest |delta| first;
 * bytes: most transferred bytes added first; url: normalised URL A→Z; start: when the
 * request started, from its page's start (the after side's, else the before side's).
 */
export type DiffSortOrder = (typeof DIFF_SORT_ORDERS)[number];

/** Worst first, among rows with the same delta. */
export const DIFF_MARK_RANK: Readonly<Record<DiffMark, number>> = {
  'status changed': 0,
  new: 1,
  slower: 2,
  missing: 3,
  faster: 4,
  cached: 5,
  unchanged: 6,
};

type Compare = (a: HarDiffRow, b: HarDiffRow) => number;

const startOf = (row: HarDiffRow): number => (row.after ?? row.before)?.startOffsetMs ?? 0;
const bytesOf = (row: HarDiffRow): number => row.transferDeltaBytes ?? 0;

const COMPARE: Readonly<Record<DiffSortOrder, Compare>> = {
  regression: (a, b) => b.deltaMs - a.deltaMs,
  improvement: (a, b) => a.deltaMs - b.deltaMs,
  change: (a, b) => Math.abs(b.deltaMs) - Math.abs(a.deltaMs),
  bytes: (a, b) => bytesOf(b) - bytesOf(a),
  url: (a, b) => compareText(a.key, b.key),
  start: (a, b) => startOf(a) - startOf(b),
};

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function tieBreak(a: HarDiffRow, b: HarDiffRow): number {
  return DIFF_MARK_RANK[a.mark] - DIFF_MARK_RANK[b.mark] || compareText(a.key, b.key) || a.occurrence - b.occurrence;
}

/** A sorted copy; the input is not reordered. Unknown orders sort by regression. */
export function sortDiffRows(rows: readonly HarDiffRow[], order: DiffSortOrder = 'regression'): HarDiffRow[] {
  const compare = COMPARE[order] ?? COMPARE.regression;
  return [...rows].sort((a, b) => compare(a, b) || tieBreak(a, b));
}
