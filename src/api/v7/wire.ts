// Wire shapes of the v7 API (the vendor's OpenAPI 3.0, version 7.0.85), only the fields the
// mappers read; every record stays open (the service adds fields) and every field optional
// (the decoding boundary has already dropped what is not what it says).
import type { Open } from '../types';

/** HAL link: `_links.next.href` is the cursor of the next page, as a whole URL. */
export interface Link {
  href?: string;
}
export interface Links {
  next?: Link;
  self?: Link;
}

/** A paged v7 answer: the records under `results` (or a named array) and the stated range. */
export type PageBody = Open<{ _links?: Links; startDate?: string; endDate?: string }>;

export type RealUserTestWire = Open<{
  id?: string;
  agentId?: string;
  roundId?: number;
  date?: string;
  committed?: string;
  experienceScore?: number;
  numberOfPages?: number;
  organizationName?: string;
  port?: number;
  protocol?: string;
  sourceAddress?: string;
  visitedSite?: string;
  pageId?: string;
}>;

export type RealUserTestPageWire = Open<{
  pageId?: string;
  pageTitle?: string;
  pageUrl?: string;
  loadDate?: string;
  responseCode?: number;
  pageTimings?: { onContentLoad?: number; onLoad?: number };
}>;

/** `gatewayPing`, `ping`, `vpnPing`: a measurement, or `{ error }` when it failed. */
export type PingWire = Open<{
  avgRtt?: number;
  maxRtt?: number;
  minRtt?: number;
  meanDevRtt?: number;
  pktsSent?: number;
  pktsReceived?: number;
  loss?: number;
  error?: string;
}>;
export type TracerouteWire = Open<{ destination?: string; error?: string; hops?: Open<{ hop?: number }>[] }>;

export type RealUserTestNetworkWire = Open<{
  networkProfile?: Open<Record<string, unknown>>;
  systemMetrics?: Open<Record<string, unknown>>;
  gatewayPing?: PingWire;
  ping?: PingWire;
  vpnPing?: PingWire;
  traceroute?: TracerouteWire;
  vpnTraceroute?: TracerouteWire;
  connectRtt?: number;
  isIcmpBlocked?: boolean;
  errors?: string[];
}>;

export type RealUserTestDetailWire = RealUserTestWire &
  Open<{
    browser?: Open<{ name?: string; version?: string }>;
    coordinates?: Open<{ latitude?: number; longitude?: number; location?: string }>;
    pages?: RealUserTestPageWire[];
    network?: RealUserTestNetworkWire;
  }>;

export type PageResultWire = RealUserTestPageWire &
  Open<{ id?: string; agentId?: string; roundId?: number; responseTime?: number }>;
export type NetworkResultWire = Open<{ id?: string; agentId?: string; roundId?: number; date?: string }>;

export type TopologyWire = Open<{
  networkTopologyId?: string;
  agentId?: string;
  roundId?: number;
  isIcmpBlocked?: boolean;
  type?: string;
}>;

export type EndpointAgentWire = Open<{
  id?: string;
  name?: string;
  computerName?: string;
  lastSeen?: string;
  publicIP?: string;
}>;

export type EnterpriseAgentWire = Open<{
  agentId?: number;
  agentName?: string;
  agentType?: string;
  /** Not in the spec, sent live: an object (or array) naming the provider and its AS; kept as sent. */
  networkProviderInfo?: unknown;
}>;

export type EndpointTestWire = Open<{
  testId?: number;
  testName?: string;
  type?: string;
  isEnabled?: boolean;
  isSavedEvent?: boolean;
  networkMeasurements?: boolean;
  followRedirects?: boolean;
  verifyCertificate?: boolean;
  useNtlm?: boolean;
  hasPathTraceInSession?: boolean;
}>;

export type EnterpriseTestWire = Open<{
  testId?: number;
  enabled?: boolean;
  alertsEnabled?: boolean;
  savedEvent?: boolean;
  agents?: Open<{ agentId?: number }>[];
}>;

export type PathVisWire = Open<{ agentId?: string; pathTraces?: Open<Record<string, unknown>>[] }>;
export type PathTraceWire = Open<{
  agentId?: string;
  pathTraces?: Open<Record<string, unknown>>[];
  vpnPathTraces?: Open<Record<string, unknown>>[];
}>;
export type HttpServerWire = Open<{
  agentId?: string;
  headers?: Open<{ requestHeaders?: string; responseHeaders?: string }>;
}>;

export type AccountGroupWire = Open<{
  aid?: number;
  accountGroupName?: string;
  isCurrentAccountGroup?: boolean;
  isDefaultAccountGroup?: boolean;
}>;

/** `application/problem+json` (and 401's `{ error, error_description }`). */
export type ProblemWire = Open<{
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  errors?: Open<{ code?: string; field?: string; message?: string }>[];
  error?: string;
  error_description?: string;
}>;
