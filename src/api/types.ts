// Resource types of the API in shared/API_SPEC.md, shared by the client, the emulator,
// the documents and the panels. The service adds fields and enum values over time, so
// every record stays open (`Open<T>`) and enums accept any string (`OpenEnum<T>`).

/** A string enum that still accepts values the service may add later. */
export type OpenEnum<T extends string> = T | (string & {});
/** A record that tolerates fields the spec does not list yet. */
export type Open<T> = T & { readonly [extra: string]: unknown };

export const ENTERPRISE_TEST_TYPES = [
  'agent-to-server', 'agent-to-agent', 'dns-trace', 'dns-server', 'dns-dnssec',
  'http-server', 'page-load', 'web-transactions',
] as const;
export type EnterpriseTestType = (typeof ENTERPRISE_TEST_TYPES)[number];

export const ENDPOINT_TEST_TYPES = ['agent-to-server', 'http-server'] as const;
export type EndpointTestType = (typeof ENDPOINT_TEST_TYPES)[number];

export const ENDPOINT_TEST_INTERVALS = [60, 120, 300, 600, 900, 1800, 3600] as const;

/** `{ pages: { current, next? } }` on every list. */
export interface Pages { current: number; next?: string }

// ---------- enterprise tests (test management) ----------

export interface TestAgent {
  agentId: number;
  agentName: string;
  location: string;
  countryId: string;
  ipAddress: string;
  prefix: string;
  network: string;
  public: 0 | 1;
}

export type EnterpriseTest = Open<{
  testId: number;
  testName: string;
  type: OpenEnum<EnterpriseTestType>;
  interval: number;
  enabled: 0 | 1;
  server?: string;
  url?: string;
  domain?: string;
  targetAgentId?: number;
  transactionScript?: string;
  agents: Open<TestAgent>[];
  createdBy: string;
  createdDate: string;
  modifiedBy?: string;
  modifiedDate?: string;
}>;

export interface AgentRef { agentId: number | string }

/** POST /v7/tests/{type} body: the target depends on the test type. */
export interface EnterpriseTestCreate {
  testName: string;
  interval: number;
  agents: AgentRef[];
  server?: string;
  url?: string;
  domain?: string;
  targetAgentId?: number;
  transactionScript?: string;
  [extra: string]: unknown;
}

/** PUT /v7/tests/{type}/{id}: only these three fields can change. */
export interface EnterpriseTestUpdate {
  testName?: string;
  interval?: number;
  agents?: AgentRef[];
}

export interface EnterpriseTestResponse { test: EnterpriseTest[] }

// ---------- endpoint scheduled / instant tests ----------

export interface ApiLink { rel: OpenEnum<'self' | 'data'>; href: string }

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

export interface EndpointTestResponse { endpointTest: EndpointTest[] }

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

export interface PathEndpoint { ipAddress: string; numberOfHops: number; pathId: string; responseTime: number }

export type PathVisSummary = Open<{
  agentId: string;
  location: string;
  permalink: string;
  roundId: number;
  server: string;
  serverIp: string;
  sourceIp: string;
  sourcePrefix: string;
  endpoints: PathEndpoint[];
}>;

/** A hop of a detailed path trace; a gap in `hop` numbers means a star. */
export type PathHop = Open<{
  hop: number;
  ipAddress: string;
  prefix?: string;
  rdns?: string;
  network?: string;
  responseTime?: number;
  location?: string;
  mpls?: string[];
}>;

export interface PathRoute { pathId: string; hops: PathHop[] }

export type PathTrace = Open<{
  agentId: string | number;
  permalink: string;
  roundId: number;
  server: string;
  serverIp: string;
  sourceIp: string;
  sourcePrefix: string;
  routes: PathRoute[];
}>;

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

export interface NetMetricsResponse { endpointNet: { endpointTest: EndpointTest; metrics: NetMetric[] }; pages: Pages }
export interface PathVisResponse { endpointNet: { endpointTest: EndpointTest; pathVis: PathVisSummary[] }; pages: Pages }
export interface PathTraceResponse { endpointNet: { endpointTest: EndpointTest; pathVis: PathTrace[] } }
export interface HttpServerResponse { endpointWeb: { endpointTest: EndpointTest; httpServer: HttpServerResult[] }; pages: Pages }

// ---------- endpoint data ----------

export interface Stat { min: number; max: number; mean: number; median: number; stdDev: number; count: number }

export interface SystemMetrics {
  startTimeMs: number;
  endTimeMs: number;
  cpuUtilization: Stat;
  physicalMemoryUsedBytes: Stat;
  physicalMemoryTotalBytes: number;
}

export interface PingStats { pktsSent: number; pktsReceived: number; minRtt: number; avgRtt: number; maxRtt: number; meanDevRtt: number }
/** A failed ping or traceroute is reported as a bare error string. */
export type PingResult = PingStats | string;

export type TracerouteHop = Open<{ hop: number; delay: number; ipAddress: string; name: string; asn?: number; prefix?: string; mpls?: string[] }>;
export type TracerouteResult = { destination: string; hops: TracerouteHop[] } | string;

export type WirelessProfile = Open<{
  bssid: string; ssid: string; phyMode: string; vendor: string;
  channel: number; noise: number; quality: number; rssi: number; txRate: number;
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
}>;

