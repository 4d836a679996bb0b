// Results of enterprise tests (v7 `/test-results/{testId}/…`): one record per agent per
// round, the agent's id and name beside the round. Network, path-vis, path trace and
// http-server results are the same domain records as an endpoint test's (an enterprise
// path trace is a path trace); the other kinds have records of their own.
import type { Open } from './common';
import type { Har } from './har';
import type { HttpServerResult, NetMetric, PathTrace, PathVisSummary } from './test-data';
import { tolerantFlag } from './tolerant';

/** The result lists of enterprise tests, as v7 names them. */
export const TEST_RESULT_KINDS = [
  'network',
  'path-vis',
  'http-server',
  'page-load',
  'web-transactions',
  'dns-server',
  'dns-trace',
  'dnssec',
  'api',
  'ftp-server',
  'sip-server',
  'rtp-server',
  'bgp',
] as const;
export type TestResultKind = (typeof TEST_RESULT_KINDS)[number];

/** What results say on a v6 account, in one sentence: they exist only in today's API. */
export const RESULTS_NEED_V7 = 'results of enterprise tests need the current API (v7); this account speaks API v6';

/** What running an enterprise test now says on a v6 account. */
export const INSTANT_NEEDS_V7 = 'running enterprise tests now needs the current API (v7); this account speaks API v6';

/** What every enterprise result carries: whose round it is. */
export interface ResultRound {
  agentId: string;
  agentName?: string;
  roundId: number;
  /** The service's link to the result in its web UI (`_links.appLink.href`). */
  permalink?: string;
}

export type EnterpriseNetworkResult = NetMetric & ResultRound & Open<{ server?: string; healthScore?: number }>;
export type EnterprisePathVis = PathVisSummary & ResultRound;
export type EnterprisePathTrace = PathTrace & ResultRound;
export type EnterpriseHttpResult = HttpServerResult & ResultRound & Open<{ healthScore?: number }>;

export type PageLoadResult = Open<
  ResultRound & {
    responseTime?: number;
    totalSize?: number;
    numObjects?: number;
    numErrors?: number;
    domLoadTime?: number;
    pageLoadTime?: number;
  }
>;

/** One agent's page load of one round, with its HAR (the waterfall). */
export type PageLoadDetail = PageLoadResult & { har?: Har };

export type WebTransactionResult = Open<
  ResultRound & { transactionTime?: number; componentErrors?: number; errorType?: string; errorDetails?: string }
>;
/**
 * One page a transaction's script visited in a round; `pageId` names it in the page's own read (the service's `pageNum`
 * as text when it sends no id).
 */
export type WebTransactionPage = Open<{
  pageId: string;
  pageNum?: number;
  pageName?: string;
  componentCount?: number;
  errorCount?: number;
  duration?: number;
}>;
/** One agent's web transaction of a round: its time, the pages it visited and the script's markers. */
export type WebTransactionDetail = WebTransactionResult & {
  pages: WebTransactionPage[];
  markers?: Open<{ name?: string; duration?: number }>[];
};
/** One page of an agent's web transaction of a round, with its HAR (the waterfall). */
export type WebTransactionPageDetail = WebTransactionDetail & { har?: Har };
export type DnsServerResult = Open<
  ResultRound & {
    server?: string;
    serverId?: string;
    resolutionTime?: number;
    mappings?: string;
    errorDetails?: string;
  }
>;
export type DnsTraceResult = Open<
  ResultRound & {
    queries?: number;
    failedQueries?: number;
    finalServerQueried?: string;
    finalQueryTime?: number;
    mappings?: string;
    errorDetails?: string;
  }
>;
export type DnssecResult = Open<ResultRound & { isValid?: boolean; errorDetails?: string }>;
export type ApiResult = Open<
  ResultRound & { apiTransactionTime?: number; completion?: number; errorType?: string; errorDetails?: string }
