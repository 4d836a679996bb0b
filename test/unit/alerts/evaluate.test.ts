// Evaluating a parsed rule against one round of one agent, and the check of the metrics a rule
// names against what its alert type's data carries. A missing metric is an error, never false.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evaluateCondition, type Evaluation, type SourceRound } from '../../../src/analysis/alerts/evaluate';
import { type Condition, parseExpression } from '../../../src/analysis/alerts/expression';
import { checkMetrics, metricNames } from '../../../src/analysis/alerts/known-metrics';

function parsed(text: string): Condition {
  const result = parseExpression(text);
  assert.ok(result.ok, text);
  return result.condition;
}

const run = (text: string, round: SourceRound): Evaluation => evaluateCondition(parsed(text), round);
const holds = (text: string, round: SourceRound): void => assert.deepEqual(run(text, round), { ok: true, holds: true });
const fails = (text: string, round: SourceRound): void =>
  assert.deepEqual(run(text, round), { ok: true, holds: false });

describe('comparisons', () => {
  const round: SourceRound = {
    values: { loss: 10, avgLatency: 120, jitter: 5, errorType: 'None', responseTime: 1500 },
  };

  test('each operator, at the bound and off it', () => {
    holds('((loss >= 10%))', round);
    fails('((loss > 10%))', round);
    holds('((loss <= 10%))', round);
    fails('((loss < 10%))', round);
    holds('((loss == 10))', round);
    fails('((loss != 10))', round);
  });

  test('units are normalised before comparing: 1.5 s is 1500 ms', () => {
    holds('((responseTime >= 1.5 s))', round);
    fails('((responseTime > 1.5 s))', round);
  });

  test('strings compare whole and exactly', () => {
    fails('((errorType != "None"))', round);
    holds('((errorType != "Connect"))', round);
    fails('((errorType == "none"))', round);
  });

  test('&& binds tighter than ||: 1 || (0 && 0) holds, (1 || 0) && 0 would not', () => {
    holds('((loss >= 10%) || (avgLatency > 500 ms) && (jitter > 20 ms))', round);
    fails('(((loss >= 10%) || (avgLatency > 500 ms)) && (jitter > 20 ms))', round);
    holds('((avgLatency > 100 ms) || (jitter > 20 ms))', round);
    fails('((avgLatency > 500 ms) || (jitter > 20 ms))', round);
  });

  test('an alias reads the field the data has: latency is avgLatency', () => {
    holds('((latency > 100 ms))', round);
    assert.deepEqual(metricNames('latency'), ['latency', 'avgLatency']);
    assert.deepEqual(metricNames('avgLatency'), ['avgLatency', 'latency']);
  });
});

describe('missing metrics are errors', () => {
  test('absent, null, or of the other type', () => {
    assert.deepEqual(run('((foo > 1))', { values: { loss: 1 } }), {
      ok: false,
      message: "metric 'foo' is not in the data",
    });
    assert.deepEqual(run('((loss > 1%))', { values: { loss: null } }), {
      ok: false,
      message: "metric 'loss' is not in the data",
    });
    assert.deepEqual(run('((loss > 1%))', { values: { loss: 'high' } }), {
      ok: false,
      message: "metric 'loss' is not a number in the data",
    });
    assert.deepEqual(run('((errorType == "None"))', { values: { errorType: 3 } }), {
      ok: false,
      message: "metric 'errorType' is a number in the data; the rule compares it with a string",
    });
  });

  test('an error is not hidden by the other side of || or &&', () => {
    const round = { values: { loss: 50 } };
    assert.equal(run('((loss > 1%) || (foo > 1))', round).ok, false);
    assert.equal(run('((loss > 90%) && (foo > 1))', round).ok, false);
  });

  test('a name inherited from Object.prototype is not a metric', () => {
    assert.equal(run('((constructor > 1))', { values: {} }).ok, false);
  });
});

