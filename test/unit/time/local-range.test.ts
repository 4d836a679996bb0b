// Ranges as people type them, read in local time: a fixed clock and a fixed zone (Berlin,
// UTC+01:00 in November), so the test means the same on every machine.
process.env.TZ = 'Europe/Berlin';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  localRangeLabel,
  parseLocalRange,
  parseLocalTime,
  type LocalRange,
} from '../../../src/analysis/time/local-range';

/** Wednesday 2026-11-25 22:30 UTC = 23:30 in Berlin. */
const NOW = Date.UTC(2026, 10, 25, 22, 30);

function range(text: string, now = NOW): LocalRange {
  const parsed = parseLocalRange(text, now);
  if (!parsed.ok) assert.fail(`${text}: ${parsed.error}`);
  return parsed.value;
}
const iso = (r: LocalRange): [string, string] => [r.from.toISOString(), r.to.toISOString()];

test('the zone is the one the test set', () => {
  assert.equal(new Date(NOW).getTimezoneOffset(), -60);
});

test('yesterday, today and parts of a day, in local time', () => {
  assert.deepEqual(iso(range('yesterday')), ['2026-11-23T23:00:00.000Z', '2026-11-24T23:00:00.000Z']);
  assert.deepEqual(iso(range('Today')), ['2026-11-24T23:00:00.000Z', '2026-11-25T22:30:00.000Z'], 'today ends now');
  assert.deepEqual(iso(range('yesterday afternoon')), ['2026-11-24T11:00:00.000Z', '2026-11-24T17:00:00.000Z']);
  assert.equal(range('yesterday afternoon').label, '2026-11-24 12:00 – 18:00 local time (UTC+01:00)');
  // Just after local midnight, "yesterday" is the day that ended a minute ago.
  assert.deepEqual(iso(range('yesterday', Date.UTC(2026, 10, 25, 23, 1))), [
    '2026-11-24T23:00:00.000Z',
    '2026-11-25T23:00:00.000Z',
  ]);
});

test('typed ranges: a bare end time is on the start\'s day; dashes, "to" and ".." separate', () => {
  const expected = ['2026-11-24T13:00:00.000Z', '2026-11-24T17:00:00.000Z'];
  for (const text of [
    '2026-11-24 14:00 – 18:00',
    '2026-11-24 14:00 - 18:00',
    '2026-11-24T14:00 to 2026-11-24 18:00',
    'yesterday 14:00..18:00',
    'yesterday 14:00 — 18:00',
  ]) {
    assert.deepEqual(iso(range(text)), expected, text);
  }
  assert.equal(range('2026-11-24 14:00 – 18:00').label, '2026-11-24 14:00 – 18:00 local time (UTC+01:00)');
  assert.deepEqual(
    iso(range('yesterday 14:00')),
    ['2026-11-24T13:00:00.000Z', '2026-11-25T22:30:00.000Z'],
    'a single point runs to now',
  );
  assert.equal(
    range('2026-11-23 22:00 – 2026-11-24 02:00').label,
    '2026-11-23 22:00 – 2026-11-24 02:00 local time (UTC+01:00)',
  );
});

test('text with an offset keeps it, and the label says UTC', () => {
  const r = range('2026-11-24T14:00Z – 2026-11-24T18:00Z');
  assert.deepEqual(iso(r), ['2026-11-24T14:00:00.000Z', '2026-11-24T18:00:00.000Z']);
  assert.equal(r.local, false);
  assert.equal(r.label, '2026-11-24 14:00 – 2026-11-24 18:00 UTC');
  const point = parseLocalTime('2026-11-24T14:00+05:30', NOW);
  assert.ok(point.ok && point.value.ms === Date.UTC(2026, 10, 24, 8, 30) && !point.value.local);
  const local = parseLocalTime('2026-11-24 14:00', NOW);
  assert.ok(local.ok && local.value.ms === Date.UTC(2026, 10, 24, 13, 0) && local.value.local);
});

test('the end is clamped to now; bad text, reversed, future and over-long ranges say why', () => {
  assert.equal(range('today 20:00 – 23:59').to.toISOString(), '2026-11-25T22:30:00.000Z');
  const error = (text: string): string => {
    const r = parseLocalRange(text, NOW);
    assert.ok(!r.ok, text);
    return r.error;
  };
  assert.match(error('last tuesday'), /today, yesterday/);
  assert.match(error('yesterday 25:00'), /not a time of day/);
  assert.match(error('2026-02-30 10:00'), /not a time/);
  assert.match(error('yesterday 18:00 – 14:00'), /end must be after the start/);
  assert.match(error('2026-11-26 10:00 – 12:00'), /has not happened yet/);
  assert.match(error('2026-11-01 – 2026-11-20'), /longer than 7 days/);
  assert.match(error('x'.repeat(5000)), /Enter a range/, 'long text is refused unread');
});

test('across a daylight-saving change, local hours stay local', () => {
  // 2026-03-29 02:00 CET → 03:00 CEST: that day's afternoon is UTC+02:00.
  const r = range('yesterday afternoon', Date.UTC(2026, 2, 30, 10, 0));
  assert.deepEqual(iso(r), ['2026-03-29T10:00:00.000Z', '2026-03-29T16:00:00.000Z']);
  assert.equal(localRangeLabel(r.from, r.to), '2026-03-29 12:00 – 18:00 local time (UTC+02:00)');
});
