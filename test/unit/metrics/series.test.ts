import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentLatencySeries,
  agentsOf,
  httpPhaseSeries,
  netMetricSeries,
  percentileLines,
  pointAt,
  previousPeriod,
  previousPeriodSeries,
  seriesPercentiles,
  stacked,
} from '../../../src/analysis/metrics';
import type { HttpServerResult, NetMetric } from '../../../src/api/types';

function metric(agentId: string, roundId: number, avgLatency: number, extra: Partial<NetMetric> = {}): NetMetric {
  return {
    agentId,
    roundId,
    avgLatency,
    minLatency: avgLatency - 2,
    maxLatency: avgLatency + 5,
    jitter: 1.5,
    loss: 0,
    permalink: '',
    serverIp: '203.0.113.10',
    ...extra,
  };
}

function http(
  agentId: string,
  roundId: number,
  dnsTime: number,
  extra: Partial<HttpServerResult> = {},
): HttpServerResult {
  return {
    agentId,
    roundId,
    dnsTime,
    connectTime: 10,
    sslTime: 20,
    waitTime: 30,
    receiveTime: 5,
    responseTime: 65,
    totalTime: 70,
    redirectTime: 0,
    numRedirects: 0,
    responseCode: 200,
    errorType: 'None',
    requestHeaders: '',
    responseHeaders: '',
    wireSize: 1000,
    serverIp: '203.0.113.10',
    permalink: '',
    ...extra,
  };
}

describe('network metric series', () => {
  const metrics = [
    metric('b', 300, 20),
    metric('a', 0, 10),
    metric('a', 300, 12, { loss: 25 }),
    metric('b', 600, 22),
    metric('a', 600, Number.NaN),
  ];

  test('one series per agent, aligned on every round, with gaps where an agent has no value', () => {
    const aligned = netMetricSeries(metrics, 'avgLatency', (id) => `Agent ${id.toUpperCase()}`);
    assert.deepEqual(aligned.rounds, [0, 300, 600]);
    assert.deepEqual(
      aligned.series.map((s) => [s.label, s.values]),
      [
        ['Agent A', [10, 12, null]],
        ['Agent B', [null, 20, 22]],
      ],
    );
    assert.deepEqual(
      netMetricSeries(metrics, 'loss').series[0]!.values,
      [0, 25, 0],
      'loss is known even when latency is not',
    );
    assert.deepEqual(agentsOf(metrics), ['a', 'b']);
  });

  test('one agent shows average, minimum and maximum latency', () => {
    const aligned = agentLatencySeries(metrics, 'b');
    assert.deepEqual(aligned.rounds, [300, 600]);
    assert.deepEqual(
      aligned.series.map((s) => s.values),
      [
        [20, 22],
        [18, 20],
        [25, 27],
      ],
    );
  });

  test('a picked point names its agent and round; a gap names nothing', () => {
    const aligned = netMetricSeries(metrics, 'jitter');
    assert.deepEqual(pointAt(aligned, 1, 2), { agentId: 'b', roundId: 600 });
    assert.equal(pointAt(aligned, 1, 0), undefined);
  });
});

describe('HTTP phase series', () => {
  const results = [http('a', 0, 4), http('b', 0, 8), http('a', 300, 6, { sslTime: 0 })];

  test('phases per round are averaged over agents unless one agent is chosen', () => {
    const all = httpPhaseSeries(results);
    assert.deepEqual(
      all.series.map((s) => s.label),
      ['DNS', 'Connect', 'SSL', 'Wait', 'Receive'],
    );
    assert.deepEqual(all.series[0]!.values, [6, 6]);
    assert.deepEqual(httpPhaseSeries(results, 'b').series[0]!.values, [8]);
    assert.equal(httpPhaseSeries(results, 'b').series[0]!.agentId, 'b');
  });

  test('a test that redirects: the stack starts with the redirect time, so it reaches the total', () => {
    const redirected = [http('a', 0, 4, { redirectTime: 120, numRedirects: 1, totalTime: 190 })];
    const aligned = httpPhaseSeries(redirected, 'a');
    assert.deepEqual(
      aligned.series.map((s) => s.label),
      ['Redirect', 'DNS', 'Connect', 'SSL', 'Wait', 'Receive'],
    );
    assert.equal(stacked(aligned.series).at(-1)?.[0], 120 + 4 + 10 + 20 + 30 + 5);
  });

  test('stacking adds each phase on top of the ones before it', () => {
    const aligned = httpPhaseSeries(results, 'a');
    assert.deepEqual(
      stacked(aligned.series).map((v) => v[1]),
      [6, 16, 16, 46, 51],
    );
  });
});

