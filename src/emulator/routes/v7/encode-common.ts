// Pieces of v7 records shared by several areas: dates, pings, traceroutes, network profiles.
// The world writes v6 records; these turn them into the v7 wire shapes of the OpenAPI schemas.
import type { NetworkProfile, PingResult, TracerouteResult } from '../../../api/types';

/** The world's `yyyy-MM-dd HH:mm:ss` (UTC) as ISO 8601, v7's date-time. */
export function isoDate(v6Date: string): string {
  return v6Date.includes('T') ? v6Date : `${v6Date.replace(' ', 'T')}Z`;
}

/** v7 writes round trip times as whole milliseconds. */
const ms = (value: number): number => Math.round(value);

/** Loss in percent, from the packets a ping sent and got back. */
export function lossPercent(sent: number, received: number): number {
  return sent > 0 ? Math.round(((sent - received) / sent) * 1000) / 10 : 0;
}

export interface V7Ping {
  avgRtt?: number;
  maxRtt?: number;
  minRtt?: number;
  meanDevRtt?: number;
  loss?: number;
  pktsReceived?: number;
  pktsSent?: number;
  error?: string;
}

/** A failed ping is an `error` in v7 (a bare string in v6). */
export function v7Ping(ping: PingResult): V7Ping {
  if (typeof ping === 'string') return { error: ping };
  return {
    avgRtt: ms(ping.avgRtt),
    maxRtt: ms(ping.maxRtt),
    minRtt: ms(ping.minRtt),
    meanDevRtt: ms(ping.meanDevRtt),
    loss: lossPercent(ping.pktsSent, ping.pktsReceived),
    pktsReceived: ping.pktsReceived,
    pktsSent: ping.pktsSent,
  };
}

export function v7Traceroute(traceroute: TracerouteResult): Record<string, unknown> {
  if (typeof traceroute === 'string') return { error: traceroute };
  return {
    destination: traceroute.destination,
    hops: traceroute.hops.map((hop) => {
      const mpls = hop.mpls === undefined ? undefined : Array.isArray(hop.mpls) ? hop.mpls : [hop.mpls];
      return {
        hop: hop.hop,
        ipAddress: hop.ipAddress,
        name: hop.name,
        delay: ms(hop.delay),
        ...(hop.prefix !== undefined ? { prefix: hop.prefix } : {}),
        ...(hop.asn !== undefined ? { asn: hop.asn } : {}),
        ...(mpls !== undefined ? { mpls } : {}),
      };
    }),
  };
}

const HARDWARE_TYPES: Readonly<Record<string, string>> = {
  wireless: 'wireless',
  ethernet: 'ethernet',
  loopback: 'loopback',
};

/** v7's interface hardware type is an enum (`wireless`, `ethernet` …); v6 wrote `Wi-Fi` beside `type`. */
export function hardwareType(profile: NetworkProfile): string {
  return HARDWARE_TYPES[String(profile.type).toLowerCase()] ?? 'unknown';
}

export function v7NetworkProfile(profile: NetworkProfile): Record<string, unknown> {
  const wireless = profile.wirelessProfile;
  return {
    ipAddress: profile.ipAddress,
    subnetMask: profile.subnetMask,
    publicIpAddress: profile.publicIpAddress,
    localPrefix: profile.localPrefix,
    publicIpRange: profile.publicIpRange,
    dnsServers: [...profile.dnsServers],
    hardwareType: hardwareType(profile),
    interfaceName: profile.interfaceName,
    gateway: profile.gateway,
    ...(profile.proxyProfile
      ? {
          proxyProfile: {
            method: profile.proxyProfile.method,
            proxies: profile.proxyProfile.proxies.map((p) => ({ ...p })),
          },
        }
      : {}),
    ...(wireless
      ? {
          wirelessProfile: {
            ssid: wireless.ssid,
            bssid: wireless.bssid,
            channel: wireless.channel,
            phyMode: wireless.phyMode,
            rssi: wireless.rssi,
            noise: wireless.noise,
            quality: wireless.quality,
            txRate: wireless.txRate,
            vendor: wireless.vendor,
          },
        }
      : {}),
  };
}
