// The health of enterprise results: each kind's failing and degraded rules, each agent's
// newest round, the worst first, and the service's error text kept as the reason.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { latestHealthByAgent, resultHealth, worstHealth } from '../../../src/analysis/results/health';

const round = (agentId: string, roundId: number, extra: Record<string, unknown>) => ({
  agentId,
  agentName: `Agent ${agentId}`,
  roundId,
  ...extra,
});

test('each kind says failing, degraded or ok, and why', () => {
  assert.deepEqual(resultHealth('network', round('1', 0, { loss: 100, errorDetails: 'No route to host' }) as never), {
    health: 'failing',
    reason: 'No route to host',
  });
  assert.deepEqual(resultHealth('network', round('1', 0, { loss: 12, avgLatency: 40.4 }) as never), {
    health: 'degraded',
    reason: '12% loss, latency 40 ms',
  });
  assert.equal(resultHealth('http-server', round('1', 0, { responseCode: 503 }) as never).reason, 'HTTP 503');
  assert.equal(resultHealth('http-server', round('1', 0, { responseCode: 200, totalTime: 310 }) as never).health, 'ok');
  assert.equal(
    resultHealth('dnssec', round('1', 0, { isValid: false, errorDetails: 'RRSIG expired' }) as never).reason,
    'RRSIG expired',
  );
  assert.equal(
    resultHealth('api', round('1', 0, { completion: 50, apiTransactionTime: 900, errorType: 'None' }) as never).health,
    'degraded',
  );
  assert.equal(resultHealth('dns-trace', round('1', 0, { queries: 3, failedQueries: 3 }) as never).health, 'failing');
  assert.equal(
    resultHealth('page-load', round('1', 0, { numObjects: 8, numErrors: 2, pageLoadTime: 1200 }) as never).reason,
    'page load 1200 ms, 2 object errors',
  );
  assert.equal(
    resultHealth(
      'path-vis',
      round('1', 0, { serverIp: '1.1.1.1', endpoints: [{ ipAddress: '9.9.9.9', numberOfHops: 4 }] }) as never,
    ).reason,
    'path stops at 9.9.9.9 before 1.1.1.1',
  );
});

test("each agent's newest round counts, worst first; the test is its worst agent", () => {
  const agents = latestHealthByAgent('network', [
    round('a', 300, { loss: 100 }),
    round('a', 600, { loss: 0, avgLatency: 10 }),
    round('b', 600, { loss: 5, avgLatency: 10 }),
    round('c', 300, { loss: 0, avgLatency: 10 }),
  ] as never);
  assert.deepEqual(
    agents.map((a) => [a.agentId, a.health, a.roundId]),
    [
      ['b', 'degraded', 600],
      ['a', 'ok', 600],
      ['c', 'ok', 300],
    ],
  );
  assert.equal(worstHealth(agents), 'degraded');
  assert.equal(worstHealth([]), 'unknown');
});

test('the types only v7 has: FTP and SIP errors fail, a poor call or a changing route is degraded, an unreachable prefix fails', () => {
  assert.deepEqual(resultHealth('ftp-server', round('1', 0, { responseCode: 530, errorType: 'None' }) as never), {
    health: 'failing',
    reason: 'FTP 530',
  });
  assert.deepEqual(
    resultHealth('ftp-server', round('1', 0, { responseCode: 226, totalTime: 812.4, errorType: 'None' }) as never),
    { health: 'ok', reason: 'FTP 226, total 812 ms' },
  );
  assert.deepEqual(
    resultHealth('sip-server', round('1', 0, { errorType: 'register', problemDetail: '401 Unauthorized' }) as never),
    { health: 'failing', reason: '401 Unauthorized' },
  );
  assert.equal(
    resultHealth('sip-server', round('1', 0, { errorType: 'none', responseCode: 200, totalTime: 90 }) as never).reason,
    'SIP 200, total 90 ms',
  );
  assert.equal(
    resultHealth('sip-server', round('1', 0, { errorType: 'none', availability: 50 }) as never).health,
    'degraded',
  );
  assert.deepEqual(resultHealth('rtp-server', round('1', 0, { mos: 3.1, loss: 8, latency: 210 }) as never), {
    health: 'degraded',
    reason: 'MOS 3.10, 8% loss, latency 210 ms',
  });
  assert.equal(resultHealth('rtp-server', round('1', 0, { mos: 4.38, loss: 0, latency: 40 }) as never).health, 'ok');
  assert.deepEqual(resultHealth('rtp-server', round('1', 0, { errorDetail: 'No RTP stream received' }) as never), {
    health: 'failing',
    reason: 'No RTP stream received',
  });
  assert.deepEqual(resultHealth('bgp', round('9001', 0, { reachability: 0 }) as never), {
    health: 'failing',
    reason: 'prefix unreachable from this monitor',
  });
  assert.deepEqual(resultHealth('bgp', round('9001', 0, { reachability: 100, pathChanges: 2, updates: 9 }) as never), {
    health: 'degraded',
    reason: '100% reachable, 2 path changes, 9 updates',
  });
  assert.equal(
    resultHealth('bgp', round('9001', 0, { reachability: 100, pathChanges: 0, updates: 0 }) as never).health,
    'ok',
  );
});

