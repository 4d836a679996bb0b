// Endpoint scheduled tests (read only): all, by type, by id, on /v7 and on /v6. Saved events and instant
// tests are excluded from the lists but can still be read by id (their links point there). The lists
// are paged by pageId like the other inventory lists.
import { ENDPOINT_TEST_TYPES, type EndpointTest } from '../../api/types';
import { badRequest, notFound } from '../http/errors';
import type { RequestContext, Route, RouteResult } from '../http/router';
import { inventoryPageOf } from './inventory';
import { withAbsoluteLinks } from './links';
import type { EmulatorState } from './state';

export function endpointTestRoutes(state: EmulatorState): Route[] {
  // The v6 forms are what the vendor's public v6 Postman collection calls.
  return ['v7', 'v6'].flatMap((version) => [
    {
      pattern: `/${version}/endpoint-tests`,
      methods: { GET: (ctx: RequestContext) => paged(state, ctx, 'endpoint-tests', scheduled(state, ctx)) },
    },
    {
      pattern: `/${version}/endpoint-tests/:typeOrId`,
      methods: { GET: (ctx: RequestContext) => byTypeOrId(state, ctx) },
    },
  ]);
}

/** Lists are paged by pageId; the list name is the same on /v6 and /v7, so their pageIds agree. */
function paged(state: EmulatorState, ctx: RequestContext, list: string, tests: readonly EndpointTest[]): RouteResult {
  const page = inventoryPageOf(state, ctx, list, tests);
  return { body: { endpointTest: page.records, pages: page.pages } };
}

function scheduled(state: EmulatorState, ctx: RequestContext): EndpointTest[] {
  return ctx.group
    .endpointTests()
    .filter((t) => t.savedEvent !== 1 && !state.instantTestIds.has(t.testId))
    .map((t) => withAbsoluteLinks(t, ctx.baseUrl));
}

function byTypeOrId(state: EmulatorState, ctx: RequestContext): RouteResult {
  const key = ctx.params.typeOrId ?? '';
  if ((ENDPOINT_TEST_TYPES as readonly string[]).includes(key)) {
    return paged(
      state,
      ctx,
      `endpoint-tests/${key}`,
      scheduled(state, ctx).filter((t) => t.type === key),
    );
  }
  if (!/^[0-9]{1,12}$/.test(key)) {
    throw badRequest(`'${key}' is neither a test id nor an endpoint test type (${ENDPOINT_TEST_TYPES.join(', ')})`);
  }
  // One test by id is an answer, not a list: no pages.
  return { body: { endpointTest: [requireEndpointTest(ctx, Number(key))] } };
}

export function requireEndpointTest(ctx: RequestContext, testId: number): EndpointTest {
  const test = ctx.group.endpointTest(testId);
  if (!test) throw notFound(`Endpoint test ${testId} not found in account group ${ctx.aid}`);
  return withAbsoluteLinks(test, ctx.baseUrl);
}

export function parseTestId(ctx: RequestContext): number {
  const text = ctx.params.testId ?? '';
  if (!/^[0-9]{1,12}$/.test(text)) throw badRequest(`testId '${text}' must be an integer`);
  return Number(text);
}
