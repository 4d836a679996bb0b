// --window / --from / --to / --range: durations up to the 7-day retention, absolute ranges in
// order, times without an offset read as local (TZ fixed here) and said so, and a clear usage
// error for anything else, its fields named by their flags (the range itself is checked by
// src/workflows/time-range.ts, which names fields, never flags).
process.env.TZ = 'America/New_York';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readTimeRange } from '../../../src/cli/time-range';
import { usageMessage } from '../../../src/cli/flags';
import { askedRange } from '../../../src/workflows/time-range';
import { InputError } from '../../../src/workflows/input-error';

const NOW = Date.parse('2026-11-24T12:00:00Z');

test('a window ends now; the default is 24 hours; other arguments pass through', () => {
  const { range, rest } = readTimeRange(['maria', '--window', '6h', '--json'], NOW);
  assert.deepEqual(range.request, { window: '6h' }, 'sent as a window: the service places it by its own clock');
  assert.deepEqual(
    [new Date(range.estimate.fromMs).toISOString(), new Date(range.estimate.toMs).toISOString(), rest],
    ['2026-11-24T06:00:00.000Z', '2026-11-24T12:00:00.000Z', ['maria', '--json']],
  );
  assert.deepEqual(readTimeRange([], NOW).range.request, { window: '24h' });
  assert.equal(
    new Date(readTimeRange(['--window', '7d'], NOW).range.estimate.fromMs).toISOString(),
    '2026-11-17T12:00:00.000Z',
  );
});

test('an absolute range; --to defaults to now', () => {
  const { range } = readTimeRange(['--from', '2026-11-23T08:00Z', '--to', '2026-11-23T10:30Z'], NOW);
  assert.deepEqual(range.request, { from: new Date('2026-11-23T08:00Z'), to: new Date('2026-11-23T10:30Z') });
  assert.equal(readTimeRange(['--from', '2026-11-24T08:00Z'], NOW).range.estimate.toMs, NOW);
  assert.equal(
    readTimeRange(['--from', '2026-11-24T08:00Z'], NOW).range.note,
    undefined,
    'an offset was given: nothing to point out',
  );
});

test('--from/--to without an offset are local time, and the note says so', () => {
  assert.equal(new Date(NOW).getTimezoneOffset(), 300, 'the zone the test set (UTC−05:00)');
  const { range } = readTimeRange(['--from', '2026-11-23 14:00', '--to', '2026-11-23 18:00'], NOW);
  assert.deepEqual(range.request, { from: new Date('2026-11-23T19:00Z'), to: new Date('2026-11-23T23:00Z') });
  assert.equal(
    range.note,
    '--from/--to without an offset read as local time (UTC-05:00): 2026-11-23 14:00 – 18:00 local time (UTC-05:00)',
  );
  // Shorthands: NOW is 07:00 in New York, so "yesterday 14:00" is the 23rd.
  const shorthand = readTimeRange(['--from', 'yesterday 14:00', '--to', 'today'], NOW).range;
  assert.deepEqual(shorthand.request, { from: new Date('2026-11-23T19:00Z'), to: new Date('2026-11-24T05:00Z') });
  assert.match(shorthand.note ?? '', /local time/);
  assert.equal(readTimeRange(['--from', 'today'], NOW).range.estimate.fromMs, Date.parse('2026-11-24T05:00Z'));
});

test('--range takes a range in local time', () => {
  const { range } = readTimeRange(['--range', 'yesterday afternoon', 'maria'], NOW);
  assert.deepEqual(range.request, { from: new Date('2026-11-23T17:00Z'), to: new Date('2026-11-23T23:00Z') });
  assert.equal(range.note, 'range: 2026-11-23 12:00 – 18:00 local time (UTC-05:00)');
  assert.deepEqual(readTimeRange(['--range', '2026-11-23 14:00 – 18:00'], NOW).range.request, {
    from: new Date('2026-11-23T19:00Z'),
    to: new Date('2026-11-23T23:00Z'),
  });
});

test('mistakes say what is wrong', () => {
  // As the CLI prints it (reportFailure): the use case's fields named by their flags.
  const fails = (args: string[], message: RegExp): void =>
    assert.throws(
      () => readTimeRange(args, NOW),
      (error) => message.test(usageMessage(error) ?? ''),
    );
  fails(['--window', '8d'], /at most 7 days/);
  fails(['--window', 'yesterday'], /not a duration like 30m/);
  fails(['--window', '0h'], /longer than 0/);
  fails(['--window', '6h', '--from', '2026-11-23T08:00Z'], /one of --window, --from\/--to or --range/);
  fails(['--range', 'today', '--to', '2026-11-23T08:00Z'], /one of/);
  fails(['--from', '2026-11-23T10:00Z', '--to', '2026-11-23T08:00Z'], /before --to/);
  fails(['--from', 'monday'], /not a time: today, yesterday/);
  fails(['--range', 'yesterday 18:00 – 14:00'], /--range: The end must be after the start/);
  fails(['--from', '2026-11-01T00:00Z', '--to', '2026-11-23T00:00Z'], /longer than 7 days/);
  fails(['--window'], /needs a value/);
});

test('the use case names the field at fault, never a flag; each front door names it its own way', () => {
  const error = (() => {
    try {
      askedRange({ window: '8d' }, NOW);
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();
  assert.ok(error instanceof InputError);
  assert.equal(error.field, 'window');
  assert.equal(error.message, 'window 8d must be longer than 0 and at most 7 days');
  assert.equal(usageMessage(error), '--window 8d must be longer than 0 and at most 7 days');
  assert.throws(
    () => askedRange({ window: '6h', from: '2026-11-23T08:00Z' }, NOW),
    (both: Error) => !both.message.includes('--') && /use one of window, from\/to or range/.test(both.message),
  );
});
