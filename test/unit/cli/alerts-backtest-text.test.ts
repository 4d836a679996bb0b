// The backtest as `netmon alerts backtest` prints it, from a hand-built report: each firing's start
// (UTC minute), length and agents by name (kept apart by semicolons: names hold commas), a firing
// still active at the last round said so, the count beyond those printed, and no deployed rule said.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backtestText } from '../../../src/cli/alerts-backtest';
import type { BacktestReport } from '../../../src/workflows/backtest';

const START = 1_780_000_200; // a round id (epoch seconds), 5-minute aligned
const firing = (i: number, end: boolean) => ({
  testId: '7',
  startRoundId: START + i * 86400,
  ...(end ? { endRoundId: START + i * 86400 + 3900 } : {}),
  sources: ['1', '2'],
  rounds: 13,
});

function report(count: number): BacktestReport {
  const firings = Array.from({ length: count }, (_, i) => firing(i, i < count - 1));
  return {
    ruleName: 'Loss',
    days: 7,
    kind: 'network',
    tests: [{ testId: 7, testName: 'Zoom', rounds: 2016, complete: true }],
    agentNames: { '1': 'Dallas, US', '2': 'Paris, FR' },
    result: {
      ok: true,
      mode: 'per-round',
      roundsRequired: 1,
      roundsOutOf: 1,
      firings,
      firingsLeftOff: 0,
      firingCount: count,
      activeRounds: 13 * count,
      activeSeconds: 3900 * count,
      tests: [],
      evaluations: 4032,
      errors: { count: 0, messages: [] },
      notReplayed: 0,
      metricProblems: [],
      notes: [],
    },
  };
}

test('each firing with its start, length and agents; an open one still active; no deployed rule said', () => {
  const lines = backtestText(report(2)).split('\n');
  const minute = new Date(START * 1000).toISOString().slice(0, 16).replace('T', ' ');
  assert.equal(
    lines[0],
    'Loss would have fired 2 times in the last 7 days (per-round, 1 of 1 rounds) on Zoom (2016 rounds)',
  );
  assert.equal(lines[1], `  ${minute} UTC, 1 h 5 min, 2 agents: Dallas, US; Paris, FR`);
  assert.match(lines[2]!, /, still active, 2 agents:/);
  assert.equal(lines[3], 'No deployed rule has this ruleId or ruleName: nothing to compare with');
});

test('past 50 firings the rest are counted, not printed', () => {
  const text = backtestText(report(60));
  assert.equal(text.split('\n').filter((line) => line.startsWith('  2')).length, 50);
  assert.match(text, /\n {2}… and 10 more \(--json lists 1000 at most\)\n/);
});
