// v7 wire records → the domain records of src/api/types (the names the views, analyses and
// documents read). Each mapper takes a record the decoding boundary has already normalised,
// keeps every field it does not rename (v7 extras a troubleshooter needs: agent lastSeen,
// location, publicIP, VPN profiles; topology scores; VPN path traces) and renames the rest.
import { isRecord } from '../paging';
import { TEST_RESULT_KINDS, type TestResultKind } from '../types';
import type {
  AccountGroupWire,
  EndpointAgentWire,
  EndpointTestWire,
  EnterpriseAgentWire,
  EnterpriseTestWire,
  HttpServerWire,
  NetworkResultWire,
  PageResultWire,
  PathTraceWire,
  PathVisWire,
  PingWire,
  RealUserTestDetailWire,
  RealUserTestNetworkWire,
  RealUserTestPageWire,
  RealUserTestWire,
  TopologyWire,
  TracerouteWire,
} from './wire';

type Domain = Record<string, unknown>;

/** The record without its undefined fields (a rename of an absent field adds nothing). */
function defined(record: Domain): Domain {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  // HAL links belong to the answer, not to the domain record (v6 records never had them).
  if ('_links' in record) delete record['_links'];
  return record;
}

const RENAMES = {
  realUserTest: { id: 'userSessionId', sourceAddress: 'sourceAddr', organizationName: 'orgName' },
  page: { pageId: 'id', pageTitle: 'title', loadDate: 'startedDateTime' },
  pageResult: { id: 'userSessionId', loadDate: 'date' },
  networkResult: { id: 'userSessionId' },
  topology: { networkTopologyId: 'networkProbeId', isIcmpBlocked: 'icmpBlocked' },
  endpointAgent: { id: 'agentId', name: 'agentName' },
} as const;
/** Domain names that a rename writes: a wire field of the same name gives way to the rename. */
const RENAME_TARGETS_BY_KIND = Object.fromEntries(
  Object.entries(RENAMES).map(([kind, map]) => [kind, new Set<string>(Object.values(map))]),
);

/**
 * The record with some fields renamed, in one pass and without `delete` (the lists' hot path:
 * a rest-spread and deletes cost more than the decoding). A renamed field that is absent adds
 * nothing; a wire field that has a renamed one's domain name is replaced by it, as a spread would.
 */
function renamed(wire: object, kind: keyof typeof RENAMES): Domain {
  const renames: Readonly<Record<string, string>> = RENAMES[kind];
  const targets = RENAME_TARGETS_BY_KIND[kind]!;
  const source = wire as Domain;
  const out: Domain = {};
  for (const key in source) {
    const value = source[key];
    if (value === undefined || key === '_links' || Object.hasOwn(renames, key) || targets.has(key)) continue;
    out[key] = value;
  }
  for (const from in renames) {
    const value = source[from];
    if (value !== undefined) out[renames[from]!] = value;
  }
  return out;
}

const flag = (value: boolean | undefined): 0 | 1 | undefined => (value === undefined ? undefined : value ? 1 : 0);

export function fromRealUserTest(wire: RealUserTestWire): Domain {
  return renamed(wire, 'realUserTest');
}

function fromRealUserTestPage(wire: RealUserTestPageWire): Domain {
  return renamed(wire, 'page');
}

/** A failed v7 measurement is `{ error }`; the domain spells a failure as the bare error string. */
function fromMeasurement<T extends PingWire | TracerouteWire>(wire: T | undefined): T | string | undefined {
  if (!wire) return undefined;
  const measured = Object.keys(wire).some((key) => key !== 'error' && key !== 'infoFlags' && key !== 'internalErrors');
  return typeof wire.error === 'string' && !measured ? wire.error : wire;
}

function fromNetwork(wire: RealUserTestNetworkWire): Domain {
  const { connectRtt, isIcmpBlocked, gatewayPing, ping, vpnPing, traceroute, vpnTraceroute, ...rest } = wire;
  return defined({
    ...rest,
    icmpBlocked: isIcmpBlocked,
    connect: connectRtt === undefined ? undefined : { rtt: connectRtt },
    gatewayPing: fromMeasurement(gatewayPing),
    ping: fromMeasurement(ping),
    vpnPing: fromMeasurement(vpnPing),
    // v7 sends a session's VPN ping whenever the session went through the tunnel: its absence says something.
    vpnPingReported: true,
    traceroute: fromMeasurement(traceroute),
    vpnTraceroute: fromMeasurement(vpnTraceroute),
  });
}

export function fromRealUserTestDetail(wire: RealUserTestDetailWire): Domain {
  const session = fromRealUserTest(wire);
  if (Array.isArray(wire.pages)) session['pages'] = wire.pages.map(fromRealUserTestPage);
  if (isRecord(wire.network)) session['network'] = fromNetwork(wire.network);
  return session;
}

export function fromPageResult(wire: PageResultWire): Domain {
  return renamed(wire, 'pageResult');
}

export function fromNetworkResult(wire: NetworkResultWire): Domain {
  return renamed(wire, 'networkResult');
}

export function fromTopology(wire: TopologyWire): Domain {
  return renamed(wire, 'topology');
}

export function fromEndpointAgent(wire: EndpointAgentWire): Domain {
  return renamed(wire, 'endpointAgent');
}

const AGENT_TYPES: Readonly<Record<string, string>> = {
  cloud: 'Cloud',
  enterprise: 'Enterprise',
  'enterprise-cluster': 'Enterprise Cluster',
};

