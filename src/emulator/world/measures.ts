// Measurements shared by sessions and probes: ping statistics, system metrics and the
// network profile an agent reports.
import type { NetworkProfile, PingStats, Stat, SystemMetrics } from '../../api/types';
import type { AgentProfile } from './agents';
import { round3, subnetMask } from './format';
import type { Rng } from './prng';
import { activeEpisode, bssidAt, publicSideAt } from './episodes';

/**
 * Ping statistics around `meanRtt`; with `lossChance` some packets are lost (up to half).
 * `loss` fixes the packets sent and the range of packets lost instead (episodes).
 */
export function pingStats(
  rng: Rng,
  meanRtt: number,
  lossChance = 0.05,
  loss?: { sent: number; lostMin: number; lostMax: number },
): PingStats {
  const drawnSent = rng.pick([4, 5, 10]);
  const pktsSent = loss ? loss.sent : drawnSent;
  const lost = loss
    ? rng.int(loss.lostMin, loss.lostMax)
    : rng.chance(lossChance)
      ? rng.int(1, Math.max(1, Math.floor(pktsSent / 2)))
      : 0;
  const avgRtt = round3(rng.gauss(meanRtt, meanRtt * 0.08, 0.2));
  const spread = Math.max(0.1, avgRtt * rng.float(0.02, 0.25, 3));
  return {
    pktsSent,
    pktsReceived: pktsSent - lost,
    minRtt: round3(Math.max(0.1, avgRtt - spread)),
    avgRtt,
    maxRtt: round3(avgRtt + spread * rng.float(1, 2.5)),
    meanDevRtt: round3(spread / 2),
  };
}

function stat(rng: Rng, mean: number, spread: number, min: number, max: number, integer: boolean): Stat {
  const count = rng.int(10, 60);
  const clamp = (value: number): number => {
    const v = Math.min(max, Math.max(min, value));
    return integer ? Math.round(v) : round3(v);
  };
  const lo = clamp(mean - spread * rng.float(1, 2));
  const hi = clamp(mean + spread * rng.float(1, 2.5));
  return {
    min: lo,
    max: hi,
    mean: clamp(mean),
    median: clamp(mean - spread * 0.1),
    stdDev: integer ? Math.round(spread) : round3(spread / 2),
    count,
  };
}

/**
 * CPU and memory over [startMs, endMs]; agents keep their RAM size. Featured agents stay at
 * 10–45 % CPU and at most 80 % memory, except in a CPU episode at `episodeSeconds` (the
 * session's time, so every record of one session agrees): 92–99 % CPU.
 */
export function systemMetrics(
  rng: Rng,
  agent: AgentProfile,
  startMs: number,
  endMs: number,
  episodeSeconds = startMs / 1000,
): SystemMetrics {
  const totalGiB = [8, 16, 16, 32][agent.index % 4] ?? 16;
  const total = totalGiB * 1024 ** 3;
  const busy = rng.chance(0.1);
  let cpuMean: number;
  let cpuSpread = 0.08;
  if (!agent.featured) cpuMean = busy ? rng.float(0.7, 0.95, 3) : rng.float(0.05, 0.45, 3);
  else if (activeEpisode(agent, episodeSeconds)?.kind === 'cpu') {
    cpuMean = rng.float(0.92, 0.99, 3);
    cpuSpread = 0.03;
  } else cpuMean = rng.float(0.1, 0.45, 3);
  const memMean = total * rng.float(0.45, agent.featured ? 0.8 : 0.92, 3);
  return {
    startTimeMs: startMs,
    endTimeMs: endMs,
    cpuUtilization: stat(rng, cpuMean, cpuSpread, 0, 1, false),
    physicalMemoryUsedBytes: stat(rng, memMean, total * 0.02, 0, total, true),
    physicalMemoryTotalBytes: total,
  };
}

/**
 * What the agent reports about its network connection at `seconds`; proxy and Wi-Fi when
 * they apply. Featured agents: the Wi-Fi agent's BSSID and signal follow its episode, the
 * ISP agent's public address its failover (see episodes.ts).
 */
export function networkProfile(rng: Rng, agent: AgentProfile, seconds: number): NetworkProfile {
  const { network } = agent;
  const side = publicSideAt(agent, seconds);
  const bits = Number(network.localPrefix.split('/')[1] ?? 24);
  const profile: NetworkProfile = {
    dnsServers: network.dnsServers,
    gateway: agent.connection === 'Loopback' ? '127.0.0.1' : network.gateway,
    ipAddress: agent.ipAddress,
    localPrefix: network.localPrefix,
    subnetMask: subnetMask(bits),
    publicIpAddress: side.ip,
    publicIpRange: side.range,
    hardwareType: agent.connection === 'Wireless' ? 'Wi-Fi' : agent.connection === 'Loopback' ? 'Loopback' : 'Ethernet',
    interfaceName: agent.interfaceName,
    type: agent.connection === 'Wireless' ? 'wireless' : agent.connection === 'Loopback' ? 'loopback' : 'wired',
  };
  if (network.proxy) {
    profile.proxyProfile = {
      method: network.proxy.method,
      proxies: [{ bypass: '*.local;169.254/16;10.0.0.0/8', proxy: `${network.proxy.ip}:${network.proxy.port}` }],
    };
  }
  if (agent.connection === 'Wireless' && agent.bssid) {
    const drawnRssi = rng.int(-82, -38);
    const weak = agent.featured?.kind === 'wifi' && activeEpisode(agent, seconds) !== undefined;
    // Featured agents: a steady −50 ± 6 dBm, or −82 … −76 dBm on the weak access point.
    const rssi = !agent.featured ? drawnRssi : weak ? -76 - (-drawnRssi % 7) : -56 + (-drawnRssi % 13);
    const noise = rng.int(-96, -88);
    profile.wirelessProfile = {
      bssid: bssidAt(agent, seconds) ?? agent.bssid,
      ssid: network.ssid,
      phyMode: (agent.channel ?? 1) > 14 ? rng.pick(['802.11ac', '802.11ax']) : '802.11n',
      vendor: agent.wifiVendor ?? 'Cisco Meraki',
      channel: agent.channel ?? 1,
      noise,
      quality: Math.max(0, Math.min(100, Math.round(((rssi + 90) / 55) * 100))),
      rssi,
      txRate: weak ? rng.pick([6, 12, 18, 24]) : rng.pick([144, 300, 400, 585, 866, 1201]),
    };
  }
  return profile;
}
