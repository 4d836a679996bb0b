// A ping nothing came back to measured no round trip, and a target that blocks ICMP measured
// nothing at all: neither is "0 ms", and ICMP blocked is never "100 % loss" on the ISP path.
// The session verdict, the session overview and the timeline all read pings this way.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gradeSession, sessionOverview, sessionVerdict } from '../../../src/analysis/session';
import { TimelineLanesBuilder } from '../../../src/analysis/timeline';
import type { PingStats, UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

/** 0 of 10 replies, as the API sends it: an object with avgRtt 0. */
const NO_REPLY: PingStats = { pktsSent: 10, pktsReceived: 0, minRtt: 0, avgRtt: 0, maxRtt: 0, meanDevRtt: 0 };

const session = (icmpBlocked: boolean): UserSessionDetail =>
  withNetwork(healthySession(), (n) => ({ ...n, ping: NO_REPLY, icmpBlocked }));

describe('ICMP blocked is not measured', () => {
  test('0 of 10 pings as an object with icmpBlocked: the ISP path is not measured, not bad at 100 % loss', () => {
    const verdict = sessionVerdict(session(true));
    const isp = verdict.segments.find((s) => s.segment === 'isp');
    assert.equal(isp?.grade, 'unknown', JSON.stringify(isp));
    assert.equal(verdict.worst, undefined, verdict.line);
    assert.doesNotMatch(JSON.stringify(verdict), /\b0 ms\b|100%|10 of 10 packets lost/);
    assert.match(verdict.line, /not measured: .*ISP path \(ICMP to the target is blocked: no ping\)/);
  });

  test('measures handed in with icmpBlocked are not graded either, whatever their numbers', () => {
    const verdict = gradeSession({ pages: [], target: { rttMs: 0, lost: 10, sent: 10 }, icmpBlocked: true });
    assert.equal(verdict.segments.find((s) => s.segment === 'isp')?.grade, 'unknown');
    assert.doesNotMatch(verdict.line, /0 ms|100%/);
  });

  test('the overview shows the blocked ping as not measured, never "0 ms, 100% loss"', () => {
    const target = sessionOverview(session(true)).pings.find((p) => p.label === 'Target ping');
    assert.equal(target?.outcome, 'ICMP blocked by the target: not measured');
  });
});

describe('a ping nothing came back to has no round trip', () => {
  test('0 of 10 without icmpBlocked: the target did not answer ping, no "round trip 0 ms"', () => {
    const verdict = sessionVerdict(session(false));
    const isp = verdict.segments.find((s) => s.segment === 'isp');
    assert.deepEqual(
      isp?.findings.map((f) => [f.grade, f.message]),
      [['warn', 'the target did not answer ping']],
    );
    assert.doesNotMatch(JSON.stringify(verdict), /round trip to the target 0 ms|\b0 ms\b/);
    const target = sessionOverview(session(false)).pings.find((p) => p.label === 'Target ping');
    assert.equal(target?.outcome, 'no reply to 10 pings');
  });

  test('the timeline keeps no 0 ms round trip from a probe or gateway ping that got no reply, nor from a blocked probe', () => {
    const builder = new TimelineLanesBuilder('a');
    const date = new Date(Date.now() - 3600_000).toISOString();
    builder.add('networkProbes', [
      { networkProbeId: 'g1', agentId: 'a', date, type: 'gateway', target: '10.0.0.1', icmpPing: NO_REPLY },
      {
        networkProbeId: 'v1',
        agentId: 'a',
        date,
        type: 'vpn',
        target: '198.51.100.10',
        icmpBlocked: true,
        icmpPing: NO_REPLY,
      },
    ]);
    builder.addSessionDetail({
      ...withNetwork(healthySession(), (n) => ({ ...n, gatewayPing: NO_REPLY })),
      agentId: 'a',
      date,
    });
    const lanes = builder.lanes();
    const gateway = lanes.probes.find((l) => l.type === 'gateway')?.points[0];
    assert.equal(gateway?.rtt, undefined);
    assert.equal(gateway?.lost, 10, 'the loss is still counted');
    assert.deepEqual(
      lanes.probes.find((l) => l.type === 'vpn')?.points.map((p) => [p.rtt, p.loss]),
      [[undefined, undefined]],
    );
    assert.equal(lanes.samples[0]?.gatewayRtt, undefined);
  });
});
