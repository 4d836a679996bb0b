// The v7 dialect: the service every account speaks today (the vendor's OpenAPI 3.0, 7.0.85).
// Paths under /v7, cursor paging by `_links.next.href`, `startDate`/`endDate` in ISO 8601,
// filters as a map in the POST body, HAL+JSON answers, JSON only. Its records are renamed
// into the domain's by ./from.ts after the decoding boundary (./shapes.ts).
import type { Dialect, ListRoute, PageRules, RecordRoute } from '../dialect';
import { decodeRecord, type RecordShape } from '../decode/records';
import { NotFoundError } from '../errors';
import { isRecord } from '../paging';
import { formatApiDate, segment, timeRangeQuery } from '../query';
import type { EnterpriseTestType, FilterTarget } from '../types';
import { AGENT_FILTER_PATH, v7AgentSearchBody } from './agent-search';
import { V7_FILTER_KEYS, v7FilterMap } from './filters';
import {
  fromAccountGroup,
  fromEndpointAgent,
  fromEndpointTest,
  fromEnterpriseAgent,
  fromEnterpriseTest,
  fromHar,
  fromHttpServer,
  fromNetworkResult,
  fromPageResult,
  fromPathTrace,
  fromPathVis,
  fromRealUserTest,
  fromRealUserTestDetail,
  fromTopology,
} from './from';
import { toV7InstantTest, toV7TestBody } from './requests';
import { V7_SHAPES } from './shapes';
import { v7EndpointTestsAsCode } from './endpoint-tests-as-code';
import { v7Alerts } from './alerts';
import { v7ApiTestDetail } from './api-test-results';
import {
  v7BgpRoutes,
  v7PageLoadDetail,
  v7TestPathTrace,
  v7TestResults,
  v7WebTransactionDetail,
  v7WebTransactionPage,
} from './test-results';

type Mapper = (record: Record<string, unknown>) => Record<string, unknown>;

const RESULTS = 'v7/endpoint/test-results';
const SCHEDULED = 'v7/endpoint/tests/scheduled-tests';

/** v7 renamed one test type: `dns-dnssec` is `dnssec`. */
const testTypePath = (type: EnterpriseTestType): string => segment(type === 'dns-dnssec' ? 'dnssec' : type);

/** ISO 8601 UTC to the second, as the OpenAPI's examples write it (`2022-07-17T22:00:54Z`). */
const isoDate = (date: Date): string => `${formatApiDate(date)}Z`;

const pages: PageRules = {
  nextOf(response) {
    const links = isRecord(response['_links']) ? response['_links'] : {};
    const next = isRecord(links['next']) ? links['next']['href'] : undefined;
    return typeof next === 'string' && next !== '' ? next : undefined;
  },
  setNext(response, next) {
    const links = response['_links'];
    if (next !== undefined && isRecord(links) && isRecord(links['next'])) links['next']['href'] = next;
  },
  envelope: (response, list, records, next) => ({
    [list]: records,
    pages: next === undefined ? {} : { next },
    ...(typeof response['startDate'] === 'string' ? { from: response['startDate'] } : {}),
    ...(typeof response['endDate'] === 'string' ? { to: response['endDate'] } : {}),
  }),
};

function list(
  method: 'GET' | 'POST',
  path: string,
  list: string,
  array: string,
  shape: RecordShape,
  toDomain: Mapper,
  timed: boolean,
  extra: Partial<ListRoute> = {},
): ListRoute {
  return { method, path, list, shape, toDomain, timed, records: (r) => r[array], ...extra };
}

/** A one-record answer: the record itself (`from` picks it from the body), decoded and renamed. */
function one(
  shape: RecordShape,
  toDomain: Mapper,
  askedId?: string | number,
  pick: (body: unknown) => unknown = (body) => body,
): RecordRoute['read'] {
  return (body, endpoint) => {
    const raw = pick(body);
    if (!isRecord(raw)) return undefined;
    const withId =
      askedId !== undefined && (raw[shape.id] === undefined || raw[shape.id] === null)
        ? { ...raw, [shape.id]: askedId }
        : raw;
    const decoded = decodeRecord(withId, shape, endpoint, 0);
    return decoded.ok ? toDomain(decoded.record) : undefined;
  };
}

/** The records of a whole (unpaged) array answer, each decoded and renamed; unreadable ones left out. */
function decodedArray(
  body: unknown,
  key: string,
  shape: RecordShape,
  toDomain: Mapper,
  endpoint: string,
): Record<string, unknown>[] | undefined {
  const records = isRecord(body) ? body[key] : undefined;
  if (!Array.isArray(records)) return undefined;
  return records.flatMap((record, index) => {
    const decoded = decodeRecord(record, shape, endpoint, index);
    return decoded.ok ? [toDomain(decoded.record)] : [];
  });
}

const firstResult = (body: unknown): unknown =>
  isRecord(body) && Array.isArray(body['results']) ? body['results'][0] : undefined;

const FILTERED: Record<
  FilterTarget,
  { path: string; list: string; shape: RecordShape; toDomain: Mapper; wrapped: boolean }
