// countAtMost and countBelow, the binary search the critical path, the HAR diff, the timeline
// and the document line index share: checked against counting every item, on lists with
// repeats, on empty lists and at both ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countAtMost, countBelow } from '../../src/analysis/sorted-search';

const byEnd = (item: { endMs: number }) => item.endMs;

test('counts the items at or before the time, repeats included, as a scan would', () => {
  const ends = [0, 10, 10, 10, 25, 40.5, 40.5, 100].map((endMs) => ({ endMs }));
  for (const at of [-1, 0, 5, 10, 10.0001, 24.9, 25, 40.5, 99, 100, 1e9]) {
    assert.equal(countAtMost(ends, byEnd, at), ends.filter((item) => item.endMs <= at).length, `at ${at}`);
    assert.equal(countBelow(ends, byEnd, at), ends.filter((item) => item.endMs < at).length, `below ${at}`);
  }
});

test('an empty list counts nothing, a time before everything counts nothing, after everything counts all', () => {
  assert.equal(countAtMost([], byEnd, 5), 0);
  const one = [{ endMs: 7 }];
  assert.deepEqual(
    [countAtMost(one, byEnd, 6.9), countAtMost(one, byEnd, 7), countAtMost(one, byEnd, Infinity)],
    [0, 1, 1],
  );
  assert.equal(countAtMost(one, byEnd, NaN), 0, 'no time is at or after NaN');
  assert.deepEqual(
    [countBelow([], byEnd, 5), countBelow(one, byEnd, 7), countBelow(one, byEnd, 7.1), countBelow(one, byEnd, NaN)],
    [0, 0, 1, 0],
  );
});

test('agrees with a scan on 2,000 random sorted lists', () => {
  let state = 12345;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  for (let round = 0; round < 2000; round++) {
    const list = Array.from({ length: Math.floor(next() * 40) }, () => ({ endMs: Math.floor(next() * 50) })).sort(
      (a, b) => a.endMs - b.endMs,
    );
    const at = Math.floor(next() * 60) - 5;
    assert.equal(countAtMost(list, byEnd, at), list.filter((item) => item.endMs <= at).length);
    assert.equal(countBelow(list, byEnd, at), list.filter((item) => item.endMs < at).length);
  }
});