test('a round that lost every packet has no latency or jitter (a gap marked lost), but its loss stays', () => {
  const metrics = [
    { agentId: 'a', roundId: 1, avgLatency: 20, minLatency: 18, maxLatency: 25, jitter: 1, loss: 0 },
    { agentId: 'a', roundId: 2, avgLatency: 0, minLatency: 0, maxLatency: 0, jitter: 0, loss: 100 },
  ] as NetMetric[];
  const latency = netMetricSeries(metrics, 'avgLatency').series[0]!;
  assert.deepEqual(latency.values, [20, null]);
  assert.deepEqual(latency.lost, [false, true]);
  assert.deepEqual(netMetricSeries(metrics, 'loss').series[0]!.values, [0, 100]);
  assert.equal(netMetricSeries(metrics, 'loss').series[0]!.lost, undefined);
  const own = agentLatencySeries(metrics, 'a');
  assert.deepEqual(
    own.series.map((s) => s.values[1]),
    [null, null, null],
  );
});

test('compare to the previous period: the period before, as long; its values laid on the current rounds', () => {
  assert.equal(previousPeriod([]), undefined);
  assert.deepEqual(previousPeriod([1000, 1300, 1600]), { from: 100, to: 1000, shiftSeconds: 900 });
  const previous = [
    { agentId: 'a', roundId: 100, avgLatency: 10, loss: 0 },
    { agentId: 'b', roundId: 100, avgLatency: 30, loss: 0 },
    { agentId: 'a', roundId: 400, avgLatency: 12, loss: 100 },
    { agentId: 'a', roundId: 700, avgLatency: 14, loss: 0 },
  ] as NetMetric[];
  assert.deepEqual(
    previousPeriodSeries(previous, 'avgLatency', [1000, 1300, 1600], 900).values,
    [20, null, 14],
    'mean of agents; a round that lost every packet is a gap',
  );
  assert.deepEqual(previousPeriodSeries(previous, 'avgLatency', [1000, 1300, 1600], 900, 'b').values, [30, null, null]);
  assert.deepEqual(previousPeriodSeries(previous, 'loss', [1000, 1300, 1600], 900).values, [0, 100, 0]);
});

describe('p50 / p95 of a series', () => {
  test('nearest-rank over the rounds with a value: a spike moves p95, not p50', () => {
    const values = [20, 21, 22, 19, null, 20, 23, 21, 20, 22, 180];
    assert.deepEqual(seriesPercentiles({ values }), { p50: 21, p95: 180, count: 10 });
    assert.equal(seriesPercentiles({ values: [null, null] }), undefined);
  });

  test('one line per current series, previous-period overlays left out', () => {
    const lines = percentileLines(
      {
        rounds: [1, 2],
        series: [
          { key: 'a', label: 'Agent A', values: [10, 30] },
          { key: 'p', label: 'Previous period', values: [5, 5], previous: true },
          { key: 'b', label: 'Agent B', values: [null, null] },
        ],
      },
      'ms',
    );
    assert.deepEqual(lines, ['Agent A: p50 10.0 ms, p95 30.0 ms (2 rounds)']);
  });
});
