// Property: no verdict blames a segment whose own measure is within its baseline. Sessions of
// any distance (a round trip from 5 to 400 ms that is the agent's normal toward the target), with
// a clean gateway, no loss, a first byte that is the connection's round trips plus a quick server
// and, when one is present, a tunnel at its own normal: the ISP path, the tunnel and the server are
// never "the worst segment", whatever the absolute numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sessionVerdict } from '../../../src/analysis/session';
import type { PingStats } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

const ping = (avgRtt: number): PingStats => ({
  pktsSent: 10,
  pktsReceived: 10,
  minRtt: avgRtt * 0.95,
  avgRtt,
  maxRtt: avgRtt * 1.05,
  meanDevRtt: 1,
});

const sessionAtNormal = fc.record({
  normal: fc.integer({ min: 5, max: 400 }),
  /** This session's round trip against its normal: within ±15 %. */
  drift: fc.double({ min: -0.15, max: 0.15, noNaN: true }),
  /** The server's own time, well under any server limit. */
  serverMs: fc.integer({ min: 5, max: 300 }),
  tunnel: fc.option(fc.integer({ min: 5, max: 300 }), { nil: undefined }),
});

test('within its baseline, no segment is blamed: ISP path, tunnel and server at any distance (400 sessions)', () => {
  fc.assert(
    fc.property(sessionAtNormal, ({ normal, drift, serverMs, tunnel }) => {
      const rtt = Math.max(1, Math.round(normal * (1 + drift)));
      const session = withNetwork(healthySession(), (n) => ({
        ...n,
        gatewayPing: ping(2),
        ping: ping(rtt),
        connect: { rtt },
      }));
      const verdict = sessionVerdict(session, {
        normalRttMs: normal,
        normalSamples: 12,
        // HTTPS: the TCP handshake, up to two TLS round trips and the request before the first byte.
        firstByteMs: 4 * rtt + serverMs,
        firstByteSource: 'page list',
        ...(tunnel === undefined
          ? {}
          : { tunnel: { type: 'vpn', target: '198.51.100.10', rttMs: tunnel, loss: { lost: 0, sent: 10 } } }),
      });
      const blamed = [verdict.worst, ...(verdict.also ?? [])];
      for (const segment of ['isp', 'tunnel', 'server'] as const)
        assert.ok(!blamed.includes(segment), `${segment} blamed: ${verdict.line}`);
    }),
    { numRuns: 400, seed: 20261129 },
  );
});
