// The v6 dialect (API_SPEC.md): endpoint data, agents and instant tests under /v6, endpoint
// tests and scheduled-test data under the v7 preview, test management under /v7/tests or
// the older unversioned forms. Its wire records are the domain records (src/api/types), so
// reading is only the decoding boundary and unwrapping the one-record envelopes.
import type { Dialect, ListRoute, PageRules, RecordRoute } from '../dialect';
import { decodeDetails, type RecordShape } from '../decode/records';
import { SHAPES } from '../decode/shapes';
import { InvalidFilterError } from '../errors';
import { findFilterProblem } from '../filters';
import { isRecord } from '../paging';
import { formatApiDate, segment, timeRangeQuery } from '../query';
import { fromV6Test, refuseV7OnlyType, toV6TestBody } from './requests';
import { INSTANT_NEEDS_V7, RESULTS_NEED_V7, type EnterpriseTestType, type FilterTarget } from '../types';
import { filterKeysFor, repeatedFilterKeyMessage, repeatedFilterKeys } from '../types';

const FILTER_PATHS: Record<FilterTarget, string> = {
  'user-sessions': 'v6/endpoint-data/user-sessions',
  web: 'v6/endpoint-data/user-sessions/web',
  network: 'v6/endpoint-data/user-sessions/network',
  'network-topology': 'v6/endpoint-data/network-topology',
};
const FILTER_LISTS: Record<FilterTarget, keyof typeof SHAPES & string> = {
  'user-sessions': 'userSessions',
  web: 'webSessions',
  network: 'networkSessions',
  'network-topology': 'networkProbes',
};

const pages: PageRules = {
  nextOf(response) {
    const block = isRecord(response['pages']) ? response['pages'] : {};
    return typeof block['next'] === 'string' && block['next'] !== '' ? block['next'] : undefined;
  },
  setNext(response, next) {
    if (next !== undefined && isRecord(response['pages'])) response['pages']['next'] = next;
  },
  // v6 pages already are the domain's envelopes.
  envelope: (response) => response,
};

/** The first record of a detail envelope (`{ userSessions: [record] }`), decoded. */
function first(path: readonly string[], shape: RecordShape, askedId?: string | number): RecordRoute['read'] {
  return (body, endpoint) => {
    let node: unknown = decodeDetails(body, path, shape, endpoint, askedId);
    for (const key of path) node = isRecord(node) ? node[key] : undefined;
    const record = Array.isArray(node) ? node[0] : undefined;
    return isRecord(record) ? record : undefined;
  };
}

function nested(container: string, array: string): (response: Record<string, unknown>) => unknown {
  return (response) => (isRecord(response[container]) ? response[container][array] : undefined);
}

function list(
  path: string,
  list: string,
  shape: RecordShape,
  timed: boolean,
  records?: ListRoute['records'],
  query?: Record<string, string>,
): ListRoute {
  return { method: 'GET', path, list, shape, timed, records: records ?? ((r) => r[list]), query };
}

function testPath(
  type: EnterpriseTestType,
  action: 'create' | 'update' | 'delete',
  legacy: boolean,
  testId?: number,
): { method: 'POST' | 'PUT' | 'DELETE'; path: string } {
  refuseV7OnlyType(type);
  const base = `${legacy ? 'tests' : 'v7/tests'}/${segment(type)}`;
  const id = testId === undefined ? '' : `/${segment(testId)}`;
  if (!legacy)
    return { method: action === 'create' ? 'POST' : action === 'update' ? 'PUT' : 'DELETE', path: `${base}${id}` };
  return { method: 'POST', path: action === 'create' ? `${base}/new` : `${base}${id}/${action}` };
}

const firstTest: RecordRoute['read'] = (body) => {
  const tests = isRecord(body) ? body['test'] : undefined;
  const test = Array.isArray(tests) ? tests[0] : undefined;
  return isRecord(test) ? fromV6Test(test) : undefined;
};

const endpointTestPath = (type?: string): string => (type ? `v7/endpoint-tests/${segment(type)}` : 'v7/endpoint-tests');

function needsV7(): never {
  throw new RangeError(RESULTS_NEED_V7);
}

