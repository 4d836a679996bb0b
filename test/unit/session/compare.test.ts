// Two sessions side by side: segments, fields, hops aligned by number and pages paired by
// title, differences marked, and a one-line summary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSessions } from '../../../src/analysis/session/compare';
import type { UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

function weakWifi(): UserSessionDetail {
  const session = withNetwork(healthySession(), (network) => {
    const profile = network.networkProfile as { wirelessProfile: { rssi: number; quality: number; bssid: string } };
    profile.wirelessProfile.rssi = -80;
    profile.wirelessProfile.quality = 18;
    profile.wirelessProfile.bssid = 'a4:2b:b0:99:99:99';
    const hops = (network.traceroute as { hops: { hop: number; delay: number; ipAddress: string }[] }).hops;
    hops[0]!.delay = 48;
    hops[2]!.ipAddress = '198.18.9.9';
    return network;
  });
  return {
    ...session,
    userSessionId: 'us-weak',
    experienceScore: 0.21,
    pages: [
      { ...session.pages[1]!, pageTimings: { onContentLoad: 3000, onLoad: 9800 } },
      {
        id: 'p9',
        title: 'Portal — Admin',
        startedDateTime: '2026-11-20 10:01:00',
        responseCode: 200,
        pageTimings: { onContentLoad: 800, onLoad: 1200 },
      },
    ],
  };
}

test('segments, Wi-Fi fields, hops and pages: what differs is marked, the summary says it', () => {
  const c = compareSessions(healthySession(), weakWifi(), { 'ea-0193': 'maria-mbp' });
  assert.deepEqual([c.a.scoreText, c.b.scoreText], ['0.86 good', '0.21 poor']);
  assert.equal(c.a.agent, 'maria-mbp (ea-0193)');
  assert.deepEqual(
    c.segments.filter((s) => s.differs).map((s) => [s.label, s.a, s.b]),
    [
      ['Wi-Fi', 'ok', 'bad'],
      ['Page', 'ok', 'warn'],
    ],
  );
  const wifi = c.sections.find((s) => s.heading === 'Wi-Fi')!;
  assert.deepEqual(
    wifi.rows.filter((r) => r.differs).map((r) => [r.label, r.a, r.b]),
    [
      ['BSSID', 'a4:2b:b0:11:22:33', 'a4:2b:b0:99:99:99'],
      ['RSSI', '-55 dBm', '-80 dBm'],
      ['Quality', '82 / 100', '18 / 100'],
    ],
  );
  assert.deepEqual(
    c.hops.map((h) => [h.hop, h.differs, h.delayDeltaMs]),
    [
      [1, true, 46],
      [2, false, 0],
      [3, true, 0],
      [4, false, 0],
    ],
  );
  assert.deepEqual(
    c.pages.map((p) => [p.title, p.a?.onLoad, p.b?.onLoad, p.onLoadDeltaMs]),
    [
      ['Portal — Home', 1800, undefined, undefined],
      ['Portal — Reports', 2600, 9800, 7200],
      ['Portal — Admin', undefined, 1200, undefined],
    ],
  );
  assert.equal(
    c.summary,
    'The second session is worse on Wi-Fi, Page; its slowest page loads 7.2 s later; the traceroutes take different routes.',
  );
});

test('a session compared with itself differs nowhere', () => {
  const c = compareSessions(healthySession(), healthySession());
  assert.ok(
    c.segments.every((s) => !s.differs) &&
      c.sections.every((s) => s.rows.every((r) => !r.differs)) &&
      c.hops.every((h) => !h.differs),
  );
  assert.equal(c.summary, 'No segment differs.');
});

test('missing or malformed parts compare as absent, never throw', () => {
  const broken = {
    userSessionId: 'x',
    pages: 'none',
    network: { traceroute: 'Traceroute timed out', networkProfile: null },
  } as unknown as UserSessionDetail;
  const c = compareSessions(healthySession(), broken);
  assert.equal(
    c.hops.every((h) => h.a && !h.b && h.differs),
    true,
  );
  assert.equal(
    c.pages.every((p) => p.a && !p.b),
    true,
  );
});
