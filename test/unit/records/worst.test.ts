// The worst sessions of a long walk: the N lowest scores, worst first, ties in the order read,
// unscored sessions counted and left out; memory holds N, not the walk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LowestScores, sessionHurt, WORST_ORDER, worstSummary } from '../../../src/analysis/records/worst';
import type { UserSession } from '../../../src/api/types';

const s = (id: number, experienceScore?: number): UserSession =>
  ({ userSessionId: String(id), ...(experienceScore === undefined ? {} : { experienceScore }) }) as UserSession;

test('keeps the lowest scores, worst first, equal scores in the order read', () => {
  const lowest = new LowestScores(3);
  [s(1, 0.9), s(2, 0.3), s(3), s(4, 0.3), s(5, 0.1), s(6, 0.95), s(7, 0.3)].forEach((x) => lowest.add(x));
  assert.deepEqual(
    lowest.sessions().map((x) => x.userSessionId),
    ['5', '2', '4'],
  );
  assert.equal(lowest.read, 7);
  assert.equal(lowest.unscored, 1);
});

test('matches a full sort on a long pseudo-random walk', () => {
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const all = Array.from({ length: 5000 }, (_, i) => s(i, Math.round(random() * 1000) / 1000));
  const lowest = new LowestScores(10);
  all.forEach((x) => lowest.add(x));
  const expected = all
    .map((x, i) => ({ x, i }))
    .sort((a, b) => a.x.experienceScore! - b.x.experienceScore! || a.i - b.i)
    .slice(0, 10)
    .map(({ x }) => x.userSessionId);
  assert.deepEqual(
    lowest.sessions().map((x) => x.userSessionId),
    expected,
  );
});

test('a bad limit is refused; the summary says what was walked', () => {
  assert.throws(() => new LowestScores(0), RangeError);
  assert.equal(worstSummary(10, 1234, 3, true), '10 lowest of 1,234 sessions · 3 without a score');
  assert.equal(worstSummary(10, 20000, 0, false), '10 lowest of 20,000+ sessions · stopped at the walk limit');
});

const detail = (
  onLoads: number[],
  ping?: { pktsSent: number; pktsReceived: number },
  codes: number[] = [],
): Parameters<typeof sessionHurt>[0] =>
  ({
    pages: onLoads.map((onLoad, i) => ({
      id: String(i),
      title: '',
      startedDateTime: '',
      responseCode: codes[i] ?? 200,
      pageTimings: { onContentLoad: 0, onLoad },
    })),
    network: { ping: ping ?? 'timed out' },
  }) as unknown as Parameters<typeof sessionHurt>[0];

test('equal scores rank by what hurt most: slowest page, then loss, then error pages, then the earlier', () => {
  const lowest = new LowestScores(4);
  const sessions = [s(1, 0.2), s(2, 0.2), s(3, 0.2), s(4, 0.2), s(5, 0.2), s(6, 0.1), s(7, 0.5)];
  sessions.forEach((x) => lowest.add(x));
  assert.deepEqual(
    lowest.tied().map((x) => x.userSessionId),
    ['1', '2', '3', '4', '5'],
    'the ties past the 4th are kept to be ranked',
  );
  const hurt = new Map([
    ['1', sessionHurt(detail([3000]))],
    ['2', sessionHurt(detail([9000], { pktsSent: 10, pktsReceived: 10 }))],
    ['3', sessionHurt(detail([3000], { pktsSent: 10, pktsReceived: 8 }))],
    ['4', sessionHurt(detail([3000], { pktsSent: 10, pktsReceived: 8 }, [500]))],
    ['5', sessionHurt(detail([9000], { pktsSent: 10, pktsReceived: 9 }))],
  ]);
  // 6 scores lowest; of the 0.2s: 5 and 2 have the slowest page (5 lost more), then 4 and 3 (4 had an error page).
  assert.deepEqual(
    lowest.ranked((x) => hurt.get(x.userSessionId)).map((x) => x.userSessionId),
    ['6', '5', '2', '4'],
  );
  // Without details the ties keep the order read.
  assert.deepEqual(
    lowest.ranked(() => undefined).map((x) => x.userSessionId),
    ['6', '1', '2', '3'],
  );
});

test('ties past the N-th are kept only up to a bound, and a lower score drops them', () => {
  const lowest = new LowestScores(2);
  for (let i = 0; i < 100; i++) lowest.add(s(i, 0.3));
  assert.equal(lowest.tied().length, 10, 'at most 5 × N held');
  lowest.add(s(100, 0.1));
  lowest.add(s(101, 0.2));
  assert.deepEqual(
    lowest.sessions().map((x) => x.userSessionId),
    ['100', '101'],
  );
  assert.deepEqual(lowest.tied(), [], 'the 0.3 ties are gone');
});

test('what hurt is read defensively from details', () => {
  assert.deepEqual(sessionHurt(detail([1200, 8000, 300], { pktsSent: 4, pktsReceived: 3 }, [200, 404, 200])), {
    slowestLoadMs: 8000,
    errorPages: 1,
    lossPercent: 25,
  });
  assert.deepEqual(sessionHurt(undefined), {});
  assert.deepEqual(
    sessionHurt(detail([], { pktsSent: 0, pktsReceived: 0 })),
    {},
    'no pages, nothing sent: nothing known',
  );
  assert.match(WORST_ORDER, /slowest page, then most packet loss/);
});
