// Label spots: beside the node when free, else above or below; never through a link or over
// a node; crowded when no spot is free. The curve sampler follows the curve the graph draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { curveSegments, placeLabels, sampleCurves } from '../../../src/analysis/path';

test('the curve of a segment pulls half the way horizontally, and its samples run from end to end', () => {
  assert.deepEqual(
    curveSegments([
      { x: 0, y: 0 },
      { x: 100, y: 40 },
    ]),
    [{ a: { x: 0, y: 0 }, c1: { x: 50, y: 0 }, c2: { x: 50, y: 40 }, b: { x: 100, y: 40 } }],
  );
  const samples = sampleCurves([
    [
      { x: 0, y: 0 },
      { x: 100, y: 40 },
    ],
  ]);
  assert.deepEqual(samples[0], { x: 0, y: 0 });
  assert.deepEqual(samples.at(-1), { x: 100, y: 40 });
  assert.ok(samples.every((p) => p.y >= 0 && p.y <= 40));
});

test('a node whose link leaves to the right gets its label above; an agent keeps its label on the left', () => {
  const link = sampleCurves([
    [
      { x: 100, y: 100 },
      { x: 210, y: 100 },
    ],
  ]);
  const spots = placeLabels(
    [
      { id: 'hop', x: 100, y: 100, width: 60, height: 11, side: 'right' },
      { id: 'agent', x: 0, y: 100, width: 60, height: 11, side: 'left' },
    ],
    link,
    [
      { x: 100, y: 100 },
      { x: 210, y: 100 },
      { x: 0, y: 100 },
    ],
  );
  assert.deepEqual(spots.get('hop'), { dx: 10, dy: -12, anchor: 'start', crowded: false });
  assert.deepEqual(spots.get('agent'), { dx: -13, dy: 4, anchor: 'end', crowded: false });
});

test('no free spot: crowded (shown on hover only), and it does not block the spots of others', () => {
  const fence = Array.from({ length: 200 }, (_, i) => ({ x: 40 + (i % 20) * 6, y: 60 + Math.floor(i / 20) * 8 }));
  const spots = placeLabels([{ id: 'boxed', x: 100, y: 100, width: 40, height: 11, side: 'right' }], fence, [
    { x: 100, y: 100 },
  ]);
  assert.equal(spots.get('boxed')?.crowded, true);
});
