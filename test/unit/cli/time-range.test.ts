// --window / --from / --to: durations up to the 7-day retention, absolute ranges in order,
// and a clear usage error for anything else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readTimeRange } from '../../../src/cli/time-range';

const NOW = Date.parse('2026-11-24T12:00:00Z');

test('a window ends now; the default is 24 hours; other arguments pass through', () => {
  const { range, rest } = readTimeRange(['maria', '--window', '6h', '--json'], NOW);
  assert.deepEqual(range.request, { window: '6h' }, 'sent as a window: the service places it by its own clock');
  assert.deepEqual([new Date(range.estimate.fromMs).toISOString(), new Date(range.estimate.toMs).toISOString(), rest], ['2026-11-24T06:00:00.000Z', '2026-11-24T12:00:00.000Z', ['maria', '--json']]);
  assert.deepEqual(readTimeRange([], NOW).range.request, { window: '24h' });
  assert.equal(new Date(readTimeRange(['--window', '7d'], NOW).range.estimate.fromMs).toISOString(), '2026-11-17T12:00:00.000Z');
});

test('an absolute range; --to defaults to now', () => {
  const { range } = readTimeRange(['--from', '2026-11-23T08:00Z', '--to', '2026-11-23T10:30Z'], NOW);
  assert.deepEqual(range.request, { from: new Date('2026-11-23T08:00Z'), to: new Date('2026-11-23T10:30Z') });
  assert.equal(readTimeRange(['--from', '2026-11-24T08:00Z'], NOW).range.estimate.toMs, NOW);
});

test('mistakes say what is wrong', () => {
  const fails = (args: string[], message: RegExp): void => assert.throws(() => readTimeRange(args, NOW), message);
  fails(['--window', '8d'], /at most 7 days/);
  fails(['--window', 'yesterday'], /not a duration like 30m/);
  fails(['--window', '0h'], /longer than 0/);
  fails(['--window', '6h', '--from', '2026-11-23T08:00Z'], /not both/);
  fails(['--from', '2026-11-23T10:00Z', '--to', '2026-11-23T08:00Z'], /before --to/);
  fails(['--from', 'monday'], /not a date/);
  fails(['--from', '2026-11-01T00:00Z', '--to', '2026-11-23T00:00Z'], /longer than 7 days/);
  fails(['--window'], /needs a value/);
});
