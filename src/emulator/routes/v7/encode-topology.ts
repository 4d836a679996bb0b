// Local-network topology results (v6: network-topology probes) in v7's shape, with the
// per-segment scores v7 adds. A score is read from the probe's own ping, so it moves with
// the world's measures and its episodes: 100 for a clean, fast answer, less for each percent
// of loss and for round trips beyond what the segment should take, 0 when ICMP got nothing
// back. It is written where the probe's target belongs: gateway probes give `gatewayScore`
// and `connectionScore` (the agent's own link is the first hop to its gateway), VPN probes
// `vpnScore`, proxy probes `proxyScore`.
import type { NetworkProbe, NetworkProbeDetail, PingStats } from '../../../api/types';
import { isoDate, lossPercent, v7NetworkProfile, v7Ping } from './encode-common';

/** Round trip each segment should stay under (ms); slower answers lose score up to 50 points. */
const EXPECTED_RTT_MS: Readonly<Record<string, number>> = { gateway: 10, proxy: 30, vpn: 60 };
const LOSS_POINTS_PER_PERCENT = 5;

export interface SegmentScore {
  score: number;
  quality: 'great' | 'good' | 'poor';
}

export function segmentScore(type: string, ping: PingStats): SegmentScore {
  if (ping.pktsReceived === 0) return { score: 0, quality: 'poor' };
  const expected = EXPECTED_RTT_MS[type] ?? 30;
  const slowness = Math.max(0, ping.avgRtt - expected) / expected;
  const latencyPenalty = Math.min(50, slowness * 25);
  const lossPenalty = lossPercent(ping.pktsSent, ping.pktsReceived) * LOSS_POINTS_PER_PERCENT;
  const score = Math.round(Math.max(0, 100 - latencyPenalty - lossPenalty) * 10) / 10;
  return { score, quality: score >= 80 ? 'great' : score >= 50 ? 'good' : 'poor' };
}

function scoresOf(probe: NetworkProbe): Record<string, SegmentScore> {
  if (!probe.icmpPing || probe.icmpBlocked) return {};
  const score = segmentScore(String(probe.type), probe.icmpPing);
  if (probe.type === 'gateway') return { gatewayScore: score, connectionScore: score };
  if (probe.type === 'vpn') return { vpnScore: score };
  if (probe.type === 'proxy') return { proxyScore: score };
  return {};
}

export function v7Topology(probe: NetworkProbe): Record<string, unknown> {
  return {
    networkTopologyId: probe.networkProbeId,
    agentId: probe.agentId,
    roundId: probe.roundId,
    date: isoDate(probe.date),
    ...(probe.target !== undefined ? { target: probe.target } : {}),
    ...(probe.type !== undefined ? { type: probe.type } : {}),
    ...(probe.icmpPing ? { icmpPing: v7Ping(probe.icmpPing) } : {}),
    ...(probe.icmpBlocked !== undefined ? { isIcmpBlocked: probe.icmpBlocked } : {}),
    ...scoresOf(probe),
  };
}

export function v7TopologyDetail(probe: NetworkProbeDetail): Record<string, unknown> {
  return {
    ...v7Topology(probe),
    coordinates: { ...probe.coordinates },
    networkProfile: v7NetworkProfile(probe.networkProfile),
  };
}
