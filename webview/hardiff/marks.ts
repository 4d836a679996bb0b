// How each mark reads: a symbol and a word (never colour alone), and whether it is a regression.
import type { DiffMark } from '../../src/analysis/har/diff';

export const MARK_TEXT: Readonly<Record<DiffMark, string>> = {
  'status changed': '≠ status',
  new: '+ new',
  missing: '− missing',
  slower: '▲ slower',
  faster: '▼ faster',
  cached: '▼ from cache',
  unchanged: '= same',
};

export const MARK_LABELS: Readonly<Record<DiffMark, string>> = {
  'status changed': 'Status changed',
  new: 'New',
  missing: 'Missing',
  slower: 'Slower',
  faster: 'Faster',
  cached: 'Faster from cache',
  unchanged: 'Unchanged',
};

export function markClass(mark: DiffMark): string {
  if (mark === 'slower' || mark === 'new' || mark === 'status changed') return 'regressed';
  return mark === 'faster' ? 'improved' : '';
}
