// What a seeded path episode does (path-episodes.ts chooses the tests, agents and times):
// its daily window and strength, the latency and loss a scheduled-test result sees, and the
// routes an agent's path trace takes — changed, lossy or rate-limited — round by round.
import type { PathHop } from '../../api/types';
import type { AgentProfile } from './agents';
import type { GroupContext } from './context';
import { hostInPrefix } from './format';
import type { SeededPath } from './path-episodes';
import {
  buildRoutes,
  carrierHop,
  materialized,
  materializeRoute,
  pathHop,
  RouteClock,
  type HopSpec,
  type Materialized,
} from './paths';
import { ROUTE_STRETCH, routeFibreRtt } from './physics';
import { Rng, extendHash, extendHashText, hashKey } from './prng';
import type { TestPlan } from './scheduled';

const DAY = 86400;

// ---------------------------------------------------------------------------------------
// When, and how strong

export function pathEpisodeWindow(path: SeededPath, day: number): { start: number; end: number } {
  const start = day * DAY + path.startOfDay;
  if (path.kind === 'routeChange') return { start, end: (day + 1) * DAY };
  const minutes = 40 + 5 * (extendHash(path.key, day, 4) % 5);
  return { start, end: start + minutes * 60 };
}

/** ms the route change adds from its hop on (10–30), per day. */
export function addedMsOf(path: SeededPath, day: number): number {
  return 10 + (extendHash(path.key, day, 1) % 21);
}

/** % of packets the lossy hop drops (5–25), per day. */
export function lossPercentOf(path: SeededPath, day: number): number {
  return 5 + (extendHash(path.key, day, 2) % 21);
}

/** ms the lossy hop adds from itself on (5–15), per day: its queue. */
export function lossDelayOf(path: SeededPath, day: number): number {
  return 5 + (extendHash(path.key, day, 3) % 11);
}

function activeDay(path: SeededPath, seconds: number): number | undefined {
  const day = Math.floor(seconds / DAY);
  const { start, end } = pathEpisodeWindow(path, day);
  return seconds >= start && seconds < end ? day : undefined;
}

/** What a seeded path episode does to one result of the agent in the round holding `seconds`. */
export interface PathEffect {
  /** ms added to the end-to-end round trip (and to every hop from `fromSlot` on). */
  addedRtt: number;
  /** % packet loss of the test's measurement (lossEpisode). */
  loss: number;
  /** The loss episode is going on for this agent. */
  lossy: boolean;
  /** The route change is in force for this agent. */
  changed: boolean;
}

const NO_EFFECT: PathEffect = { addedRtt: 0, loss: 0, lossy: false, changed: false };

export function pathEffect(path: SeededPath | undefined, agent: AgentProfile, seconds: number): PathEffect {
  if (!path || !path.sharers.has(agent.index)) return NO_EFFECT;
  const day = activeDay(path, seconds);
  if (day === undefined) return NO_EFFECT;
  if (path.kind === 'routeChange') return { addedRtt: addedMsOf(path, day), loss: 0, lossy: false, changed: true };
  return { addedRtt: lossDelayOf(path, day), loss: lossPercentOf(path, day), lossy: true, changed: false };
}

/** Traversals lost in a round of the loss episode: L % of the sharing agents', at least one. */
export function lostPerRound(path: SeededPath, lossPercent: number): number {
  return Math.max(1, Math.round((lossPercent / 100) * path.sharers.size));
}

/**
 * Whether the agent's traversal of `roundId` stops after the lossy hop (the round's lost ones, by a seeded ranking).
 */
function traversalLost(path: SeededPath, agent: AgentProfile, roundId: number, lossPercent: number): boolean {
  const rank = (index: number): number => extendHash(path.key, roundId, index);
  const mine = rank(agent.index);
  let before = 0;
  for (const index of path.sharers) {
    const other = rank(index);
    if (other < mine || (other === mine && index < agent.index)) before++;
  }
  return before < lostPerRound(path, lossPercent);
}

/** ICMP rate limiting of the rate-limiting hop in one traversal: 25 % silent, 45 % slow, else normal. */
function rateLimitState(path: SeededPath, agent: AgentProfile, roundId: number): { silent: boolean; slowBy: number } {
  const h = extendHash(extendHashText(path.key, 'rate-limit'), agent.index, roundId);
  const roll = h % 100;
  return { silent: roll < 25, slowBy: roll >= 25 && roll < 70 ? 30 + ((h >>> 8) % 121) : 0 };
}

// ---------------------------------------------------------------------------------------
// Routes of a seeded test

