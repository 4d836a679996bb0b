// v7 results of BGP tests: GET /v7/test-results/{testId}/bgp (each monitor's view of the
// test's prefix per round, paged by cursor like the other kinds) and the AS path a monitor
// saw in one round (`/bgp/routes/prefix/{prefixId}/round/{roundId}`, every monitor's).
// A network-layer test with `bgpMeasurements` has the same lists, of its target's prefix.
import { formatIsoDateTime } from '../../http/time';
import { invalidField, notFound } from '../../http/errors';
import type { RequestContext, Route, RouteResult } from '../../http/router';
import { bgpAsPath, bgpPrefix, bgpRound, monitorsOf, type BgpMonitor, type BgpRound } from '../../world/bgp-monitors';
import { enterpriseRounds, hasEnterpriseRound, type EnterprisePlan } from '../../world/enterprise-results';
import { firstIndexIn } from '../../world/entries';
import type { ListPosition, Positioned, TimeRange } from '../../world/model';
import type { EmulatorState } from '../state';
import { resultTest } from './encode-results';
import { bgpValues } from './layer-values';
import { planOf } from './result-plan';
import { selfLink, v7TimePage } from './paging';

const RESULTS = '/v7/test-results/:testId/bgp';

export function v7BgpResultRoutes(state: EmulatorState): Route[] {
  return [
    { pattern: RESULTS, methods: { GET: (ctx) => results(state, ctx) } },
    {
      pattern: `${RESULTS}/routes/prefix/:prefixId/round/:roundId`,
      methods: { GET: (ctx) => ({ body: routes(state, ctx) }) },
    },
  ];
}

/**
 * The test's plan as its monitors see it: a BGP test names its prefix; another test that
 * measures BGP watches its target's network, the prefix its path traces end in (so the AS
 * path ends in the AS its routes reach), ids drawn as a BGP test's are.
 */
function bgpPlanOf(state: EmulatorState, ctx: RequestContext): EnterprisePlan {
  const plan = planOf(state, ctx, 'bgp');
  if (String(plan.test.type) === 'bgp') return plan;
  return { ...plan, test: { ...plan.test, prefix: plan.target.carrier.block } };
}

function common(ctx: RequestContext, plan: EnterprisePlan, round: BgpRound): Record<string, unknown> {
  const { monitor, roundId } = round;
  return {
    date: formatIsoDateTime(roundId),
    roundId,
    monitor: { monitorId: monitor.monitorId, monitorName: monitor.monitorName, countryId: monitor.countryId },
    ...bgpPrefix(plan),
    _links: {
      appLink: {
        href: `${ctx.baseUrl}/app/view/${plan.test.testId}/bgp?monitorId=${monitor.monitorId}&roundId=${roundId}`,
      },
    },
  };
}

async function results(state: EmulatorState, ctx: RequestContext): Promise<RouteResult> {
  const plan = bgpPlanOf(state, ctx);
  const monitors = monitorsOf(plan);
  const page = await v7TimePage(
    state,
    ctx,
    {
      name: 'net-metrics',
      scope: { testId: plan.test.testId },
      entries: (range, start) => rounds(plan, monitors, range, start),
    },
    // The measurements from the one function a `bgp` rule's evaluation reads too (layer-values.ts).
    (round) => ({ ...common(ctx, plan, round), ...bgpValues(plan, round) }),
  );
  return { body: { ...page, test: resultTest(ctx, plan), _links: { ...selfLink(ctx), ...page._links } } };
}

function* rounds(
  plan: EnterprisePlan,
  monitors: readonly BgpMonitor[],
  range: TimeRange,
  start: ListPosition | undefined,
): Generator<Positioned<BgpRound>> {
  for (const round of enterpriseRounds(plan, range.from, range.to, start?.round)) {
    for (let index = firstIndexIn(round, start); index < monitors.length; index++) {
      yield { record: bgpRound(plan, monitors[index] as BgpMonitor, round), round, index, part: 0 };
    }
  }
}

function routes(state: EmulatorState, ctx: RequestContext): Record<string, unknown> {
  const plan = bgpPlanOf(state, ctx);
  const roundText = ctx.params.roundId ?? '';
  if (!/^[0-9]{1,12}$/.test(roundText))
    throw invalidField('roundId', `roundId '${roundText.slice(0, 40)}' must be epoch seconds (an integer)`);
  const roundId = Number(roundText);
  const prefixId = ctx.params.prefixId ?? '';
  if (prefixId !== bgpPrefix(plan).prefixId || !hasEnterpriseRound(plan, roundId, ctx.nowSeconds)) {
    throw notFound(`No BGP routes of test ${plan.test.testId} for prefix ${prefixId.slice(0, 40)} in round ${roundId}`);
  }
  const results = monitorsOf(plan).map((monitor) => {
    const round = bgpRound(plan, monitor, roundId);
    return { ...common(ctx, plan, round), isActive: true, hops: bgpAsPath(plan, round) };
  });
  return { results, test: resultTest(ctx, plan), _links: selfLink(ctx) };
}
