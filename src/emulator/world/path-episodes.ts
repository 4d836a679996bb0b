// Seeded PATH episodes on scheduled endpoint tests, for analyses of path traces (loss
// localization, the path diff between two rounds) to be tested against known answers:
// - routeChange: once a day, from a group-specific time until midnight UTC, the test's
//   shared route goes through another transit carrier from one hop position on, slower by
//   a consistent number of ms from there;
// - lossEpisode: once a day, for 40–60 minutes, one transit router shared by the test's
//   agents forwards only part of the traffic: traversals stop after it, and the test's net
//   metrics show the loss; on the same test one transit router rate-limits its ICMP replies
//   all the time (it is silent or slow itself, the hops after it are not).
// What an episode does to the results and routes is path-episode-effects.ts.
// Everything is a pure function of (seed, aid, test, agent, round); the world never reads the
// clock. See "Seeded path episodes" in src/emulator/README.md.
import type { EndpointTest } from '../../api/types';
import type { AgentProfile } from './agents';
import { TRANSIT, type Carrier, type City } from './catalog';
import type { GroupContext } from './context';
import { HUBS, carrierHop, networkText, type HopSpec } from './paths';
import { Rng, extendHash, extendHashText, hashKey } from './prng';
import { degradationAt } from './rhythm';
import type { TestPlan } from './scheduled';
import { addedMsOf, lossDelayOf, lossPercentOf, lostPerRound, pathEpisodeWindow } from './path-episode-effects';

export type PathEpisodeKind = 'routeChange' | 'lossEpisode';
export const PATH_EPISODE_KINDS: readonly PathEpisodeKind[] = ['routeChange', 'lossEpisode'];

/** One seeded path episode: [startSeconds, endSeconds), both round boundaries. */
export interface PathEpisode {
  kind: PathEpisodeKind;
  testId: number;
  startSeconds: number;
  endSeconds: number;
  /**
   * The test's agents whose route changes (routeChange) or crosses the lossy hop (lossEpisode), in the test's agent
   * order.
   */
  agentIds: string[];
  /**
   * routeChange: hop (position N), changedHops, oldAsn, oldAsName, oldNetwork, oldHopAddress,
   * oldPrefix, newAsn, newAsName, newNetwork, newHopAddress, newPrefix, addedMs.
   * lossEpisode: hop, hopAddress, prefix, rdns (when the hop has one), asn, asName, network,
   * location, lossPercent, addedMs, lostPerRound, rateLimitedHop, rateLimitedHopPosition.
   */
  detail: Record<string, string | number>;
}

/** What a test with a seeded path episode keeps (on its plan, `plan.path`). */
export interface SeededPath {
  kind: PathEpisodeKind;
  testId: number;
  /** Keys the per-day draws (added ms, loss, duration) and the per-round ones (lost traversals, rate limiting). */
  key: number;
  /** Hops before the first transit hop: the gateway, the office core, the access ISP's routers. */
  accessLength: number;
  /** Agents (by index) whose route takes the shared transit; the others keep a stable route of their own. */
  sharers: ReadonlySet<number>;
  /** Their ids, in the test's agent order. */
  sharerIds: readonly string[];
  /** The shared transit hops (before a route change). */
  transit: readonly HopSpec[];
  /** routeChange: the transit hops after the change (another carrier, same positions). */
  altTransit?: readonly HopSpec[];
  /** The destination network's hops, the server last. */
  destination: readonly HopSpec[];
  /** Second of the UTC day the route changes, or the loss starts (a round boundary of the test). */
  startOfDay: number;
  /** lossEpisode: index in `transit` of the lossy hop. */
  lossIndex?: number;
  /** lossEpisode: index in `transit` of the hop that rate-limits its ICMP replies. */
  rateIndex?: number;
}

const DAY = 86400;
const HOUR = 3600;
/** Transit hops of the shared route. */
const TRANSIT_HOPS = 4;
/** The longest loss episode (the window kept clear of other trouble). */
const MAX_LOSS_SECONDS = 3600;
/** The longest featured-agent episode (episodes.ts). */
const MAX_FEATURED_SECONDS = 55 * 60;

/** Whether a test runs on schedule: enabled and not a saved event. */
function runsOnSchedule(test: EndpointTest): boolean {
  return test.enabled === 1 && test.savedEvent !== 1;
}

// ---------------------------------------------------------------------------------------
// Choosing

/**
 * Picks the group's two tests (enabled scheduled ones, agent-to-server first, each kind's
 * order seeded), builds their shared routes and sets `plan.path`. Returns the seeded paths,
 * routeChange first. Called once, before any record was generated.
 */
