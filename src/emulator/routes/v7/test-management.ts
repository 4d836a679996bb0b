// v7 enterprise test management: GET /v7/tests (`tests`), POST /v7/tests/{type} (201, the
// test itself, Location), GET/PUT /v7/tests/{type}/{testId} (the test) and DELETE (204).
// The rules are v6's (test-management.ts): a v7 body is read in v6's names and values, the
// stored test written back in v7's. The vendor's other fields of each type, and the five types
// v7 added beyond the spec's eight (api, ftp-server, sip-server, voice, bgp), are checked
// against the vendor's field rules and kept as sent (./test-fields.ts).
import type { RequestContext, Route, RouteResult } from '../../http/router';
import { parseJsonObject } from '../../http/body';
import { notFound } from '../../http/errors';
import type { EmulatorState } from '../state';
import {
  createEnterpriseTest,
  deleteEnterpriseTest,
  findTest,
  requireAdmin,
  sharedTestFields,
  testBodyOf,
  testFields,
  updateEnterpriseTest,
} from '../test-management';
import { isV7OnlyTestType, type EnterpriseTest, type EnterpriseTestType } from '../../../api/types';
import { TEST_TYPE_FIELDS } from '../../../api/types/test-type-fields';
import { badRequest } from '../../http/errors';
import { formatDateTime } from '../../http/time';
import { requireVendorFields, splitVendorFields } from './test-fields';
import type { Body } from '../validate';
import { MS_PER_TIME_LIMIT_UNIT, v6TestType, v7EnterpriseTest } from './encode-enterprise';
import { isInstantTest } from './instant-runs';
import { selfLink } from './paging';

/** The enterprise test types served, as v7 names them. */
export const SERVED_TEST_TYPES = [
  'agent-to-server',
  'agent-to-agent',
  'dns-trace',
  'dns-server',
  'dnssec',
  'http-server',
  'page-load',
  'web-transactions',
  'api',
  'ftp-server',
  'sip-server',
  'voice',
  'bgp',
];
/** The types with an instant form: every one but bgp, which the spec runs from monitors only. */
export const INSTANT_TEST_TYPES = SERVED_TEST_TYPES.filter((type) => type !== 'bgp');

export { asV6, readBody, readCreateBody };

export function v7TestManagementRoutes(state: EmulatorState): Route[] {
  return [
    {
      pattern: '/v7/tests',
      methods: {
        GET: (ctx) => ({
          body: {
            tests: state.store
              .list(ctx.aid)
              .filter((t) => !isInstantTest(state, ctx.aid, t.testId))
              .map((t) => v7EnterpriseTest(t, ctx)),
            _links: selfLink(ctx),
          },
        }),
      },
    },
    { pattern: '/v7/tests/:testType', methods: { POST: (ctx) => create(state, ctx) } },
    {
      pattern: '/v7/tests/:testType/:testId',
      methods: {
        GET: (ctx) => ({ body: v7EnterpriseTest(findTest(state, asV6(ctx)), ctx) }),
        PUT: async (ctx) => ({ body: v7EnterpriseTest(await update(state, asV6(ctx)), ctx) }),
        DELETE: async (ctx) => {
          await deleteEnterpriseTest(state, asV6(ctx));
          return { status: 204, body: null };
        },
      },
    },
  ];
}

async function create(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const test = await createEnterpriseTest(state, asV6(ctx), (what, type) => readCreateBody(ctx, what, type));
  const body = v7EnterpriseTest(test, ctx);
  return { status: 201, body, headers: { location: String((body._links as { self: { href: string } }).self.href) } };
}

/** The fields v6 could already update: such a body keeps the shared rules' update, messages and all. */
const V6_UPDATABLE = new Set(['testName', 'interval', 'agents']);

/**
 * PUT /v7/tests/{type}/{testId}: the service updates any field of the type its schema does not
 * mark read-only (the writable fields of TEST_TYPE_FIELDS, url and server included); a read-only
 * or foreign field is a 400. The update is merged onto the stored test and the whole checked by
 * the create rules, so an update cannot store what a create would refuse.
 */
async function update(state: EmulatorState, ctx: RequestContext): Promise<EnterpriseTest> {
  requireAdmin(ctx, 'updating');
  const existing = findTest(state, ctx);
  const type = existing.type as EnterpriseTestType;
  const what = `Updating test ${existing.testId}`;
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, what);
  const writable = new Set(TEST_TYPE_FIELDS[type].fields.map((key) => key.split('#')[0]!));
  const fields = Object.keys(body);
  if (fields.length === 0) throw badRequest(`Nothing to update: send at least one field ${type} tests can change`);
  for (const field of fields) {
    if (!writable.has(field))
      throw badRequest(
        `Field '${field.slice(0, 100)}' cannot be updated: it is read-only or not a field of ${type} tests`,
      );
  }
  if (fields.every((field) => V6_UPDATABLE.has(field))) return updateEnterpriseTest(state, ctx, () => asV6Body(body));
  const { shared, extra } = splitVendorFields(type, body, sharedTestFields(type));
  const stored = testBodyOf(existing);
  const merged = { ...stored.body, ...asV6Body(shared) };
  const updated = {
    ...testFields(ctx, type, merged, { ...stored.v7Fields, ...extra }),
    testId: existing.testId,
    createdBy: existing.createdBy,
    createdDate: existing.createdDate,
    apiLinks: (existing as Record<string, unknown>).apiLinks,
    modifiedBy: `${ctx.user.name} (${ctx.user.email})`,
    modifiedDate: formatDateTime(ctx.nowSeconds),
  } as EnterpriseTest;
  await state.store.replace(ctx.aid, updated);
  return updated;
}

/** The request with the path's v7 test type in v6's spelling, for the shared rules. */
function asV6(ctx: RequestContext): RequestContext {
  const type = ctx.params.testType ?? '';
  if (!SERVED_TEST_TYPES.includes(type))
    throw notFound(`Unknown test type '${type.slice(0, 100)}'; use one of ${SERVED_TEST_TYPES.join(', ')}`);
  return { ...ctx, params: { ...ctx.params, testType: v6TestType(type) } };
}

function readBody(ctx: RequestContext): (what: string) => Body {
  return (what) => asV6Body(parseJsonObject(ctx.rawBody, ctx.contentType, what));
}

/** A create body: the shared rules' fields in v6's spelling, the type's other vendor fields kept as sent. */
function readCreateBody(ctx: RequestContext, what: string, type: EnterpriseTestType): Body & { v7Fields: Body } {
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, what);
  if (isV7OnlyTestType(type)) requireVendorFields(type, body);
  const { shared, extra } = splitVendorFields(type, body, sharedTestFields(type));
  return { ...asV6Body(shared), v7Fields: extra };
}

const FLAGS = ['enabled', 'alertsEnabled', 'followRedirects', 'verifyCertificate'];

/** v7 values in v6's spelling: booleans as 0/1, `tcp` as TCP, `to-target` as TO_TARGET, seconds as ms. */
function asV6Body(body: Body): Body {
  const v6: Body = { ...body };
  for (const field of FLAGS) if (typeof v6[field] === 'boolean') v6[field] = v6[field] ? 1 : 0;
  if (typeof v6.protocol === 'string') v6.protocol = v6.protocol.toUpperCase();
  if (typeof v6.direction === 'string') v6.direction = v6.direction.toUpperCase().replace(/-/g, '_');
  if (typeof v6.httpTimeLimit === 'number') v6.httpTimeLimit *= MS_PER_TIME_LIMIT_UNIT;
  return v6;
}
