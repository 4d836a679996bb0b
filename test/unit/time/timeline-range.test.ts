// The agent timeline's range: Today, Yesterday and a typed range read in local time (TZ fixed
// here), the view's range said in local time, and the rolling windows as before.
process.env.TZ = 'Europe/Berlin';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timelineRange } from '../../../src/vscode/panels/timeline-range';

/** 2026-11-25 22:30 UTC = 23:30 in Berlin (UTC+01:00). */
const NOW = Date.UTC(2026, 10, 25, 22, 30);

test('today and yesterday are local days; a typed range is local time', () => {
  const yesterday = timelineRange('yesterday', {}, NOW);
  assert.deepEqual(yesterday.request, { from: new Date('2026-11-23T23:00Z'), to: new Date('2026-11-24T23:00Z') });
  assert.equal(yesterday.label, 'yesterday (2026-11-24 00:00 – 2026-11-25 00:00 local time (UTC+01:00))');
  assert.deepEqual(timelineRange('today', {}, NOW).request, { from: new Date('2026-11-24T23:00Z'), to: new Date(NOW) });
  const typed = timelineRange('custom', {}, NOW, undefined, 'yesterday 14:00 – 18:00');
  assert.deepEqual(typed.request, { from: new Date('2026-11-24T13:00Z'), to: new Date('2026-11-24T17:00Z') });
  assert.equal(typed.label, '2026-11-24 14:00 – 18:00 local time (UTC+01:00)');
});

test("the view's range is said in local time; windows stay windows", () => {
  const view = timelineRange('view', { from: new Date('2026-11-24T13:00Z'), to: new Date('2026-11-24T17:00Z') }, NOW);
  assert.equal(view.label, "2026-11-24 14:00 – 18:00 local time (UTC+01:00) (the view's range)");
  assert.deepEqual(timelineRange('6h', {}, NOW).request, { window: '6h' });
  assert.deepEqual(
    timelineRange('custom', { window: '6h' }, NOW).request,
    { window: '6h' },
    "nothing typed: the view's range",
  );
});