export function choosePathEpisodes(ctx: GroupContext, plans: readonly TestPlan[]): SeededPath[] {
  const rank = (plan: TestPlan): number => hashKey(ctx.seed, ctx.aid, 'path-episode-test', plan.test.testId);
  const byRank = (a: TestPlan, b: TestPlan): number => rank(a) - rank(b) || a.test.testId - b.test.testId;
  const scheduled = plans.filter(
    (plan) => plan.readyAt === undefined && runsOnSchedule(plan.test) && plan.agents.length > 0,
  );
  const ordered = [
    ...scheduled.filter((plan) => plan.test.type === 'agent-to-server').sort(byRank),
    ...scheduled.filter((plan) => plan.test.type !== 'agent-to-server').sort(byRank),
  ].slice(0, 2);
  // Which of the two preferred tests gets which kind is seeded too.
  if (ordered.length === 2 && hashKey(ctx.seed, ctx.aid, 'path-episode-kinds') % 2 === 1) ordered.reverse();
  const paths: SeededPath[] = [];
  ordered.forEach((plan, k) => {
    const kind = PATH_EPISODE_KINDS[k] as PathEpisodeKind;
    const path = buildSeededPath(ctx, plan, kind);
    plan.path = path;
    ctx.seededPaths.set(plan.test.testId, path);
    paths.push(path);
  });
  return paths.sort((a, b) => PATH_EPISODE_KINDS.indexOf(a.kind) - PATH_EPISODE_KINDS.indexOf(b.kind));
}

function buildSeededPath(ctx: GroupContext, plan: TestPlan, kind: PathEpisodeKind): SeededPath {
  const { testId } = plan.test;
  const key = hashKey(ctx.seed, ctx.aid, 'path-episode', kind, testId);
  const rng = new Rng(key);
  const accessLength = rng.int(3, 4);
  const from = rng.pick(HUBS);
  const to = rng.pick(HUBS);
  // The loss test's transit does not label-switch: an MPLS tunnel would be blamed as a whole.
  const carriers = kind === 'lossEpisode' ? TRANSIT.filter((c) => !c.mpls) : TRANSIT;
  const carrier = rng.pick(carriers);
  const transit = transitHops(rng, carrier, from, to);
  const path: SeededPath = {
    kind,
    testId,
    key,
    accessLength,
    sharers: new Set(),
    sharerIds: [],
    transit,
    destination: destinationHops(rng, plan, to),
    startOfDay: 0,
  };
  if (kind === 'routeChange') {
    const other = TRANSIT.filter((c) => c !== carrier);
    path.altTransit = transitHops(rng, rng.pick(other), from, to);
  } else {
    // The lossy router is in the middle of the transit; the rate-limiting one is the first.
    path.rateIndex = 0;
    path.lossIndex = rng.int(1, TRANSIT_HOPS - 2);
  }
  const sharers = chooseSharers(plan, key);
  path.sharers = new Set(sharers.map((agent) => agent.index));
  path.sharerIds = sharers.map((agent) => agent.record.agentId);
  path.startOfDay =
    kind === 'routeChange' ? changeTime(plan.interval, key) : lossTime(ctx, plan.interval, key, sharers);
  return path;
}

/** The carrier's routers on the shared route: distinct addresses, the first half in `from`, the rest in `to`. */
function transitHops(rng: Rng, carrier: Carrier, from: City, to: City): HopSpec[] {
  const hops: HopSpec[] = [];
  while (hops.length < TRANSIT_HOPS) {
    const i = hops.length;
    const share = 0.3 + (0.55 * (i + 1)) / (TRANSIT_HOPS + 1);
    const hop = carrierHop(rng, carrier, i < TRANSIT_HOPS / 2 ? from : to, share, true);
    if (!hops.some((h) => h.ipAddress === hop.ipAddress)) hops.push(hop);
  }
  return hops;
}

function destinationHops(rng: Rng, plan: TestPlan, city: City): HopSpec[] {
  const { destination } = plan;
  const hops: HopSpec[] = [];
  const count = rng.int(1, 2);
  for (let i = 0; i < count; i++) hops.push(carrierHop(rng, destination.carrier, city, 0.9 + i * 0.04, false));
  hops.push({
    ipAddress: destination.serverIp,
    prefix: destination.carrier.block,
    carrier: destination.carrier,
    city,
    share: 1,
    rdns: destination.host,
  });
  return hops;
}

/** Most of the test's agents share the transit: all but one in five (seeded), in the test's agent order. */
function chooseSharers(plan: TestPlan, key: number): AgentProfile[] {
  const own = Math.floor(plan.agents.length / 5);
  const ranked = [...plan.agents].sort(
    (a, b) => extendHash(key, 1, a.index) - extendHash(key, 1, b.index) || a.index - b.index,
  );
  const apart = new Set(ranked.slice(0, own).map((agent) => agent.index));
  return plan.agents.filter((agent) => !apart.has(agent.index));
}

