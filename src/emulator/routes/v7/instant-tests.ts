// v7 enterprise instant tests: POST /v7/tests/{type}/instant takes the whole test as it would
// be deployed (validated by the same rules as test management; its schedule is not used),
// answers 201 with the created instant test, and its one round answers after the emulator's
// instant delay. POST /v7/tests/{testId}/run runs an instant or a deployed test again (200,
// no body). Both spend the organization's instant budget (X-Instant-Test-Rate-Limit-*).
import { HttpError, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import type { EmulatorState } from '../state';
import { createEnterpriseTest } from '../test-management';
import { v7EnterpriseTest } from './encode-enterprise';
import { takeInstantBudget } from './endpoint-tests';
import { addRun, markInstantTest } from './instant-runs';
import { INSTANT_TEST_TYPES, asV6, readCreateBody } from './test-management';

export function v7InstantTestRoutes(state: EmulatorState): Route[] {
  return [
    { pattern: '/v7/tests/:testType/instant', methods: { POST: (ctx) => create(state, ctx) } },
    { pattern: '/v7/tests/:testId/run', methods: { POST: (ctx) => run(state, ctx) }, bareEmptyPost: true },
  ];
}

async function create(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const type = ctx.params.testType ?? '';
  if (type === 'bgp')
    throw notFound(`BGP tests have no instant form; instant tests are ${INSTANT_TEST_TYPES.join(', ')}`);
  const budget = takeInstantBudget(state, ctx);
  try {
    const test = await createEnterpriseTest(state, asV6(ctx), (what, type) => readCreateBody(ctx, what, type));
    markInstantTest(state, ctx.aid, test.testId);
    addRun(state, ctx.aid, test.testId, ctx.nowSeconds + state.instantTestDelaySeconds);
    const body = v7EnterpriseTest(test, ctx);
    return { status: 201, body, headers: { ...budget.headers, location: `${ctx.baseUrl}/v7/tests/${test.testId}` } };
  } catch (error) {
    throw error instanceof HttpError ? error.withHeaders(budget.headers) : error;
  }
}

function run(state: EmulatorState, ctx: RequestContext): RouteResult {
  const text = ctx.params.testId ?? '';
  const test = /^[0-9]{1,12}$/.test(text) ? state.store.get(ctx.aid, Number(text)) : undefined;
  if (!test) throw notFound(`Test ${text.slice(0, 40)} not found in account group ${ctx.aid}`);
  const budget = takeInstantBudget(state, ctx);
  addRun(state, ctx.aid, test.testId, ctx.nowSeconds + state.instantTestDelaySeconds);
  return { status: 200, body: null, headers: budget.headers };
}
