// Endpoint instant tests: every field validated (ranges, enums, protocol-dependent
// fields), answered 201 with the definition; results follow on the data endpoints once
// the world reaches `readyAt`.
import { ENDPOINT_TEST_TYPES, type EndpointTest } from '../../api/types';
import { parseJsonObject } from '../http/body';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { RequestContext, Route, RouteResult } from '../http/router';
import { formatDateTime } from '../http/time';
import { endpointTestLinks } from '../world/endpoint-tests';
import { withAbsoluteLinks } from './links';
import type { EmulatorState } from './state';
import {
  type Body,
  normalizeUrl,
  parseServer,
  optionalBoolean,
  optionalEnum,
  optionalInt,
  optionalIntLike,
  optionalString,
  rejectUnknownFields,
  requiredInt,
  requiredString,
  withArticle,
} from './validate';

const SSL_VERSIONS: Record<number, string> = { 0: 'Auto', 3: 'SSLv3', 4: 'TLSv1.0', 5: 'TLSv1.1', 6: 'TLSv1.2' };
const HTTP_FIELDS = [
  'testName',
  'url',
  'maxMachines',
  'groupId',
  'sslVersion',
  'targetResponseTime',
  'verifyCertHostname',
  'authType',
  'username',
  'password',
  'httpTimeLimit',
  'flagPing',
  'flagTraceroute',
  'port',
  'networkProtocol',
  'tcpProbeMode',
  'pathtraceInSession',
];
const NETWORK_FIELDS = ['testName', 'serverName', 'maxMachines', 'groupId', 'flagPing', 'flagTraceroute', 'port'];

export function instantTestRoutes(state: EmulatorState): Route[] {
  return [{ pattern: '/v6/endpoint-instant/:testType', methods: { POST: (ctx) => createInstantTest(state, ctx) } }];
}

function createInstantTest(state: EmulatorState, ctx: RequestContext): RouteResult {
  const type = ctx.params.testType ?? '';
  const test = runInstantTest(state, ctx, type, (what) => parseJsonObject(ctx.rawBody, ctx.contentType, what));
  return { status: 201, body: { endpointTest: [withAbsoluteLinks(test, ctx.baseUrl)] } };
}

/**
 * Checks the type and the caller's permission, then reads the body (`read` parses it, in the
 * dialect's field names translated to v6's) and registers the test with the world, on the
 * agents `chosen` names (v7's selection, read with the body) or on agents the world picks.
 */
export function runInstantTest(
  state: EmulatorState,
  ctx: RequestContext,
  type: string,
  read: (what: string) => Body,
  chosen?: () => readonly string[] | undefined,
): EndpointTest {
  if (!(ENDPOINT_TEST_TYPES as readonly string[]).includes(type)) {
    throw notFound(`Unknown instant test type '${type.slice(0, 100)}'; use one of ${ENDPOINT_TEST_TYPES.join(', ')}`);
  }
  if (!ctx.user.editEndpointTests) {
    throw forbidden(`running instant tests needs the Edit endpoint tests permission (user ${ctx.user.email} lacks it)`);
  }
  const body = read(`Creating ${withArticle(type)} instant test`);
  const fields = type === 'http-server' ? httpServerFields(body) : agentToServerFields(body);
  const taken = ctx.group.endpointTests().find((existing) => existing.testName === fields.testName);
  if (taken)
    throw badRequest(
      `testName '${fields.testName}' must be unique: endpoint test ${taken.testId} in account group ` +
        `${ctx.aid} already uses it`,
    );
  const testId = state.nextInstantTestId();
  const test = {
    testId,
    type,
    ...base(ctx),
    ...fields,
    apiLinks: endpointTestLinks(testId, type),
  } as EndpointTest;
  ctx.group.addInstantTest(test, ctx.nowSeconds + state.instantTestDelaySeconds, chosen?.());
  state.instantTestIds.add(testId);
  return test;
}

function base(ctx: RequestContext): Partial<EndpointTest> {
  return {
    alertsEnabled: 0,
    bandwidthMeasurements: 0,
    bgpMeasurements: 0,
    networkMeasurements: 1,
    mtuMeasurements: 0,
    usePublicBgp: 0,
    enabled: 1,
    savedEvent: 0,
    interval: 60,
    createdBy: `${ctx.user.name} (${ctx.user.email})`,
    createdDate: formatDateTime(ctx.nowSeconds),
  };
}