> = {
  'user-sessions': {
    path: `${RESULTS}/real-user-tests/filter`,
    list: 'userSessions',
    shape: V7_SHAPES.realUserTests,
    toDomain: fromRealUserTest,
    wrapped: true,
  },
  // pages/filter takes the filter map itself as its body (its schema), not under searchFilters.
  web: {
    path: `${RESULTS}/real-user-tests/pages/filter`,
    list: 'webSessions',
    shape: V7_SHAPES.pages,
    toDomain: fromPageResult,
    wrapped: false,
  },
  network: {
    path: `${RESULTS}/real-user-tests/networks/filter`,
    list: 'networkSessions',
    shape: V7_SHAPES.networks,
    toDomain: fromNetworkResult,
    wrapped: true,
  },
  'network-topology': {
    path: `${RESULTS}/local-networks/topologies/filter`,
    list: 'networkProbes',
    shape: V7_SHAPES.topologies,
    toDomain: fromTopology,
    wrapped: true,
  },
};

function refuseLegacy(legacy: boolean): void {
  if (legacy)
    throw new RangeError(
      'the unversioned /tests/{type}/new forms are API v6; this account speaks API v7 (POST /v7/tests/{type})',
    );
}

/**
 * Deleted agents too, as v6 lists them (the explorer groups them and names their old sessions), with their VPN
 * profiles.
 */
const AGENT_QUERY = { includeDeleted: 'true', expand: 'vpnProfiles' } as const;

const ENTERPRISE_AGENT_TYPES: Readonly<Record<string, string>> = {
  ENTERPRISE: 'enterprise',
  CLOUD: 'cloud',
  ENTERPRISE_CLUSTER: 'enterprise-cluster',
};

