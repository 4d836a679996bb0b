// v7 endpoint tests as code: POST/PATCH/DELETE of scheduled agent-to-server and http-server
// tests, the dynamic tests (/v7/endpoint/tests/dynamic-tests/agent-to-server) whole, and the
// endpoint agent labels (GET /v7/endpoint/labels, cursor-paged; GET /v7/endpoint/labels/{id}).
// Bodies are read as the vendor's request schemas name them; a field the schema does not
// name, or one PATCH cannot change, is a 400 naming it. Writes need Edit endpoint tests.
import type { EndpointTest } from '../../../api/types';
import { parseJsonObject } from '../../http/body';
import { badRequest, forbidden, invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import type { EmulatorState } from '../state';
import {
  normalizeUrl,
  optionalBoolean,
  optionalEnum,
  optionalInt,
  optionalString,
  rejectUnknownFields,
  requiredString,
  type Body,
} from '../validate';
import { endpointBook, type EndpointBook, type StoredRecord } from './endpoint-book';
import { v7EndpointTest } from './encode-tests';
import { selfLink } from './paging';
import { planWrittenTest } from './written-results';

export type WritableType = 'agent-to-server' | 'http-server' | 'dynamic';

const SCHEDULED = '/v7/endpoint/tests/scheduled-tests';
const DYNAMIC = '/v7/endpoint/tests/dynamic-tests/agent-to-server';
const INTERVALS = [60, 120, 300, 600, 900, 1800, 3600] as const;
const PROTOCOLS = ['icmp', 'icmp-with-tcp-connect', 'tcp', 'prefer-tcp', 'ast-autodetect', 'autodetect'] as const;
const PROBE_MODES = ['auto', 'sack', 'syn'] as const;
const SELECTORS = ['all-agents', 'specific-agents', 'agent-labels'] as const;
const IP_VERSIONS = ['V4_ONLY', 'V6_ONLY', 'V6_PREFER', 'OS_DEFAULT'] as const;
const DEFAULT_MAX_MACHINES = 25;

const SELECTION = ['agentSelectorType', 'agents', 'endpointAgentLabels', 'maxMachines'];
const CREATE_FIELDS: Readonly<Record<WritableType, readonly string[]>> = {
  'agent-to-server': ['testName', ...SELECTION, 'ipVersion', 'server', 'port', 'isPrioritized', 'interval', 'protocol'],
  'http-server': [
    'testName',
    ...SELECTION,
    'ipVersion',
    'url',
    'authType',
    'hasPathTraceInSession',
    'httpTimeLimit',
    'protocol',
    'username',
    'password',
    'sslVersionId',
    'tcpProbeMode',
    'verifyCertificate',
    'hasPing',
    'hasTraceroute',
    'networkMeasurements',
    'targetResponseTime',
    'isPrioritized',
    'interval',
  ],
  dynamic: [
    'testName',
    ...SELECTION,
    'ipVersion',
    'isPrioritized',
    'interval',
    'application',
    'protocol',
    'tcpProbeMode',
    'hasPathTraceInSession',
  ],
};
const UPDATE_COMMON = ['interval', 'testName', 'protocol', 'isEnabled', 'tcpProbeMode'];
const UPDATE_FIELDS: Readonly<Record<WritableType, readonly string[]>> = {
  'agent-to-server': [...UPDATE_COMMON, 'port', 'server'],
  'http-server': [...UPDATE_COMMON, 'url'],
  dynamic: [...UPDATE_COMMON, 'application'],
};

export function pathOf(type: WritableType, testId: number | string): string {
  return type === 'dynamic' ? `${DYNAMIC}/${testId}` : `${SCHEDULED}/${type}/${testId}`;
}

/** A stored record as v7 answers it: the account group and links added. */
export function answered(ctx: RequestContext, type: WritableType, record: StoredRecord): StoredRecord {
  const testId = String(record.testId);
  const kinds =
    type === 'dynamic' ? [] : ['network/filter', 'path-vis', ...(type === 'http-server' ? ['http-server'] : [])];
  const results = kinds.map((kind) => `/v7/endpoint/test-results/scheduled-tests/${testId}/${kind}`);
  return {
    aid: String(ctx.aid),
    ...record,
    _links: {
      self: { href: `${ctx.baseUrl}${pathOf(type, testId)}` },
      testResults: results.map((href) => ({ href: `${ctx.baseUrl}${href}` })),
    },
  };
}

/** A generated scheduled test as the book stores it (v7's shape; the world picks its agents). */
function storedFromWorld(test: EndpointTest, ctx: RequestContext): StoredRecord {
  const { aid: _aid, _links: _ignored, ...record } = v7EndpointTest(test, ctx);
  return { ...record, agentSelectorConfig: { agentSelectorType: 'all-agents', maxMachines: DEFAULT_MAX_MACHINES } };
}

/** The scheduled tests v7 lists: generated ones (as patched, unless deleted), then created ones. */
export function scheduledRecords(
  state: EmulatorState,
  ctx: RequestContext,
  generated: readonly EndpointTest[],
): StoredRecord[] {
  const book = endpointBook(state, ctx.group);
  const ids = new Set(generated.map((t) => t.testId));
  const fromWorld = generated
    .filter((t) => !book.deletedScheduled.has(t.testId))
    .map((t) => book.scheduled.get(t.testId) ?? storedFromWorld(t, ctx));
  const created = [...book.scheduled.entries()].filter(([id]) => !ids.has(id)).map(([, record]) => record);
  return [...fromWorld, ...created].map((record) => answered(ctx, record.type as WritableType, record));
}

function requireEditor(ctx: RequestContext, doing: string): void {
  if (!ctx.user.editEndpointTests)
    throw forbidden(`${doing} needs the Edit endpoint tests permission (user ${ctx.user.email} lacks it)`);
}

export function readSelection(body: Body, book: EndpointBook, ctx: RequestContext): StoredRecord {
  const type = optionalEnum(body, 'agentSelectorType', SELECTORS) ?? 'all-agents';
  const maxMachines = optionalInt(body, 'maxMachines', 1, 5000) ?? DEFAULT_MAX_MACHINES;
  const ids = (field: string): string[] => {
    const value = body[field];
    if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string'))
      throw invalidField(field, `${field} must list at least one id (strings) when agentSelectorType is ${type}`);
    return value as string[];
  };
  if (type === 'specific-agents') {
    const agents = ids('agents');
    const unknown = agents.find((id) => !ctx.group.endpointAgent(id));
    if (unknown !== undefined)
      throw invalidField('agents', `endpoint agent '${unknown.slice(0, 60)}' is not in account group ${ctx.aid}`);
    return { agentSelectorType: type, maxMachines, agents };
  }
  if (type === 'agent-labels') {
    const labels = ids('endpointAgentLabels');
    const unknown = labels.find((id) => !book.labels.has(id));
    if (unknown !== undefined)
      throw invalidField(
        'endpointAgentLabels',
        `endpoint label '${unknown.slice(0, 60)}' is not in account group ${ctx.aid} ` +
          '(GET /v7/endpoint/labels lists them)',
      );
    return { agentSelectorType: type, maxMachines, endpointAgentLabels: labels };
  }
  for (const field of ['agents', 'endpointAgentLabels'])
    if (body[field] !== undefined)
      throw invalidField(
        field,
        `${field} is only read when agentSelectorType is ${field === 'agents' ? 'specific-agents' : 'agent-labels'}`,
      );
  return { agentSelectorType: type, maxMachines };
}

/** The fields every type shares and those of its target, checked. */
function readTarget(type: WritableType, body: Body, what: string): StoredRecord {
  const record: StoredRecord = {
    testName: requiredString(body, 'testName', what),
    interval: optionalEnum(body, 'interval', INTERVALS) ?? 60,
  };
  record.protocol = optionalEnum(body, 'protocol', PROTOCOLS) ?? (type === 'http-server' ? 'tcp' : 'icmp');
  record.ipVersion = optionalEnum(body, 'ipVersion', IP_VERSIONS);
  record.isPrioritized = optionalBoolean(body, 'isPrioritized') ?? false;
  if (type === 'agent-to-server') {
    record.server = requiredString(body, 'server', what);
    record.port = optionalInt(body, 'port', 1, 65535) ?? 443;
  } else if (type === 'http-server') {
    record.url = normalizeUrl(requiredString(body, 'url', what), 'url').href;
    record.authType = optionalEnum(body, 'authType', ['none', 'basic', 'ntlm'] as const) ?? 'none';
    record.username = optionalString(body, 'username');
    optionalString(body, 'password');
    record.httpTimeLimit = optionalInt(body, 'httpTimeLimit', 1, 180_000) ?? 5000;
    record.sslVersionId = optionalEnum(body, 'sslVersionId', ['0', '3', '4', '5', '6', '7'] as const) ?? '0';
    record.verifyCertificate = optionalBoolean(body, 'verifyCertificate') ?? true;
    record.networkMeasurements = optionalBoolean(body, 'networkMeasurements') ?? true;
    record.tcpProbeMode = optionalEnum(body, 'tcpProbeMode', PROBE_MODES) ?? 'auto';
    record.hasPathTraceInSession = optionalBoolean(body, 'hasPathTraceInSession') ?? false;
    for (const field of ['hasPing', 'hasTraceroute']) optionalBoolean(body, field);
    optionalInt(body, 'targetResponseTime', 0, 180_000);
  } else {
    record.application = requiredString(body, 'application', what);
    record.tcpProbeMode = optionalEnum(body, 'tcpProbeMode', PROBE_MODES) ?? 'auto';
    record.hasPathTraceInSession = optionalBoolean(body, 'hasPathTraceInSession') ?? false;
  }
  return record;
}

function uniqueName(book: EndpointBook, records: readonly StoredRecord[], testName: unknown, except?: string): void {
  const taken = [...records, ...book.dynamic.values()].find(
    (r) => r.testName === testName && String(r.testId) !== except,
  );
  if (taken)
    throw invalidField(
      'testName',
      `testName '${String(testName).slice(0, 100)}' must be unique: endpoint test ${String(taken.testId)} ` +
        'already uses it',
    );
}

export function createEndpointTest(
  state: EmulatorState,
  ctx: RequestContext,
  type: WritableType,
  scheduled: () => StoredRecord[],
): RouteResult {
  requireEditor(ctx, 'creating endpoint tests');
  const what = `creating ${type === 'dynamic' ? 'a dynamic' : `an ${type}`} endpoint test`;
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, what);
  rejectUnknownFields(body, CREATE_FIELDS[type], what);
  const book = endpointBook(state, ctx.group);
  const target = readTarget(type, body, what);
  uniqueName(book, scheduled(), target.testName);
  const testId = state.nextInstantTestId();
  const record = defined({
    testId: String(testId),
    ...(type === 'dynamic' ? {} : { type }),
    ...target,
    isEnabled: true,
    isSavedEvent: type === 'dynamic' ? undefined : false,
    agentSelectorConfig: readSelection(body, book, ctx),
    createdDate: new Date(ctx.nowSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });
  (type === 'dynamic' ? book.dynamic : book.scheduled).set(testId, record);
  planWrittenTest(state, ctx, record);
  return {
    status: 201,
    body: answered(ctx, type, record),
    headers: { location: `${ctx.baseUrl}${pathOf(type, testId)}` },
  };
}

export function updateEndpointTest(
  state: EmulatorState,
  ctx: RequestContext,
  type: WritableType,
  current: StoredRecord,
  scheduled: () => StoredRecord[],
): RouteResult {
  requireEditor(ctx, 'updating endpoint tests');
  const what = `updating ${type === 'dynamic' ? 'a dynamic' : `an ${type}`} endpoint test`;
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, what);
  rejectUnknownFields(body, UPDATE_FIELDS[type], what, (field) =>
    CREATE_FIELDS[type].includes(field)
      ? `Field '${field}' cannot be changed in place (PATCH takes ${UPDATE_FIELDS[type].join(', ')}): delete ` +
        'the test and create it again'
      : undefined,
  );
  const book = endpointBook(state, ctx.group);
  const patch = defined({
    testName: body.testName === undefined ? undefined : requiredString(body, 'testName', what),
    interval: optionalEnum(body, 'interval', INTERVALS),
    protocol: optionalEnum(body, 'protocol', PROTOCOLS),
    isEnabled: optionalBoolean(body, 'isEnabled'),
    tcpProbeMode: optionalEnum(body, 'tcpProbeMode', PROBE_MODES),
    port: optionalInt(body, 'port', 1, 65535),
    server: body.server === undefined ? undefined : requiredString(body, 'server', what),
    url: body.url === undefined ? undefined : normalizeUrl(requiredString(body, 'url', what), 'url').href,
    application: body.application === undefined ? undefined : requiredString(body, 'application', what),
  });
  if (Object.keys(patch).length === 0)
    throw badRequest(`${what}: the body changes nothing (PATCH takes ${UPDATE_FIELDS[type].join(', ')})`);
  if (patch.testName !== undefined) uniqueName(book, scheduled(), patch.testName, String(current.testId));
  const record: StoredRecord = {
    ...current,
    ...patch,
    modifiedDate: new Date(ctx.nowSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  delete record.aid;
  delete record._links;
  (type === 'dynamic' ? book.dynamic : book.scheduled).set(Number(current.testId), record);
  planWrittenTest(state, ctx, record);
  return { body: answered(ctx, type, record) };
}

export function deleteEndpointTest(
  state: EmulatorState,
  ctx: RequestContext,
  type: WritableType,
  testId: number,
): RouteResult {
  requireEditor(ctx, 'deleting endpoint tests');
  const book = endpointBook(state, ctx.group);
  if (type === 'dynamic') book.dynamic.delete(testId);
  else {
    book.scheduled.delete(testId);
    book.deletedScheduled.add(testId);
    ctx.group.removeWrittenTest(testId);
  }
  return { status: 204, body: null };
}

function defined(record: StoredRecord): StoredRecord {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

// ---------- dynamic tests and labels ----------

function dynamicById(state: EmulatorState, ctx: RequestContext): StoredRecord {
  const text = ctx.params.testId ?? '';
  const record = /^[0-9]{1,12}$/.test(text) ? endpointBook(state, ctx.group).dynamic.get(Number(text)) : undefined;
  if (!record) throw notFound(`Dynamic endpoint test ${text.slice(0, 40)} not found in account group ${ctx.aid}`);
  return record;
}

export function dynamicTestRoutes(state: EmulatorState, scheduled: (ctx: RequestContext) => StoredRecord[]): Route[] {
  const list = (ctx: RequestContext): RouteResult => ({
    body: {
      tests: [...endpointBook(state, ctx.group).dynamic.values()].map((r) => answered(ctx, 'dynamic', r)),
      _links: selfLink(ctx),
    },
  });
  return [
    {
      pattern: DYNAMIC,
      methods: { GET: list, POST: (ctx) => createEndpointTest(state, ctx, 'dynamic', () => scheduled(ctx)) },
    },
    {
      pattern: `${DYNAMIC}/:testId`,
      methods: {
        GET: (ctx) => ({ body: answered(ctx, 'dynamic', dynamicById(state, ctx)) }),
        PATCH: (ctx) => updateEndpointTest(state, ctx, 'dynamic', dynamicById(state, ctx), () => scheduled(ctx)),
        DELETE: (ctx) => deleteEndpointTest(state, ctx, 'dynamic', Number(dynamicById(state, ctx).testId)),
      },
    },
    { pattern: '/v7/endpoint/labels', methods: { GET: (ctx) => labelList(state, ctx) } },
    { pattern: '/v7/endpoint/labels/:id', methods: { GET: (ctx) => ({ body: labelOf(ctx, labelById(state, ctx)) }) } },
  ];
}

function labelOf(ctx: RequestContext, label: StoredRecord): StoredRecord {
  return { ...label, _links: selfLink(ctx, `/v7/endpoint/labels/${String(label.id)}`) };
}

function labelById(state: EmulatorState, ctx: RequestContext): StoredRecord {
  const id = ctx.params.id ?? '';
  const label = endpointBook(state, ctx.group).labels.get(id);
  if (!label) throw notFound(`Endpoint label ${id.slice(0, 40)} not found in account group ${ctx.aid}`);
  return label;
}

/** Labels in pages of `max` (default 50): the next page's cursor is the index it starts at. */
function labelList(state: EmulatorState, ctx: RequestContext): RouteResult {
  const labels = [...endpointBook(state, ctx.group).labels.values()];
  const max = readCount(ctx.query.get('max'), 'max', 1, 1000) ?? 50;
  const start = readCount(ctx.query.get('cursor'), 'cursor', 0, labels.length) ?? 0;
  const next =
    start + max < labels.length
      ? new URLSearchParams([...ctx.query.entries()].filter(([name]) => name !== 'authToken' && name !== 'cursor'))
      : undefined;
  next?.set('cursor', String(start + max));
  return {
    body: {
      labels: labels.slice(start, start + max).map((label) => labelOf(ctx, label)),
      _links: { ...selfLink(ctx), ...(next ? { next: { href: `${ctx.baseUrl}${ctx.path}?${next.toString()}` } } : {}) },
    },
  };
}

function readCount(text: string | null, field: string, min: number, max: number): number | undefined {
  if (text === null) return undefined;
  const value = /^[0-9]{1,6}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) throw invalidField(field, `${field} must be an integer ${min}..${max}`);
  return value;
}
