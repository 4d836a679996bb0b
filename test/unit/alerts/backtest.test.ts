// The backtest of an alert rule over hand-built rounds, each answer worked out by hand in the
// comments: X of Y rounds per source, minimum sources by count and by percent, the per-round
// ('any') reading, a missing metric, and the bounds.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type BacktestResult, backtestRule, type TestRound } from '../../../src/analysis/alerts/backtest';
import type { SourceRound } from '../../../src/analysis/alerts/evaluate';

const LOSS = '((loss >= 10%))';
const V: SourceRound = { values: { loss: 20 } }; // violates
const N: SourceRound = { values: { loss: 0 } }; // does not

/** Rounds a minute apart from 0, each a map of agent → V or N (an agent absent did not report). */
function minutes(...rounds: Record<string, SourceRound>[]): TestRound[] {
  return rounds.map((sources, i) => ({ roundId: i * 60, sources }));
}

function ok(result: BacktestResult): Extract<BacktestResult, { ok: true }> {
  assert.ok(result.ok, result.ok ? '' : result.message);
  return result;
}

describe('X of Y rounds, per source', () => {
  test('2 of 3: fires in the round the second violation enters the window, clears when one leaves', () => {
    // a1: V N N V V N N N
    //   r0 [V]=1  r1 [V,N]=1  r2 [V,N,N]=1  r3 [N,N,V]=1  r4 [N,V,V]=2 fire  r5 [V,V,N]=2  r6 [V,N,N]=1 clear
    const rounds = minutes(...[V, N, N, V, V, N, N, N].map((a1) => ({ a1 })));
    const result = ok(
      backtestRule(
        { expression: LOSS, roundsViolatingRequired: 2, roundsViolatingOutOf: 3, roundsViolatingMode: 'exact' },
        [{ testId: 't1', rounds: [...rounds].reverse() }], // out of order on purpose: sorted by roundId
      ),
    );
    assert.equal(result.mode, 'per-source');
    assert.deepEqual(result.firings, [
      { testId: 't1', startRoundId: 240, endRoundId: 360, sources: ['a1'], rounds: 2 },
    ]);
    assert.equal(result.firingCount, 1);
    assert.equal(result.activeRounds, 2);
    assert.equal(result.activeSeconds, 120);
    assert.equal(result.evaluations, 8);
    assert.deepEqual(result.notes, []);
  });

  test('a round a source did not report does not slide its window', () => {
    // a1: V, (absent), V → its own window of 2 is [V,V] at r2: fires at 120, open at the end.
    // a2 reports N in r1 only, so r1 has one reporting source and none triggered.
    const rounds = minutes({ a1: V }, { a2: N }, { a1: V });
    const result = ok(
      backtestRule(
        { expression: LOSS, roundsViolatingRequired: 2, roundsViolatingOutOf: 2, roundsViolatingMode: 'exact' },
        [{ testId: 't1', rounds }],
      ),
    );
    assert.deepEqual(result.firings, [{ testId: 't1', startRoundId: 120, sources: ['a1'], rounds: 1 }]);
    // Open: it lasts one round interval (60 s) past its last round.
    assert.equal(result.activeSeconds, 60);
  });
});

