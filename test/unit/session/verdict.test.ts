import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sessionVerdict, THRESHOLDS } from '../../../src/analysis/session';
import type { UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

const wifi = (session: UserSessionDetail, rssi: number, noise = -92): UserSessionDetail =>
  withNetwork(session, (n) => ({
    ...n,
    networkProfile: { ...n.networkProfile, wirelessProfile: { ...n.networkProfile.wirelessProfile!, rssi, noise } },
  }));

/** The agent's normal toward the site, as its neighbours' sessions give it. */
const NORMAL = { normalRttMs: 22, normalSamples: 11 };

describe('sessionVerdict', () => {
  test('a healthy session has no worst segment and says everything was measured fine', () => {
    const verdict = sessionVerdict(healthySession());
    assert.equal(verdict.worst, undefined);
    assert.equal(verdict.grade, 'ok');
    assert.match(verdict.line, /No segment stands out: Device, Wi-Fi, Gateway, ISP path, Server, Page within/);
  });

  test('weak Wi-Fi is blamed with the measured RSSI and the limit it crossed', () => {
    const verdict = sessionVerdict(wifi(healthySession(), -80));
    assert.equal(verdict.worst, 'wifi');
    assert.equal(verdict.grade, 'bad');
    assert.equal(
      verdict.line,
      'Worst segment: Wi-Fi — RSSI -80 dBm (limit -75 dBm); signal-to-noise 12 dB (limit 15 dB).',
    );
  });

  test('RSSI exactly at the limit is not over it; one dB past is', () => {
    assert.equal(sessionVerdict(wifi(healthySession(), THRESHOLDS.wifi.rssiWarn, -100)).worst, undefined);
    assert.equal(sessionVerdict(wifi(healthySession(), THRESHOLDS.wifi.rssiWarn - 1, -100)).grade, 'warn');
  });

  test('upstream wins a tie: bad Wi-Fi and a bad ISP path blame the Wi-Fi', () => {
    const both = withNetwork(wifi(healthySession(), -82), (n) => ({
      ...n,
      ping: { pktsSent: 10, pktsReceived: 10, minRtt: 260, avgRtt: 300, maxRtt: 340, meanDevRtt: 20 },
    }));
    const verdict = sessionVerdict(both, NORMAL);
    assert.equal(verdict.segments.find((s) => s.segment === 'isp')?.grade, 'bad');
    assert.equal(verdict.worst, 'wifi');
  });

  test('a worse grade downstream beats a warning upstream', () => {
    const session = withNetwork(wifi(healthySession(), -70, -100), (n) => ({
      ...n,
      ping: { pktsSent: 10, pktsReceived: 10, minRtt: 220, avgRtt: 260, maxRtt: 300, meanDevRtt: 20 },
    }));
    const verdict = sessionVerdict(session, NORMAL);
    assert.equal(verdict.worst, 'isp');
    assert.match(
      verdict.line,
      /round trip to the target 260 ms, \+238 ms over the agent's normal toward this target \(22 ms, 11 sessions\) \(limit 200 ms\)/,
    );
  });

  test('packet loss to the gateway blames the gateway', () => {
    const session = withNetwork(healthySession(), (n) => ({
      ...n,
      gatewayPing: { pktsSent: 20, pktsReceived: 17, minRtt: 1, avgRtt: 3, maxRtt: 9, meanDevRtt: 1 },
    }));
    const verdict = sessionVerdict(session);
    assert.equal(verdict.worst, 'gateway');
    assert.match(verdict.line, /3 of 20 packets lost to the gateway \(15%\) \(limit 5%, 95% interval 5\.2%–36%\)/);
  });

  test('a busy CPU blames the device', () => {
    const session = withNetwork(healthySession(), (n) => ({
      ...n,
      systemMetrics: { ...n.systemMetrics!, cpuUtilization: { ...n.systemMetrics!.cpuUtilization, mean: 0.95 } },
    }));
    assert.match(sessionVerdict(session).line, /^Worst segment: Device — CPU 95% busy on average \(limit 90%\)\.$/);
  });

  test('a slow TCP connect on a fast path blames the server; a 5xx page does too', () => {
    const slowConnect = withNetwork(healthySession(), (n) => ({ ...n, connect: { rtt: 600 } }));
    assert.equal(sessionVerdict(slowConnect).worst, 'server');
    const failing = { ...healthySession(), pages: [{ ...healthySession().pages[0]!, responseCode: 502 }] };
    assert.match(sessionVerdict(failing).line, /Server — 1 page\(s\) answered 502/);
  });

  test('a slow page on a healthy network blames the page, naming it', () => {
    const session = {
      ...healthySession(),
      pages: [{ ...healthySession().pages[0]!, pageTimings: { onContentLoad: 5000, onLoad: 12500 } }],
    };
    assert.equal(
      sessionVerdict(session).line,
      'Worst segment: Page — "Portal — Home" took 12.5 s to load (limit 10 s).',
    );
  });

  test('a wired session skips Wi-Fi, and a target that blocks ICMP is not blamed', () => {
    const wired = withNetwork(healthySession(), (n) => {
      const { wirelessProfile: _, ...profile } = n.networkProfile;
      return { ...n, networkProfile: profile, ping: 'Request timed out', icmpBlocked: true };
    });
    const verdict = sessionVerdict(wired);
    assert.equal(verdict.segments.find((s) => s.segment === 'wifi')?.grade, 'unknown');
    assert.equal(verdict.segments.find((s) => s.segment === 'isp')?.grade, 'unknown');
    assert.equal(verdict.worst, undefined);
  });

  test("jitter (the ping's mean deviation) is graded against THRESHOLDS.isp: over the bad limit blames the ISP path", () => {
    const jittery = withNetwork(healthySession(), (network) => ({
      ...network,
      ping: { ...(network.ping as object), meanDevRtt: THRESHOLDS.isp.jitterBad + 12 } as typeof network.ping,
    }));
    const verdict = sessionVerdict(jittery);
    assert.equal(verdict.worst, 'isp');
    assert.equal(verdict.grade, 'bad');
    assert.match(verdict.line, /jitter 62 ms toward the target \(ping mean deviation\) \(limit 50 ms\)/);
    const calm = sessionVerdict(healthySession());
    assert.equal(calm.worst, undefined, 'a 2.2 ms mean deviation is fine');
  });

  test('onLoad −1 and a Wi-Fi profile without RSSI are "not measured", never "within normal ranges"', () => {
    const session = withNetwork(healthySession(), (network) => {
      delete (network.networkProfile as { wirelessProfile: { rssi?: number } }).wirelessProfile.rssi;
      return network;
    });
    const pages = (session.pages ?? []).map((p) => ({ ...p, pageTimings: { onContentLoad: -1, onLoad: -1 } }));
    const verdict = sessionVerdict({ ...session, pages });
    assert.equal(verdict.segments.find((s) => s.segment === 'wifi')?.grade, 'unknown');
    assert.equal(verdict.segments.find((s) => s.segment === 'page')?.grade, 'unknown');
    assert.doesNotMatch(verdict.line, /Wi-Fi[^;]*within normal ranges|Page[^;]*within normal ranges/);
    assert.match(
      verdict.line,
      /within normal ranges; not measured: Wi-Fi \(no RSSI\), Page \(no onLoad: its 2 pages never fired it\)\.$/,
    );
  });

  test('a session with no measurements says so instead of guessing', () => {
    const empty = { userSessionId: 'x', pages: [], network: {} } as unknown as UserSessionDetail;
    assert.equal(sessionVerdict(empty).line, 'Not enough data for a verdict.');
  });
});
