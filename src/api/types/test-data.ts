// Data of endpoint scheduled tests: network metrics, path visualization, HTTP server results.
import type { Open, Pages } from './common';
import type { EndpointTest } from './endpoint-tests';

// ---------- scheduled-test data ----------

export type NetMetric = Open<{
  agentId: string;
  avgLatency: number;
  minLatency: number;
  maxLatency: number;
  jitter: number;
  loss: number;
  errorDetails?: string;
  permalink: string;
  roundId: number;
  serverIp: string;
}>;

export interface PathEndpoint {
  ipAddress: string;
  numberOfHops: number;
  pathId: string;
  responseTime: number;
}

/** Fields the path-vis summary and the detailed trace of one agent's round share. */
interface PathRoundFields {
  permalink: string;
  roundId: number;
  server: string;
  serverIp: string;
  sourceIp: string;
  sourcePrefix: string;
}

export type PathVisSummary = Open<
  PathRoundFields & {
    agentId: string;
    location: string;
    endpoints: PathEndpoint[];
  }
>;

/** A hop of a detailed path trace; a gap in `hop` numbers means a star. */
export type PathHop = Open<{
  hop: number;
  ipAddress: string;
  prefix?: string;
  rdns?: string;
  network?: string;
  responseTime?: number;
  location?: string;
  /** An array of labels, or one label as a string (read with mplsLabels). */
  mpls?: string[] | string;
}>;

export interface PathRoute {
  pathId: string;
  hops: PathHop[];
}

/** The spec's reference types agentId as an integer while its sample shows a string id. */
export type PathTrace = Open<
  PathRoundFields & {
    agentId: string | number;
    routes: PathRoute[];
    /** v7 only: the traces inside the VPN tunnel (`vpnPathTraces`). */
    vpnRoutes?: PathRoute[];
  }
>;

export type HttpServerResult = Open<{
  agentId: string;
  connectTime: number;
  dnsTime: number;
  sslTime: number;
  waitTime: number;
  receiveTime: number;
  responseTime: number;
  totalTime: number;
  redirectTime: number;
  numRedirects: number;
  responseCode: number;
  errorType: string;
  errorDetails?: string;
  requestHeaders: string;
  responseHeaders: string;
  wireSize: number;
  serverIp: string;
  permalink: string;
  roundId: number;
}>;

export interface NetMetricsResponse {
  endpointNet: { endpointTest: EndpointTest; metrics: NetMetric[] };
  pages: Pages;
}
export interface PathVisResponse {
  endpointNet: { endpointTest: EndpointTest; pathVis: PathVisSummary[] };
  pages: Pages;
}
export interface PathTraceResponse {
  endpointNet: { endpointTest: EndpointTest; pathVis: PathTrace[] };
}
export interface HttpServerResponse {
  endpointWeb: { endpointTest: EndpointTest; httpServer: HttpServerResult[] };
  pages: Pages;
}