export const v7: Dialect = {
  version: 'v7',
  accept: 'application/json, application/hal+json',
  pages,
  timeQuery: (range) => timeRangeQuery(range, { from: 'startDate', to: 'endDate', date: isoDate }),
  refuseFormat: (format) =>
    format === 'xml' ? 'format "xml" is API v6 only: this account speaks API v7, which answers JSON only' : undefined,

  accountGroups: () => ({
    method: 'GET',
    path: 'v7/account-groups',
    read: (body, endpoint) => {
      const accountGroups = decodedArray(body, 'accountGroups', V7_SHAPES.accountGroups, fromAccountGroup, endpoint);
      return accountGroups && { accountGroups };
    },
  }),
  createTest(type, body, legacy) {
    refuseLegacy(legacy);
    return {
      method: 'POST',
      path: `v7/tests/${testTypePath(type)}`,
      body: toV7TestBody(body),
      read: one(V7_SHAPES.enterpriseTest, fromEnterpriseTest),
      operation: 'creating tests',
      requiredPermission: 'Account Admin',
    };
  },
  updateTest(type, testId, body, legacy) {
    refuseLegacy(legacy);
    return {
      method: 'PUT',
      path: `v7/tests/${testTypePath(type)}/${segment(testId)}`,
      body: toV7TestBody(body),
      read: one(V7_SHAPES.enterpriseTest, fromEnterpriseTest, testId),
      operation: 'updating tests',
      requiredPermission: 'Account Admin',
    };
  },
  enterpriseInstantTest: (type, body) => ({
    method: 'POST',
    path: `v7/tests/${testTypePath(type)}/instant`,
    body: toV7TestBody(body),
    read: one(V7_SHAPES.enterpriseTest, fromEnterpriseTest),
    operation: 'running instant tests',
    requiredPermission: 'Account Admin',
    instant: true,
  }),
  runTest: (testId) => ({ method: 'POST', path: `v7/tests/${segment(testId)}/run` }),
  enterpriseTests: () => ({
    method: 'GET',
    path: 'v7/tests',
    read: (body, endpoint) => {
      const test = decodedArray(body, 'tests', V7_SHAPES.enterpriseTest, fromEnterpriseTest, endpoint);
      return test && { test };
    },
  }),
  deleteTest(type, testId, legacy) {
    refuseLegacy(legacy);
    return { method: 'DELETE', path: `v7/tests/${testTypePath(type)}/${segment(testId)}` };
  },

  endpointTests: (type) =>
    list(
      'GET',
      type ? `${SCHEDULED}/${segment(type)}` : SCHEDULED,
      'endpointTest',
      'tests',
      V7_SHAPES.endpointTests,
      fromEndpointTest,
      false,
    ),
  endpointTestNeedsType: true,
  endpointTest(testId, type) {
    const path = `${SCHEDULED}/${type === undefined ? '{type}' : segment(type)}/${segment(testId)}`;
    if (type === undefined) {
      throw new NotFoundError({
        method: 'GET',
        path: `/${path}`,
        status: 404,
        errorMessage: `endpoint test ${testId} is not in ${SCHEDULED}, so its type (part of its v7 path) is unknown`,
      });
    }
    return { method: 'GET', path, read: one(V7_SHAPES.endpointTests, fromEndpointTest, testId) };
  },
  instantTest: (type, body) => ({
    method: 'POST',
    path: `${SCHEDULED}/${segment(type)}/instant`,
    body: toV7InstantTest(type, body),
    read: one(V7_SHAPES.endpointTests, fromEndpointTest),
    operation: 'running instant tests',
    requiredPermission: 'Edit endpoint tests',
    instant: true,
  }),

  netMetrics: (testId) =>
    list(
      'POST',
      `${RESULTS}/scheduled-tests/${segment(testId)}/network/filter`,
      'metrics',
      'results',
      V7_SHAPES.netMetrics,
      (r) => r,
      true,
      { body: {} },
    ),
  pathVis: (testId) =>
    list(
      'GET',
      `${RESULTS}/scheduled-tests/${segment(testId)}/path-vis`,
      'pathVis',
      'results',
      V7_SHAPES.pathVis,
      fromPathVis,
      true,
    ),
  httpServerResults: (testId) =>
    list(
      'GET',
      `${RESULTS}/scheduled-tests/${segment(testId)}/http-server`,
      'httpServer',
      'results',
      V7_SHAPES.httpServer,
      fromHttpServer,
      true,
    ),
  pathTrace: (testId, agentId, roundId) => ({
    method: 'GET',
    path: `${RESULTS}/scheduled-tests/${segment(testId)}/path-vis/agent/${segment(agentId)}/round/${segment(roundId)}`,
    read: one(V7_SHAPES.pathTrace, fromPathTrace, agentId, firstResult),
  }),
  endpointTestsAsCode: v7EndpointTestsAsCode,
  alerts: v7Alerts,
  testResults: v7TestResults,
  testPathTrace: v7TestPathTrace,
  pageLoadDetail: v7PageLoadDetail,
  webTransactionDetail: v7WebTransactionDetail,
  webTransactionPage: v7WebTransactionPage,
  bgpRoutes: v7BgpRoutes,
  apiTestDetail: v7ApiTestDetail,

  filterKeys: (target) => V7_FILTER_KEYS[target],

  filtered(target, filters, warn) {
    const { path, list: name, shape, toDomain, wrapped } = FILTERED[target];
    const map = filters && filters.length > 0 ? v7FilterMap(target, filters, path, warn) : undefined;
    const body = map === undefined ? {} : wrapped ? { searchFilters: map } : map;
    return list('POST', path, name, 'results', shape, toDomain, true, { body });
  },
  userSession: (id) => ({
    method: 'GET',
    path: `${RESULTS}/real-user-tests/${segment(id)}`,
    read: one(V7_SHAPES.realUserTestDetail, fromRealUserTestDetail, id, firstResult),
  }),
  pageDetails: (id, pageId) => ({
    method: 'GET',
    path: `${RESULTS}/real-user-tests/${segment(id)}/pages/${segment(pageId)}`,
    read: (body) => (isRecord(body) && isRecord(body['har']) ? fromHar(body['har']) : undefined),
  }),
  networkProbe: (id) => ({
    method: 'GET',
    path: `${RESULTS}/local-networks/topologies/${segment(id)}`,
    read: one(V7_SHAPES.topologyDetail, fromTopology, id, firstResult),
  }),
  networks: () =>
    list(
      'GET',
      `${RESULTS}/local-networks`,
      'privateNetworks',
      'localNetworks',
      V7_SHAPES.localNetworks,
      (r) => r,
      false,
    ),
  // VPN profiles are only sent when asked (`expand`): a troubleshooter asks about VPNs first.
  endpointAgents: () =>
    list('GET', 'v7/endpoint/agents', 'endpointAgents', 'agents', V7_SHAPES.endpointAgents, fromEndpointAgent, false, {
      query: AGENT_QUERY,
    }),
  endpointAgent: (agentId) => ({
    method: 'GET',
    path: `v7/endpoint/agents/${segment(agentId)}`,
    query: { expand: AGENT_QUERY.expand },
    read: one(V7_SHAPES.endpointAgents, fromEndpointAgent, agentId),
  }),
  endpointAgentSearch: (search) => {
    const body = v7AgentSearchBody(search);
    return list(
      'POST',
      AGENT_FILTER_PATH,
      'endpointAgents',
      'agents',
      V7_SHAPES.endpointAgents,
      fromEndpointAgent,
      false,
      { body, query: AGENT_QUERY },
    );
  },
  enterpriseAgents: (agentTypes) =>
    list('GET', 'v7/agents', 'agents', 'agents', V7_SHAPES.enterpriseAgents, fromEnterpriseAgent, false, {
      query: agentTypes?.length
        ? { agentTypes: agentTypes.map((type) => ENTERPRISE_AGENT_TYPES[type] ?? type).join(',') }
        : undefined,
    }),
  enterpriseAgent: (agentId) => ({
    method: 'GET',
    path: `v7/agents/${segment(agentId)}`,
    read: one(V7_SHAPES.enterpriseAgents, fromEnterpriseAgent, agentId),
  }),
};
