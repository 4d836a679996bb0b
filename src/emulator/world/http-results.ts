// HTTP server test results: phase timings that add up, headers as CRLF text, errors in the
// phase where they happen.
import type { HttpServerResult } from '../../api/types';
import type { AgentProfile } from './agents';
import type { GroupContext } from './context';
import { formatDateTime } from './format';
import { Rng } from './prng';
import { incidentFor } from './rhythm';
import { scheduledEffect } from './episode-effects';
import { pathEffect } from './path-episode-effects';
import { PERMALINK_BASE } from './sessions';
import type { TestPlan } from './scheduled';

/** A failure in a phase; a timeout's milliseconds are what the round then lasted, as curl reports them. */
const PHASE_ERRORS: readonly (readonly [string, string, number?])[] = [
  ['DNS', 'Could not resolve host'],
  ['Connect', 'Connection timed out after 5000 milliseconds', 5000],
  ['SSL', 'SSL certificate problem: certificate has expired'],
  ['Receive', 'Operation timed out after 10000 milliseconds with 0 bytes received', 10000],
];

function requestHeaders(plan: TestPlan, url: URL): string {
  const lines = [
    `${plan.test.postBody ? 'POST' : 'GET'} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    `User-Agent: ${plan.test.userAgent ?? 'Mozilla/5.0 (compatible; NetmonAgent)'}`,
    'Accept: */*',
  ];
  if (plan.test.authType === 'BASIC') lines.push('Authorization: Basic ********');
  return lines.join('\r\n') + '\r\n';
}

function responseHeaders(code: number, roundId: number, size: number, rng: Rng): string {
  const reason =
    code === 200
      ? 'OK'
      : code === 301
        ? 'Moved Permanently'
        : code === 503
          ? 'Service Unavailable'
          : 'Internal Server Error';
  const lines = [
    `HTTP/1.1 ${code} ${reason}`,
    `Date: ${new Date(roundId * 1000).toUTCString()}`,
    'Content-Type: text/html; charset=utf-8',
    `Content-Length: ${size}`,
    'Cache-Control: no-cache, no-store',
    `Server: ${rng.pick(['nginx', 'cloudflare', 'Microsoft-IIS/10.0', 'AkamaiGHost', 'envoy'])}`,
    `X-Request-Id: ${rng.hex(16)}`,
  ];
  return lines.join('\r\n') + '\r\n';
}

export function httpServerResult(
  ctx: GroupContext,
  plan: TestPlan,
  agent: AgentProfile,
  roundId: number,
): HttpServerResult {
  const rng = Rng.of(ctx.seed, ctx.aid, 'http', plan.test.testId, agent.index, roundId);
  const url = new URL(
    typeof plan.test.url === 'string' && plan.test.url ? plan.test.url : `https://${plan.destination.host}/`,
  );
  const rtt =
    ctx.target(agent, plan.destination).rtt * rng.float(0.9, 1.3) * incidentFor(agent, roundId).latencyFactor +
    scheduledEffect(agent, roundId).addedRtt +
    // A seeded path episode on the test (path-episodes.ts) slows every round trip too.
    pathEffect(plan.path, agent, roundId).addedRtt;
  const failure = rng.chance(0.04) ? rng.pick(PHASE_ERRORS) : undefined;
  const httpError = !failure && rng.chance(0.03);
  // A failed request follows no redirect (the draw is kept so the other results stay as they were).
  const redirects = url.pathname === '/' && rng.chance(0.3) && !failure ? 1 : 0;
  const dnsTime = rng.int(1, 45);
  const timeoutMs = failure?.[2];
  // A connect timeout spends the limit (counted from the start, as curl's is) in the connect phase.
  const connectTime =
    failure?.[0] === 'DNS'
      ? 0
      : failure?.[0] === 'Connect' && timeoutMs
        ? timeoutMs - dnsTime
        : Math.round(rtt * rng.float(1, 1.2));
  const sslTime =
    url.protocol === 'https:' && failure?.[0] !== 'DNS' && failure?.[0] !== 'Connect'
      ? Math.round(rtt * rng.float(1, 2.2))
      : 0;
  const reachedServer = !failure || failure[0] === 'Receive';
  const waitTime = reachedServer ? Math.round(rtt + rng.gauss(120, 60, 5)) : 0;
  const redirectTime = redirects ? Math.round(rtt * 2 + rng.int(10, 80)) : 0;
  const responseTime = dnsTime + connectTime + sslTime + waitTime + redirectTime;
  // A receive timeout waited for the rest of the limit: the round lasted the milliseconds the error names.
  const receiveTime =
    failure?.[0] === 'Receive' && timeoutMs
      ? Math.max(0, timeoutMs - responseTime)
      : reachedServer
        ? rng.int(2, 250)
        : 0;
  const responseCode = failure ? 0 : httpError ? rng.pick([500, 503]) : 200;
  const wireSize = responseCode ? rng.int(4000, 180000) : 0;
  const result: HttpServerResult = {
    agentId: agent.record.agentId,
    connectTime,
    dnsTime,
    sslTime,
    waitTime,
    receiveTime,
    responseTime,
    totalTime: responseTime + receiveTime,
    redirectTime,
    numRedirects: redirects,
    responseCode,
    errorType: failure ? failure[0] : httpError ? 'HTTP' : 'None',
    requestHeaders: failure && failure[0] !== 'Receive' ? '' : requestHeaders(plan, url),
    responseHeaders: responseCode ? responseHeaders(responseCode, roundId, wireSize, rng) : '',
    wireSize,
    serverIp: failure?.[0] === 'DNS' ? '' : plan.destination.serverIp,
    permalink:
      `${PERMALINK_BASE}/endpoint/test-views/http-server` +
      `?testId=${plan.test.testId}&agentId=${agent.record.agentId}&roundId=${roundId}`,
    roundId,
  };
  if (failure) result.errorDetails = `${failure[1]} (${formatDateTime(roundId)})`;
  else if (httpError) result.errorDetails = `HTTP status ${responseCode}`;
  return result;
}
