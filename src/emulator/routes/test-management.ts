// Enterprise test management: create/update/delete for all eight types, v7 and the older
// unversioned and /v6 forms (POST …/new, …/{id}/update, …/{id}/delete).
import {
  ENDPOINT_TEST_INTERVALS as TEST_INTERVALS,
  ENTERPRISE_TEST_TYPES,
  isV7OnlyTestType,
  type EnterpriseTest,
  type EnterpriseTestType,
} from '../../api/types';
import { parseJsonObject } from '../http/body';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { RequestContext, Route, RouteResult } from '../http/router';
import { formatDateTime } from '../http/time';
import type { EmulatorState } from './state';
import {
  type Body,
  formatServer,
  normalizeUrl,
  parseServer,
  optionalEnum,
  optionalFlag,
  optionalInt,
  optionalString,
  rejectUnknownFields,
  requiredString,
  toIntLike,
  isHost,
  withArticle,
} from './validate';

const COMMON_FIELDS = ['testName', 'interval', 'agents', 'enabled', 'alertsEnabled', 'description'];
const UPDATABLE_FIELDS = ['testName', 'interval', 'agents'];

/** Type-specific fields: the target first. */
const TYPE_FIELDS: Record<EnterpriseTestType, { required: string[]; optional: string[] }> = {
  'agent-to-server': { required: ['server'], optional: ['port', 'protocol'] },
  'agent-to-agent': { required: ['targetAgentId'], optional: ['port', 'protocol', 'direction'] },
  'dns-trace': { required: ['domain'], optional: [] },
  'dns-server': { required: ['domain'], optional: ['dnsServers'] },
  'dns-dnssec': { required: ['domain'], optional: [] },
  'http-server': {
    required: ['url'],
    optional: ['port', 'httpTimeLimit', 'followRedirects', 'verifyCertificate', 'contentRegex'],
  },
  'page-load': { required: ['url'], optional: ['httpTimeLimit'] },
  'web-transactions': { required: ['url', 'transactionScript'], optional: ['httpTimeLimit'] },
  // The types only v7 has: the v7 routes check and keep all their fields (v7/test-fields.ts).
  api: { required: [], optional: [] },
  'ftp-server': { required: [], optional: [] },
  'sip-server': { required: [], optional: [] },
  voice: { required: [], optional: [] },
  bgp: { required: [], optional: [] },
};

/** The fields the shared rules read for a type; v7 keeps the others of the vendor's apart. */
export function sharedTestFields(type: EnterpriseTestType): ReadonlySet<string> {
  return new Set([...COMMON_FIELDS, ...TYPE_FIELDS[type].required, ...TYPE_FIELDS[type].optional]);
}

export function testManagementRoutes(state: EmulatorState): Route[] {
  const create = (ctx: RequestContext): Promise<RouteResult> => createTest(state, v6Only(ctx));
  const update = (ctx: RequestContext): Promise<RouteResult> => updateTest(state, v6Only(ctx));
  const remove = (ctx: RequestContext): Promise<RouteResult> => deleteTest(state, v6Only(ctx));
  const show = (ctx: RequestContext): RouteResult => ({ body: { test: [findTest(state, v6Only(ctx))] } });
  return [
    // Listing and reading created tests is not in the spec; the emulator offers it so that
    // clients and tests can see what they wrote.
    { pattern: '/v7/tests', methods: { GET: (ctx) => ({ body: { test: state.store.list(ctx.aid) } }) } },
    { pattern: '/v7/tests/:testType', methods: { POST: create } },
    { pattern: '/v7/tests/:testType/:testId', methods: { GET: show, PUT: update, DELETE: remove } },
    // The older forms, unversioned and as the vendor's public v6 Postman collection calls
    // them (`.json` suffixes are stripped before routing).
    ...['', '/v6'].flatMap((prefix) => [
      { pattern: `${prefix}/tests/:testType/new`, methods: { POST: create } },
      { pattern: `${prefix}/tests/:testType/:testId/update`, methods: { POST: update } },
      // The collection sends this POST without body and, typically, without Content-Type.
      { pattern: `${prefix}/tests/:testType/:testId/delete`, methods: { POST: remove }, bareEmptyPost: true },
    ]),
  ];
}

