// v7 results of the enterprise tests deployed through test management:
// GET /v7/test-results/{testId}/{kind} (network, path-vis, http-server, page-load,
// web-transactions, dns-server, dns-trace, dnssec, api, ftp-server, sip-server, rtp-server;
// bgp's monitors in bgp-results.ts), paged by cursor over the test's
// rounds since it was created, and the agent/round details of path-vis, page-load,
// web-transactions (the round's pages, and each page with its HAR) and api (its steps).
import { TEST_RESULT_KINDS, type TestAgent, type TestResultKind } from '../../../api/types';
import { invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import { firstIndexIn } from '../../world/entries';
import {
  enterpriseRound,
  enterpriseRounds,
  hasEnterpriseRound,
  type EnterprisePlan,
  type EnterpriseRound,
} from '../../world/enterprise-results';
import type { ListPosition, Positioned, TimeRange } from '../../world/model';
import type { EmulatorState } from '../state';
import { v7BgpResultRoutes } from './bgp-results';
import { planOf } from './result-plan';
import {
  resultTest,
  v7Result,
  v7ResultApiRound,
  v7ResultPageLoad,
  v7ResultPathTrace,
  v7ResultWebTransaction,
  type AgentResultKind,
} from './encode-results';
import { selfLink, v7TimePage } from './paging';

const RESULTS = '/v7/test-results/:testId';
const WEB_TRANSACTION = `${RESULTS}/web-transactions/agent/:agentId/round/:roundId`;

export function v7EnterpriseResultRoutes(state: EmulatorState): Route[] {
  return [
    ...TEST_RESULT_KINDS.filter((kind): kind is AgentResultKind => kind !== 'bgp').map((kind) => ({
      pattern: `${RESULTS}/${kind}`,
      methods: { GET: (ctx: RequestContext) => results(state, ctx, kind) },
    })),
    {
      pattern: `${RESULTS}/path-vis/agent/:agentId/round/:roundId`,
      methods: { GET: (ctx) => ({ body: detail(state, ctx, 'path-vis', v7ResultPathTrace) }) },
    },
    {
      pattern: `${RESULTS}/page-load/agent/:agentId/round/:roundId`,
      methods: { GET: (ctx) => ({ body: detail(state, ctx, 'page-load', v7ResultPageLoad) }) },
    },
    {
      pattern: `${WEB_TRANSACTION}`,
      methods: {
        GET: (ctx) => ({
          body: detail(state, ctx, 'web-transactions', (c, round) => v7ResultWebTransaction(c, round) ?? {}),
        }),
      },
    },
    {
      pattern: `${WEB_TRANSACTION}/page/:pageId`,
      methods: {
        GET: (ctx) => ({ body: detail(state, ctx, 'web-transactions', (c, round) => transactionPage(c, round)) }),
      },
    },
    {
      pattern: `${RESULTS}/api/agent/:agentId/round/:roundId`,
      methods: { GET: (ctx) => ({ body: detail(state, ctx, 'api', v7ResultApiRound) }) },
    },
    ...v7BgpResultRoutes(state),
  ];
}

async function results(state: EmulatorState, ctx: RequestContext, kind: AgentResultKind): Promise<RouteResult> {
  const plan = planOf(state, ctx, kind);
  const page = await v7TimePage(
    state,
    ctx,
    {
      // The list name only keys seeks by page number, which v7's cursor paging never asks for.
      name: 'net-metrics',
      scope: { testId: plan.test.testId },
      entries: (range, start) => rounds(plan, range, start),
    },
    (round) => v7Result(ctx, kind, round),
  );
  return { body: { ...page, test: resultTest(ctx, plan), _links: { ...selfLink(ctx), ...page._links } } };
}

function* rounds(
  plan: EnterprisePlan,
  range: TimeRange,
  start: ListPosition | undefined,
): Generator<Positioned<EnterpriseRound>> {
  for (const round of enterpriseRounds(plan, range.from, range.to, start?.round)) {
    for (let index = firstIndexIn(round, start); index < plan.agents.length; index++) {
      yield { record: enterpriseRound(plan, plan.agents[index] as TestAgent, round), round, index, part: 0 };
    }
  }
}

function detail(
  state: EmulatorState,
  ctx: RequestContext,
  kind: TestResultKind,
  encode: (ctx: RequestContext, round: EnterpriseRound) => Record<string, unknown>,
): Record<string, unknown> {
  const plan = planOf(state, ctx, kind);
  const roundText = ctx.params.roundId ?? '';
  if (!/^[0-9]{1,12}$/.test(roundText))
    throw invalidField('roundId', `roundId '${roundText.slice(0, 40)}' must be epoch seconds (an integer)`);
  const roundId = Number(roundText);
  const agentId = ctx.params.agentId ?? '';
  const agent = plan.agents.find((a) => String(a.agentId) === agentId);
  if (!agent || !hasEnterpriseRound(plan, roundId, ctx.nowSeconds)) {
    throw notFound(
      `No ${kind} result of test ${plan.test.testId} from agent ${agentId.slice(0, 40)} in round ${roundId}`,
    );
  }
  return {
    results: [encode(ctx, enterpriseRound(plan, agent, roundId))],
    test: resultTest(ctx, plan),
    _links: selfLink(ctx),
  };
}

/** The page the path names (its number in the round, as the round's detail lists it), else 404. */
function transactionPage(ctx: RequestContext, round: EnterpriseRound): Record<string, unknown> {
  const pageText = ctx.params.pageId ?? '';
  const found = /^[0-9]{1,3}$/.test(pageText) ? v7ResultWebTransaction(ctx, round, Number(pageText)) : undefined;
  if (!found)
    throw notFound(
      `No page ${pageText.slice(0, 40)} in round ${round.roundId} of test ${round.plan.test.testId} from ` +
        `agent ${round.agent.agentId}`,
    );
  return found;
}