export const v6: Dialect = {
  version: 'v6',
  accept: 'application/json',
  pages,
  timeQuery: (range) => timeRangeQuery(range, { from: 'from', to: 'to', date: formatApiDate }),
  refuseFormat: () => undefined,

  accountGroups: () => ({
    method: 'GET',
    path: 'v6/account-groups',
    read: (body) => (isRecord(body) ? body : undefined),
  }),
  createTest: (type, body, legacy) => ({
    ...testPath(type, 'create', legacy),
    body: toV6TestBody(body),
    read: firstTest,
    operation: 'creating tests',
    requiredPermission: 'Account Admin',
  }),
  updateTest: (type, testId, body, legacy) => ({
    ...testPath(type, 'update', legacy, testId),
    body: toV6TestBody(body),
    read: firstTest,
    operation: 'updating tests',
    requiredPermission: 'Account Admin',
  }),
  enterpriseTests: () => ({
    method: 'GET',
    path: 'v7/tests',
    read: (body) =>
      isRecord(body) && Array.isArray(body['test'])
        ? { test: body['test'].map((test: unknown) => (isRecord(test) ? fromV6Test(test) : test)) }
        : undefined,
  }),
  deleteTest(type, testId, legacy) {
    const route = testPath(type, 'delete', legacy, testId);
    // The older form is a POST with an empty body, which still needs a JSON content type.
    return { ...route, body: route.method === 'POST' ? {} : undefined };
  },

  endpointTests: (type) => list(endpointTestPath(type), 'endpointTest', SHAPES.endpointTests, false),
  endpointTestNeedsType: false,
  endpointTest: (testId) => ({
    method: 'GET',
    path: `v7/endpoint-tests/${segment(testId)}`,
    read: first(['endpointTest'], SHAPES.endpointTests, testId),
  }),
  instantTest: (type, body) => ({
    method: 'POST',
    path: `v6/endpoint-instant/${segment(type)}`,
    body,
    read: first(['endpointTest'], SHAPES.endpointTests),
    operation: 'running instant tests',
    requiredPermission: 'Edit endpoint tests',
    instant: true,
  }),

  netMetrics: (testId) =>
    list(
      `v7/endpoint-data/tests/net/metrics/${segment(testId)}`,
      'metrics',
      SHAPES.netMetrics,
      true,
      nested('endpointNet', 'metrics'),
    ),
  pathVis: (testId) =>
    list(
      `v7/endpoint-data/tests/net/path-vis/${segment(testId)}`,
      'pathVis',
      SHAPES.pathVis,
      true,
      nested('endpointNet', 'pathVis'),
    ),
  httpServerResults: (testId) =>
    list(
      `v7/endpoint-data/tests/web/http-server/${segment(testId)}`,
      'httpServer',
      SHAPES.httpServer,
      true,
      nested('endpointWeb', 'httpServer'),
    ),
  pathTrace: (testId, agentId, roundId) => ({
    method: 'GET',
    path: `v7/endpoint-data/tests/net/path-vis/${segment(testId)}/${segment(agentId)}/${segment(roundId)}`,
    read: first(['endpointNet', 'pathVis'], SHAPES.pathTrace, agentId),
  }),
  enterpriseInstantTest: () => {
    throw new RangeError(INSTANT_NEEDS_V7);
  },
  runTest: () => {
    throw new RangeError(INSTANT_NEEDS_V7);
  },
  testResults: () => needsV7(),
  testPathTrace: () => needsV7(),
  pageLoadDetail: () => needsV7(),
  webTransactionDetail: () => needsV7(),
  webTransactionPage: () => needsV7(),
  bgpRoutes: () => needsV7(),
  apiTestDetail: () => needsV7(),

  filterKeys: filterKeysFor,

  filtered(target, filters, warn) {
    const path = FILTER_PATHS[target];
    const name = FILTER_LISTS[target];
    const route = list(path, name, SHAPES[name], true);
    if (!filters || filters.length === 0) return route;
    const check = (): void => {
      for (const key of repeatedFilterKeys(filters)) warn(`POST /${path}: ${repeatedFilterKeyMessage(key)}`);
      const problem = findFilterProblem(target, filters);
      if (problem)
        throw new InvalidFilterError({
          method: 'POST',
          path: `/${path}`,
          filterKey: problem.key,
          reason: problem.reason,
        });
    };
    return { ...route, method: 'POST', body: { searchFilters: filters }, check };
  },
  userSession: (id) => ({
    method: 'GET',
    path: `v6/endpoint-data/user-sessions/${segment(id)}`,
    read: first(['userSessions'], SHAPES.userSessionDetail, id),
  }),
  pageDetails: (id, pageId) => ({
    method: 'GET',
    path: `v6/endpoint-data/user-sessions/${segment(id)}/page/${segment(pageId)}`,
    read: (body) => (isRecord(body) && isRecord(body['har']) ? body['har'] : undefined),
  }),
  networkProbe: (id) => ({
    method: 'GET',
    path: `v6/endpoint-data/network-topology/${segment(id)}`,
    read: first(['networkProbes'], SHAPES.networkProbeDetail, id),
  }),
  networks: () => list('v6/endpoint-data/networks', 'privateNetworks', SHAPES.privateNetworks, false),
  endpointAgents: () => list('v6/endpoint-agents', 'endpointAgents', SHAPES.endpointAgents, false),
  endpointAgent: (agentId) => ({
    method: 'GET',
    path: `v6/endpoint-agents/${segment(agentId)}`,
    read: first(['endpointAgents'], SHAPES.endpointAgents, agentId),
  }),
  enterpriseAgents: (agentTypes) =>
    list(
      'v6/agents',
      'agents',
      SHAPES.enterpriseAgents,
      false,
      undefined,
      agentTypes?.length ? { agentTypes: agentTypes.join(',') } : undefined,
    ),
  enterpriseAgent: (agentId) => ({
    method: 'GET',
    path: `v6/agents/${segment(agentId)}`,
    read: first(['agents'], SHAPES.enterpriseAgents, agentId),
  }),
};
