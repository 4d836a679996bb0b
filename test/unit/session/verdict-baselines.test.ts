// The session verdict's HIGH rows of issue 28: the ISP path graded against a baseline (never
// on distance alone), the VPN/proxy segment, the server graded on first byte, and no
// "more than a ping" claim when the target never answered ping; loss graded with its counts.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { contextFromNeighbours, sessionVerdict } from '../../../src/analysis/session';
import type { PingStats, UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

const ping = (avgRtt: number, sent = 10, received = sent): PingStats => ({
  pktsSent: sent,
  pktsReceived: received,
  minRtt: avgRtt * 0.9,
  avgRtt,
  maxRtt: avgRtt * 1.2,
  meanDevRtt: 1,
});
const far = (rtt: number, lost = 0): UserSessionDetail =>
  withNetwork(healthySession(), (n) => ({
    ...n,
    gatewayPing: ping(2),
    ping: ping(rtt, 10, 10 - lost),
    connect: { rtt: rtt + 5 },
  }));

describe('ISP path against a baseline', () => {
  test('a distant target (gateway 2 ms, target 210 ms, no loss) is not blamed without a baseline, and says why', () => {
    const verdict = sessionVerdict(far(210));
    assert.equal(verdict.worst, undefined, verdict.line);
    const isp = verdict.segments.find((s) => s.segment === 'isp');
    assert.equal(isp?.grade, 'ok');
    assert.match(isp?.findings[0]?.message ?? '', /round trip to the target 210 ms, not graded: no baseline/);
  });

  test("the agent's own normal from its neighbours: 210 ms is normal for this site, 420 ms is not", () => {
    const neighbours = [205, 212, 208, 215, 210].map((rtt, i) => ({ ...far(rtt), userSessionId: `n${i}` }));
    const context = contextFromNeighbours(far(210), neighbours);
    assert.deepEqual(context, { normalRttMs: 210, normalSamples: 5 });
    assert.equal(sessionVerdict(far(210), context).worst, undefined);
    const slow = sessionVerdict(far(420), context);
    assert.equal(slow.worst, 'isp');
    assert.match(
      slow.line,
      /\+210 ms over the agent's normal toward this target \(210 ms, 5 sessions\) \(limit 200 ms\)/,
    );
  });

  test('neighbours on another site say nothing about this one', () => {
    const other = { ...far(20), userSessionId: 'o', visitedSite: 'elsewhere.example' };
    assert.deepEqual(contextFromNeighbours(far(210), [other]), {});
  });

  test('the distance floor when both ends are located: Amsterdam → Sydney explains 210 ms, Amsterdam → Paris does not', () => {
    const sydney = sessionVerdict(far(300), { targetLocation: { lat: -33.87, lon: 151.21 } });
    assert.equal(sydney.worst, undefined, sydney.line);
    assert.match(
      sydney.segments.find((s) => s.segment === 'isp')?.findings.at(-1)?.message ?? '',
      /over what distance explains \(\d+ ms for 16\d\d\d km\)/,
    );
    const paris = sessionVerdict(far(300), { targetLocation: { lat: 48.86, lon: 2.35 } });
    assert.equal(paris.worst, 'isp');
    assert.match(paris.line, /over what distance explains \(6 ms for 42\d km\)/);
  });
});

describe('confidence from counts', () => {
  test('1 of 4 pings lost is inconclusive, not bad; 3 of 10 is bad', () => {
    const one = withNetwork(healthySession(), (n) => ({ ...n, ping: ping(21, 4, 3) }));
    const verdict = sessionVerdict(one);
    assert.equal(verdict.worst, undefined, verdict.line);
    assert.match(
      verdict.segments.find((s) => s.segment === 'isp')?.findings[0]?.message ?? '',
      /1 of 4 packets lost beyond the gateway \(25%\): inconclusive, 95% interval 4\.6%–69\.9%/,
    );
    assert.equal(sessionVerdict(far(21, 3)).worst, 'isp');
  });
});

describe('the VPN/proxy segment', () => {
  test('a slow, lossy VPN concentrator is blamed as VPN/proxy, not as the ISP path it also slows', () => {
    const session = withNetwork(healthySession(), (n) => ({ ...n, gatewayPing: ping(3), ping: ping(260, 10, 8) }));
    const verdict = sessionVerdict(session, {
      normalRttMs: 40,
      tunnel: { type: 'vpn', target: '198.51.100.10', rttMs: 280, loss: { lost: 2, sent: 20 } },
    });
    assert.equal(verdict.worst, 'tunnel');
    assert.match(
      verdict.line,
      /^Worst segment: VPN\/proxy — .*round trip to the VPN concentrator 198\.51\.100\.10 280 ms \(limit 200 ms\)/,
    );
    assert.equal(verdict.segments.find((s) => s.segment === 'isp')?.grade, 'bad', 'the ISP path is still graded');
  });
});

describe('the server', () => {
  test('a slow first byte blames the server, not the page', () => {
    const slow = {
      ...healthySession(),
      pages: [{ ...healthySession().pages[0]!, pageTimings: { onContentLoad: 9000, onLoad: 12500 } }],
    };
    assert.equal(sessionVerdict(slow).worst, 'page', 'without the first byte the page is all it can see');
    const verdict = sessionVerdict(slow, { firstByteMs: 3132, firstByteSource: 'HAR wait' });
    assert.equal(verdict.worst, 'server');
    assert.match(
      verdict.line,
      /^Worst segment: Server — server time about 3111 ms: first byte after 3132 ms \(HAR wait\) less 1 round trip of 22 ms for the request \(the round trip from this session's ping to the target\) \(limit 1800 ms\)\.$/,
    );
  });

  test('ICMP blocked: no ping, so no "more than a ping" claim about a 420 ms connect', () => {
    const blocked = withNetwork(healthySession(), (n) => ({
      ...n,
      ping: 'Request timed out',
      icmpBlocked: true,
      connect: { rtt: 420 },
    }));
    const verdict = sessionVerdict(blocked);
    assert.equal(verdict.worst, undefined, verdict.line);
    assert.doesNotMatch(JSON.stringify(verdict), /more than a ping/);
    assert.match(
      verdict.segments.find((s) => s.segment === 'server')?.findings[0]?.message ?? '',
      /TCP connect takes 420 ms, not graded: no ping/,
    );
  });
});

describe('contradicting evidence', () => {
  test('CPU 95 % with 30 % loss beyond a clean gateway: Device, but also ISP path', () => {
    const session = withNetwork(healthySession(), (n) => ({
      ...n,
      gatewayPing: ping(2, 20, 20),
      ping: ping(25, 20, 14),
      systemMetrics: { ...n.systemMetrics!, cpuUtilization: { ...n.systemMetrics!.cpuUtilization, mean: 0.95 } },
    }));
    const verdict = sessionVerdict(session);
    assert.equal(verdict.worst, 'device');
    assert.deepEqual(verdict.also, ['isp']);
    assert.match(
      verdict.line,
      /^Worst segment: Device — CPU 95% busy on average \(limit 90%\), but 6 of 20 packets lost beyond the gateway \(30%\) with a clean gateway: also ISP path\.$/,
    );
  });

  test('a gateway that ignores ping does not outrank an ISP warning', () => {
    const session = withNetwork(healthySession(), (n) => ({
      ...n,
      gatewayPing: 'Request timed out',
      ping: ping(21, 200, 192),
    }));
    assert.equal(sessionVerdict(session).worst, 'isp');
  });
});

describe('not applicable is not fine', () => {
  test('onLoad −1 on every page leaves the page ungraded; a missing RSSI is not a good one', () => {
    const session = {
      ...healthySession(),
      pages: [{ ...healthySession().pages[0]!, pageTimings: { onContentLoad: -1, onLoad: -1 } }],
    };
    assert.equal(sessionVerdict(session).segments.find((s) => s.segment === 'page')?.grade, 'unknown');
    const noRssi = withNetwork(healthySession(), (n) => ({
      ...n,
      networkProfile: { ...n.networkProfile, wirelessProfile: { ssid: 'x', bssid: 'aa:bb:cc:dd:ee:ff' } as never },
    }));
    assert.deepEqual(sessionVerdict(noRssi).segments.find((s) => s.segment === 'wifi')?.findings, []);
  });
});