/** The route change: a round boundary of the test between 03:00 and 20:00 UTC. */
function changeTime(interval: number, key: number): number {
  const first = Math.ceil((3 * HOUR) / interval);
  const last = Math.floor((20 * HOUR) / interval);
  return (first + (extendHashText(key, 'change-time') % (last - first + 1))) * interval;
}

/**
 * The loss episode: a round boundary of the test between 01:00 and 22:00 UTC, the first from
 * a seeded place whose hour is clear of the group's featured-agent episodes and of the daily
 * incidents of the sharing agents' networks (so the test's loss is the episode's alone).
 */
function lossTime(ctx: GroupContext, interval: number, key: number, sharers: readonly AgentProfile[]): number {
  const first = Math.ceil(HOUR / interval);
  const last = Math.floor((22 * HOUR) / interval);
  const count = last - first + 1;
  const seeded = extendHashText(key, 'loss-time') % count;
  const busy: [number, number][] = ctx.featured.map((plan) => [
    plan.startOfDay,
    plan.startOfDay + MAX_FEATURED_SECONDS,
  ]);
  for (const agent of sharers) {
    if (agent.featured) continue;
    const window = incidentWindow(agent);
    if (window) busy.push(window);
  }
  for (let step = 0; step < count; step++) {
    const start = (first + ((seeded + step) % count)) * interval;
    if (busy.every(([a, b]) => start + MAX_LOSS_SECONDS <= a || start >= b)) return start;
  }
  return (first + seeded) * interval;
}

/** The second-of-day window of the agent's network's daily incident (rhythm.ts), if it has one. */
function incidentWindow(agent: AgentProfile): [number, number] | undefined {
  // degradationAt is keyed by the second of the day only: probe a day's hours for its start.
  for (let hour = 0; hour < 24; hour++) {
    if (degradationAt(agent.network, hour * HOUR + 60).latencyFactor !== 1) return [hour * HOUR, hour * HOUR + 5400];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------
// What tests read

function detailOf(path: SeededPath, day: number): Record<string, string | number> {
  if (path.kind === 'routeChange') {
    const before = path.transit[0];
    const after = path.altTransit?.[0];
    return {
      hop: path.accessLength + 1,
      changedHops: path.transit.length,
      oldAsn: before?.carrier?.asn ?? 0,
      oldAsName: before?.carrier?.name ?? '',
      oldNetwork: networkText(before?.carrier),
      oldHopAddress: before?.ipAddress ?? '',
      oldPrefix: before?.prefix ?? '',
      newAsn: after?.carrier?.asn ?? 0,
      newAsName: after?.carrier?.name ?? '',
      newNetwork: networkText(after?.carrier),
      newHopAddress: after?.ipAddress ?? '',
      newPrefix: after?.prefix ?? '',
      addedMs: addedMsOf(path, day),
    };
  }
  const lossy = path.transit[path.lossIndex ?? 0];
  const limited = path.transit[path.rateIndex ?? 0];
  const lossPercent = lossPercentOf(path, day);
  return {
    hop: path.accessLength + (path.lossIndex ?? 0) + 1,
    hopAddress: lossy?.ipAddress ?? '',
    prefix: lossy?.prefix ?? '',
    ...(lossy?.rdns ? { rdns: lossy.rdns } : {}),
    asn: lossy?.carrier?.asn ?? 0,
    asName: lossy?.carrier?.name ?? '',
    network: networkText(lossy?.carrier),
    location: lossy?.city.location ?? '',
    lossPercent,
    addedMs: lossDelayOf(path, day),
    lostPerRound: lostPerRound(path, lossPercent),
    rateLimitedHop: limited?.ipAddress ?? '',
    rateLimitedHopPosition: path.accessLength + (path.rateIndex ?? 0) + 1,
  };
}

/** Path episodes overlapping [fromSeconds, toSeconds), sorted by start (then routeChange first). */
export function pathEpisodesBetween(
  paths: readonly SeededPath[],
  fromSeconds: number,
  toSeconds: number,
): PathEpisode[] {
  const episodes: PathEpisode[] = [];
  if (!(toSeconds > fromSeconds)) return episodes;
  const firstDay = Math.floor(fromSeconds / DAY) - 1;
  const lastDay = Math.floor(toSeconds / DAY);
  for (const path of paths) {
    for (let day = firstDay; day <= lastDay; day++) {
      const { start, end } = pathEpisodeWindow(path, day);
      if (start >= toSeconds || end <= fromSeconds) continue;
      episodes.push({
        kind: path.kind,
        testId: path.testId,
        startSeconds: start,
        endSeconds: end,
        agentIds: [...path.sharerIds],
        detail: detailOf(path, day),
      });
    }
  }
  const order = (kind: PathEpisodeKind): number => PATH_EPISODE_KINDS.indexOf(kind);
  return episodes.sort((a, b) => a.startSeconds - b.startSeconds || order(a.kind) - order(b.kind));
}