describe('hops(…)', () => {
  const path: SourceRound = {
    values: { loss: 0 },
    hops: [
      { hop: 1, hopDelay: 1, network: 'Home' },
      { hop: 2 }, // a star: no delay measured
      { hop: 3, hopDelay: 40, network: 'Transit' },
      { hop: 4, hopDelay: 2, network: 'Target' },
    ],
  };

  test('holds when any hop satisfies the inner condition', () => {
    holds('((hops((hopDelay >= 10 ms))))', path);
    fails('((hops((hopDelay >= 100 ms))))', path);
    // The conditions inside apply to one hop together: no hop is both Home and over 10 ms.
    fails('((hops((hopDelay >= 10 ms) && (network == "Home"))))', path);
    holds('((hops((hopDelay >= 10 ms) && (network == "Transit"))))', path);
  });

  test('mixes with per-round metrics', () => {
    holds('((loss >= 1%) || hops((hopDelay >= 10 ms)))', path);
    fails('((loss >= 1%) && hops((hopDelay >= 10 ms)))', path);
  });

  test('a star is skipped; no hop carrying the metric, or no hops at all, is an error', () => {
    assert.deepEqual(run('((hops((hopDelay > 1 ms))))', { values: {}, hops: [{ hop: 1 }, { hop: 2 }] }), {
      ok: false,
      message: "metric 'hopDelay' is not in the hop",
    });
    assert.deepEqual(run('((hops((hopDelay > 1 ms))))', { values: {} }), {
      ok: false,
      message: 'hops(…) at column 3: the data has no path hops',
    });
    fails('((hops((hopDelay > 1 ms))))', { values: {}, hops: [] });
  });
});

describe('metrics a type does not carry', () => {
  const problems = (text: string, alertType: string): string[] =>
    checkMetrics(parsed(text), alertType).map((p) => p.message);

  test('the examples check clean against their types', () => {
    assert.deepEqual(problems('((hops((hopDelay >= 100 ms))))', 'path-trace'), []);
    assert.deepEqual(problems('((totalTime >= 500 ms) && (responseTime >= 500 ms))', 'http-server'), []);
    assert.deepEqual(problems('((lastContact >= 30 min))', 'agent'), []);
    assert.deepEqual(problems('((loss >= 10%) || (latency > 100 ms) || (jitter > 20 ms))', 'end-to-end-server'), []);
    assert.deepEqual(problems('((errorType != "None") || (responseCode >= 400))', 'http-server'), []);
  });

  test('an unknown metric, a wrong unit, a string for a number, a number for text', () => {
    assert.deepEqual(problems('((loss >= 10%) && (foo > 1))', 'end-to-end-server'), [
      "metric 'foo' (column 20) is not in end-to-end-server data",
    ]);
    assert.deepEqual(problems('((loss > 10 ms))', 'end-to-end-server'), ["'loss' (column 3) takes %, not 10 ms"]);
    assert.deepEqual(problems('((responseCode > 1 s))', 'http-server'), [
      "'responseCode' (column 3) takes no unit, not 1 s",
    ]);
    assert.deepEqual(problems('((responseCode == "404"))', 'http-server'), [
      "'responseCode' (column 3) is a number, compared with a string",
    ]);
    assert.deepEqual(problems('((errorType != 0))', 'http-server'), [
      "'errorType' (column 3) is text: compare it with a quoted string",
    ]);
    assert.deepEqual(problems('((loss >= 10%))', 'http-server'), [
      "metric 'loss' (column 3) is not in http-server data",
    ]);
  });

  test('a hop metric outside hops(…), a round metric inside it', () => {
    assert.deepEqual(problems('((hopDelay >= 10 ms))', 'path-trace'), [
      "'hopDelay' (column 3) is measured per hop: write hops((hopDelay …))",
    ]);
    assert.deepEqual(problems('((hops((numberOfHops > 30))))', 'path-trace'), [
      "'numberOfHops' (column 9) is measured per round, not per hop: move it out of hops(…)",
    ]);
  });

  test('a type with no table is not checked', () => {
    // The service's types beyond the rule documents' (web transactions, voice …) have no table.
    assert.deepEqual(problems('((anything > 1))', 'web-transactions'), []);
  });
});