/** The spec (v6) has eight types; the five v7 added get a sentence that names the API they need. */
function v6Only(ctx: RequestContext): RequestContext {
  const type = ctx.params.testType ?? '';
  if (isV7OnlyTestType(type))
    throw notFound(
      `Test type '${type}' needs the current API (v7); this is API v6, which has ` +
        `${ENTERPRISE_TEST_TYPES.filter((t) => !isV7OnlyTestType(t)).join(', ')}`,
    );
  return ctx;
}

function testTypeOf(ctx: RequestContext): EnterpriseTestType {
  const type = ctx.params.testType ?? '';
  if (!(ENTERPRISE_TEST_TYPES as readonly string[]).includes(type)) {
    throw notFound(`Unknown test type '${type}'; use one of ${ENTERPRISE_TEST_TYPES.join(', ')}`);
  }
  return type as EnterpriseTestType;
}

export function requireAdmin(ctx: RequestContext, action: string): void {
  if (!ctx.user.accountAdmin) throw forbidden(`${action} tests needs Account Admin (user ${ctx.user.email} lacks it)`);
}

/** The stored test of the path's `testType` and `testId`. */
export function findTest(state: EmulatorState, ctx: RequestContext): EnterpriseTest {
  const type = testTypeOf(ctx);
  const id = toIntLike(ctx.params.testId);
  const test = id === undefined ? undefined : state.store.get(ctx.aid, id);
  if (!test) throw notFound(`Test ${ctx.params.testId} not found in account group ${ctx.aid}`);
  if (test.type !== type) throw badRequest(`Test ${test.testId} is ${withArticle(test.type)} test, not ${type}`);
  return test;
}

async function createTest(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const test = await createEnterpriseTest(state, ctx, (what) => parseJsonObject(ctx.rawBody, ctx.contentType, what));
  return { status: 201, body: { test: [test] } };
}

/** Checks the role and the path's type, reads the body (`read`, in v6's field names) and stores the test. */
/**
 * Checks the role and the path's type, reads the body (`read`, in v6's field names) and stores
 * the test; `read` may also return fields kept as sent (`extra`, v7's other fields of the type).
 */
export async function createEnterpriseTest(
  state: EmulatorState,
  ctx: RequestContext,
  read: (what: string, type: EnterpriseTestType) => Body & { v7Fields?: Body },
): Promise<EnterpriseTest> {
  requireAdmin(ctx, 'creating');
  const type = testTypeOf(ctx);
  const { v7Fields, ...body } = read(`Creating ${withArticle(type)} test`, type);
  const fields = testFields(ctx, type, body, v7Fields);
  const test = await state.store.create(
    ctx.aid,
    (testId) =>
      ({
        testId,
        ...fields,
        createdBy: `${ctx.user.name} (${ctx.user.email})`,
        createdDate: formatDateTime(ctx.nowSeconds),
        apiLinks: [{ rel: 'self', href: `${ctx.baseUrl}/v7/tests/${type}/${testId}` }],
      }) as EnterpriseTest,
  );
  return test;
}

/**
 * A test's stored fields from a whole body in v6's names (a create's, or v7's update merged
 * onto the stored test): checked by the create rules; no id, no creation stamp.
 */
export function testFields(ctx: RequestContext, type: EnterpriseTestType, body: Body, v7Fields?: Body): StoredFields {
  const fields = TYPE_FIELDS[type];
  rejectUnknownFields(body, [...COMMON_FIELDS, ...fields.required, ...fields.optional], `${type} tests`, (field) =>
    foreignField(field, type),
  );
  // BGP tests run from monitors: no agents, no interval.
  for (const field of [...(type === 'bgp' ? ['testName'] : ['testName', 'interval', 'agents']), ...fields.required]) {
    if (body[field] === undefined) throw badRequest(`${field} is required to create ${withArticle(type)} test`);
  }
  const target = targetFields(ctx, type, body);
  const common = commonFields(ctx, body, type === 'bgp');
  return {
    type,
    ...common,
    enabled: optionalFlag(body, 'enabled') ?? 1,
    alertsEnabled: optionalFlag(body, 'alertsEnabled') ?? 1,
    ...target,
    ...(v7Fields && Object.keys(v7Fields).length > 0 ? { v7Fields } : {}),
  } as StoredFields;
}

