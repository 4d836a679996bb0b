// v7 results of enterprise tests: `GET /v7/test-results/{testId}/{kind}` (paged by cursor
// like every v7 list) and the agent/round details of path-vis, page-load and web-transactions
// (the round's pages, and one page with its HAR). Their records
// name the agent as `agent: { agentId, agentName }` and the service's link as
// `_links.appLink`; both are lifted beside the round before the decoding boundary, so a
// record is identified by its agent like an endpoint test's result.
import type { RecordShape } from '../decode/records';
import { decodeRecord } from '../decode/records';
import type { ListRoute, RecordRoute } from '../dialect';
import { isRecord } from '../paging';
import { segment } from '../query';
import type { TestResultKind } from '../types';
import { fromHar, fromHttpServer, fromPathTrace, fromPathVis } from './from';
import type { HttpServerWire, PathTraceWire, PathVisWire } from './wire';

type Domain = Record<string, unknown>;

const HOP = { numbers: ['hop', 'responseTime'] } as const;
const ROUTE = { numbers: ['numberOfHops', 'responseTime', 'mss', 'pathMtu'], arrays: { hops: HOP } } as const;
const round = (numbers: readonly string[], extra: Partial<RecordShape> = {}): RecordShape => ({
  id: 'agentId',
  idType: 'text',
  numbers: ['roundId', ...numbers],
  ...extra,
});

const SHAPES: Record<TestResultKind, RecordShape> = {
  network: round(['avgLatency', 'minLatency', 'maxLatency', 'loss', 'jitter', 'healthScore']),
  'path-vis': round([], { arrays: { pathTraces: ROUTE } }),
  'http-server': round([
    'responseCode',
    'dnsTime',
    'connectTime',
    'sslTime',
    'waitTime',
    'receiveTime',
    'responseTime',
    'totalTime',
    'redirectTime',
    'numRedirects',
    'wireSize',
    'throughput',
    'healthScore',
  ]),
  'page-load': round(['responseTime', 'totalSize', 'numObjects', 'numErrors', 'domLoadTime', 'pageLoadTime']),
  'web-transactions': round(['transactionTime', 'componentErrors']),
  'dns-server': round(['resolutionTime'], { textIds: ['serverId'] }),
  'dns-trace': round(['queries', 'failedQueries', 'finalQueryTime']),
  dnssec: round([], { booleans: ['isValid'] }),
  api: round(['apiTransactionTime', 'completion']),
  'ftp-server': round([
    'responseCode',
    'dnsTime',
    'connectTime',
    'negotiationTime',
    'waitTime',
    'responseTime',
    'transferTime',
    'totalTime',
    'wireSize',
    'throughput',
  ]),
  'sip-server': round([
    'availability',
    'responseCode',
    'dnsTime',
    'connectTime',
    'registerTime',
    'inviteTime',
    'optionsTime',
    'responseTime',
    'totalTime',
    'waitTime',
    'numRedirects',
  ]),
  'rtp-server': round(['mos', 'codecMaxMos', 'loss', 'discards', 'latency', 'pdv']),
  bgp: round(['reachability', 'updates', 'pathChanges'], { textIds: ['prefixId'] }),
};
/** Monitors read from one round's routes at most (the public monitors are hundreds at the service). */
const MAX_BGP_ROUTES = 5_000;
const PATH_TRACE_SHAPE: RecordShape = round([], { arrays: { pathTraces: ROUTE, vpnPathTraces: ROUTE } });

/** HAL links belong to the answer; a null field is an absent one (the boundary does so for declared fields). */
function tidy(record: Domain): Domain {
  for (const key of Object.keys(record)) if (record[key] === null || key === '_links') delete record[key];
  return record;
}

const TO_DOMAIN: Record<TestResultKind, (record: Domain) => Domain> = {
  network: tidy,
  'path-vis': (record) => fromPathVis(tidy(record) as PathVisWire),
  'http-server': (record) => fromHttpServer(tidy(record) as HttpServerWire),
  'page-load': tidy,
  'web-transactions': tidy,
  'dns-server': tidy,
  'dns-trace': tidy,
  dnssec: tidy,
  api: tidy,
  'ftp-server': tidy,
  'sip-server': tidy,
  'rtp-server': tidy,
  bgp: tidy,
};

/**
 * `agent.agentId`/`agentName` and `_links.appLink.href` beside the round (in place: the record
 * comes straight from JSON.parse). A top-level agentId, where a service sends one, wins. A BGP
 * result's monitor stands where an agent does: each monitor's health is an agent's.
 */
export function liftAgent(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const monitor = raw['monitor'];
  if (isRecord(monitor) && raw['agent'] === undefined) {
    raw['agent'] = { agentId: monitor['monitorId'], agentName: monitor['monitorName'] };
    delete raw['monitor'];
  }
  const agent = raw['agent'];
  if (isRecord(agent)) {
    if (raw['agentId'] === undefined || raw['agentId'] === null) raw['agentId'] = agent['agentId'];
    if (raw['agentName'] === undefined && typeof agent['agentName'] === 'string') raw['agentName'] = agent['agentName'];
    if (raw['location'] === undefined && typeof agent['location'] === 'string') raw['location'] = agent['location'];
    delete raw['agent'];
  }
  const links = raw['_links'];
  const appLink = isRecord(links) && isRecord(links['appLink']) ? links['appLink']['href'] : undefined;
  if (typeof appLink === 'string' && raw['permalink'] === undefined) raw['permalink'] = appLink;
  return raw;
}

