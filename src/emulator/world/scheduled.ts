// Results of scheduled (and instant) endpoint tests: network metrics, path visualization and
// HTTP server timings, per agent per round.
import type { EndpointTest, NetMetric, PathTrace, PathVisSummary } from '../../api/types';
import type { AgentProfile } from './agents';
import { DESTINATIONS, type Destination } from './catalog';
import { ROUND_SECONDS, type GroupContext } from './context';
import { round3 } from './format';
import { buildRoutes, materializeRoute, type Materialized } from './paths';
import { Rng, hashKey } from './prng';
import { dailyActivity, incidentFor } from './rhythm';
import { scheduledEffect } from './episode-effects';
import { PERMALINK_BASE } from './sessions';
import { destinationOf } from './endpoint-tests';
import { pathEffect, seededRoutes, sharedRouteDistance } from './path-episode-effects';
import { ACCESS_MS } from './physics';
import { isScheduledRound, scheduledRounds } from './schedule';
import type { SeededPath } from './path-episodes';

/** What every result of one test shares. */
export interface TestPlan {
  test: EndpointTest;
  destination: Destination;
  agents: AgentProfile[];
  interval: number;
  /** Instant tests have no results before this (epoch seconds). */
  readyAt?: number;
  /**
   * A test written through v7: its creation (epoch seconds), its first round (off the interval's grid unless created
   * on it); then it reports on its interval's grid (schedule.ts).
   */
  since?: number;
  /** The test's seeded path episode (route change or loss), if the group chose it (path-episodes.ts). */
  path?: SeededPath;
}

export function hostOfTest(test: EndpointTest): string {
  if (typeof test.url === 'string' && test.url) {
    try {
      return new URL(test.url.includes('://') ? test.url : `https://${test.url}`).hostname;
    } catch {
      /* fall back to server */
    }
  }
  return String(test.server ?? '').replace(/:\d+$/, '');
}

/**
 * Whether a test runs on schedule: enabled, neither a saved event nor an instant test (those carry readyAt in their
 * plan).
 */
function runsOnSchedule(test: EndpointTest): boolean {
  return test.enabled === 1 && test.savedEvent !== 1;
}

/**
 * DESTINATIONS indexes of the hosts the enabled scheduled tests measure, distinct, in test
 * order (hosts outside the catalog are left out): the featured agents' usual destinations.
 */
export function enabledTestDestinations(tests: readonly EndpointTest[]): number[] {
  const indexes: number[] = [];
  for (const test of tests) {
    if (!runsOnSchedule(test)) continue;
    const host = hostOfTest(test);
    const index = DESTINATIONS.findIndex((d) => d.host === host);
    if (index >= 0 && !indexes.includes(index)) indexes.push(index);
  }
  return indexes;
}

/**
 * The featured agents (EPISODE_KINDS order) that visit `destination` among their usual
 * destinations: they run every enabled scheduled test toward it, so a session of theirs
 * links to their path in that test.
 */
function featuredVisitors(ctx: GroupContext, destination: Destination): AgentProfile[] {
  const index = DESTINATIONS.indexOf(destination);
  if (index < 0) return [];
  const visitors: AgentProfile[] = [];
  for (const plan of ctx.featured) {
    for (let choice = 0; choice < 4; choice++) {
      if (ctx.usualDestination(plan.agentIndex, choice) !== index) continue;
      visitors.push(ctx.agentAt(plan.agentIndex));
      break;
    }
  }
  return visitors;
}