/** A stored test without its id and creation stamp. */
export type StoredFields = Pick<EnterpriseTest, 'type' | 'testName' | 'interval' | 'enabled' | 'agents'> & Body;

/** The stored test as the whole body that would create it, in v6's names (agents by id). */
export function testBodyOf(test: EnterpriseTest): { body: Body; v7Fields: Body } {
  const record = test as Record<string, unknown>;
  const type = test.type as EnterpriseTestType;
  const body: Body = {};
  for (const field of sharedTestFields(type)) if (record[field] !== undefined) body[field] = record[field];
  if (type !== 'bgp') body.agents = (test.agents ?? []).map((a) => ({ agentId: a.agentId }));
  else delete body.agents;
  return { body, v7Fields: { ...((record.v7Fields as Body | undefined) ?? {}) } };
}

function foreignField(field: string, type: EnterpriseTestType): string | undefined {
  const owners = ENTERPRISE_TEST_TYPES.filter((t) =>
    [...TYPE_FIELDS[t].required, ...TYPE_FIELDS[t].optional].includes(field),
  );
  if (owners.length === 0) return undefined;
  const target = TYPE_FIELDS[type].required.join(' and ');
  return (
    `Field '${field}' belongs to ${owners.join('/')} tests, not ${type} ` +
    `(${withArticle(type)} test takes ${target})`
  );
}

type ExpandedAgents = EnterpriseTest['agents'];

interface CommonFields {
  testName: string;
  interval?: number;
  agents: ExpandedAgents;
  description?: string;
}

function commonFields(ctx: RequestContext, body: Body, monitorsOnly: boolean): CommonFields {
  const fields: CommonFields = monitorsOnly
    ? { testName: requiredString(body, 'testName', 'a test'), agents: [] }
    : {
        testName: requiredString(body, 'testName', 'a test'),
        interval: interval(body),
        agents: expandAgents(ctx, body.agents),
      };
  const description = optionalString(body, 'description');
  if (description !== undefined) fields.description = description;
  return fields;
}

function interval(body: Body): number {
  const value = body.interval;
  if (!(TEST_INTERVALS as readonly unknown[]).includes(value)) {
    throw badRequest(`interval must be one of ${TEST_INTERVALS.join(', ')} seconds`);
  }
  return value as number;
}

function expandAgents(ctx: RequestContext, value: unknown): ExpandedAgents {
  if (!Array.isArray(value) || value.length === 0) throw badRequest('agents must be a non-empty array of {agentId}');
  const known = new Map(ctx.group.enterpriseAgents().map((a) => [a.agentId, a]));
  const expanded = new Map<number, ExpandedAgents[number]>();
  value.forEach((entry: unknown, index) => {
    const raw = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>).agentId : undefined;
    const id = toIntLike(raw);
    if (id === undefined) throw badRequest(`agents[${index}].agentId must be an integer or a numeric string`);
    const agent = known.get(id);
    if (!agent)
      throw badRequest(`agents[${index}].agentId ${id} is not an enterprise agent of account group ${ctx.aid}`);
    expanded.set(id, { ...agent });
  });
  return [...expanded.values()];
}

function targetFields(ctx: RequestContext, type: EnterpriseTestType, body: Body): Body {
  switch (type) {
    case 'agent-to-server': {
      const port = optionalInt(body, 'port', 1, 65535);
      const server = formatServer(parseServer(requiredString(body, 'server', type), 'server', port));
      return { server, protocol: optionalEnum(body, 'protocol', ['TCP', 'ICMP'] as const) ?? 'TCP' };
    }
    case 'agent-to-agent': {
      const targetAgentId = toIntLike(body.targetAgentId);
      if (targetAgentId === undefined) throw badRequest('targetAgentId must be an integer or a numeric string');
      if (!ctx.group.enterpriseAgents().some((a) => a.agentId === targetAgentId)) {
        throw badRequest(`targetAgentId ${targetAgentId} is not an enterprise agent of account group ${ctx.aid}`);
      }
      return {
        targetAgentId,
        port: optionalInt(body, 'port', 1, 65535) ?? 49153,
        protocol: optionalEnum(body, 'protocol', ['TCP', 'UDP'] as const) ?? 'TCP',
        direction:
          optionalEnum(body, 'direction', ['TO_TARGET', 'FROM_TARGET', 'BIDIRECTIONAL'] as const) ?? 'TO_TARGET',
      };
    }
    case 'dns-trace':
    case 'dns-server':
    case 'dns-dnssec':
      return { domain: domain(body), ...(type === 'dns-server' ? { dnsServers: dnsServers(body) } : {}) };
    case 'api':
    case 'ftp-server':
    case 'sip-server':
    case 'voice':
    case 'bgp':
      return {};
    default:
      return webFields(type, body);
  }
}

