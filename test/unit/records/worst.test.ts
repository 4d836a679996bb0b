// The worst sessions of a long walk: the N lowest scores, worst first, ties in the order read,
// unscored sessions counted and left out; memory holds N, not the walk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LowestScores, worstSummary } from '../../../src/analysis/records/worst';
import type { UserSession } from '../../../src/api/types';

const s = (id: number, experienceScore?: number): UserSession => ({ userSessionId: String(id), ...(experienceScore === undefined ? {} : { experienceScore }) }) as UserSession;

test('keeps the lowest scores, worst first, equal scores in the order read', () => {
  const lowest = new LowestScores(3);
  [s(1, 0.9), s(2, 0.3), s(3), s(4, 0.3), s(5, 0.1), s(6, 0.95), s(7, 0.3)].forEach((x) => lowest.add(x));
  assert.deepEqual(lowest.sessions().map((x) => x.userSessionId), ['5', '2', '4']);
  assert.equal(lowest.read, 7);
  assert.equal(lowest.unscored, 1);
});

test('matches a full sort on a long pseudo-random walk', () => {
  let seed = 7;
  const random = (): number => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
  const all = Array.from({ length: 5000 }, (_, i) => s(i, Math.round(random() * 1000) / 1000));
  const lowest = new LowestScores(10);
  all.forEach((x) => lowest.add(x));
  const expected = all.map((x, i) => ({ x, i })).sort((a, b) => a.x.experienceScore! - b.x.experienceScore! || a.i - b.i).slice(0, 10).map(({ x }) => x.userSessionId);
  assert.deepEqual(lowest.sessions().map((x) => x.userSessionId), expected);
});

test('a bad limit is refused; the summary says what was walked', () => {
  assert.throws(() => new LowestScores(0), RangeError);
  assert.equal(worstSummary(10, 1234, 3, true), '10 lowest of 1,234 sessions · 3 without a score');
  assert.equal(worstSummary(10, 20000, 0, false), '10 lowest of 20,000+ sessions · stopped at the walk limit');
});
