// Enterprise test results in v7's shapes (`/test-results/{testId}/…`): each kind written from
// one agent's round of the world (world/enterprise-results.ts), so a test's network, path,
// HTTP and page-load results tell one story per agent and round.
import type { TestResultKind } from '../../../api/types';
import { formatIsoDateTime } from '../../http/time';
import type { RequestContext } from '../../http/router';
import { enterpriseRoute, roundEndOf, type EnterprisePlan, type EnterpriseRound } from '../../world/enterprise-results';
import { networkValues } from '../../world/round-metrics';
import { apiResult, apiSteps } from './api-steps';
import { v7TestType } from './encode-enterprise';
import { ftpServer, rtpServer, sipServer } from './encode-server-results';
import { ms, pageHar } from './page-har';
import { dnsServerValues, httpServerValues, pageLoadValues, pathSummaryValues, servedHops } from './layer-values';
import { pageSummary, transactionPages, webTransaction } from './web-transaction-pages';

type Json = Record<string, unknown>;

/** The test as a result list names it. */
export function resultTest(ctx: RequestContext, plan: EnterprisePlan): Json {
  const { test } = plan;
  const type = v7TestType(String(test.type));
  return {
    testId: String(test.testId),
    testName: test.testName,
    type,
    interval: plan.interval,
    enabled: test.enabled === 1,
    createdBy: test.createdBy,
    createdDate: `${String(test.createdDate).replace(' ', 'T')}Z`,
    _links: { self: { href: `${ctx.baseUrl}/v7/tests/${type}/${test.testId}` } },
  };
}

function common(ctx: RequestContext, round: EnterpriseRound, kind: string): Json {
  const { agent, roundId, plan } = round;
  return {
    date: formatIsoDateTime(roundId),
    roundId,
    startTime: roundId,
    endTime: Math.min(roundId + 60, roundEndOf(plan, roundId)),
    agent: {
      agentId: String(agent.agentId),
      agentName: agent.agentName,
      countryId: agent.countryId,
      location: agent.location,
    },
    _links: {
      appLink: {
        href: `${ctx.baseUrl}/app/view/${plan.test.testId}/${kind}?agentId=${agent.agentId}&roundId=${roundId}`,
      },
    },
  };
}

function network(round: EnterpriseRound): Json {
  return networkValues(round);
}

function pathVis(round: EnterpriseRound): Json {
  return { ...pathSource(round), pathTraces: [pathSummaryValues(enterpriseRoute(round))] };
}

function pathSource(round: EnterpriseRound): Json {
  const { plan, agent } = round;
  return {
    server: `${plan.target.host}:${plan.target.port}`,
    serverIp: plan.target.serverIp,
    sourceIp: agent.ipAddress,
    sourcePrefix: agent.prefix,
    direction: 'to-target',
  };
}

function dnsTrace(round: EnterpriseRound): Json {
  if (round.error) return { queries: 1, failedQueries: 1, errorDetails: round.error };
  return {
    queries: 3,
    failedQueries: 0,
    finalServerQueried: 'ns1.example.net',
    finalQueryTime: ms(round.avgLatency * 0.5),
    mappings: `${round.plan.target.host} IN A ${round.plan.target.serverIp}`,
  };
}

function dnssec(round: EnterpriseRound): Json {
  return round.error ? { isValid: false, errorDetails: round.error } : { isValid: true };
}

/** The kinds whose results are agents' rounds (a BGP result is a monitor's: bgp-results.ts). */
export type AgentResultKind = Exclude<TestResultKind, 'bgp'>;

const ENCODERS: Record<AgentResultKind, (round: EnterpriseRound) => Json> = {
  network,
  'path-vis': pathVis,
  'http-server': httpServerValues,
  'page-load': pageLoadValues,
  'web-transactions': webTransaction,
  'dns-server': dnsServerValues,
  'dns-trace': dnsTrace,
  dnssec,
  api: (round) => apiResult(round),
  'ftp-server': ftpServer,
  'sip-server': sipServer,
  'rtp-server': rtpServer,
};

export function v7Result(ctx: RequestContext, kind: AgentResultKind, round: EnterpriseRound): Json {
  return { ...common(ctx, round, kind), ...ENCODERS[kind](round) };
}

/** One agent's path trace of a round: the summary's fields and the route with its hops. */
export function v7ResultPathTrace(ctx: RequestContext, round: EnterpriseRound): Json {
  const route = enterpriseRoute(round);
  return {
    ...common(ctx, round, 'path-vis'),
    ...pathSource(round),
    pathTraces: [{ ...route, hops: servedHops(route) }],
  };
}

export function v7ResultPageLoad(ctx: RequestContext, round: EnterpriseRound): Json {
  return { ...common(ctx, round, 'page-load'), ...pageLoadValues(round), har: pageHar(round) };
}

/**
 * One agent's web transaction of a round with its pages; with page `pageNum`'s HAR when asked (undefined: the round has
 * no such page).
 */
export function v7ResultWebTransaction(
  ctx: RequestContext,
  round: EnterpriseRound,
  pageNum?: number,
): Json | undefined {
  const pages = transactionPages(round);
  const page = pageNum === undefined ? undefined : pages.find((p) => p.pageNum === pageNum);
  if (pageNum !== undefined && !page) return undefined;
  return {
    ...common(ctx, round, 'web-transactions'),
    ...webTransaction(round, pages),
    pages: pages.map(pageSummary),
    ...(page ? { har: page.har } : {}),
  };
}

/** One agent's API test round with its steps (the requests it made, in order). */
export function v7ResultApiRound(ctx: RequestContext, round: EnterpriseRound): Json {
  const steps = apiSteps(round);
  return { ...common(ctx, round, 'api'), ...apiResult(round, steps), requests: steps };
}