export interface PageTimings { onContentLoad: number; onLoad: number }

export interface SessionPage { id: string; title: string; startedDateTime: string; responseCode: number; pageTimings: PageTimings }

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
  destination: { latency: number; loss: number; jitter: number; avgRtt: number; maxRtt: number; meanDevRtt: number; target: string };
  systemMetrics?: SystemMetrics;
}>;

export type NetworkProbe = Open<{
  networkProbeId: string;
  agentId: string;
  roundId: number;
  date: string;
  target: string;
  icmpPing: PingStats;
  /** The kind of target; what the `type` search filter matches. */
  type?: OpenEnum<'gateway' | 'proxy' | 'vpn'>;
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
}>;

export type PrivateNetwork = Open<{ networkId: string; networkName: string; localPrefix: string; publicIpRange: string }>;

export interface AccountGroup { aid: number; accountGroupName: string; current: boolean; default: boolean }

// ---------- HAR 1.2 (as the page-details endpoint returns it) ----------

export interface HarNameValue { name: string; value: string; comment?: string }
export interface HarTimings { blocked?: number; dns?: number; connect?: number; send: number; wait: number; receive: number; ssl?: number; comment?: string }
export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  time: number;
  request: {
    method: string; url: string; httpVersion: string; cookies: HarNameValue[]; headers: HarNameValue[];
    queryString: HarNameValue[]; postData?: { mimeType: string; text?: string; params?: unknown[] }; headersSize: number; bodySize: number;
  };
  response: {
    status: number; statusText: string; httpVersion: string; cookies: HarNameValue[]; headers: HarNameValue[];
    content: { size: number; compression?: number; mimeType: string; text?: string; encoding?: string };
    redirectURL: string; headersSize: number; bodySize: number; _transferSize?: number;
  };
  cache: Record<string, unknown>;
  timings: HarTimings;
  serverIPAddress?: string;
  connection?: string;
  _resourceType?: string;
  [extra: string]: unknown;
}
export interface HarPage { startedDateTime: string; id: string; title: string; pageTimings: { onContentLoad?: number; onLoad?: number }; [extra: string]: unknown }
export interface Har {
  log: {
    version: string;
    creator: { name: string; version: string };
    browser?: { name: string; version: string };
    pages?: HarPage[];
    entries: HarEntry[];
    [extra: string]: unknown;
  };
  _systemMetrics?: SystemMetrics;
  [extra: string]: unknown;
}

// ---------- search filters ----------

export const COMMON_FILTER_KEYS = [
  'location', 'connection', 'trigger', 'platform', 'gateway', 'proxyTarget', 'vpnTarget',
  'agentId', 'networkId', 'ssid', 'bssid',
] as const;
export const FILTER_TARGETS = ['user-sessions', 'web', 'network', 'network-topology'] as const;
export type FilterTarget = (typeof FILTER_TARGETS)[number];
/** Keys that only some list endpoints accept. */
export const TARGET_FILTER_KEYS: Record<FilterTarget, readonly string[]> = {
  'user-sessions': ['domain', 'visitedSite', 'destinationIp'],
  web: [],
  network: [],
  'network-topology': ['type'],
};
export const FILTER_VALUE_SETS: Readonly<Record<string, readonly string[]>> = {
  connection: ['Ethernet', 'Loopback', 'Wireless'],
  trigger: ['auto', 'user'],
  platform: ['Mac', 'Windows'],
  type: ['vpn', 'proxy', 'gateway'],
};
export function filterKeysFor(target: FilterTarget): readonly string[] {
  return [...COMMON_FILTER_KEYS, ...TARGET_FILTER_KEYS[target]];
}

export interface SearchFilter { key: string; values: (string | number)[] }
export interface SearchFilterBody { searchFilters: SearchFilter[] }

// ---------- list responses ----------

export interface UserSessionsResponse { userSessions: UserSession[]; pages: Pages; from?: string; to?: string }
export interface UserSessionDetailResponse { userSessions: UserSessionDetail[] }
export interface WebSessionsResponse { webSessions: WebSession[]; pages: Pages; from?: string; to?: string }
export interface NetworkSessionsResponse { networkSessions: NetworkSession[]; pages: Pages; from?: string; to?: string }
export interface NetworkProbesResponse { networkProbes: NetworkProbe[]; pages: Pages; from?: string; to?: string }
export interface NetworkProbeDetailResponse { networkProbes: NetworkProbeDetail[] }
export interface PrivateNetworksResponse { privateNetworks: PrivateNetwork[] }
export interface EndpointAgentsResponse { endpointAgents: EndpointAgent[] }
export interface AccountGroupsResponse { accountGroups: AccountGroup[] }
export interface PageDetailResponse { har: Har }
export interface ErrorBody { errorMessage: string }

/** Rate-limit state read from the X-Organization-Rate-Limit-* headers. */
export interface RateLimitInfo { limit: number; remaining: number; resetEpochSeconds: number }
export const RATE_LIMIT_HEADERS = {
  limit: 'x-organization-rate-limit-limit',
  remaining: 'x-organization-rate-limit-remaining',
  reset: 'x-organization-rate-limit-reset',
} as const;