>;
/** One request an API test made in a round; times in ms (`stepTime` is the call and the processing after it). */
export type ApiStep = Open<{
  stepNumber: number;
  name?: string;
  url?: string;
  stepType?: string;
  completion?: number;
  assertErrorCount?: number;
  apiCallTime?: number;
  stepTime?: number;
  blockedTime?: number;
  dnsTime?: number;
  connectTime?: number;
  sendTime?: number;
  waitTime?: number;
  receiveTime?: number;
  responseTime?: number;
  processingTime?: number;
  errorType?: string;
  errorDetails?: string;
  assertions?: Open<{ step?: number; hasFailed?: boolean }>[];
}>;
/** Steps of one API test round read at most (a test makes a handful of requests; v7 allows a few dozen). */
export const MAX_API_STEPS = 100;
/** One agent's API test round with its steps in the order made (at most MAX_API_STEPS). */
export type ApiTestDetail = ApiResult & { requests: ApiStep[] };

export type FtpServerResult = Open<
  ResultRound & {
    serverIp?: string;
    responseCode?: number;
    dnsTime?: number;
    connectTime?: number;
    negotiationTime?: number;
    waitTime?: number;
    responseTime?: number;
    transferTime?: number;
    totalTime?: number;
    wireSize?: number;
    throughput?: number;
    errorType?: string;
    errorDetails?: string;
  }
>;
export type SipServerResult = Open<
  ResultRound & {
    serverIp?: string;
    availability?: number;
    responseCode?: number;
    dnsTime?: number;
    connectTime?: number;
    registerTime?: number;
    inviteTime?: number;
    optionsTime?: number;
    responseTime?: number;
    totalTime?: number;
    waitTime?: number;
    errorType?: string;
    problemDetail?: string;
  }
>;
/** A voice test's RTP stream of one round: the call quality (MOS) and what lowers it. */
export type RtpServerResult = Open<
  ResultRound & {
    serverIp?: string;
    mos?: number;
    codecName?: string;
    codecMaxMos?: number;
    loss?: number;
    discards?: number;
    latency?: number;
    pdv?: number;
    errorDetail?: string;
  }
>;
/**
 * A BGP monitor's view of the test's prefix in one round: its monitor stands where an agent does (agentId is the
 * monitorId).
 */
export type BgpResult = Open<
  ResultRound & { prefixId?: string; prefix?: string; reachability?: number; updates?: number; pathChanges?: number }
>;

/** One BGP monitor's route to the test's prefix in a round: the ASes crossed, the monitor's own first. */
export type BgpRoute = Open<
  ResultRound & { prefixId?: string; prefix?: string; isActive?: boolean; hops?: { asn?: number; asName?: string }[] }
>;

export interface TestResultRecords {
  network: EnterpriseNetworkResult;
  'path-vis': EnterprisePathVis;
  'http-server': EnterpriseHttpResult;
  'page-load': PageLoadResult;
  'web-transactions': WebTransactionResult;
  'dns-server': DnsServerResult;
  'dns-trace': DnsTraceResult;
  dnssec: DnssecResult;
  api: ApiResult;
  'ftp-server': FtpServerResult;
  'sip-server': SipServerResult;
  'rtp-server': RtpServerResult;
  bgp: BgpResult;
}

export type TestResult = TestResultRecords[TestResultKind];

/** A page of results in the domain's envelope: the records and the range the service stated. */
export interface TestResultsResponse {
  results: TestResult[];
  pages: { next?: string };
  from?: string;
  to?: string;
}

/**
 * The result lists a test of each type has (v7 type names; `dns-dnssec` is v6's name of `dnssec`; a voice test's are
 * its RTP stream's).
 * FTP, SIP and DNS server tests also run the network layer (loss, latency, jitter and path traces to the server): the
 * vendor's schemas give them `networkMeasurements`, `pathTraceMode`, `probeMode` and `numPathTraces` as they give
 * http-server.
 * Their network lists exist only while the test measures the network (resultKindsOfTest).
 */
export function resultKindsOf(type: string): TestResultKind[] {
  switch (type) {
    case 'agent-to-server':
    case 'agent-to-agent':
      return ['network', 'path-vis'];
    case 'http-server':
      return ['http-server', 'network', 'path-vis'];
    case 'page-load':
      return ['page-load', 'http-server', 'network', 'path-vis'];
    case 'web-transactions':
      return ['web-transactions', 'network', 'path-vis'];
    case 'api':
      return ['api'];
    case 'dns-server':
      return ['dns-server', 'network', 'path-vis'];
    case 'dns-trace':
      return ['dns-trace'];
    case 'dnssec':
    case 'dns-dnssec':
      return ['dnssec'];
    case 'ftp-server':
      return ['ftp-server', 'network', 'path-vis'];
    case 'sip-server':
      return ['sip-server', 'network', 'path-vis'];
    case 'voice':
      return ['rtp-server'];
    case 'bgp':
      return ['bgp'];
    default:
      return [];
  }
}

