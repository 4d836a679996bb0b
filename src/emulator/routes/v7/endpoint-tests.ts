// v7 endpoint scheduled tests (lists, by type, one by type and id) and instant tests
// (`POST …/scheduled-tests/{type}/instant`, on their own budget: X-Instant-Test-Rate-Limit-*).
// v7 has no by-id read without the type. Saved events and instant tests stay out of lists.
import { ENDPOINT_TEST_TYPES, type EndpointTest } from '../../../api/types';
import { parseJsonObject } from '../../http/body';
import { HttpError, invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import { runInstantTest } from '../instant-tests';
import type { EmulatorState } from '../state';
import type { Body } from '../validate';
import { v7EndpointTest } from './encode-tests';
import { selfLink } from './paging';
import { endpointBook } from './endpoint-book';
import {
  createEndpointTest,
  deleteEndpointTest,
  dynamicTestRoutes,
  readSelection,
  scheduledRecords,
  updateEndpointTest,
  type WritableType,
} from './endpoint-test-writes';
import { selectedAgents } from './written-results';

const TESTS = '/v7/endpoint/tests/scheduled-tests';

export function v7EndpointTestRoutes(state: EmulatorState): Route[] {
  return [
    { pattern: TESTS, methods: { GET: (ctx) => list(state, ctx, undefined) } },
    {
      pattern: `${TESTS}/:type`,
      methods: {
        GET: (ctx) => list(state, ctx, testType(ctx)),
        POST: (ctx) => createEndpointTest(state, ctx, writableType(ctx), () => scheduled(state, ctx)),
      },
    },
    { pattern: `${TESTS}/:type/instant`, methods: { POST: (ctx) => instant(state, ctx) } },
    {
      pattern: `${TESTS}/:type/:testId`,
      methods: {
        GET: (ctx) => ({ body: scheduledTest(state, ctx) }),
        PATCH: (ctx) =>
          updateEndpointTest(state, ctx, writableType(ctx), scheduledTest(state, ctx), () => scheduled(state, ctx)),
        DELETE: (ctx) => deleteEndpointTest(state, ctx, writableType(ctx), Number(scheduledTest(state, ctx).testId)),
      },
    },
    ...dynamicTestRoutes(state, (ctx) => scheduled(state, ctx)),
  ];
}

function testType(ctx: RequestContext): string {
  const type = ctx.params.type ?? '';
  if (!(ENDPOINT_TEST_TYPES as readonly string[]).includes(type)) {
    throw notFound(
      `Unknown endpoint scheduled test type '${type.slice(0, 100)}'; use one of ${ENDPOINT_TEST_TYPES.join(', ')}`,
    );
  }
  return type;
}

/** The scheduled tests as written (created, patched, deleted), saved events and instant tests left out. */
function scheduled(state: EmulatorState, ctx: RequestContext): Record<string, unknown>[] {
  const generated = ctx.group.endpointTests().filter((t) => t.savedEvent !== 1 && !state.instantTestIds.has(t.testId));
  return scheduledRecords(state, ctx, generated);
}

function list(state: EmulatorState, ctx: RequestContext, type: string | undefined): RouteResult {
  return {
    body: { tests: scheduled(state, ctx).filter((t) => type === undefined || t.type === type), _links: selfLink(ctx) },
  };
}

function writableType(ctx: RequestContext): WritableType {
  return testType(ctx) as WritableType;
}

/** One scheduled test of the path's type as written; an instant or saved-event test reads as the world has it. */
function scheduledTest(state: EmulatorState, ctx: RequestContext): Record<string, unknown> {
  const type = testType(ctx);
  const text = ctx.params.testId ?? '';
  if (/^[0-9]{1,12}$/.test(text) && endpointBook(state, ctx.group).deletedScheduled.has(Number(text)))
    throw notFound(`Endpoint test ${text} was deleted`);
  const written = scheduled(state, ctx).find((t) => t.testId === text);
  if (written && written.type !== type)
    throw notFound(`Endpoint test ${text} is an ${String(written.type)} test, not ${type}`);
  return written ?? v7EndpointTest(typedTest(ctx), ctx);
}

/** The endpoint test of the path's type and id (404 when the id names a test of another type). */
export function typedTest(ctx: RequestContext): EndpointTest {
  const type = testType(ctx);
  const test = endpointTestById(ctx);
  if (test.type !== type) throw notFound(`Endpoint test ${test.testId} is an ${test.type} test, not ${type}`);
  return test;
}

export function endpointTestById(ctx: RequestContext): EndpointTest {
  const text = ctx.params.testId ?? '';
  if (!/^[0-9]{1,12}$/.test(text))
    throw invalidField('testId', `testId '${text.slice(0, 100)}' must be a test id (digits)`);
  const test = ctx.group.endpointTest(Number(text));
  if (!test) throw notFound(`Endpoint test ${text} not found in account group ${ctx.aid}`);
  return test;
}

function instant(state: EmulatorState, ctx: RequestContext): RouteResult {
  const type = testType(ctx);
  const decision = takeInstantBudget(state, ctx);
  try {
    let selection: Body = {};
    const test = runInstantTest(
      state,
      ctx,
      type,
      (what) => {
        const body = parseJsonObject(ctx.rawBody, ctx.contentType, what);
        selection = readSelection(body, endpointBook(state, ctx.group), ctx);
        return asV6InstantBody(body, type);
      },
      () => selectedAgents(endpointBook(state, ctx.group), ctx.group, selection),
    );
    const body = { ...v7EndpointTest(test, ctx), agentSelectorConfig: selection };
    return {
      status: 201,
      body,
      headers: { ...decision.headers, location: `${ctx.baseUrl}${TESTS}/${type}/${test.testId}` },
    };
  } catch (error) {
    throw error instanceof HttpError ? error.withHeaders(decision.headers) : error;
  }
}

/** One instant test from the organization's instant budget: its headers, or the 429 that says when to retry. */
export function takeInstantBudget(state: EmulatorState, ctx: RequestContext): { headers: Record<string, string> } {
  const decision = state.instantTestLimiter.take(ctx.user.organization, ctx.nowSeconds);
  if (!decision.allowed) {
    const reset = Number(decision.headers['x-instant-test-rate-limit-reset']);
    throw new HttpError(
      429,
      `Instant test rate limit of ${decision.headers['x-instant-test-rate-limit-limit']} exceeded for ` +
        `organization ${ctx.user.organization}; retry after ${reset} (epoch seconds)`,
      { ...decision.headers, 'retry-after': String(Math.max(1, reset - ctx.nowSeconds)) },
    );
  }
  return decision;
}

/** v7 instant-test fields and the v6 names the shared validation reads. */
const RENAMED: Readonly<Record<string, string>> = {
  server: 'serverName',
  hasPing: 'flagPing',
  hasTraceroute: 'flagTraceroute',
  verifyCertificate: 'verifyCertHostname',
  sslVersionId: 'sslVersion',
  hasPathTraceInSession: 'pathtraceInSession',
  protocol: 'networkProtocol',
};
/** Defaults v7 has where v6 asked for the field. */
const DEFAULT_MAX_MACHINES = 25;

/**
 * The v6 body the shared validation reads: the selection is read apart (readSelection: the
 * world runs the test on the agents it names, or on agents it chooses, up to maxMachines);
 * `ipVersion` has no v6 field (the agents use their own); values are upper-cased where v6 spelled them so.
 */
function asV6InstantBody(body: Body, type: string): Body {
  const {
    agentSelectorType: _type,
    agents: _agents,
    endpointAgentLabels: _labels,
    ipVersion: _ipVersion,
    networkMeasurements,
    serverName,
    ...rest
  } = body;
  for (const [field, value] of Object.entries({ networkMeasurements, serverName })) {
    if (value !== undefined && (field !== 'networkMeasurements' || value !== true))
      throw invalidField(field, `${field} is not served by the emulator's instant tests`);
  }
  const v6: Body = { maxMachines: DEFAULT_MAX_MACHINES };
  for (const [field, value] of Object.entries(rest)) v6[RENAMED[field] ?? field] = upperCased(field, value, type);
  return v6;
}

function upperCased(field: string, value: unknown, type: string): unknown {
  if (typeof value !== 'string') return value;
  if (field === 'authType' || field === 'tcpProbeMode' || (field === 'protocol' && type === 'http-server'))
    return value.toUpperCase();
  if (field === 'sslVersionId' && /^[0-9]$/.test(value)) return Number(value);
  return value;
}
