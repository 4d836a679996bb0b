// v7 results of endpoint scheduled tests: network metrics (`POST …/network/filter`, by agent),
// path-vis summaries, one agent's path trace of a round (`pathTraces`, `vpnPathTraces`) and
// HTTP server timings, from the same world lists as v6's endpoint-data/tests.
import { parseJsonObject } from '../../http/body';
import { invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import type { ListPosition, Positioned, TimeRange } from '../../world/model';
import type { EmulatorState } from '../state';
import { v7HttpServer, v7NetMetric, v7PathTrace, v7PathVis } from './encode-tests';
import { endpointTestById } from './endpoint-tests';
import { selfLink, v7TimePage } from './paging';

const RESULTS = '/v7/endpoint/test-results/scheduled-tests/:testId';

export function v7TestResultRoutes(state: EmulatorState): Route[] {
  return [
    { pattern: `${RESULTS}/network/filter`, methods: { POST: (ctx) => network(state, ctx) } },
    { pattern: `${RESULTS}/path-vis`, methods: { GET: (ctx) => pathVis(state, ctx) } },
    { pattern: `${RESULTS}/path-vis/agent/:agentId/round/:roundId`, methods: { GET: (ctx) => pathTrace(state, ctx) } },
    { pattern: `${RESULTS}/http-server`, methods: { GET: (ctx) => httpServer(state, ctx) } },
  ];
}

async function network(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const { testId } = endpointTestById(ctx);
  const agents = agentFilter(ctx);
  const page = await v7TimePage(
    state,
    ctx,
    {
      name: 'net-metrics',
      scope: { testId },
      entries: (range, start) => onlyAgents(ctx.group.netMetrics(testId, range, start), agents),
    },
    (metric) => v7NetMetric(ctx, testId, metric),
  );
  return { body: page };
}

async function pathVis(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const { testId } = endpointTestById(ctx);
  const page = await v7TimePage(
    state,
    ctx,
    {
      name: 'path-vis',
      scope: { testId },
      entries: (range: TimeRange, start?: ListPosition) => ctx.group.pathVis(testId, range, start),
    },
    (summary) => v7PathVis(ctx, testId, summary),
  );
  return { body: { ...page, _links: { ...selfLink(ctx), ...page._links } } };
}

function pathTrace(state: EmulatorState, ctx: RequestContext): RouteResult {
  const { testId } = endpointTestById(ctx);
  const roundText = ctx.params.roundId ?? '';
  if (!/^[0-9]{1,12}$/.test(roundText))
    throw invalidField('roundId', `roundId '${roundText.slice(0, 40)}' must be epoch seconds (an integer)`);
  const roundId = Number(roundText);
  const { roundSeconds } = state.world;
  const agentId = ctx.params.agentId ?? '';
  const trace = ctx.group.pathTrace(testId, agentId, roundId, ctx.nowSeconds);
  // A created test's first round is its creation second, off the grid; no other round is.
  if (!trace && roundId % roundSeconds !== 0)
    throw invalidField('roundId', `roundId ${roundId} is not a round start (a multiple of ${roundSeconds} s)`);
  if (!trace) throw notFound(`No path trace of test ${testId} from agent ${agentId.slice(0, 100)} in round ${roundId}`);
  const vpnRoutes = ctx.group.vpnPathTrace(testId, agentId, roundId, ctx.nowSeconds);
  return { body: { results: [v7PathTrace(ctx, testId, trace, vpnRoutes)], _links: selfLink(ctx) } };
}

async function httpServer(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const test = endpointTestById(ctx);
  if (test.type !== 'http-server')
    throw notFound(
      `Endpoint test ${test.testId} is an ${test.type} test; http-server results need an http-server test`,
    );
  const { testId } = test;
  const page = await v7TimePage(
    state,
    ctx,
    {
      name: 'http-server',
      scope: { testId },
      entries: (range, start) => ctx.group.httpServer(testId, range, start),
    },
    (result) => v7HttpServer(ctx, testId, result),
  );
  return { body: { ...page, _links: { ...selfLink(ctx), ...page._links } } };
}

/** `searchFilters.agentId` of a network filter body; thresholds and sorting are not served. */
function agentFilter(ctx: RequestContext): ReadonlySet<string> | undefined {
  if (ctx.rawBody.trim() === '') return undefined;
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, 'Filtering');
  for (const key of Object.keys(body)) {
    if (key === 'thresholdFilter' || key === 'searchSort')
      throw invalidField(key, `${key} is not supported by the emulator; filter with searchFilters.agentId`);
    if (key !== 'searchFilters')
      throw invalidField(key.slice(0, 100), `Unknown body field '${key.slice(0, 100)}': the body holds searchFilters`);
  }
  const filters = body.searchFilters;
  if (filters === undefined) return undefined;
  if (filters === null || typeof filters !== 'object' || Array.isArray(filters))
    throw invalidField('searchFilters', 'searchFilters must be an object such as {"agentId": ["…"]}');
  const map = filters as Record<string, unknown>;
  for (const key of Object.keys(map)) {
    if (key !== 'agentId' && key !== 'userPrincipalName')
      throw invalidField(
        `searchFilters.${key.slice(0, 100)}`,
        `'${key.slice(0, 100)}' is not a filter of test results; use agentId or userPrincipalName`,
      );
  }
  // the world records no user principal names: nothing matches
  if (map.userPrincipalName !== undefined) return new Set();
  const ids = map.agentId;
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string'))
    throw invalidField('searchFilters.agentId', 'searchFilters.agentId must be a non-empty array of agent ids');
  return new Set(ids as string[]);
}

function* onlyAgents<T extends { agentId: string }>(
  entries: Iterable<Positioned<T>>,
  agents: ReadonlySet<string> | undefined,
): Iterable<Positioned<T>> {
  if (agents?.size === 0) return;
  for (const entry of entries) if (!agents || agents.has(entry.record.agentId)) yield entry;
}
