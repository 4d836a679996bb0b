// One verdict model: on the same data, a session's own verdict (in the context its neighbours
// give it) and the timeline's attribution of that session's moment blame the same segment.
// Seeded random sessions, so a failure names the seed that reproduces it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attribute, TimelineLanesBuilder } from '../../../src/analysis/timeline';
import { sessionContextAt } from '../../../src/analysis/timeline/session-context';
import { sessionVerdict } from '../../../src/analysis/session';
import type { UserSessionDetail } from '../../../src/api/types';
import { mulberry32 } from '../path/synthetic';

const AGENT = 'agent-p';
const T0 = Date.UTC(2026, 10, 23, 0, 0, 0);
const ROUND = 300_000;
const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

interface Shape {
  healthy: boolean;
  base: number;
}

/** One session's records (list, page, network session, optional VPN probe, details), random within realistic ranges. */
function sessionRecords(
  r: () => number,
  t: number,
  id: string,
  shape: Shape,
): { list: object; page: object; network: object; probe?: object; detail: object } {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(r() * values.length)] as T;
  const between = (lo: number, hi: number): number => Math.round((lo + r() * (hi - lo)) * 10) / 10;
  const h = shape.healthy;
  const cpu = h ? 0.2 : between(0.05, 1);
  const sent = pick([4, 10, 20]);
  const gatewayLost = h || r() < 0.6 ? 0 : Math.floor(r() * sent * 0.4);
  const targetLost = h || r() < 0.4 ? 0 : Math.floor(r() * sent * 0.5);
  const gatewayRtt = h ? 2 : between(1, 60);
  const targetRtt = h ? shape.base : shape.base + between(0, 400);
  const onLoad = h ? 2000 : r() < 0.1 ? -1 : between(500, 16000);
  const code = h ? 200 : pick([200, 200, 200, 304, 404, 503]);
  const responseTime = h ? 200 : between(50, 4000);
  const wireless = r() < 0.7;
  const metrics = {
    startTimeMs: t,
    endTimeMs: t + 60_000,
    cpuUtilization: { min: 0, max: 1, mean: cpu, median: cpu, stdDev: 0.01, count: 20 },
    physicalMemoryUsedBytes: {
      min: 1,
      max: 2,
      mean: (h ? 0.5 : between(0.3, 1)) * 16e9,
      median: 1,
      stdDev: 1,
      count: 20,
    },
    physicalMemoryTotalBytes: 16e9,
  };
  const list = {
    userSessionId: id,
    agentId: AGENT,
    roundId: Math.floor(t / 1000 / 300) * 300,
    date: iso(t),
    visitedSite: 'crm.example.com',
    numberOfPages: 1,
    experienceScore: h ? 0.9 : 0.2,
  };
  const pingOf = (rtt: number, lost: number): object => ({
    pktsSent: sent,
    pktsReceived: sent - lost,
    minRtt: rtt,
    avgRtt: rtt,
    maxRtt: rtt,
    meanDevRtt: 1,
  });
  const withVpn = !h && r() < 0.5;
  const vpnSent = 20;
  const vpnLost = Math.floor(r() * 6);
  return {
    list,
    page: {
      pageId: `p-${id}`,
      userSessionId: id,
      agentId: AGENT,
      date: iso(t),
      pageUrl: 'https://crm.example.com/',
      pageTitle: 'Home',
      responseCode: code,
      responseTime,
      pageTimings: { onContentLoad: 500, onLoad },
      systemMetrics: metrics,
    },
    network: {
      userSessionId: id,
      agentId: AGENT,
      date: iso(t),
      destination: { target: 'crm.example.com', latency: targetRtt, loss: (targetLost / sent) * 100 },
      systemMetrics: metrics,
    },
    ...(withVpn
      ? {
          probe: {
            networkProbeId: `v-${id}`,
            agentId: AGENT,
            date: iso(t + 20_000),
            type: 'vpn',
            target: '198.51.100.10',
            icmpPing: {
              pktsSent: vpnSent,
              pktsReceived: vpnSent - vpnLost,
              minRtt: 1,
              avgRtt: between(5, 400),
              maxRtt: 500,
              meanDevRtt: 1,
            },
          },
        }
      : {}),
    detail: {
      ...list,
      pages: [
        {
          id: `p-${id}`,
          title: 'Home',
          startedDateTime: iso(t),
          responseCode: code,
          pageTimings: { onContentLoad: 500, onLoad },
        },
      ],
      network: {
        networkProfile: {
          type: wireless ? 'wireless' : 'wired',
          gateway: '10.0.0.1',
          ...(wireless
            ? {
                wirelessProfile: {
                  ssid: 'S',
                  bssid: 'aa:bb:cc:dd:ee:01',
                  rssi: h ? -50 : between(-90, -40),
                  noise: -92,
                  quality: h ? 80 : between(5, 100),
                  txRate: h ? 400 : between(6, 900),
                },
              }
            : {}),
        },
        systemMetrics: metrics,
        gatewayPing: pingOf(gatewayRtt, gatewayLost),
        ping: pingOf(targetRtt, targetLost),
        connect: { rtt: targetRtt + (h ? 3 : between(0, 600)) },
        traceroute: 'timed out',
        icmpBlocked: false,
        errors: [],
      },
    },
  };
}

test('on 400 seeded random sessions, the session verdict and the timeline attribution blame the same segment', () => {
  let blamedSomething = 0;
  for (let seed = 1; seed <= 400; seed++) {
    const r = mulberry32(seed);
    const shape = { healthy: true, base: Math.round(10 + r() * 200) };
    const builder = new TimelineLanesBuilder(AGENT);
    const neighbours = Array.from({ length: 6 }, (_, i) => sessionRecords(r, T0 + i * ROUND, `n${i}`, shape));
    const tS = T0 + 4 * 3600_000;
    const subject = sessionRecords(r, tS, 'subject', { ...shape, healthy: false });
    for (const rec of [...neighbours, subject]) {
      builder.add('userSessions', [rec.list]);
      builder.add('webSessions', [rec.page]);
      builder.add('networkSessions', [rec.network]);
      if (rec.probe) builder.add('networkProbes', [rec.probe]);
      builder.addSessionDetail(rec.detail);
    }
    const lanes = builder.lanes();
    const split = {
      inside: (t: number) => Math.abs(t - tS) <= 60_000,
      outside: (t: number) => Math.abs(t - tS) > 3600_000,
    };
    const timeline = attribute(lanes, split);
    const own = sessionVerdict(
      subject.detail as UserSessionDetail,
      sessionContextAt(lanes, { t: tS, id: 'subject' }, split.outside),
    );
    assert.equal(
      own.worst,
      timeline.blamed?.segment,
      `seed ${seed}: session "${own.line}" vs timeline ${timeline.blamed?.segment}: ${timeline.blamed?.text}`,
    );
    assert.deepEqual(own.also ?? [], timeline.also, `seed ${seed}: what else is blamed`);
    if (own.worst) blamedSomething++;
  }
  assert.ok(blamedSomething > 200, `most random sessions blame something (${blamedSomething})`);
});