/** Why a test that could measure the network has no network or path results: said wherever those results would be. */
export const NETWORK_MEASUREMENTS_OFF =
  'network measurements are off for this test (networkMeasurements): it has no network or path results';

/**
 * Whether the test measures the network: v7's `networkMeasurements` (on by default), read tolerantly,
 * since v6 and stored documents write it as 0/1 and a hand-written body may send "false".
 */
export function measuresNetwork(test: { networkMeasurements?: unknown; v7Fields?: unknown }): boolean {
  const kept = test.v7Fields;
  const flag =
    test.networkMeasurements ??
    (typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>)['networkMeasurements'] : undefined);
  return tolerantFlag(flag) ?? true; // on unless the test says off: the service's default
}

/** What decides a test's result lists; `resultLinks` is what the client read from a v7 body's `_links.testResults`. */
type TestOfKinds = {
  type?: unknown;
  networkMeasurements?: unknown;
  bgpMeasurements?: unknown;
  v7Fields?: unknown;
  resultLinks?: unknown;
};

/**
 * Whether the test also measures BGP routes to its target's prefix: v7's `bgpMeasurements`
 * (off unless set), read as tolerantly as `networkMeasurements`.
 */
export function measuresBgp(test: TestOfKinds): boolean {
  const kept = test.v7Fields;
  const flag =
    test.bgpMeasurements ??
    (typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>)['bgpMeasurements'] : undefined);
  return tolerantFlag(flag) ?? false;
}

/** The type table's lists, without the network layer's while a test of another layer does not measure the network. */
function tableKindsOfTest(test: TestOfKinds): TestResultKind[] {
  const kinds = resultKindsOf(String(test.type));
  // A network test's network layer is the test itself; the flag turns off only what another layer's test adds.
  return kinds[0] === 'network' || measuresNetwork(test)
    ? kinds
    : kinds.filter((kind) => kind !== 'network' && kind !== 'path-vis');
}

/**
 * The lists the service links from a test (`_links.testResults`), as the emulator writes and
 * serves them: the table's, and `bgp` while a test that measures the network also measures BGP
 * (the routes are to the prefix its network layer reaches; a BGP test's own are its type's).
 */
export function linkedResultKinds(test: TestOfKinds): TestResultKind[] {
  const kinds = tableKindsOfTest(test);
  return kinds.includes('network') && !kinds.includes('bgp') && measuresBgp(test) ? [...kinds, 'bgp'] : kinds;
}

/** Kinds a test's `resultLinks` name, at most: more than every kind twice is not a test's links. */
const MAX_RESULT_LINKS = 2 * TEST_RESULT_KINDS.length;

/** The known kinds of a `resultLinks` value, once each; empty for anything but an array of kind names. */
function linkedKinds(links: unknown): TestResultKind[] {
  if (!Array.isArray(links)) return [];
  const known = new Set<string>(TEST_RESULT_KINDS);
  const kinds = new Set<TestResultKind>();
  for (const kind of links.slice(0, MAX_RESULT_LINKS))
    if (typeof kind === 'string' && known.has(kind)) kinds.add(kind as TestResultKind);
  return [...kinds];
}

/**
 * The result lists a deployed test has: the ones its v7 body links (`resultLinks`, read from
 * `_links.testResults`) when it links any known one, since only the service knows the lists
 * its options add (BGP of a test with `bgpMeasurements`) or leave out; the type table's
 * otherwise (v6, a body without links). Linked kinds keep the table's order, the others after
 * it, so a test's own layer stays first.
 */
export function resultKindsOfTest(test: TestOfKinds): TestResultKind[] {
  const linked = linkedKinds(test.resultLinks);
  if (linked.length === 0) return tableKindsOfTest(test);
  const own = resultKindsOf(String(test.type));
  const rank = (kind: TestResultKind): number => {
    const index = own.indexOf(kind);
    return index >= 0 ? index : TEST_RESULT_KINDS.length + TEST_RESULT_KINDS.indexOf(kind);
  };
  return linked.sort((a, b) => rank(a) - rank(b));
}
