// Endpoint scheduled-test data (v7) and the time parameters every time-ranged list shares.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { arrayOf, call, errorOf, withEmulator } from './helpers';

const NOW = Date.UTC(2026, 10, 20, 10, 2, 0);
const ROUND = 300;

interface Metric {
  agentId: string;
  roundId: number;
  avgLatency: number;
  [k: string]: unknown;
}

describe('scheduled-test data', () => {
  let emulator: RunningEmulator;
  let base: string;
  let network: number;
  let web: number;
  before(async () => {
    emulator = await withEmulator({ now: () => NOW, pageSize: 1000 });
    base = emulator.url;
    const tests = arrayOf<{ testId: number; type: string }>(await call(base, '/v7/endpoint-tests'), 'endpointTest');
    network = tests.find((t) => t.type === 'agent-to-server')?.testId ?? 0;
    web = tests.find((t) => t.type === 'http-server')?.testId ?? 0;
  });
  after(() => emulator.close());

  const metricsOf = async (query: string): Promise<Metric[]> => {
    const reply = await call(base, `/v7/endpoint-data/tests/net/metrics/${network}${query}`);
    assert.equal(reply.status, 200, reply.text);
    const net = reply.json.endpointNet as { endpointTest: { testId: number }; metrics: Metric[] };
    assert.equal(net.endpointTest.testId, network);
    return net.metrics;
  };

  test('without time parameters the current round is returned', async () => {
    const metrics = await metricsOf('');
    const roundStart = Math.floor(NOW / 1000 / ROUND) * ROUND;
    assert.ok(metrics.length > 0);
    assert.ok(
      metrics.every((m) => m.roundId === roundStart),
      'only the current round',
    );
  });

  test('window accepts s/m/h/d/w and bare seconds; from/to select an explicit range', async () => {
    const nowSeconds = NOW / 1000;
    const hour = await metricsOf('?window=1h');
    assert.deepEqual(await metricsOf('?window=3600'), hour);
    assert.deepEqual(await metricsOf('?window=60m'), hour);
    assert.deepEqual(await metricsOf('?window=3600s'), hour);
    assert.ok(hour.every((m) => m.roundId >= nowSeconds - 3600 && m.roundId < nowSeconds));
    assert.ok((await metricsOf('?window=1d')).length > hour.length);
    assert.ok((await metricsOf('?window=1w')).length >= (await metricsOf('?window=2d')).length);
    const explicit = await metricsOf('?from=2026-11-20T08:00:00&to=2026-11-20T09:00:00');
    const from = Date.UTC(2026, 10, 20, 8) / 1000;
    assert.ok(explicit.length > 0);
    assert.ok(explicit.every((m) => m.roundId >= from && m.roundId < from + 3600));
    const openEnded = await metricsOf('?from=2026-11-20T09:00:00');
    assert.ok(openEnded.every((m) => m.roundId >= from + 3600 && m.roundId < nowSeconds));
  });

  const badTime: [string, RegExp][] = [
    ['window=5x', /^window '5x' must match \[0-9\]\+\[smhdw\]\?/],
    ['window=0', /^window '0' must be a positive duration$/],
    ['window=-1h', /^window '-1h' must match/],
    ['from=2026-11-20', /^from '2026-11-20' must be formatted YYYY-mm-ddTHH:MM:SS \(UTC\)$/],
    ['from=2026-02-30T00:00:00', /^from '2026-02-30T00:00:00' is not a valid date and time$/],
    ['to=2026-11-20T09:00:00', /^to needs from/],
    ['from=2026-11-20T09:00:00&to=2026-11-20T08:00:00', /must be later than from/],
    ['window=1h&from=2026-11-20T09:00:00', /^Use either window or from\/to, not both$/],
    ['asOf=yesterday', /^asOf 'yesterday' must be epoch seconds/],
    ['page=0', /^page '0' must be an integer ≥ 1$/],
  ];
  for (const [query, message] of badTime) {
    test(`400 for ${query}`, async () => {
      const reply = await call(base, `/v7/endpoint-data/tests/net/metrics/${network}?${query}`);
      assert.equal(reply.status, 400);
      assert.match(errorOf(reply), message);
    });
  }

  test('path-vis summaries link to detailed path traces by agent and round', async () => {
    const reply = await call(base, `/v7/endpoint-data/tests/net/path-vis/${network}?window=1h`);
    const summaries = (
      reply.json.endpointNet as { pathVis: { agentId: string; roundId: number; endpoints: { pathId: string }[] }[] }
    ).pathVis;
    const first = summaries[0];
    assert.ok(first && first.endpoints.length > 0);
    const detail = await call(
      base,
      `/v7/endpoint-data/tests/net/path-vis/${network}/${first.agentId}/${first.roundId}`,
    );
    assert.equal(detail.status, 200, detail.text);
    assert.equal(detail.json.pages, undefined, 'a single trace has no pages');
    const [trace] = (
      detail.json.endpointNet as { pathVis: { roundId: number; routes: { hops: { hop: number }[] }[] }[] }
    ).pathVis;
    assert.equal(trace?.roundId, first.roundId);
    assert.ok(trace && trace.routes.length > 0 && trace.routes.every((r) => r.hops[0]?.hop === 1));
  });

  test('path trace errors: roundId not a round start 400, non-numeric 400, unknown agent 404', async () => {
    const path = `/v7/endpoint-data/tests/net/path-vis/${network}`;
    const notStart = await call(base, `${path}/abc/1795000001`);
    assert.equal(notStart.status, 400);
    assert.match(errorOf(notStart), /roundId 1795000001 is not a round start \(a multiple of 300 s\)/);
    const word = await call(base, `${path}/abc/now`);
    assert.equal(word.status, 400);
    assert.match(errorOf(word), /roundId 'now' must be epoch seconds/);
    const unknown = await call(base, `${path}/no-such-agent/1795000200`);
    assert.equal(unknown.status, 404);
    assert.match(errorOf(unknown), /No path trace of test \d+ from agent no-such-agent in round 1795000200/);
  });

  test('http-server data for an http-server test; 400 for a network test; 404 and 400 for bad ids', async () => {
    const reply = await call(base, `/v7/endpoint-data/tests/web/http-server/${web}?window=1h`);
    assert.equal(reply.status, 200);
    const results = (
      reply.json.endpointWeb as {
        httpServer: { responseCode: number; totalTime: number; responseTime: number; receiveTime: number }[];
      }
    ).httpServer;
    assert.ok(results.length > 0);
    assert.ok(results.every((r) => r.totalTime === r.responseTime + r.receiveTime));
    const wrong = await call(base, `/v7/endpoint-data/tests/web/http-server/${network}`);
    assert.equal(wrong.status, 400);
    assert.match(errorOf(wrong), /is an agent-to-server test; http-server data needs an http-server or page-load test/);
    const missing = await call(base, '/v7/endpoint-data/tests/net/metrics/77');
    assert.equal(missing.status, 404);
    assert.equal(errorOf(missing), 'Endpoint test 77 not found in account group 1001');
    const word = await call(base, '/v7/endpoint-data/tests/net/metrics/latest');
    assert.equal(word.status, 400);
    assert.equal(errorOf(word), "testId 'latest' must be an integer");
  });

  test('the same query gives the same data (deterministic world)', async () => {
    assert.deepEqual(await metricsOf('?window=2h'), await metricsOf('?window=2h'));
  });
});
