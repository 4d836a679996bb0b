// The one binary search of the product: the critical path looks up requests by their end and
// idle time by merged busy stretches, the HAR diff finds the page an entry belongs to by its
// start, the timeline finds a lane's marks in a range and the one nearest the pointer, and a
// document's line index finds the line of an offset. Each is "how many items of a sorted list
// come before this point".

/**
 * How many items of `sorted` come before the first for which `isBefore` is false (it must be true for a prefix only).
 * O(log n).
 */
function countWhile<T>(sorted: readonly T[], isBefore: (item: T) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(sorted[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * In `sorted`, ascending by `key`: how many items have a key of at most `at` — which is also
 * the position of the first item after `at`. O(log n); NaN keys count as after everything.
 */
export function countAtMost<T>(sorted: readonly T[], key: (item: T) => number, at: number): number {
  return countWhile(sorted, (item) => key(item) <= at);
}

/**
 * In `sorted`, ascending by `key`: how many items have a key below `at` — which is also the
 * position of the first item at or after `at`. O(log n); NaN keys count as after everything.
 */
export function countBelow<T>(sorted: readonly T[], key: (item: T) => number, at: number): number {
  return countWhile(sorted, (item) => key(item) < at);
}
