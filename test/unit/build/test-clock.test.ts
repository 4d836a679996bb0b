// The test runners' clock: a run at NETMON_TEST_NOW sees that instant in Date.now() and new Date(),
// in its own process and in every node process it starts (a CLI under test), while every date
// still is a Date. Nothing else moves: dates given a value keep it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clockEnvironment } from '../../../scripts/test-instants.mjs';

const CLOCK_MODULE = pathToFileURL(join(import.meta.dirname, '../../../scripts/test-clock.mjs')).href;

/** The real time, even in a run whose clock is moved (performance's origin is not). */
const realNow = (): number => performance.timeOrigin + performance.now();

/** This process's environment without a clock of its own run (this suite runs at the awkward instants too). */
function unclocked(): NodeJS.ProcessEnv {
  const { NETMON_TEST_NOW: _now, NETMON_TEST_NOW_AT: _at, NODE_OPTIONS: options = '', ...env } = process.env;
  const kept = options.replace(/--import[= ]\S*test-clock\.mjs/g, '').trim();
  return kept !== '' ? { ...env, NODE_OPTIONS: kept } : env;
}

/** What a node process started with the runner's environment reads off its clock. */
function readClock(env: NodeJS.ProcessEnv, script: string): string {
  return execFileSync(process.execPath, ['-e', script], {
    env: clockEnvironment(env, CLOCK_MODULE),
    encoding: 'utf8',
  }).trim();
}

test('a run at an instant reads that instant, in the zone it names, and dates keep being Dates', () => {
  const env = { ...unclocked(), NETMON_TEST_NOW: '2027-03-15T00:05:00-04:00', TZ: 'America/New_York' };
  const [now, local, isDate, fixed] = readClock(
    env,
    `const d = new Date(); console.log([Date.now() - Date.parse('2027-03-15T04:05:00Z'), d.toString().slice(0, 21), d instanceof Date && new Date(0) instanceof Date, new Date(86400000).toISOString()].join('|'))`,
  ).split('|');
  assert.ok(Number(now) >= 0 && Number(now) < 60_000, `the clock starts at the instant (${now} ms after it)`);
  assert.equal(local, 'Mon Mar 15 2027 00:05');
  assert.equal(isDate, 'true');
  assert.equal(fixed, '1970-01-02T00:00:00.000Z', 'a date given a value is not moved');
});

test('processes of one run share the anchor: one started later reads the same clock', () => {
  const env = {
    ...unclocked(),
    NETMON_TEST_NOW: '2026-12-31T23:59:00Z',
    NETMON_TEST_NOW_AT: String(realNow() - 10_000),
  };
  const ahead = Number(readClock(env, 'console.log(Date.now() - Date.parse("2026-12-31T23:59:00Z"))'));
  assert.ok(
    ahead >= 10_000 && ahead < 70_000,
    `ten seconds after the anchor the clock is ten seconds past the instant (${ahead} ms)`,
  );
});

test('without NETMON_TEST_NOW the clock is the real one', () => {
  const skew = Number(readClock(unclocked(), `console.log(Date.now() - ${realNow()})`));
  assert.ok(skew >= 0 && skew < 60_000, `${skew} ms`);
});
