// What distance explains, when agent and target are located and no normal is known: light in
// fibre both ways over the great-circle distance, times a realistic route stretch, with a
// margin that grows with distance. A round trip tens of ms over it is flagged; a far target's
// distance is not (expectations from geography, not from the code's output).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gradeSession, type SessionMeasures } from '../../../src/analysis/session';

const BOSTON = { lat: 42.36, lon: -71.06 };
const BOSTON_DATA_CENTRE = { lat: 42.4, lon: -71.1 };
const NEW_YORK = { lat: 40.71, lon: -74.01 };
const LONDON = { lat: 51.51, lon: -0.13 };
const AMSTERDAM = { lat: 52.37, lon: 4.89 };
const SYDNEY = { lat: -33.87, lon: 151.21 };

const measures = (rttMs: number, location: { lat: number; lon: number }): SessionMeasures => ({
  pages: [],
  gateway: { rttMs: 2, lost: 0, sent: 10 },
  target: { rttMs, lost: 0, sent: 10 },
  location,
});
const isp = (rttMs: number, from: { lat: number; lon: number }, to: { lat: number; lon: number }) => {
  const verdict = gradeSession(measures(rttMs, from), { targetLocation: to });
  const segment = verdict.segments.find((s) => s.segment === 'isp')!;
  return { grade: segment.grade, message: segment.findings.map((f) => f.message).join(' | '), line: verdict.line };
};

test('Boston → Boston at 95 ms is over what distance explains: not "within normal ranges"', () => {
  const found = isp(95, BOSTON, BOSTON_DATA_CENTRE);
  assert.notEqual(found.grade, 'ok', found.line);
  assert.doesNotMatch(found.line, /within normal ranges/);
  assert.match(
    found.message,
    /round trip to the target 95 ms, \+9\d ms over what distance explains \(0 ms for \d km\)/,
  );
});

test('New York → London at 200 ms is flagged (≈ 75 ms is usual); at 80 ms it is distance', () => {
  const slow = isp(200, NEW_YORK, LONDON);
  assert.notEqual(slow.grade, 'ok', slow.line);
  const floor = Number(/over what distance explains \((\d+) ms for 55\d\d km\)/.exec(slow.message)?.[1]);
  assert.ok(floor >= 60 && floor <= 90, `a realistic floor for 5,570 km, not ${floor} ms`);
  assert.equal(isp(80, NEW_YORK, LONDON).grade, 'ok');
});

test('a far target is not blamed for its distance: Amsterdam → Sydney at 300 ms', () => {
  assert.equal(isp(300, AMSTERDAM, SYDNEY).grade, 'ok');
});

test('a few tens of ms over the floor near by are flagged, while far away the margin grows with the distance', () => {
  assert.equal(isp(20, BOSTON, BOSTON_DATA_CENTRE).grade, 'ok', '20 ms in town');
  assert.notEqual(isp(50, BOSTON, BOSTON_DATA_CENTRE).grade, 'ok', '+50 ms over the floor in town');
  const sydney = isp(300, AMSTERDAM, SYDNEY);
  const added = Number(/\+(\d+) ms over what distance explains/.exec(sydney.message)?.[1]);
  assert.ok(added >= 30 && added <= 70, `Sydney at 300 ms is +${added} ms over its floor`);
  assert.equal(sydney.grade, 'ok', 'the same few tens of ms on a 16,600 km route');
});
