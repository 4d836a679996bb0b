// Hand-built records of one endpoint agent: a session every 5 minutes for six hours, healthy
// except during one episode of a chosen kind, in the API's shapes (list records and details).
import {
  TimelineLanesBuilder,
  agentTimeline,
  type AgentState,
  type AgentTimeline,
} from '../../../src/analysis/timeline';

export const AGENT = 'agent-1';
export const T0 = Date.UTC(2026, 10, 23, 6, 0, 0);
export const ROUND = 300_000;
export const EPISODE = { fromMs: T0 + 2 * 3600_000 + 2 * 60_000, toMs: T0 + 2 * 3600_000 + 41 * 60_000 };
export type Kind = 'wifi' | 'vpn' | 'isp' | 'server' | 'cpu' | 'none';

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export interface Records {
  sessions: unknown[];
  pages: unknown[];
  network: unknown[];
  probes: unknown[];
  details: unknown[];
}

export function agentRecords(
  kind: Kind,
  options: { hours?: number; skip?: (t: number) => boolean; idsAsNumbers?: boolean } = {},
): Records {
  const records: Records = { sessions: [], pages: [], network: [], probes: [], details: [] };
  const hours = options.hours ?? 6;
  for (let i = 0; i < hours * 12; i++) {
    const t = T0 + i * ROUND + 60_000;
    if (options.skip?.(t)) continue;
    const inEpisode = kind !== 'none' && t >= EPISODE.fromMs && t < EPISODE.toMs;
    const after = t >= EPISODE.toMs;
    const k = inEpisode ? kind : 'none';
    const id = options.idsAsNumbers ? 5000 + i : `s${i}`;
    const site = k === 'server' ? 'crm.example.com' : i % 2 ? 'mail.example.com' : 'crm.example.com';
    const score = k === 'none' ? 0.86 + (i % 3) / 100 : 0.2 + (i % 4) / 100;
    const cpu = k === 'cpu' ? 0.96 : 0.22;
    const metrics = {
      startTimeMs: t,
      endTimeMs: t + 60_000,
      cpuUtilization: {
        min: cpu - 0.05,
        max: Math.min(1, cpu + 0.05),
        mean: cpu,
        median: cpu,
        stdDev: 0.02,
        count: 30,
      },
      physicalMemoryUsedBytes: { min: 8e9, max: 9e9, mean: 8.5e9, median: 8.5e9, stdDev: 1e8, count: 30 },
      physicalMemoryTotalBytes: 16e9,
    };
    const publicIp = k === 'isp' ? '198.18.7.20' : '203.0.113.14';
    records.sessions.push({
      userSessionId: id,
      agentId: AGENT,
      roundId: Math.floor(t / 1000 / 300) * 300,
      date: iso(t),
      visitedSite: site,
      numberOfPages: 1,
      experienceScore: score,
      sourceAddr: publicIp,
      orgName: k === 'isp' ? 'Backup LTE' : 'Fiber Co',
    });
    records.pages.push({
      pageId: `p${i}`,
      userSessionId: id,
      agentId: AGENT,
      date: iso(t),
      pageUrl: `https://${site}/home`,
      pageTitle: `Home ${i}`,
      responseCode: 200,
      responseTime: k === 'server' ? 3800 : 240,
      pageTimings: { onContentLoad: 900, onLoad: k === 'none' ? 2100 : 11_500 },
      systemMetrics: metrics,
    });
    records.network.push({
      userSessionId: id,
      agentId: AGENT,
      date: iso(t),
      destination: {
        target: '192.0.2.80',
        latency: k === 'isp' ? 140 : k === 'vpn' ? 260 : 38,
        loss: k === 'isp' ? 9 : 0,
        jitter: 2,
        avgRtt: 38,
        maxRtt: 50,
        meanDevRtt: 1,
      },
      systemMetrics: metrics,
    });
    const wifiBad = k === 'wifi';
    records.probes.push({
      networkProbeId: `g${i}`,
      agentId: AGENT,
      date: iso(t + 30_000),
      type: 'gateway',
      target: '10.1.0.1',
      icmpPing: ping(wifiBad ? 42 : 2.5, wifiBad ? 2 : 0),
    });
    records.probes.push({
      networkProbeId: `v${i}`,
      agentId: AGENT,
      date: iso(t + 40_000),
      type: 'vpn',
      target: '198.51.100.10',
      icmpPing: ping(k === 'vpn' ? 280 : 35, k === 'vpn' ? 1 : 0),
    });
    const bssid = wifiBad ? 'd1:7b:00:00:00:99' : after ? 'd1:7b:00:00:00:e2' : 'd1:7b:00:00:00:01';
    records.details.push({
      ...(records.sessions.at(-1) as object),
      pages: [
        {
          id: `p${i}`,
          title: `Home ${i}`,
          startedDateTime: iso(t),
          responseCode: 200,
          pageTimings: { onContentLoad: 900, onLoad: k === 'none' ? 2100 : 11_500 },
        },
      ],
      network: {
        networkProfile: {
          type: 'wireless',
          hardwareType: 'Wi-Fi',
          gateway: '10.1.0.1',
          publicIpAddress: publicIp,
          wirelessProfile: {
            ssid: 'ACME-Branch',
            bssid,
            rssi: wifiBad ? -79 : -51,
            noise: -92,
            quality: wifiBad ? 20 : 70,
            txRate: wifiBad ? 12 : 400,
          },
        },
        systemMetrics: metrics,
        gatewayPing: ping(wifiBad ? 42 : 2.5, wifiBad ? 2 : 0),
        ping: ping(k === 'isp' ? 140 : 38, k === 'isp' ? 1 : 0),
        connect: { rtt: 40 },
        traceroute: 'Traceroute timed out',
        icmpBlocked: false,
        errors: [],
      },
    });
  }
  return records;
}

function ping(avgRtt: number, lost: number): object {
  return { pktsSent: 10, pktsReceived: 10 - lost, minRtt: avgRtt * 0.9, avgRtt, maxRtt: avgRtt * 1.2, meanDevRtt: 1 };
}

export function timelineOf(
  records: Records,
  agent: AgentState = { agentId: AGENT, name: 'maria-mbp', status: 'enabled', deleted: false },
  withDetails = true,
): AgentTimeline {
  const builder = new TimelineLanesBuilder(agent.agentId);
  builder.add('userSessions', records.sessions);
  builder.add('webSessions', records.pages);
  builder.add('networkSessions', records.network);
  builder.add('networkProbes', records.probes);
  if (withDetails) for (const detail of records.details) builder.addSessionDetail(detail);
  return agentTimeline(agent, { fromMs: T0, toMs: T0 + 6 * 3600_000 }, builder, [], true);
}