describe('minimum sources', () => {
  // Four agents, 1 of 1 rounds. Violating (V) per round, and who reported:
  //   r0   0 s: a1 V, a2 N, a3 N, a4 N   → 1 of 4 = 25 %
  //   r1  60 s: a1 V, a2 V, a3 N, a4 N   → 2 of 4 = 50 %
  //   r2 120 s: a1 V, a2 N               → 1 of 2 = 50 % (a3, a4 did not report)
  //   r3 180 s: a1 N, a2 N, a3 N, a4 V   → 1 of 4 = 25 %
  //   r4 240 s: a1 V, a2 N, a3 V         → 2 of 3 = 67 % (last round)
  const rounds = minutes(
    { a1: V, a2: N, a3: N, a4: N },
    { a1: V, a2: V, a3: N, a4: N },
    { a1: V, a2: N },
    { a1: N, a2: N, a3: N, a4: V },
    { a1: V, a2: N, a3: V },
  );
  const rule = { expression: LOSS, roundsViolatingRequired: 1, roundsViolatingOutOf: 1, roundsViolatingMode: 'exact' };

  test('by percent: 50 % of the sources reporting in each round', () => {
    // Active in r1 (50 %), r2 (50 %), r4 (67 %); not in r0, r3 (25 %).
    const result = ok(backtestRule({ ...rule, minimumSourcesPct: 50 }, [{ testId: 't1', rounds }]));
    assert.deepEqual(result.firings, [
      { testId: 't1', startRoundId: 60, endRoundId: 180, sources: ['a1', 'a2'], rounds: 2 },
      { testId: 't1', startRoundId: 240, sources: ['a1', 'a3'], rounds: 1 },
    ]);
    assert.equal(result.activeRounds, 3);
    // 180 − 60 = 120 s closed, and 60 s (one interval) for the open one.
    assert.equal(result.activeSeconds, 180);
    assert.deepEqual(result.tests, [{ testId: 't1', rounds: 5, firings: 2, activeRounds: 3, activeSeconds: 180 }]);
  });

  test('by count: 2 sources, whatever the number reporting', () => {
    // Active in r1 (2) and r4 (2); r2 has one violating source.
    const result = ok(backtestRule({ ...rule, minimumSources: 2 }, [{ testId: 't1', rounds }]));
    assert.deepEqual(
      result.firings.map((f) => [f.startRoundId, f.endRoundId, f.rounds]),
      [
        [60, 120, 1],
        [240, undefined, 1],
      ],
    );
  });

  test('both bounds given: both must hold', () => {
    // 2 sources and 60 %: r1 (2, 50 %) fails the percent, r4 (2, 67 %) holds.
    const result = ok(backtestRule({ ...rule, minimumSources: 2, minimumSourcesPct: 60 }, [{ testId: 't1', rounds }]));
    assert.deepEqual(
      result.firings.map((f) => f.startRoundId),
      [240],
    );
  });

  test('0 % still needs one source: a round with none violating is not active', () => {
    const quiet = minutes({ a1: N }, { a1: N });
    assert.equal(ok(backtestRule({ ...rule, minimumSourcesPct: 0 }, [{ testId: 't1', rounds: quiet }])).firingCount, 0);
  });
});

describe("the per-round reading ('any')", () => {
  // a1 and a2 take turns: r0 a1 V, r1 a2 V, r2 a1 V. 2 of 2 rounds, 1 source.
  const rounds = minutes({ a1: V, a2: N }, { a1: N, a2: V }, { a1: V, a2: N });
  const rule = { expression: LOSS, roundsViolatingRequired: 2, roundsViolatingOutOf: 2, minimumSources: 1 };

  test("'exact': neither agent has 2 violations in its last 2 rounds, so it never fires", () => {
    assert.equal(
      ok(backtestRule({ ...rule, roundsViolatingMode: 'exact' }, [{ testId: 't1', rounds }])).firingCount,
      0,
    );
  });

  test("'any': every round has a violating source, so it fires at r1 and is still active", () => {
    const result = ok(backtestRule({ ...rule, roundsViolatingMode: 'any' }, [{ testId: 't1', rounds }]));
    assert.equal(result.mode, 'per-round');
    // Sources: those violating in its active rounds, r1 (a2) and r2 (a1).
    assert.deepEqual(result.firings, [{ testId: 't1', startRoundId: 60, sources: ['a1', 'a2'], rounds: 2 }]);
  });

  test('absent or auto mode are read per source, with a note', () => {
    const absent = ok(backtestRule(rule, [{ testId: 't1', rounds }]));
    assert.equal(absent.mode, 'per-source');
    assert.match(absent.notes.join('\n'), /roundsViolatingMode absent/);
    const auto = ok(backtestRule({ ...rule, roundsViolatingMode: 'auto' }, [{ testId: 't1', rounds }]));
    assert.match(auto.notes.join('\n'), /'auto' \(dynamic\) cannot be replayed/);
  });
});

describe('tests are replayed apart', () => {
  test('each test keeps its own windows and firings', () => {
    // t1: a1 V V → fires at 0 (1 of 1), open. t2: a1 N V N → fires at 60, clears at 120.
    const result = ok(
      backtestRule({ expression: LOSS, roundsViolatingRequired: 1, roundsViolatingOutOf: 1 }, [
        { testId: 't1', rounds: minutes({ a1: V }, { a1: V }) },
        { testId: 't2', rounds: minutes({ a1: N }, { a1: V }, { a1: N }) },
      ]),
    );
    assert.deepEqual(
      result.firings.map((f) => [f.testId, f.startRoundId, f.endRoundId]),
      [
        ['t1', 0, undefined],
        ['t2', 60, 120],
      ],
    );
    // t1: open since 0, last round 60, interval 60 → 120 s; t2: 60 s.
    assert.equal(result.activeSeconds, 180);
  });
});

