// The one binary search of the HAR analysis: the critical path looks up requests by their
// end and idle time by merged busy stretches, the HAR diff finds the page an entry belongs to
// by its start. Each is "how many items of a sorted list are at or before this time".

/**
 * In `sorted`, ascending by `key`: how many items have a key of at most `at` — which is also
 * the position of the first item after `at`. O(log n); NaN keys count as after everything.
 */
export function countAtMost<T>(sorted: readonly T[], key: (item: T) => number, at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(sorted[mid]!) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