const resultsPath = (testId: number | string, kind: string): string => `v7/test-results/${segment(testId)}/${kind}`;

export function v7TestResults(kind: TestResultKind, testId: number | string): ListRoute {
  return {
    method: 'GET',
    path: resultsPath(testId, kind),
    list: 'results',
    timed: true,
    shape: SHAPES[kind],
    toDomain: TO_DOMAIN[kind],
    records: (response) =>
      Array.isArray(response['results']) ? response['results'].map(liftAgent) : response['results'],
  };
}

/** The first of `results`, lifted, decoded and renamed; the asked agent fills a missing id. */
function detail(shape: RecordShape, toDomain: (record: Domain) => Domain, agentId: string): RecordRoute['read'] {
  return (body, endpoint) => {
    const first = isRecord(body) && Array.isArray(body['results']) ? liftAgent(body['results'][0]) : undefined;
    if (!isRecord(first)) return undefined;
    if (first['agentId'] === undefined || first['agentId'] === null) first['agentId'] = agentId;
    const decoded = decodeRecord(first, shape, endpoint, 0);
    return decoded.ok ? toDomain(decoded.record) : undefined;
  };
}

export function v7TestPathTrace(testId: number | string, agentId: string, roundId: number): RecordRoute {
  return {
    method: 'GET',
    path: `${resultsPath(testId, 'path-vis')}/agent/${segment(agentId)}/round/${segment(roundId)}`,
    read: detail(PATH_TRACE_SHAPE, (record) => fromPathTrace(tidy(record) as PathTraceWire), agentId),
  };
}

const BGP_ROUTE_SHAPE: RecordShape = round([], {
  textIds: ['prefixId'],
  booleans: ['isActive'],
  arrays: { hops: { numbers: ['asn'] } },
});

/** Every monitor's route of the round, lifted and decoded (a record the boundary rejects is left out). */
export function v7BgpRoutes(testId: number | string, prefixId: string, roundId: number): RecordRoute {
  return {
    method: 'GET',
    path: `${resultsPath(testId, 'bgp')}/routes/prefix/${segment(prefixId)}/round/${segment(roundId)}`,
    read: (body, endpoint) => {
      const results = isRecord(body) && Array.isArray(body['results']) ? body['results'].slice(0, MAX_BGP_ROUTES) : [];
      const routes = results
        .map((raw, index) => decodeRecord(liftAgent(raw), BGP_ROUTE_SHAPE, endpoint, index))
        .flatMap((d) => (d.ok ? [tidy(d.record)] : []));
      return { routes };
    },
  };
}

export function v7PageLoadDetail(testId: number | string, agentId: string, roundId: number): RecordRoute {
  return {
    method: 'GET',
    path: `${resultsPath(testId, 'page-load')}/agent/${segment(agentId)}/round/${segment(roundId)}`,
    read: detail(
      SHAPES['page-load'],
      (record) => {
        const har = record['har'];
        return tidy(isRecord(har) ? { ...record, har: fromHar(har) } : record);
      },
      agentId,
    ),
  };
}

const PAGE = { numbers: ['pageNum', 'componentCount', 'errorCount', 'duration'], textIds: ['pageId'] } as const;
const WEB_TRANSACTION_SHAPE = round(['transactionTime', 'componentErrors'], {
  arrays: { pages: PAGE, markers: { numbers: ['duration'] } },
});
/** Pages of one transaction read at most (a script visits a handful). */
const MAX_PAGES = 200;

/**
 * The pages, each named by the id its own read takes: the service's `pageId` where it sends one,
 * else its `pageNum` (the only number its page schema has) as text; a page with neither is left out.
 */
function fromWebTransaction(record: Domain): Domain {
  const pages = Array.isArray(record['pages']) ? (record['pages'] as Domain[]).slice(0, MAX_PAGES) : [];
  record['pages'] = pages.flatMap((page) => {
    const pageId =
      typeof page['pageId'] === 'string'
        ? page['pageId']
        : typeof page['pageNum'] === 'number'
          ? String(page['pageNum'])
          : undefined;
    return pageId === undefined ? [] : [tidy({ ...page, pageId })];
  });
  const har = record['har'];
  return tidy(isRecord(har) ? { ...record, har: fromHar(har) } : record);
}

const webTransactionPath = (testId: number | string, agentId: string, roundId: number): string =>
  `${resultsPath(testId, 'web-transactions')}/agent/${segment(agentId)}/round/${segment(roundId)}`;

export function v7WebTransactionDetail(testId: number | string, agentId: string, roundId: number): RecordRoute {
  return {
    method: 'GET',
    path: webTransactionPath(testId, agentId, roundId),
    read: detail(WEB_TRANSACTION_SHAPE, fromWebTransaction, agentId),
  };
}

export function v7WebTransactionPage(
  testId: number | string,
  agentId: string,
  roundId: number,
  pageId: string,
): RecordRoute {
  return {
    method: 'GET',
    path: `${webTransactionPath(testId, agentId, roundId)}/page/${segment(pageId)}`,
    read: detail(WEB_TRANSACTION_SHAPE, fromWebTransaction, agentId),
  };
}