/** The agent's access hops on the shared route: the same for every agent of its network. */
function accessHops(ctx: GroupContext, path: SeededPath, agent: AgentProfile): HopSpec[] {
  const { network } = agent;
  const rng = Rng.of(ctx.seed, ctx.aid, 'path-episode-access', network.record.networkId, path.testId);
  const gatewayShare = agent.connection === 'Wireless' ? 0.06 : 0.02;
  const hops: HopSpec[] = [
    { ipAddress: network.gateway, prefix: network.localPrefix, city: network.city, share: gatewayShare },
  ];
  if (network.kind !== 'home')
    hops.push({
      ipAddress: hostInPrefix(`10.${200 + (hashKey(network.record.networkId) % 50)}.0.0/16`, rng.int(1, 5000)),
      prefix: '10.0.0.0/8',
      city: network.city,
      share: gatewayShare + 0.02,
    });
  for (let i = 0; hops.length < path.accessLength; i++)
    hops.push(carrierHop(rng, network.isp, network.city, 0.12 + i * 0.06, false));
  return hops;
}

/**
 * The distance part (ms) of a sharing agent's round trip over the shared route: from its own
 * city through the shared transit to the destination, stretched as the world's routes are.
 */
export function sharedRouteDistance(path: SeededPath, agent: AgentProfile): number {
  const cities = [
    agent.network.city,
    ...path.transit.map((hop) => hop.city),
    ...path.destination.map((hop) => hop.city),
  ];
  return ROUTE_STRETCH * routeFibreRtt(cities);
}

/** The slots of the agent's shared route; `changed`: with the other carrier's transit (a route change in force). */
function sharedSlots(ctx: GroupContext, path: SeededPath, agent: AgentProfile, changed: boolean): HopSpec[] {
  return [
    ...accessHops(ctx, path, agent),
    ...(changed && path.altTransit ? path.altTransit : path.transit),
    ...path.destination,
  ];
}

/**
 * The routes of one round of a seeded test. Sharing agents take the shared route (one route,
 * no stars, no loops); the others a stable route of their own (the ordinary model, never
 * changing). `rtt` is the healthy end-to-end round trip of the round, without the episode.
 */
export function seededRoutes(
  ctx: GroupContext,
  plan: TestPlan,
  path: SeededPath,
  agent: AgentProfile,
  roundId: number,
  rtt: number,
  rng: Rng,
): Materialized[] {
  const pathId = (index: number): string => rng.hex(8) + '-' + rng.hex(4) + index;
  if (!path.sharers.has(agent.index)) {
    const key = hashKey(ctx.seed, ctx.aid, plan.test.testId, agent.index);
    const specs = buildRoutes(key, agent, plan.destination, ctx.target(agent, plan.destination).city, 0, false);
    return specs.map((spec, index) => materializeRoute(spec, pathId(index), rtt, rng, 0));
  }
  const effect = pathEffect(path, agent, roundId);
  const slots = sharedSlots(ctx, path, agent, effect.changed);
  // Slot index from which the episode's ms apply: the first changed hop, or the lossy hop.
  const fromSlot = path.kind === 'routeChange' ? path.accessLength : path.accessLength + (path.lossIndex ?? 0);
  const id = pathId(0);
  const clock = new RouteClock(slots, rtt);
  const times = slots.map(
    (slot, index) => clock.at(index, slot.share, rng.next()) + (index >= fromSlot ? effect.addedRtt : 0),
  );
  let kept = slots.length;
  if (effect.lossy && traversalLost(path, agent, roundId, effect.loss)) kept = fromSlot + 1;
  const hops: PathHop[] = slots.slice(0, kept).map((slot, index) => pathHop(slot, index + 1, times[index]));
  if (path.rateIndex !== undefined)
    rateLimit(hops, path.accessLength + path.rateIndex, rateLimitState(path, agent, roundId));
  return [materialized({ pathId: id, hops })];
}

/**
 * The rate-limiting hop is silent (left out of the route: a star, as the API says a hop that
 * did not answer) or answers slower than every later hop; the later hops are untouched.
 */
function rateLimit(hops: PathHop[], index: number, state: { silent: boolean; slowBy: number }): void {
  const hop = hops[index];
  if (!hop || index >= hops.length - 1) return;
  if (state.silent) {
    hops.splice(index, 1);
    return;
  }
  if (state.slowBy > 0) {
    const later = Math.max(...hops.slice(index + 1).map((h) => h.responseTime ?? 0));
    (hop as { responseTime?: number }).responseTime = later + state.slowBy;
  }
}