/** `chosen`: the agents the test selects (by id or label); otherwise the world picks them. */
export function planTest(
  ctx: GroupContext,
  test: EndpointTest,
  readyAt?: number,
  chosen?: readonly AgentProfile[],
): TestPlan {
  const rng = Rng.of(ctx.seed, ctx.aid, 'test-agents', test.testId);
  const destination = destinationOf(hostOfTest(test));
  // An instant test runs on at most maxMachines agents.
  const machines = readyAt !== undefined && typeof test.maxMachines === 'number' ? test.maxMachines : Infinity;
  // Results come at most once per world round (300 s), so every roundId is a round start the
  // routes accept; tests with longer intervals report less often.
  const interval = [600, 900, 1800, 3600].includes(test.interval) ? test.interval : ROUND_SECONDS;
  if (chosen)
    return {
      test,
      destination,
      agents: chosen.slice(0, machines),
      interval,
      ...(readyAt === undefined ? {} : { readyAt }),
    };
  // An enabled scheduled test runs on the featured agents that visit its host first (all of
  // them, even past agentsPerTest), then on randomly chosen active agents up to agentsPerTest.
  const agents: AgentProfile[] =
    readyAt === undefined && runsOnSchedule(test) ? featuredVisitors(ctx, destination) : [];
  const wanted = Math.min(ctx.size.agentsPerTest, ctx.size.endpointAgents, machines);
  for (let attempt = 0; agents.length < wanted && attempt < wanted * 20; attempt++) {
    const agent = ctx.activeAgentNear(rng.int(0, ctx.size.endpointAgents - 1));
    if (!agents.includes(agent)) agents.push(agent);
  }
  return { test, destination, agents, interval, ...(readyAt === undefined ? {} : { readyAt }) };
}

/** The one round an instant test ran in: the round holding readyAt. */
function instantRound(readyAt: number, interval: number): number {
  return Math.floor(readyAt / interval) * interval;
}

/**
 * Round starts of a test inside [from, to), from `startRound` on. An instant test has one
 * round, and only once the range reaches past readyAt.
 */
export function* testRounds(plan: TestPlan, from: number, to: number, startRound = -Infinity): Generator<number> {
  const first = Math.max(from, startRound);
  if (plan.readyAt !== undefined) {
    const round = instantRound(plan.readyAt, plan.interval);
    if (to > plan.readyAt && round >= first && round < to) yield round;
    return;
  }
  yield* scheduledRounds(plan.since ?? -Infinity, plan.interval, first, to);
}

/** Whether the test has a result for `roundId` by `asOf` (epoch seconds). */
export function hasRound(plan: TestPlan, roundId: number, asOf: number): boolean {
  if (plan.readyAt !== undefined) return asOf >= plan.readyAt && roundId === instantRound(plan.readyAt, plan.interval);
  return roundId <= asOf && isScheduledRound(plan.since ?? -Infinity, plan.interval, roundId);
}

function permalink(plan: TestPlan, agent: AgentProfile, roundId: number, view: string): string {
  const query = `testId=${plan.test.testId}&agentId=${agent.record.agentId}&roundId=${roundId}`;
  return `${PERMALINK_BASE}/endpoint/test-views/${view}?${query}`;
}

function roundRtt(ctx: GroupContext, plan: TestPlan, agent: AgentProfile, roundId: number, rng: Rng): number {
  const wireless = agent.connection === 'Wireless' ? rng.float(1, 10) : 0.5;
  // Busy hours are a little slower, so charts over a day show a shape.
  const busy = 1 + 0.15 * (dailyActivity(roundId) - 1);
  const incident = incidentFor(agent, roundId).latencyFactor;
  // An agent on a seeded path's shared transit goes the shared route's distance, episode or
  // not; that distance is fixed, only the access part varies from round to round.
  const shared = plan.readyAt === undefined ? ctx.seededPaths.get(plan.test.testId) : undefined;
  const distance = shared?.sharers.has(agent.index) ? sharedRouteDistance(shared, agent) : undefined;
  const varying = distance === undefined ? ctx.target(agent, plan.destination).rtt : ACCESS_MS;
  // A featured agent's episode (Wi-Fi, VPN, ISP) shows in its test results too.
  return (
    (distance ?? 0) +
    varying * rng.float(0.9, 1.3) * busy * incident +
    wireless +
    scheduledEffect(agent, roundId).addedRtt
  );
}

