// The network engineer's review of the session verdict (three medium rows): the server graded on
// its own time (the first byte less the round trips the connection needed), the VPN/proxy graded
// only for a session that went through the tunnel and never while the target is at the agent's
// normal, and latency past a clean gateway weighed like loss against blaming the Wi-Fi.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sessionVerdict } from '../../../src/analysis/session';
import { blameOf, gradedSegment, hopFindings, ispFindings } from '../../../src/analysis/session/grading';
import type { PingStats, SessionNetwork, UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

const ping = (avgRtt: number, sent = 10, received = sent): PingStats => ({
  pktsSent: sent,
  pktsReceived: received,
  minRtt: avgRtt * 0.9,
  avgRtt,
  maxRtt: avgRtt * 1.2,
  meanDevRtt: 1,
});

/** A session on a long path: clean gateway, the target `rtt` ms away, the connect one round trip. */
const onPath = (rtt: number, extra: Record<string, unknown> = {}): UserSessionDetail =>
  withNetwork(healthySession(), (n) => ({
    ...n,
    gatewayPing: ping(2, 20, 20),
    ping: ping(rtt),
    connect: { rtt: rtt + 5 },
    ...extra,
  }));

const segment = (verdict: ReturnType<typeof sessionVerdict>, name: string) =>
  verdict.segments.find((s) => s.segment === name);

describe("the server on its own time, not the connection's round trips", () => {
  test('a 1.1 s first byte on a 250 ms path that is the normal (≈ 4 round trips) does not blame the server', () => {
    const verdict = sessionVerdict(onPath(250), {
      normalRttMs: 250,
      normalSamples: 6,
      firstByteMs: 1100,
      firstByteSource: 'page list',
    });
    assert.notEqual(verdict.worst, 'server', verdict.line);
    assert.equal(verdict.worst, undefined, verdict.line);
    const server = segment(verdict, 'server');
    assert.equal(server?.grade, 'ok');
    assert.match(
      server?.findings[0]?.message ?? '',
      /^server time about 100 ms: first byte after 1100 ms \(page list\) less 4 round trips of 250 ms for the TCP handshake, a TLS handshake of up to 2 and the request \(the round trip from this session's ping to the target\)$/,
    );
  });

  test('a server that is slow itself on the same path is still blamed, and the line says how its time was estimated', () => {
    const verdict = sessionVerdict(onPath(250), {
      normalRttMs: 250,
      normalSamples: 6,
      firstByteMs: 3100,
      firstByteSource: 'page list',
    });
    assert.equal(verdict.worst, 'server');
    assert.match(verdict.line, /^Worst segment: Server — server time about 2100 ms: first byte after 3100 ms/);
    assert.match(verdict.line, /less 4 round trips of 250 ms/);
  });

  test("a HAR wait includes only the request's round trip; Server-Timing is graded as it is", () => {
    const wait = sessionVerdict(onPath(250), { firstByteMs: 1100, firstByteSource: 'HAR wait of the main document' });
    assert.equal(segment(wait, 'server')?.grade, 'warn', wait.line);
    assert.match(wait.line, /server time about 850 ms: .*less 1 round trip of 250 ms for the request/);
    const timed = sessionVerdict(onPath(250), {
      firstByteMs: 1100,
      firstByteSource: 'page list',
      serverMs: 40,
      serverSource: 'Server-Timing',
    });
    assert.equal(segment(timed, 'server')?.grade, 'ok', timed.line);
  });

  test('without any round trip to the target the first byte is graded whole, and says so', () => {
    const blind = withNetwork(healthySession(), (n) => {
      // No connect time either: the session measured no round trip to the target at all.
      const { connect: _connect, ...rest } = n;
      return { ...rest, ping: 'Request timed out', icmpBlocked: true } as SessionNetwork;
    });
    const verdict = sessionVerdict(blind, { firstByteMs: 1100, firstByteSource: 'page list' });
    assert.equal(verdict.worst, 'server');
    assert.match(verdict.line, /the network's share not taken off: no round trip to the target measured/);
  });
});

describe('the VPN/proxy only when the session went through it', () => {
  const concentrator = { type: 'vpn', target: '198.51.100.77', rttMs: 240 };

  test('a 240 ms concentrator probe with the target at the agent\'s normal: not "Worst segment: VPN/proxy"', () => {
    const verdict = sessionVerdict(onPath(150), { normalRttMs: 150, normalSamples: 6, tunnel: concentrator });
    assert.notEqual(verdict.worst, 'tunnel', verdict.line);
    assert.equal(verdict.worst, undefined, verdict.line);
    assert.equal(segment(verdict, 'tunnel')?.grade, 'ok');
    assert.match(
      segment(verdict, 'tunnel')?.findings[0]?.message ?? '',
      /^round trip to the VPN concentrator 198\.51\.100\.77 240 ms: not blamed, the target's round trip is at the agent's normal toward this target \(150 ms, 6 sessions\)$/,
    );
  });

  test("the session's own VPN ping at 240 ms, target at the agent's normal: the tunnel's latency is not blamed", () => {
    const session = onPath(150, { vpnPing: ping(240) });
    const verdict = sessionVerdict(session, { normalRttMs: 150, normalSamples: 6, tunnel: concentrator });
    assert.equal(verdict.worst, undefined, verdict.line);
    assert.match(
      segment(verdict, 'tunnel')?.findings[0]?.message ?? '',
      /^round trip to the VPN concentrator 198\.51\.100\.77 \(this session's VPN ping\) 240 ms: not blamed, the target's round trip is at the agent's normal toward this target \(150 ms, 6 sessions\)$/,
    );
  });

  test("the session's own VPN ping at 240 ms with the target +200 ms over its normal: VPN/proxy is blamed", () => {
    const session = onPath(350, { vpnPing: ping(240) });
    const verdict = sessionVerdict(session, { normalRttMs: 150, normalSamples: 6 });
    assert.equal(verdict.worst, 'tunnel', verdict.line);
    assert.match(
      verdict.line,
      /^Worst segment: VPN\/proxy — round trip to the VPN concentrator \(this session's VPN ping\) 240 ms \(limit 200 ms\)/,
    );
  });
});

describe('a session the dialect says did not go through the VPN', () => {
  const concentrator = { type: 'vpn', target: '198.51.100.77', rttMs: 240 };

  test('v7 sends no vpnPing for it: the congested concentrator nearby is not its problem, even with the target slow', () => {
    const session = withNetwork(onPath(400), (n) => ({ ...n, vpnPingReported: true }));
    const verdict = sessionVerdict(session, { normalRttMs: 150, normalSamples: 6, tunnel: concentrator });
    assert.notEqual(verdict.worst, 'tunnel', verdict.line);
    assert.equal(segment(verdict, 'tunnel')?.grade, 'ok');
    assert.match(
      segment(verdict, 'tunnel')?.findings[0]?.message ?? '',
      /^this session did not go through the VPN concentrator 198\.51\.100\.77 \(no VPN ping of its own\): not graded$/,
    );
  });

  test('v6 cannot say (no vpnPing field): the nearest VPN probe still speaks for the tunnel', () => {
    const verdict = sessionVerdict(onPath(400), { normalRttMs: 150, normalSamples: 6, tunnel: concentrator });
    assert.equal(verdict.worst, 'tunnel', verdict.line);
  });

  test('a proxy is graded from its probe in either dialect: a proxy session sends no VPN ping', () => {
    const session = withNetwork(onPath(400), (n) => ({ ...n, vpnPingReported: true }));
    const verdict = sessionVerdict(session, {
      normalRttMs: 150,
      normalSamples: 6,
      tunnel: { type: 'proxy', target: '10.0.0.10', rttMs: 240 },
    });
    assert.equal(segment(verdict, 'tunnel')?.grade, 'bad', verdict.line);
  });
});

describe('latency past a clean gateway weighs like loss against blaming the Wi-Fi', () => {
  const weak = (rssi: number, extra: Record<string, unknown>): UserSessionDetail =>
    withNetwork(healthySession(), (n) => {
      const wifi = (n.networkProfile as { wirelessProfile: { rssi: number } }).wirelessProfile;
      wifi.rssi = rssi;
      return { ...n, gatewayPing: ping(2, 20, 20), ...extra };
    });

  test('RSSI −70 dBm, clean gateway, target +170 ms over normal: Wi-Fi, but the ISP latency is named', () => {
    const verdict = sessionVerdict(weak(-70, { ping: ping(320) }), { normalRttMs: 150, normalSamples: 6 });
    assert.equal(verdict.worst, 'wifi');
    assert.deepEqual(verdict.also, ['isp'], verdict.line);
    assert.match(
      verdict.line,
      /^Weakest segment: Wi-Fi — RSSI -70 dBm \(limit -67 dBm\); signal-to-noise 22 dB \(limit 25 dB\), but round trip to the target 320 ms, \+170 ms over the agent's normal toward this target \(150 ms, 6 sessions\) with a clean gateway: also ISP path\.$/,
    );
  });

  test('loss and latency beyond a clean gateway both hold: both are named', () => {
    const verdict = sessionVerdict(weak(-80, { ping: ping(320, 20, 17) }), { normalRttMs: 150, normalSamples: 6 });
    assert.equal(verdict.worst, 'wifi');
    assert.deepEqual(verdict.also, ['isp'], verdict.line);
    assert.match(
      verdict.line,
      /, but 3 of 20 packets lost beyond the gateway \(15%\) and round trip to the target 320 ms, \+170 ms over .* with a clean gateway: also ISP path\.$/,
    );
  });

  test('a target at its normal past a clean gateway leaves the Wi-Fi blamed alone', () => {
    const verdict = sessionVerdict(weak(-70, { ping: ping(160) }), { normalRttMs: 150, normalSamples: 6 });
    assert.equal(verdict.worst, 'wifi');
    assert.equal(verdict.also, undefined, verdict.line);
  });
});

test('the timeline blames by the same rule: blameOf leaves a 240 ms tunnel unblamed while the target is at its normal', () => {
  const tunnel = gradedSegment('tunnel', hopFindings('tunnel', 'the VPN concentrator 198.51.100.77', 240, undefined));
  const atNormal = gradedSegment('isp', ispFindings(150, undefined, { source: 'normal', rttMs: 150, samples: 6 }));
  assert.equal(tunnel.grade, 'bad');
  assert.equal(blameOf([tunnel, atNormal]).worst, undefined);
  const over = gradedSegment('isp', ispFindings(400, undefined, { source: 'normal', rttMs: 150, samples: 6 }));
  assert.equal(blameOf([tunnel, over]).worst, 'tunnel');
});
