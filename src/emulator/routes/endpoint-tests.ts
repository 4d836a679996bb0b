// Endpoint scheduled tests (read only): all, by type, by id, on /v7 and on /v6. Saved events and instant
// tests are excluded from the lists but can still be read by id (their links point there).
import { ENDPOINT_TEST_TYPES, type EndpointTest } from '../../api/types';
import { badRequest, notFound } from '../http/errors';
import type { RequestContext, Route } from '../http/router';
import { withAbsoluteLinks } from './links';
import type { EmulatorState } from './state';

export function endpointTestRoutes(state: EmulatorState): Route[] {
  // The v6 forms are what the vendor's public v6 Postman collection calls.
  return ['v7', 'v6'].flatMap((version) => [
    { pattern: `/${version}/endpoint-tests`, methods: { GET: (ctx: RequestContext) => ({ body: { endpointTest: scheduled(state, ctx) } }) } },
    { pattern: `/${version}/endpoint-tests/:typeOrId`, methods: { GET: (ctx: RequestContext) => ({ body: { endpointTest: byTypeOrId(state, ctx) } }) } },
  ]);
}

function scheduled(state: EmulatorState, ctx: RequestContext): EndpointTest[] {
  return ctx.group.endpointTests()
    .filter((t) => t.savedEvent !== 1 && !state.instantTestIds.has(t.testId))
    .map((t) => withAbsoluteLinks(t, ctx.baseUrl));
}

function byTypeOrId(state: EmulatorState, ctx: RequestContext): EndpointTest[] {
  const key = ctx.params.typeOrId ?? '';
  if ((ENDPOINT_TEST_TYPES as readonly string[]).includes(key)) return scheduled(state, ctx).filter((t) => t.type === key);
  if (!/^[0-9]{1,12}$/.test(key)) {
    throw badRequest(`'${key}' is neither a test id nor an endpoint test type (${ENDPOINT_TEST_TYPES.join(', ')})`);
  }
  return [requireEndpointTest(ctx, Number(key))];
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