function domain(body: Body): string {
  const text = requiredString(body, 'domain', 'DNS tests');
  const name = text.replace(/\.$/, '');
  if (!isHost(name)) throw badRequest(`domain '${text}' must be a domain name (e.g. example.com)`);
  return text;
}

function dnsServers(body: Body): string[] {
  const value = body.dnsServers;
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((s): s is string => typeof s === 'string' && isHost(s))) {
    throw badRequest('dnsServers must be an array of host names or IP addresses');
  }
  return value;
}

function webFields(type: EnterpriseTestType, body: Body): Body {
  const parsed = normalizeUrl(requiredString(body, 'url', `${type} tests`), 'url');
  const url = parsed.toString();
  const fields: Body = { url, httpTimeLimit: optionalInt(body, 'httpTimeLimit', 5000, 60000) ?? 5000 };
  if (type === 'http-server') {
    const port = optionalInt(body, 'port', 1, 65535);
    if (port !== undefined && parsed.port !== '' && Number(parsed.port) !== port) {
      throw badRequest(
        `url '${url}' already names port ${parsed.port}, which conflicts with port ${port}; give the port in one place`,
      );
    }
    if (port !== undefined) fields.port = port;
    fields.followRedirects = optionalFlag(body, 'followRedirects') ?? 1;
    fields.verifyCertificate = optionalFlag(body, 'verifyCertificate') ?? 1;
    const regex = optionalString(body, 'contentRegex');
    if (regex !== undefined) fields.contentRegex = checkRegex(regex);
  }
  if (type === 'web-transactions')
    fields.transactionScript = requiredString(body, 'transactionScript', 'web-transactions tests');
  return fields;
}

function checkRegex(text: string): string {
  try {
    new RegExp(text);
  } catch {
    throw badRequest(`contentRegex '${text}' is not a valid regular expression`);
  }
  return text;
}

async function updateTest(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const updated = await updateEnterpriseTest(state, ctx, (what) => parseJsonObject(ctx.rawBody, ctx.contentType, what));
  return { body: { test: [updated] } };
}

export async function updateEnterpriseTest(
  state: EmulatorState,
  ctx: RequestContext,
  read: (what: string) => Body,
): Promise<EnterpriseTest> {
  requireAdmin(ctx, 'updating');
  const existing = findTest(state, ctx);
  const body = read(`Updating test ${existing.testId}`);
  rejectUnknownFields(
    body,
    UPDATABLE_FIELDS,
    'updates',
    (field) => `Field '${field}' cannot be updated; only ${UPDATABLE_FIELDS.join(', ')} can`,
  );
  if (Object.keys(body).length === 0)
    throw badRequest(`Nothing to update: send at least one of ${UPDATABLE_FIELDS.join(', ')}`);
  const updated: EnterpriseTest = { ...existing };
  if (body.testName !== undefined) updated.testName = requiredString(body, 'testName', 'an update');
  if (body.interval !== undefined) updated.interval = interval(body);
  if (body.agents !== undefined) updated.agents = expandAgents(ctx, body.agents);
  updated.modifiedBy = `${ctx.user.name} (${ctx.user.email})`;
  updated.modifiedDate = formatDateTime(ctx.nowSeconds);
  await state.store.replace(ctx.aid, updated);
  return updated;
}

async function deleteTest(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  await deleteEnterpriseTest(state, ctx);
  return { body: {} };
}

export async function deleteEnterpriseTest(state: EmulatorState, ctx: RequestContext): Promise<void> {
  requireAdmin(ctx, 'deleting');
  const test = findTest(state, ctx);
  // The older POST …/delete has no body; one that is sent must at least be a JSON object.
  if (ctx.rawBody.trim() !== '') parseJsonObject(ctx.rawBody, ctx.contentType, `Deleting test ${test.testId}`);
  await state.store.remove(ctx.aid, test.testId);
}
