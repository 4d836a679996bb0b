// Column sorting; the file order breaks ties so a sort is stable and repeatable.
import type { WaterfallRow } from './waterfall';

export const SORT_KEYS = ['name', 'status', 'method', 'type', 'domain', 'size', 'time', 'start'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

type Compare = (a: WaterfallRow, b: WaterfallRow) => number;

const text =
  (pick: (row: WaterfallRow) => string): Compare =>
  (a, b) =>
    pick(a).localeCompare(pick(b));
const number =
  (pick: (row: WaterfallRow) => number): Compare =>
  (a, b) =>
    pick(a) - pick(b);

const COMPARE: Record<SortKey, Compare> = {
  name: text((r) => r.entry.name.toLowerCase()),
  status: number((r) => r.entry.status),
  method: text((r) => r.entry.method),
  type: text((r) => r.entry.resourceType),
  domain: text((r) => r.entry.host.toLowerCase()),
  size: number((r) => r.entry.transferBytes),
  time: number((r) => r.entry.totalMs),
  start: number((r) => r.offsetMs),
};

export function sortRows(rows: readonly WaterfallRow[], key: SortKey, direction: SortDirection): WaterfallRow[] {
  const compare = COMPARE[key];
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b) || a.entry.index - b.entry.index);
}
