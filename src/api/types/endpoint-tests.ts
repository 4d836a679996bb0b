// Endpoint scheduled tests and instant tests.
import type { Open, OpenEnum, Pages } from './common';

export const ENDPOINT_TEST_TYPES = ['agent-to-server', 'http-server'] as const;
export type EndpointTestType = (typeof ENDPOINT_TEST_TYPES)[number];

export const ENDPOINT_TEST_INTERVALS = [60, 120, 300, 600, 900, 1800, 3600] as const;

// ---------- endpoint scheduled / instant tests ----------

export interface ApiLink {
  rel: OpenEnum<'self' | 'data'>;
  href: string;
}

export type EndpointTest = Open<{
  testId: number;
  testName: string;
  type: OpenEnum<EndpointTestType>;
  alertsEnabled: 0 | 1;
  apiLinks: ApiLink[];
  bandwidthMeasurements: 0 | 1;
  bgpMeasurements: 0 | 1;
  networkMeasurements: 0 | 1;
  mtuMeasurements: 0 | 1;
  usePublicBgp: 0 | 1;
  enabled: 0 | 1;
  savedEvent: 0 | 1;
  interval: number;
  port: number;
  protocol: OpenEnum<'TCP' | 'ICMP'>;
  server: string;
  createdBy?: string;
  modifiedBy?: string;
  createdDate?: string;
  modifiedDate?: string;
  // http-server only
  authType?: OpenEnum<'NONE' | 'BASIC' | 'NTLM'>;
  contentRegex?: string;
  followRedirects?: 0 | 1;
  httpTargetTime?: number;
  httpTimeLimit?: number;
  httpVersion?: 1 | 2;
  postBody?: string;
  sslVersionId?: 0 | 3 | 4 | 5 | 6;
  sslVersion?: string;
  url?: string;
  useNtlm?: 0 | 1;
  userAgent?: string;
  username?: string;
  verifyCertificate?: 0 | 1;
}>;

export interface EndpointTestResponse {
  endpointTest: EndpointTest[];
  pages?: Pages;
}

export interface HttpServerInstantTest {
  testName: string;
  url: string;
  maxMachines: number;
  groupId?: number;
  sslVersion?: 0 | 3 | 4 | 5 | 6;
  targetResponseTime?: number;
  verifyCertHostname?: boolean;
  authType?: 'NONE' | 'BASIC' | 'NTLM';
  username?: string;
  password?: string;
  httpTimeLimit?: number;
  flagPing?: boolean;
  flagTraceroute?: boolean;
  port?: number;
  networkProtocol?: 'ICMP' | 'TCP';
  tcpProbeMode?: 'AUTO' | 'SYN' | 'SACK';
  pathtraceInSession?: string;
}

export interface AgentToServerInstantTest {
  testName: string;
  serverName: string;
  maxMachines: number;
  groupId?: number | string;
  flagPing?: boolean;
  flagTraceroute?: boolean;
  port?: number;
}

export interface InstantTestBodies {
  'http-server': HttpServerInstantTest;
  'agent-to-server': AgentToServerInstantTest;
}
