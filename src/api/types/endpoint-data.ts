// Endpoint data: sessions, probes, agents and networks, and their list responses.
import type { Open, OpenEnum, Pages } from './common';

// ---------- endpoint data ----------

export interface Stat {
  min: number;
  max: number;
  mean: number;
  median: number;
  stdDev: number;
  count: number;
}

export interface SystemMetrics {
  startTimeMs: number;
  endTimeMs: number;
  cpuUtilization: Stat;
  physicalMemoryUsedBytes: Stat;
  physicalMemoryTotalBytes: number;
}

export interface PingStats {
  pktsSent: number;
  pktsReceived: number;
  minRtt: number;
  avgRtt: number;
  maxRtt: number;
  meanDevRtt: number;
}
/** A failed ping or traceroute is reported as a bare error string. */
export type PingResult = PingStats | string;

export type TracerouteHop = Open<{
  hop: number;
  delay: number;
  ipAddress: string;
  name: string;
  asn?: number;
  prefix?: string;
  mpls?: string[] | string;
}>;
export type TracerouteResult = { destination: string; hops: TracerouteHop[] } | string;

export type WirelessProfile = Open<{
  bssid: string;
  ssid: string;
  phyMode: string;
  vendor: string;
  channel: number;
  noise: number;
  quality: number;
  rssi: number;
  txRate: number;
}>;

export type NetworkProfile = Open<{
  dnsServers: string[];
  gateway: string;
  ipAddress: string;
  localPrefix: string;
  subnetMask: string;
  publicIpAddress: string;
  publicIpRange: string;
  hardwareType: string;
  interfaceName: string;
  type: string;
  proxyProfile?: { method: string; proxies: { bypass: string; proxy: string }[] };
  wirelessProfile?: WirelessProfile;
}>;

export type SessionNetwork = Open<{
  networkProfile: NetworkProfile;
  systemMetrics?: SystemMetrics;
  gatewayPing: PingResult;
  ping: PingResult;
  traceroute: TracerouteResult;
  connect: { rtt: number };
  icmpBlocked: boolean;
  errors: string[];
  /** v7: the session's ping to its VPN concentrator, sent only when the session went through the tunnel. */
  vpnPing?: PingResult;
  /** Set by the v7 reader: the dialect reports vpnPing whenever there was one (v6 never does). */
  vpnPingReported?: boolean;
}>;

export interface PageTimings {
  onContentLoad: number;
  onLoad: number;
}

export interface SessionPage {
  id: string;
  title: string;
  startedDateTime: string;
  responseCode: number;
  pageTimings: PageTimings;
}

export type UserSession = Open<{
  userSessionId: string;
  agentId: string;
  roundId: number;
  date: string;
  committed: string;
  sourceAddr: string;
  orgName: string;
  visitedSite: string;
  protocol: string;
  port: number;
  numberOfPages: number;
  permalink: string;
  pageId?: string;
  experienceScore?: number;
}>;

export type UserSessionDetail = UserSession & {
  browser: { name: string; version: string };
  coordinates: { latitude: number; longitude: number; location: string };
  pages: SessionPage[];
  network: SessionNetwork;
};

export type WebSession = Open<{
  pageId: string;
  pageUrl: string;
  pageTitle?: string;
  date: string;
  responseCode: number;
  responseTime: number;
  pageTimings: PageTimings;
  agentId: string;
  userSessionId: string;
  roundId: number;
  systemMetrics?: SystemMetrics;
}>;

export type NetworkSession = Open<{
  userSessionId: string;
  agentId: string;
  roundId: number;
  date: string;
  destination: {
    latency: number;
    loss: number;
    jitter: number;
    avgRtt: number;
    maxRtt: number;
    meanDevRtt: number;
    target: string;
  };
  systemMetrics?: SystemMetrics;
}>;

/** A v7 per-segment score of a topology probe (0–100, with the service's quality word). */
export interface SegmentScore {
  score?: number;
  quality?: OpenEnum<'great' | 'good' | 'poor'>;
}

export type NetworkProbe = Open<{
  networkProbeId: string;
  agentId: string;
  roundId: number;
  date: string;
  /** Absent in the published examples of the list (they carry only ids, date and icmpBlocked). */
  target?: string;
  icmpPing?: PingStats;
  icmpBlocked?: boolean;
  /** The kind of target; what the `type` search filter matches (v7 adds `dns`). */
  type?: OpenEnum<'gateway' | 'proxy' | 'vpn' | 'dns'>;
  /** v7 only: the service's own verdict per segment. */
  gatewayScore?: SegmentScore;
  vpnScore?: SegmentScore;
  proxyScore?: SegmentScore;
  connectionScore?: SegmentScore;
  agentScore?: SegmentScore;
}>;

export type NetworkProbeDetail = NetworkProbe & {
  coordinates: { latitude: number; longitude: number; location: string };
  networkProfile: NetworkProfile;
};

export type EndpointAgent = Open<{
  agentId: string;
  computerName: string;
  osVersion: string;
  kernelVersion: string;
  manufacturer: string;
  model: string;
  status: OpenEnum<'enabled' | 'disabled'>;
  deleted: boolean;
  numberOfClients?: number;
  /** v7 only: the agent's name, when set, and what a troubleshooter asks first. */
  agentName?: string;
  lastSeen?: string;
  location?: { latitude?: number; longitude?: number; locationName?: string };
  publicIP?: string;
  platform?: string;
  vpnProfiles?: Open<{
    interfaceName?: string;
    vpnType?: string;
    vpnGatewayAddress?: string;
    vpnClientAddresses?: string[];
    vpnClientNetworkRange?: string[];
  }>[];
}>;

export type PrivateNetwork = Open<{
  networkId: string;
  networkName: string;
  localPrefix: string;
  publicIpRange: string;
}>;

// ---------- list responses ----------

export interface UserSessionsResponse {
  userSessions: UserSession[];
  pages: Pages;
  from?: string;
  to?: string;
}
export interface UserSessionDetailResponse {
  userSessions: UserSessionDetail[];
}
export interface WebSessionsResponse {
  webSessions: WebSession[];
  pages: Pages;
  from?: string;
  to?: string;
}
export interface NetworkSessionsResponse {
  networkSessions: NetworkSession[];
  pages: Pages;
  from?: string;
  to?: string;
}
export interface NetworkProbesResponse {
  networkProbes: NetworkProbe[];
  pages: Pages;
  from?: string;
  to?: string;
}
export interface NetworkProbeDetailResponse {
  networkProbes: NetworkProbeDetail[];
}
/** Real services page these lists too (`pages.next` with an opaque `pageId`). */
export interface PrivateNetworksResponse {
  privateNetworks: PrivateNetwork[];
  pages?: Pages;
}
export interface EndpointAgentsResponse {
  endpointAgents: EndpointAgent[];
  pages?: Pages;
}