export function fromEnterpriseAgent(wire: EnterpriseAgentWire): Domain {
  const agentType = typeof wire.agentType === 'string' ? (AGENT_TYPES[wire.agentType] ?? wire.agentType) : undefined;
  return defined({ ...wire, agentType });
}

export function fromEndpointTest(wire: EndpointTestWire): Domain {
  const { isEnabled, isSavedEvent, networkMeasurements, followRedirects, verifyCertificate, useNtlm, ...rest } = wire;
  return defined({
    ...rest,
    enabled: flag(isEnabled),
    savedEvent: flag(isSavedEvent),
    networkMeasurements: flag(networkMeasurements),
    followRedirects: flag(followRedirects),
    verifyCertificate: flag(verifyCertificate),
    useNtlm: flag(useNtlm),
  });
}

export function fromEnterpriseTest(wire: EnterpriseTestWire): Domain {
  const { enabled, alertsEnabled, savedEvent, ...rest } = wire;
  const resultLinks = resultLinksOf(rest._links);
  return defined({
    ...rest,
    ...serverWithPort(rest),
    enabled: flag(enabled),
    alertsEnabled: flag(alertsEnabled),
    savedEvent: flag(savedEvent),
    // Only what the links say: a body's own `resultLinks` field is not the service's word.
    resultLinks: resultLinks.length > 0 ? resultLinks : undefined,
  });
}

/** Links of `_links.testResults` read at most: a test has a handful of result lists. */
export const MAX_TEST_RESULT_LINKS = 32;

const RESULT_KINDS: ReadonlySet<string> = new Set(TEST_RESULT_KINDS);

/**
 * The result list an href of a test's `_links.testResults` names. The vendor's OpenAPI
 * (Tests_API_TestLinks) gives `testResults` as an array of links,
 * `{ href: "https://api.thousandeyes.com/v7/test-results/{testId}/network" }`, one per list:
 * the segment after the test's id is the list's, the same name the client asks
 * `/v7/test-results/{testId}/{kind}` with (v7TestResults), so the kinds are the one table.
 * Absolute or relative, with a query, fragment or trailing slash; anything else is undefined.
 */
export function resultKindOfHref(href: unknown): TestResultKind | undefined {
  if (typeof href !== 'string' || href.length > 2048) return undefined;
  let path = href.split(/[?#]/, 1)[0] ?? '';
  while (path.endsWith('/')) path = path.slice(0, -1);
  const match = /(?:^|\/)test-results\/[^/]+\/([^/]+)$/.exec(path);
  const kind = match?.[1]?.toLowerCase();
  return kind !== undefined && RESULT_KINDS.has(kind) ? (kind as TestResultKind) : undefined;
}

/**
 * The known result lists a test body's `_links.testResults` names, once each, in its order:
 * empty when there is no such array (the type table then decides: resultKindsOfTest).
 */
export function resultLinksOf(links: unknown): TestResultKind[] {
  const listed = isRecord(links) ? links['testResults'] : undefined;
  if (!Array.isArray(listed)) return [];
  const kinds = new Set<TestResultKind>();
  for (const link of listed.slice(0, MAX_TEST_RESULT_LINKS)) {
    const kind = resultKindOfHref(isRecord(link) ? link['href'] : undefined);
    if (kind) kinds.add(kind);
  }
  return [...kinds];
}

/**
 * v7 names a target's host and port apart (`server`, `port`); the domain writes them as v6
 * does, `host:port` (`[::1]:80` for IPv6), so a test reads, compares and plans the same in
 * either dialect. A test without a `server` (agent-to-agent, http-server) keeps its `port`.
 */
function serverWithPort(test: Domain): Domain {
  const { server, port } = test;
  const named =
    typeof server === 'string' && (/^[^:]*:[0-9]{1,5}$/.test(server) || /^\[[^\]]*\]:[0-9]{1,5}$/.test(server));
  if (typeof server !== 'string' || typeof port !== 'number' || named) return {};
  return { server: `${server.includes(':') ? `[${server}]` : server}:${port}`, port: undefined };
}

export function fromPathVis(wire: PathVisWire): Domain {
  return defined({ ...wire, endpoints: wire.pathTraces });
}

export function fromPathTrace(wire: PathTraceWire): Domain {
  const { pathTraces, vpnPathTraces, ...rest } = wire;
  return defined({ ...rest, routes: pathTraces ?? [], vpnRoutes: vpnPathTraces });
}

export function fromHttpServer(wire: HttpServerWire): Domain {
  const { headers, ...rest } = wire;
  return defined({ ...rest, requestHeaders: headers?.requestHeaders, responseHeaders: headers?.responseHeaders });
}

export function fromAccountGroup(wire: AccountGroupWire): Domain {
  const { isCurrentAccountGroup, isDefaultAccountGroup, ...rest } = wire;
  return defined({ ...rest, current: isCurrentAccountGroup ?? false, default: isDefaultAccountGroup ?? false });
}

/**
 * v7 puts the HAR's `systemMetrics` inside `log` (the spec's example) where v6 had the custom
 * `_systemMetrics` beside it: the domain HAR has it beside the log, once, in either dialect.
 */
export function fromHar(wire: Domain): Domain {
  const log = isRecord(wire['log']) ? wire['log'] : undefined;
  const metrics = wire['_systemMetrics'] ?? wire['systemMetrics'] ?? log?.['systemMetrics'] ?? log?.['_systemMetrics'];
  const { systemMetrics: _top, ...har } = wire;
  if (log) {
    const { systemMetrics: _inLog, _systemMetrics: _customInLog, ...rest } = log;
    har['log'] = rest;
  }
  if (metrics !== undefined) har['_systemMetrics'] = metrics;
  return har;
}