export function netMetric(ctx: GroupContext, plan: TestPlan, agent: AgentProfile, roundId: number): NetMetric {
  const rng = Rng.of(ctx.seed, ctx.aid, 'net', plan.test.testId, agent.index, roundId);
  const base = {
    agentId: agent.record.agentId,
    permalink: permalink(plan, agent, roundId, 'net-metrics'),
    roundId,
    serverIp: plan.destination.serverIp,
  };
  // A seeded path episode (path-episodes.ts) adds its ms; a loss episode sets the loss, and the
  // agent's measurement neither fails nor draws loss of its own then.
  const onPath = pathEffect(plan.path, agent, roundId);
  if (rng.chance(0.02) && !onPath.lossy) {
    return {
      ...base,
      avgLatency: 0,
      minLatency: 0,
      maxLatency: 0,
      jitter: 0,
      loss: 100,
      errorDetails: rng.pick(['Connection timed out', 'No route to host', 'Name resolution failed']),
    };
  }
  const avg = roundRtt(ctx, plan, agent, roundId, rng) + onPath.addedRtt;
  const jitter = round3(avg * rng.float(0.01, 0.12, 3));
  return {
    ...base,
    avgLatency: round3(avg),
    minLatency: Math.max(1, Math.floor(avg - jitter * rng.float(1, 2))),
    maxLatency: Math.ceil(avg + jitter * rng.float(1.5, 4)),
    jitter,
    loss: Math.min(
      100,
      round3(
        (onPath.lossy ? onPath.loss : rng.chance(0.1) && !agent.featured ? rng.float(1, 15, 1) : 0) +
          incidentFor(agent, roundId).extraLoss +
          scheduledEffect(agent, roundId).loss,
      ),
    ),
  };
}

function routesOf(ctx: GroupContext, plan: TestPlan, agent: AgentProfile, roundId: number): Materialized[] {
  const rng = Rng.of(ctx.seed, ctx.aid, 'path', plan.test.testId, agent.index, roundId);
  const rtt = roundRtt(ctx, plan, agent, roundId, rng);
  if (plan.path) return seededRoutes(ctx, plan, plan.path, agent, roundId, rtt, rng);
  const withLoop = rng.chance(0.01);
  const key = hashKey(ctx.seed, ctx.aid, plan.test.testId, agent.index);
  const specs = buildRoutes(
    key,
    agent,
    plan.destination,
    ctx.target(agent, plan.destination).city,
    Math.floor(roundId / 10800),
    withLoop,
  );
  return specs.map((spec, index) => materializeRoute(spec, rng.hex(8) + '-' + rng.hex(4) + index, rtt, rng));
}

function pathBase(plan: TestPlan, agent: AgentProfile, roundId: number) {
  const port = plan.test.port > 0 ? plan.test.port : 443;
  return {
    agentId: agent.record.agentId,
    permalink: permalink(plan, agent, roundId, 'path-vis'),
    roundId,
    server: `${plan.destination.host}:${port}`,
    serverIp: plan.destination.serverIp,
    sourceIp: agent.ipAddress,
    sourcePrefix: agent.network.localPrefix,
  };
}

export function pathVisSummary(
  ctx: GroupContext,
  plan: TestPlan,
  agent: AgentProfile,
  roundId: number,
): PathVisSummary {
  const routes = routesOf(ctx, plan, agent, roundId);
  return {
    ...pathBase(plan, agent, roundId),
    location: agent.network.city.location,
    endpoints: routes.map((m) => ({
      ipAddress: m.lastIp,
      numberOfHops: m.lastHop,
      pathId: m.route.pathId,
      responseTime: m.responseTime,
    })),
  };
}

export function pathTrace(ctx: GroupContext, plan: TestPlan, agent: AgentProfile, roundId: number): PathTrace {
  return { ...pathBase(plan, agent, roundId), routes: routesOf(ctx, plan, agent, roundId).map((m) => m.route) };
}
