// Edge-crossing counts: exact per layer pair for the layout's own sweeps, and geometric
// over drawn polylines so two different layouts (ours, dagre) are judged the same way.

/**
 * Crossings between two adjacent layers, each edge given as (north position, south
 * position). Barth–Jünger–Mutzel accumulator tree: O(E log V).
 */
export function bilayerCrossings(edges: ReadonlyArray<readonly [number, number]>, southCount: number): number {
  const sorted = [...edges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return countInversions(
    sorted.map((e) => e[1]),
    southCount,
  );
}

/** Inversions of a sequence of small non-negative integers (< size) with a Fenwick tree. */
export function countInversions(sequence: ArrayLike<number>, size: number): number {
  const tree = new Int32Array(size + 1);
  let inversions = 0;
  for (let i = 0; i < sequence.length; i++) {
    const value = sequence[i]!;
    // Count earlier values strictly greater than this one.
    let seenAtMost = 0;
    for (let k = value + 1; k > 0; k -= k & -k) seenAtMost += tree[k]!;
    inversions += i - seenAtMost;
    for (let k = value + 1; k <= size; k += k & -k) tree[k]!++;
  }
  return inversions;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Proper crossings between the segments of drawn polylines (touching at a shared end
 * point does not count). A sweep over x keeps it near-linear for layered drawings.
 */
export function countPolylineCrossings(polylines: ReadonlyArray<readonly Point[]>): number {
  // Segments that merely meet at a layer boundary cannot properly cross, so they leave the sweep.
  const segments: [Point, Point][] = [];
  for (const line of polylines) {
    for (let i = 1; i < line.length; i++) {
      const a = line[i - 1]!;
      const b = line[i]!;
      segments.push(a.x <= b.x ? [a, b] : [b, a]);
    }
  }
  segments.sort((s, t) => s[0].x - t[0].x);
  let crossings = 0;
  const active: [Point, Point][] = [];
  for (const segment of segments) {
    for (let i = active.length - 1; i >= 0; i--) {
      if (active[i]![1].x <= segment[0].x + 1e-9) {
        active[i] = active[active.length - 1]!;
        active.pop();
      }
    }
    for (const other of active) if (properlyCross(segment, other)) crossings++;
    active.push(segment);
  }
  return crossings;
}

const EPSILON = 1e-6;

function orientation(a: Point, b: Point, c: Point): number {
  const value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return Math.abs(value) < EPSILON ? 0 : Math.sign(value);
}

function samePoint(a: Point, b: Point): boolean {
  return Math.abs(a.x - b.x) < EPSILON && Math.abs(a.y - b.y) < EPSILON;
}

function properlyCross([a, b]: [Point, Point], [c, d]: [Point, Point]): boolean {
  if (samePoint(a, c) || samePoint(a, d) || samePoint(b, c) || samePoint(b, d)) return false;
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  return o1 * o2 < 0 && o3 * o4 < 0;
}
