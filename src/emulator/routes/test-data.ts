// Endpoint scheduled-test data (v7, and the same on v6): network metrics, path-vis summaries and details,
// HTTP server timings, each beside the test's definition.
import { badRequest, notFound } from '../http/errors';
import type { RequestContext, Route, RouteResult } from '../http/router';
import { parseTestId, requireEndpointTest } from './endpoint-tests';
import { pagedList } from './list-response';
import type { EmulatorState } from './state';

export function testDataRoutes(state: EmulatorState): Route[] {
  // The v6 forms are what the vendor's public v6 Postman collection calls.
  return ['v7', 'v6'].flatMap((version) => [
    {
      pattern: `/${version}/endpoint-data/tests/net/metrics/:testId`,
      methods: { GET: (ctx: RequestContext) => metrics(state, ctx) },
    },
    {
      pattern: `/${version}/endpoint-data/tests/net/path-vis/:testId`,
      methods: { GET: (ctx: RequestContext) => pathVis(state, ctx) },
    },
    {
      pattern: `/${version}/endpoint-data/tests/net/path-vis/:testId/:agentId/:roundId`,
      methods: { GET: (ctx: RequestContext) => pathTrace(state, ctx) },
    },
    {
      pattern: `/${version}/endpoint-data/tests/web/http-server/:testId`,
      methods: { GET: (ctx: RequestContext) => httpServer(state, ctx) },
    },
  ]);
}

async function metrics(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const endpointTest = requireEndpointTest(ctx, parseTestId(ctx));
  const { testId } = endpointTest;
  const list = await pagedList(state, ctx, {
    name: 'net-metrics',
    scope: { testId },
    entries: (range, start) => ctx.group.netMetrics(testId, range, start),
  });
  return { body: { endpointNet: { endpointTest, metrics: list.records }, pages: list.pages } };
}

async function pathVis(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const endpointTest = requireEndpointTest(ctx, parseTestId(ctx));
  const { testId } = endpointTest;
  const list = await pagedList(state, ctx, {
    name: 'path-vis',
    scope: { testId },
    entries: (range, start) => ctx.group.pathVis(testId, range, start),
  });
  return { body: { endpointNet: { endpointTest, pathVis: list.records }, pages: list.pages } };
}

function pathTrace(state: EmulatorState, ctx: RequestContext): RouteResult {
  const endpointTest = requireEndpointTest(ctx, parseTestId(ctx));
  const roundText = ctx.params.roundId ?? '';
  if (!/^[0-9]{1,12}$/.test(roundText)) throw badRequest(`roundId '${roundText}' must be epoch seconds (an integer)`);
  const roundId = Number(roundText);
  const roundSeconds = state.world.roundSeconds;
  const agentId = ctx.params.agentId ?? '';
  const trace = ctx.group.pathTrace(endpointTest.testId, agentId, roundId, ctx.nowSeconds);
  // A created test's first round is its creation second, off the grid; no other round is.
  if (!trace && roundId % roundSeconds !== 0)
    throw badRequest(`roundId ${roundId} is not a round start (a multiple of ${roundSeconds} s)`);
  if (!trace) throw notFound(`No path trace of test ${endpointTest.testId} from agent ${agentId} in round ${roundId}`);
  return { body: { endpointNet: { endpointTest, pathVis: [trace] } } };
}

async function httpServer(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const endpointTest = requireEndpointTest(ctx, parseTestId(ctx));
  if (endpointTest.type !== 'http-server' && endpointTest.type !== 'page-load') {
    throw badRequest(
      `Test ${endpointTest.testId} is an ${endpointTest.type} test; http-server data needs an http-server or ` +
        'page-load test',
    );
  }
  const { testId } = endpointTest;
  const list = await pagedList(state, ctx, {
    name: 'http-server',
    scope: { testId },
    entries: (range, start) => ctx.group.httpServer(testId, range, start),
  });
  return { body: { endpointWeb: { endpointTest, httpServer: list.records }, pages: list.pages } };
}
