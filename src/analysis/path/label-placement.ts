// Where each hop's label goes so that no link runs through it and no node covers it: beside
// the node, above or below it, whichever spot is free of the links (sampled along the same
// curves the graph draws) and of other nodes and labels. A label with no free spot is marked
// crowded: the graph shows it on hover and focus only. Pure, so it is tested without a browser.
import type { Point } from './crossings';

/** The graph's link curve: per segment a cubic whose control points pull half the way horizontally. */
export interface CurveSegment {
  a: Point;
  c1: Point;
  c2: Point;
  b: Point;
}

export function curveSegments(points: readonly Point[]): CurveSegment[] {
  const segments: CurveSegment[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const bend = (b.x - a.x) / 2;
    segments.push({ a, c1: { x: a.x + bend, y: a.y }, c2: { x: b.x - bend, y: b.y }, b });
  }
  return segments;
}

/** Points along the curves, at most every `step` px of horizontal run (at least 8 per segment). */
export function sampleCurves(curves: readonly (readonly Point[])[], step = 4): Point[] {
  const samples: Point[] = [];
  for (const points of curves) {
    for (const { a, c1, c2, b } of curveSegments(points)) {
      const n = Math.max(8, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
      for (let k = 0; k <= n; k++) {
        const t = k / n;
        const u = 1 - t;
        samples.push({
          x: u * u * u * a.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * b.x,
          y: u * u * u * a.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * b.y,
        });
      }
    }
  }
  return samples;
}

export interface LabelInput {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  side: 'left' | 'right';
}
export interface LabelSpot {
  dx: number;
  dy: number;
  anchor: 'start' | 'middle' | 'end';
  crowded: boolean;
}
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Spots tried in order (offsets from the node centre to the text's anchor point on its baseline). */
const RIGHT_SPOTS: readonly Omit<LabelSpot, 'crowded'>[] = [
  { dx: 13, dy: 4, anchor: 'start' },
  { dx: 10, dy: -12, anchor: 'start' },
  { dx: 10, dy: 20, anchor: 'start' },
  { dx: 0, dy: -14, anchor: 'middle' },
  { dx: 0, dy: 24, anchor: 'middle' },
  { dx: -13, dy: 4, anchor: 'end' },
];
const LEFT_SPOTS: readonly Omit<LabelSpot, 'crowded'>[] = [
  { dx: -13, dy: 4, anchor: 'end' },
  ...RIGHT_SPOTS.filter((s) => s.anchor !== 'end'),
];

export function placeLabels(
  labels: readonly LabelInput[],
  links: readonly Point[],
  nodes: readonly Point[],
  nodeRadius = 11,
): Map<string, LabelSpot> {
  const placed: Box[] = [];
  const spots = new Map<string, LabelSpot>();
  for (const label of labels) {
    const candidates = label.side === 'left' ? LEFT_SPOTS : RIGHT_SPOTS;
    let best: { spot: Omit<LabelSpot, 'crowded'>; box: Box; hits: number } | undefined;
    for (const spot of candidates) {
      const box = boxOf(label, spot);
      const hits = conflicts(box, links, nodes, nodeRadius, placed);
      if (!best || hits < best.hits) best = { spot, box, hits };
      if (hits === 0) break;
    }
    if (!best) continue;
    spots.set(label.id, { ...best.spot, crowded: best.hits > 0 });
    if (best.hits === 0) placed.push(best.box);
  }
  return spots;
}

function boxOf(label: LabelInput, spot: Omit<LabelSpot, 'crowded'>): Box {
  const left =
    spot.anchor === 'start'
      ? label.x + spot.dx
      : spot.anchor === 'end'
        ? label.x + spot.dx - label.width
        : label.x + spot.dx - label.width / 2;
  const baseline = label.y + spot.dy;
  return {
    left,
    right: left + label.width,
    top: baseline - label.height * 0.8,
    bottom: baseline + label.height * 0.25,
  };
}

function conflicts(
  box: Box,
  links: readonly Point[],
  nodes: readonly Point[],
  nodeRadius: number,
  placed: readonly Box[],
): number {
  let hits = 0;
  for (const p of links)
    if (p.x >= box.left - 1 && p.x <= box.right + 1 && p.y >= box.top - 1 && p.y <= box.bottom + 1) hits++;
  for (const n of nodes) {
    const cx = Math.max(box.left, Math.min(n.x, box.right));
    const cy = Math.max(box.top, Math.min(n.y, box.bottom));
    if (Math.hypot(n.x - cx, n.y - cy) < nodeRadius) hits += 10;
  }
  for (const other of placed)
    if (box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom)
      hits += 10;
  return hits;
}
