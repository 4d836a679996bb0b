// Rules of BGP tests (`bgp`) on hand-built rounds: the names a rule can use are the fields of the
// vendor's BGP result (Test_Results_API_BgpTestResult: reachability in %, updates and path
// changes counted), a network metric named in one is the documented error, and backtestRule
// replays a monitor's rounds as it does an agent's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { backtestRule, type TestRound } from '../../../src/analysis/alerts/backtest';
import { evaluateCondition } from '../../../src/analysis/alerts/evaluate';
import { parseExpression, type Condition } from '../../../src/analysis/alerts/expression';
import { checkMetrics, findMetric } from '../../../src/analysis/alerts/known-metrics';
import { parseAlertRule } from '../../../src/documents/alert-rules/parse';

function parsed(expression: string): Condition {
  const result = parseExpression(expression);
  assert.ok(result.ok, expression);
  return result.condition;
}
const problems = (expression: string): string[] => checkMetrics(parsed(expression), 'bgp').map((p) => p.message);

describe('bgp alert rules', () => {
  test("the BGP result's fields are a bgp rule's metrics, in the schema's units", () => {
    assert.equal(findMetric('bgp', 'reachability', false)?.kind, 'percent');
    assert.equal(findMetric('bgp', 'updates', false)?.kind, 'count');
    assert.equal(findMetric('bgp', 'pathChanges', false)?.kind, 'count');
    assert.deepEqual(problems('((reachability < 100%) || (updates >= 5) || (pathChanges > 0))'), []);
    const read = parseAlertRule(
      JSON.stringify({ ruleName: 'Unreachable', alertType: 'bgp', expression: '((reachability < 90%))', tests: [7] }),
    );
    assert.ok(read.ok, JSON.stringify(read.problems));
    assert.equal(read.document.rule.alertType, 'bgp');
  });

  test('a network metric, a wrong unit or a hop read in a bgp rule is the documented error', () => {
    assert.deepEqual(problems('((loss >= 10%))'), ["metric 'loss' (column 3) is not in bgp data"]);
    assert.deepEqual(problems('((reachability < 90 ms))'), ["'reachability' (column 3) takes %, not 90 ms"]);
    assert.deepEqual(problems('((updates > 3%))'), ["'updates' (column 3) takes no unit, not 3%"]);
    assert.deepEqual(problems('((hops((hopDelay >= 10 ms))))'), ["metric 'hopDelay' (column 9) is not in bgp data"]);
    const read = parseAlertRule(JSON.stringify({ ruleName: 'L', alertType: 'bgp', expression: '((loss >= 10%))' }));
    assert.equal(read.ok, false);
    assert.match(read.problems[0]!.message, /^expression: metric 'loss' \(column 3\) is not in bgp data$/);
  });

  test("a monitor's round is judged by its fields", () => {
    const round = { values: { reachability: 87.5, updates: 4, pathChanges: 1 } };
    assert.deepEqual(evaluateCondition(parsed('((reachability < 90%))'), round), { ok: true, holds: true });
    assert.deepEqual(evaluateCondition(parsed('((pathChanges >= 2))'), round), { ok: true, holds: false });
  });

  test('backtestRule replays monitors as sources: two of three monitors unreachable for two rounds', () => {
    const monitor = (reachability: number, updates = 0) => ({ values: { reachability, updates, pathChanges: 0 } });
    const rounds: TestRound[] = [
      { roundId: 600, sources: { '9001': monitor(100), '9002': monitor(100), '9003': monitor(100) } },
      { roundId: 900, sources: { '9001': monitor(0, 3), '9002': monitor(50, 2), '9003': monitor(100) } },
      { roundId: 1200, sources: { '9001': monitor(0), '9002': monitor(0), '9003': monitor(100) } },
      { roundId: 1500, sources: { '9001': monitor(100), '9002': monitor(100), '9003': monitor(100) } },
    ];
    const result = backtestRule(
      {
        alertType: 'bgp',
        expression: '((reachability < 100%))',
        roundsViolatingMode: 'any',
        roundsViolatingRequired: 1,
        roundsViolatingOutOf: 1,
        minimumSources: 2,
      },
      [{ testId: '42', rounds }],
    );
    assert.ok(result.ok);
    assert.deepEqual(result.metricProblems, []);
    assert.deepEqual(result.firings, [
      { testId: '42', startRoundId: 900, endRoundId: 1500, sources: ['9001', '9002'], rounds: 2 },
    ]);
  });
});
