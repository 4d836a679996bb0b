// A session's own traceroute becomes a path trace the path graph draws: one agent, one round,
// one route; silent hops left as gaps; a failed traceroute gives none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sessionTraceroutePath } from '../../../src/analysis/session/traceroute-path';
import { hopRows, mergePathTraces } from '../../../src/analysis/path';
import { healthySession, withNetwork } from './fixtures';

test("one agent, the session's time as the round, the hops with names, delays and networks", () => {
  const session = healthySession();
  const trace = sessionTraceroutePath(session);
  assert.ok(trace);
  assert.equal(trace.agentId, session.agentId);
  assert.equal(
    trace.roundId,
    Math.floor(Date.parse(`${session.date.replace(' ', 'T')}Z`) / 1000),
    'the API date is UTC',
  );
  assert.equal(trace.routes.length, 1);
  const network = session.network.traceroute as { destination: string; hops: { hop: number }[] };
  assert.equal(trace.serverIp, network.destination);
  assert.equal(trace.routes[0]!.hops.length, network.hops.length);
  assert.ok(hopRows([trace]).length >= network.hops.length, 'the text report reads it');
  assert.ok(mergePathTraces([trace]).nodes.length > network.hops.length, 'the graph merges it (agent node included)');
});

test('silent hops are gaps; a failed or empty traceroute gives no path', () => {
  const withStar = withNetwork(healthySession(), (n) => ({
    ...n,
    traceroute: {
      destination: '203.0.113.10',
      hops: [
        { hop: 1, delay: 1, ipAddress: '10.0.0.1', name: '10.0.0.1' },
        { hop: 2, delay: -1, ipAddress: '*', name: '' },
        { hop: 3, delay: 9, ipAddress: '203.0.113.10', name: 'target', asn: 64500 },
      ],
    },
  }));
  const trace = sessionTraceroutePath(withStar)!;
  assert.deepEqual(
    trace.routes[0]!.hops.map((h) => [h.hop, h.ipAddress, h.rdns, h.network]),
    [
      [1, '10.0.0.1', undefined, undefined],
      [3, '203.0.113.10', 'target', 'AS64500'],
    ],
  );
  assert.equal(
    sessionTraceroutePath(withNetwork(healthySession(), (n) => ({ ...n, traceroute: 'Traceroute failed: timeout' }))),
    undefined,
  );
  assert.equal(
    sessionTraceroutePath(withNetwork(healthySession(), (n) => ({ ...n, traceroute: { destination: 'x', hops: [] } }))),
    undefined,
  );
});
