// API dates without a zone are UTC (the spec), whatever zone the machine is in: CI runs this
// suite with TZ=America/New_York too, where reading them as local time shifts them by hours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiTimeIso, apiTimeMs, apiTimeUtcText } from '../../../src/analysis/time/api-time';
import { shortTime } from '../../../src/analysis/records/summaries';

const AT = Date.UTC(2024, 6, 1, 10, 6, 28);

test('a v6 date without a zone is UTC, as are ISO texts with one and epoch seconds or milliseconds', () => {
  assert.equal(apiTimeMs('2024-07-01 10:06:28'), AT);
  assert.equal(apiTimeMs('2024-07-01T10:06:28'), AT);
  assert.equal(apiTimeMs('2024-07-01T05:06:28-05:00'), AT);
  assert.equal(apiTimeMs(AT / 1000), AT);
  assert.equal(apiTimeMs(String(AT)), AT);
  assert.equal(apiTimeMs('yesterday'), undefined);
  assert.equal(apiTimeMs('9'.repeat(41)), undefined);
});

test('tools and tooltips write the instant with its zone', () => {
  assert.equal(apiTimeIso('2024-07-01 10:06:28'), '2024-07-01T10:06:28.000Z');
  assert.equal(apiTimeIso('not a date'), 'not a date');
  assert.equal(apiTimeUtcText('2024-07-01 10:06:28'), '2024-07-01 10:06 UTC');
});

test("a list row shows a v6 date in the machine's local time, not the UTC digits", () => {
  const local = new Date(AT);
  const clock = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
  assert.equal(shortTime('2024-07-01 10:06:28', new Date(AT + 60_000)), clock);
});
