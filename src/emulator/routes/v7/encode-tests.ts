// Endpoint scheduled tests and their results in v7's shapes: string test ids, booleans
// instead of 0/1, lower-case enums, `_links.testResults`, path traces as `pathTraces`.
import type {
  EndpointTest,
  HttpServerResult,
  NetMetric,
  PathRoute,
  PathTrace,
  PathVisSummary,
} from '../../../api/types';
import type { RequestContext } from '../../http/router';
import { isoDate } from './encode-common';

const RESULTS = '/v7/endpoint/test-results/scheduled-tests';

function lower(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.toLowerCase() : undefined;
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

export function v7EndpointTest(test: EndpointTest, ctx: RequestContext): Record<string, unknown> {
  const results = [`${RESULTS}/${test.testId}/network/filter`, `${RESULTS}/${test.testId}/path-vis`];
  if (test.type === 'http-server') results.push(`${RESULTS}/${test.testId}/http-server`);
  const record: Record<string, unknown> = {
    aid: String(ctx.aid),
    testId: String(test.testId),
    testName: test.testName,
    type: test.type,
    interval: test.interval,
    isEnabled: test.enabled === 1,
    isSavedEvent: test.savedEvent === 1,
    networkMeasurements: test.networkMeasurements === 1,
    protocol: lower(test.protocol),
    server: test.server,
    port: typeof test.port === 'number' && test.port > 0 ? test.port : undefined,
    createdDate: typeof test.createdDate === 'string' ? isoDate(test.createdDate) : undefined,
    modifiedDate: typeof test.modifiedDate === 'string' ? isoDate(test.modifiedDate) : undefined,
    tcpProbeMode: lower(test.tcpProbeMode),
    hasPathTraceInSession:
      test.pathtraceInSession === undefined ? undefined : String(test.pathtraceInSession) === 'true',
    // Instant tests name how many agents run them; the world chooses which (all-agents).
    agentSelectorConfig:
      typeof test.maxMachines === 'number'
        ? { agentSelectorType: 'all-agents', maxMachines: test.maxMachines }
        : undefined,
    _links: {
      self: { href: `${ctx.baseUrl}/v7/endpoint/tests/scheduled-tests/${test.type}/${test.testId}` },
      testResults: results.map((href) => ({ href: `${ctx.baseUrl}${href}` })),
    },
  };
  if (test.type !== 'http-server') return defined(record);
  return defined({
    ...record,
    url: test.url,
    authType: lower(test.authType),
    username: test.username,
    httpTimeLimit: test.httpTimeLimit,
    httpTargetTime: test.httpTargetTime,
    httpVersion: test.httpVersion,
    followRedirects: flag(test.followRedirects),
    verifyCertificate: flag(test.verifyCertificate),
    useNtlm: flag(test.useNtlm),
    sslVersionId: test.sslVersionId === undefined ? undefined : String(test.sslVersionId),
    sslVersion: test.sslVersion,
  });
}

function flag(value: unknown): boolean | undefined {
  return value === undefined ? undefined : value === 1 || value === true;
}

/** What every scheduled-test result names: its account group, test, agent and round. */
function resultBase(
  ctx: RequestContext,
  testId: number,
  record: { agentId: string | number; roundId: number; serverIp: string },
): Record<string, unknown> {
  return {
    aid: String(ctx.aid),
    testId: String(testId),
    agentId: String(record.agentId),
    roundId: record.roundId,
    serverIp: record.serverIp,
  };
}

export function v7NetMetric(ctx: RequestContext, testId: number, metric: NetMetric): Record<string, unknown> {
  return defined({
    ...resultBase(ctx, testId, metric),
    avgLatency: metric.avgLatency,
    minLatency: metric.minLatency,
    maxLatency: metric.maxLatency,
    jitter: metric.jitter,
    loss: metric.loss,
    errorDetails: metric.errorDetails,
  });
}

export function v7PathVis(ctx: RequestContext, testId: number, summary: PathVisSummary): Record<string, unknown> {
  return {
    ...resultBase(ctx, testId, summary),
    server: summary.server,
    sourceIp: summary.sourceIp,
    sourcePrefix: summary.sourcePrefix,
    location: summary.location,
    pathTraces: summary.endpoints.map((e) => ({
      ipAddress: e.ipAddress,
      numberOfHops: e.numberOfHops,
      pathId: e.pathId,
      responseTime: Math.round(e.responseTime),
    })),
  };
}

function v7Route(route: PathRoute): Record<string, unknown> {
  return {
    pathId: route.pathId,
    hops: route.hops.map((hop) =>
      defined({
        hop: hop.hop,
        ipAddress: hop.ipAddress,
        prefix: hop.prefix,
        rdns: hop.rdns,
        network: hop.network,
        responseTime: hop.responseTime === undefined ? undefined : Math.round(hop.responseTime),
        location: hop.location,
      }),
    ),
  };
}

/**
 * The routes to the target (the world traces the whole path in them, a VPN tunnel's hops
 * included) and, for an agent that tunnels, the routes to its VPN concentrator.
 */
export function v7PathTrace(
  ctx: RequestContext,
  testId: number,
  trace: PathTrace,
  vpnRoutes: readonly PathRoute[],
): Record<string, unknown> {
  return {
    ...resultBase(ctx, testId, trace),
    server: trace.server,
    sourceIp: trace.sourceIp,
    sourcePrefix: trace.sourcePrefix,
    pathTraces: trace.routes.map(v7Route),
    vpnPathTraces: vpnRoutes.map(v7Route),
  };
}

export function v7HttpServer(ctx: RequestContext, testId: number, result: HttpServerResult): Record<string, unknown> {
  const int = (value: number): number => Math.round(value);
  return defined({
    ...resultBase(ctx, testId, result),
    connectTime: int(result.connectTime),
    dnsTime: int(result.dnsTime),
    sslTime: int(result.sslTime),
    waitTime: int(result.waitTime),
    receiveTime: int(result.receiveTime),
    responseTime: int(result.responseTime),
    totalTime: int(result.totalTime),
    redirectTime: int(result.redirectTime),
    numRedirects: result.numRedirects,
    responseCode: result.responseCode,
    errorType: result.errorType.toLowerCase(),
    errorDetails: result.errorDetails,
    wireSize: result.wireSize,
    headers: { requestHeaders: result.requestHeaders, responseHeaders: result.responseHeaders },
  });
}