function shared(body: Body, what: string): { testName: string; maxMachines: number; groupId?: number } {
  const testName = requiredString(body, 'testName', what);
  const maxMachines = requiredInt(body, 'maxMachines', 1, 5000, what);
  const groupId = optionalIntLike(body, 'groupId');
  optionalBoolean(body, 'flagPing');
  optionalBoolean(body, 'flagTraceroute');
  return groupId === undefined ? { testName, maxMachines } : { testName, maxMachines, groupId };
}

function agentToServerFields(body: Body): Partial<EndpointTest> {
  const what = 'agent-to-server instant tests';
  rejectUnknownFields(body, NETWORK_FIELDS, what, (field) =>
    HTTP_FIELDS.includes(field)
      ? `Field '${field}' belongs to http-server instant tests, not agent-to-server`
      : undefined,
  );
  const common = shared(body, what);
  const serverName = requiredString(body, 'serverName', what);
  if (serverName.includes('://'))
    throw badRequest(`serverName '${serverName}' must be an address or IP without protocol`);
  const { host: server, port } = parseServer(serverName, 'serverName', optionalInt(body, 'port', 1, 65535));
  return { ...common, server, port, protocol: 'TCP', ...flags(body) };
}

function flags(body: Body): Body {
  return { flagPing: body.flagPing ?? true, flagTraceroute: body.flagTraceroute ?? true };
}

function httpServerFields(body: Body): Partial<EndpointTest> {
  const what = 'http-server instant tests';
  rejectUnknownFields(body, HTTP_FIELDS, what, (field) =>
    NETWORK_FIELDS.includes(field)
      ? `Field '${field}' belongs to agent-to-server instant tests, not http-server (use url)`
      : undefined,
  );
  const common = shared(body, what);
  const url = normalizeUrl(requiredString(body, 'url', what), 'url');
  const protocol = optionalEnum(body, 'networkProtocol', ['ICMP', 'TCP'] as const) ?? 'ICMP';
  if (protocol !== 'TCP') {
    for (const field of ['tcpProbeMode', 'pathtraceInSession']) {
      if (body[field] !== undefined)
        throw badRequest(`${field} applies only when networkProtocol is TCP (it is ${protocol})`);
    }
  }
  const sslVersionId = optionalEnum(body, 'sslVersion', [0, 3, 4, 5, 6] as const) ?? 0;
  const defaultPort = url.protocol === 'http:' ? 80 : 443;
  const port = optionalInt(body, 'port', 1, 65535) ?? (url.port ? Number(url.port) : defaultPort);
  return {
    ...common,
    url: url.toString(),
    server: url.hostname,
    protocol,
    port: protocol === 'ICMP' ? -1 : port,
    ...authFields(body),
    sslVersionId,
    sslVersion: SSL_VERSIONS[sslVersionId] ?? 'Auto',
    httpTargetTime: optionalInt(body, 'targetResponseTime', 100, 5000) ?? 1000,
    httpTimeLimit: optionalInt(body, 'httpTimeLimit', 5000, 60000) ?? 5000,
    verifyCertificate: optionalBoolean(body, 'verifyCertHostname') === false ? 0 : 1,
    followRedirects: 1,
    httpVersion: 2,
    postBody: '',
    contentRegex: '',
    ...tcpFields(body),
    ...flags(body),
  };
}

function authFields(body: Body): Partial<EndpointTest> {
  const authType = optionalEnum(body, 'authType', ['NONE', 'BASIC', 'NTLM'] as const) ?? 'NONE';
  const username = optionalString(body, 'username');
  const password = optionalString(body, 'password');
  if (authType === 'NONE') {
    if (username !== undefined || password !== undefined)
      throw badRequest('username and password apply only when authType is BASIC or NTLM');
    return { authType, useNtlm: 0, username: '' };
  }
  if (!username) throw badRequest(`username is required when authType is ${authType}`);
  if (!password) throw badRequest(`password is required when authType is ${authType}`);
  return { authType, useNtlm: authType === 'NTLM' ? 1 : 0, username };
}

function tcpFields(body: Body): Body {
  const result: Body = {};
  const mode = optionalEnum(body, 'tcpProbeMode', ['AUTO', 'SYN', 'SACK'] as const);
  if (mode !== undefined) result.tcpProbeMode = mode;
  const inSession = body.pathtraceInSession;
  if (inSession !== undefined) {
    if (inSession !== true && inSession !== false && inSession !== 'true' && inSession !== 'false') {
      throw badRequest('pathtraceInSession must be "true" or "false"');
    }
    result.pathtraceInSession = String(inSession);
  }
  return result;
}