describe('a metric the data lacks', () => {
  test('is counted as an error with its message, and does not fire', () => {
    const rounds = minutes({ a1: V, a2: V }, { a1: V, a2: V });
    const result = ok(
      backtestRule(
        {
          expression: '((foo > 1))',
          roundsViolatingRequired: 1,
          roundsViolatingOutOf: 1,
          alertType: 'end-to-end-server',
        },
        [{ testId: 't1', rounds }],
      ),
    );
    assert.equal(result.firingCount, 0);
    assert.deepEqual(result.errors, { count: 4, messages: ["metric 'foo' is not in the data"] });
    assert.deepEqual(
      result.metricProblems.map((p) => p.message),
      ["metric 'foo' (column 3) is not in end-to-end-server data"],
    );
  });

  test('an alias of a field the data has is not missing', () => {
    const rounds = minutes({ a1: { values: { avgLatency: 150 } } });
    const rule = { expression: '((latency > 100 ms))', roundsViolatingRequired: 1, roundsViolatingOutOf: 1 };
    const result = ok(backtestRule(rule, [{ testId: 't1', rounds }]));
    assert.equal(result.errors.count, 0);
    assert.equal(result.firingCount, 1);
  });
});

describe('bounds and bad rules', () => {
  test('at most maxFirings firings are kept, with the count of the rest', () => {
    // a1 alternates V N over 20 rounds, 1 of 1: 10 firings, each one round long.
    const rounds = minutes(...Array.from({ length: 20 }, (_, i) => ({ a1: i % 2 === 0 ? V : N })));
    const rule = { expression: LOSS, roundsViolatingRequired: 1, roundsViolatingOutOf: 1 };
    const result = ok(backtestRule(rule, [{ testId: 't1', rounds }], { maxFirings: 3 }));
    assert.equal(result.firings.length, 3);
    assert.equal(result.firingCount, 10);
    assert.equal(result.firingsLeftOff, 7);
    // Counts cover every firing, kept or not: 10 rounds of 60 s.
    assert.equal(result.activeRounds, 10);
    assert.equal(result.activeSeconds, 600);
  });

  test('evaluations stop at maxEvaluations and the rest are counted as not replayed', () => {
    const rounds = minutes(...Array.from({ length: 10 }, () => ({ a1: V, a2: V })));
    const rule = { expression: LOSS, roundsViolatingRequired: 1, roundsViolatingOutOf: 1 };
    const result = ok(backtestRule(rule, [{ testId: 't1', rounds }], { maxEvaluations: 7 }));
    // 3 rounds of 2 fit in 7; the 7 other rounds (14 source-rounds) are left out.
    assert.equal(result.evaluations, 6);
    assert.equal(result.notReplayed, 14);
    assert.match(result.notes.join('\n'), /stopped after 6 source-rounds: 14 not replayed/);
  });

  test('X absent is read as Y of Y; X over Y is clamped, with notes', () => {
    const rounds = minutes({ a1: V }, { a1: N }, { a1: V });
    const absent = ok(backtestRule({ expression: LOSS, roundsViolatingOutOf: 2 }, [{ testId: 't1', rounds }]));
    assert.equal(absent.roundsRequired, 2);
    assert.equal(absent.firingCount, 0);
    const over = ok(
      backtestRule({ expression: LOSS, roundsViolatingOutOf: 2, roundsViolatingRequired: 5 }, [
        { testId: 't1', rounds },
      ]),
    );
    assert.equal(over.roundsRequired, 2);
    assert.match(over.notes.join('\n'), /roundsViolatingRequired 5 read as 2/);
  });

  test('rules that cannot be replayed say why', () => {
    assert.deepEqual(backtestRule({ expression: '((loss >= ', roundsViolatingOutOf: 1 }, []), {
      ok: false,
      message:
        "expression: expected a number or a quoted string after 'loss' >= at column 11, found the end of the expression",
      column: 11,
    });
    for (const roundsViolatingOutOf of [0, 1.5, 5000]) {
      const result = backtestRule({ expression: LOSS, roundsViolatingOutOf }, []);
      assert.ok(!result.ok && result.message.startsWith('roundsViolatingOutOf must be a whole number'));
    }
    assert.ok(!backtestRule({ expression: LOSS, roundsViolatingOutOf: 1, minimumSourcesPct: 120 }, []).ok);
    assert.ok(!backtestRule({ expression: LOSS, roundsViolatingOutOf: 1, minimumSources: -1 }, []).ok);
  });
});