test('errorType "None" is the service saying there was no error: a leftover errorDetails does not make the round failing', () => {
  assert.deepEqual(
    resultHealth(
      'api',
      round('1', 0, {
        completion: 100,
        apiTransactionTime: 420,
        errorType: 'None',
        errorDetails: 'Connection error',
      }) as never,
    ),
    { health: 'ok', reason: 'transaction 420 ms' },
  );
  assert.equal(
    resultHealth('http-server', round('1', 0, { responseCode: 200, errorType: 'none', errorDetails: 'stale' }) as never)
      .health,
    'ok',
  );
  assert.equal(
    resultHealth(
      'api',
      round('1', 0, {
        completion: 100,
        apiTransactionTime: 420,
        errorType: 'Connect',
        errorDetails: 'Connection refused',
      }) as never,
    ).health,
    'failing',
  );
});

/** An agent's rounds of a network test, five minutes apart, oldest first. */
const history = (agentId: string, rounds: { loss?: number; avgLatency?: number }[]) =>
  rounds.map((r, i) => round(agentId, 300 * (i + 1), { loss: 0, ...r }));

test("network health reads a round with the agent's own earlier rounds: a loss that repeats, latency over its normal", () => {
  const [once] = latestHealthByAgent(
    'network',
    history('a', [{ avgLatency: 40 }, { loss: 2, avgLatency: 41 }]) as never,
  );
  assert.deepEqual(
    [once?.health, once?.reason],
    ['ok', '2% loss in this round only, latency 41 ms (no normal yet: 1 earlier round, 5 needed)'],
  );
  const [twice] = latestHealthByAgent(
    'network',
    history('a', [
      { loss: 1, avgLatency: 40 },
      { loss: 2, avgLatency: 41 },
    ]) as never,
  );
  assert.deepEqual(
    [twice?.health, twice?.reason?.split(',').slice(0, 2).join(',')],
    ['degraded', '2% loss, and 1% in the round before'],
  );
  const [heavy] = latestHealthByAgent(
    'network',
    history('a', [{ avgLatency: 40 }, { loss: 4, avgLatency: 41 }]) as never,
  );
  assert.equal(heavy?.health, 'degraded', 'past the bad share (3 %) one round is enough');

  const normal = [130, 128, 135, 131, 129, 133].map((avgLatency) => ({ avgLatency }));
  const [slow] = latestHealthByAgent('network', history('a', [...normal, { avgLatency: 250 }]) as never);
  assert.deepEqual(
    [slow?.health, slow?.reason],
    ['degraded', "latency 250 ms, +120 ms over this agent's normal 131 ms, median of 6 earlier rounds"],
  );
  const [far] = latestHealthByAgent(
    'network',
    history('a', [...normal.map(() => ({ avgLatency: 250 })), { avgLatency: 260 }]) as never,
  );
  assert.equal(far?.health, 'ok', 'Sydney → London at 250 ms every round is its normal, never failing on an absolute');
  const [young] = latestHealthByAgent(
    'network',
    history('a', [{ avgLatency: 20 }, { avgLatency: 20 }, { avgLatency: 400 }]) as never,
  );
  assert.deepEqual(
    [young?.health, young?.reason],
    ['ok', 'latency 400 ms (no normal yet: 2 earlier rounds, 5 needed)'],
  );
});

test("a single round's small loss alone is not degraded: the service gives a percentage, no packet counts", () => {
  assert.deepEqual(resultHealth('network', round('1', 0, { loss: 2, avgLatency: 40 }) as never), {
    health: 'ok',
    reason: '2% loss in one round, latency 40 ms',
  });
});
