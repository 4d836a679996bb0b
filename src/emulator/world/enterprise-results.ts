// Results of the enterprise tests an account deploys through test management: a first round at
// the second the test was created (off the interval's grid), then one on every multiple of the
// test interval after it (schedule.ts), one result per agent of the test. Network and
// path results cross the group's seeded transit (path-episodes.ts): an enterprise test takes
// one of the group's seeded paths, so its agents see the same route change or loss episode,
// at the same hop and the same time of day, as the endpoint test it was seeded on — the
// same episode, localized by the same analysis through either kind of test.
import { resultKindsOf, type EnterpriseTest, type PathHop, type PathRoute, type TestAgent } from '../../api/types';
import { CITIES, TRANSIT, type Carrier, type City } from './catalog';
import { destinationOf } from './endpoint-tests';
import { hostInPrefix, round3 } from './format';
import { addedMsOf, lossDelayOf, lossPercentOf, pathEpisodeWindow } from './path-episode-effects';
import type { SeededPath } from './path-episodes';
import { carrierHop, pathHop, RouteClock, type HopSpec } from './paths';
import { ACCESS_MS, ROUTE_STRETCH, routeFibreRtt } from './physics';
import { Rng, extendHash, extendHashBy, extendHashText, hashKey } from './prng';
import { isScheduledRound, nextScheduledRound, scheduledRounds } from './schedule';

const DAY = 86400;
/** v7's intervals; anything else reports every 5 minutes. */
const INTERVALS = [60, 120, 300, 600, 900, 1800, 3600];
/** Loss-episode rounds whose lost traversals a plan keeps (a plan lives as long as its test). */
const MAX_RANKED_ROUNDS = 1000;
/**
 * Whether the test's results cross the seeded transit: its agents measure the network and trace the path, or BGP
 * monitors watch the route.
 */
const crossesTransit = (type: string): boolean => type === 'bgp' || resultKindsOf(type).includes('network');
/** Well-known ports of the servers the types only v7 has test, when the test names none. */
const SERVICE_PORTS: Readonly<Record<string, number>> = { 'ftp-server': 21, 'sip-server': 5060, 'dns-server': 53 };

/** What every result of one enterprise test shares. */
export interface EnterprisePlan {
  /** The world's seed: every result is a function of (seed, test, agent, round). */
  seed: number;
  test: EnterpriseTest;
  interval: number;
  /** The test's creation second: its first round (then every multiple of interval after it). */
  firstRound: number;
  target: { host: string; serverIp: string; port: number; city: City; carrier: Carrier };
  agents: TestAgent[];
  /** The seeded transit this test's network results cross, and the agents (by id) that share it. */
  path?: SeededPath;
  sharers: ReadonlySet<string>;
  /**
   * Each agent's hops up to the transit and its own transit, drawn once per plan (a page reads many rounds of each
   * agent).
   */
  hops: Map<string, { access: HopSpec[]; transit: HopSpec[] }>;
  /**
   * Each round's lost traversals (agent ids) in a loss episode, ranked once per round (a page reads every agent of a
   * round).
   */
  lost: Map<number, ReadonlySet<number>>;
  /** Rounds run on demand (instant runs, ascending); an instant test has no others. */
  runs?: readonly number[];
  instant?: boolean;
}

/** One agent's round: the measurements every result kind of the test is written from. */
export interface EnterpriseRound {
  plan: EnterprisePlan;
  agent: TestAgent;
  roundId: number;
  avgLatency: number;
  minLatency: number;
  maxLatency: number;
  jitter: number;
  loss: number;
  /** A failed round (target unreachable): every kind reports it. */
  error?: string;
  /** The seeded episode is in force for this agent in this round. */
  episode?: 'routeChange' | 'lossEpisode';
  /** lossEpisode: this agent's traversal stops after the lossy hop. */
  lostTraversal: boolean;
  addedMs: number;
}

export function enterprisePlan(
  seed: number,
  aid: number,
  test: EnterpriseTest,
  seeded: readonly SeededPath[],
): EnterprisePlan {
  const interval = INTERVALS.includes(test.interval) ? test.interval : 300;
  const created = Date.parse(`${String(test.createdDate).replace(' ', 'T')}Z`) / 1000;
  const firstRound = Number.isFinite(created) ? Math.floor(created) : 0;
  const host = targetHost(test);
  const destination = destinationOf(host);
  const rng = Rng.of(seed, aid, 'enterprise-target', host);
  const target = {
    host,
    serverIp: destination.serverIp,
    carrier: destination.carrier,
    port: targetPort(test),
    city: rng.pick(CITIES),
  };
  const agents = (test.agents ?? []).filter((agent) => agent.agentId !== undefined);
  const path = crossesTransit(String(test.type)) && seeded.length > 0 ? seeded[test.testId % seeded.length] : undefined;
  return {
    seed,
    test,
    interval,
    firstRound,
    target,
    agents,
    ...(path ? { path } : {}),
    sharers: sharersOf(path, agents),
    hops: new Map(),
    lost: new Map(),
  };
}

/** A field of the test as sent: the types only v7 has keep theirs in `v7Fields`. */
export function testField(test: EnterpriseTest, field: string): unknown {
  const kept = test['v7Fields'];
  return (
    test[field] ?? (typeof kept === 'object' && kept !== null ? (kept as Record<string, unknown>)[field] : undefined)
  );
}

/** The first DNS server a DNS server test queries (v7 lists them as names or as `{serverName}`). */
export function firstDnsServer(test: EnterpriseTest): string | undefined {
  const servers = testField(test, 'dnsServers');
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  const name = typeof first === 'object' && first !== null ? (first as Record<string, unknown>)['serverName'] : first;
  return typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 200) : undefined;
}

/** The port the test's network layer measures: the test's own, its SIP server's, else its service's well-known one. */
function targetPort(test: EnterpriseTest): number {
  const sip = testField(test, 'targetSipCredentials');
  const sipPort = typeof sip === 'object' && sip !== null ? (sip as Record<string, unknown>)['port'] : undefined;
  const port = testField(test, 'port') ?? sipPort;
  return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536
    ? port
    : (SERVICE_PORTS[String(test.type)] ?? 443);
}

function targetHost(test: EnterpriseTest): string {
  // A DNS server test's network layer measures the path to the server it queries, not to the domain.
  const dnsServer = String(test.type) === 'dns-server' ? firstDnsServer(test) : undefined;
  if (dnsServer) return dnsServer.replace(/:\d+$/, '');
  const url = testField(test, 'url');
  if (typeof url === 'string' && url) {
    try {
      return new URL(url.includes('://') ? url : `https://${url}`).hostname;
    } catch {
      /* the raw text below */
    }
  }
  const sip = testField(test, 'targetSipCredentials');
  const registrar =
    typeof sip === 'object' && sip !== null ? (sip as Record<string, unknown>)['sipRegistrar'] : undefined;
  return String(test.server ?? test.domain ?? (typeof registrar === 'string' ? registrar : undefined) ?? 'example.com')
    .replace(/:\d+$/, '')
    .slice(0, 200);
}

/** All the test's agents but one in five (seeded) share the transit, as on the endpoint test. */
function sharersOf(path: SeededPath | undefined, agents: readonly TestAgent[]): ReadonlySet<string> {
  if (!path) return new Set();
  const apart = Math.floor(agents.length / 5);
  const ranked = agents
    .map((agent) => ({ id: agent.agentId, rank: extendHash(path.key, 7, agent.agentId) }))
    .sort((a, b) => a.rank - b.rank || a.id - b.id);
  return new Set(ranked.slice(apart).map(({ id }) => String(id)));
}

/** Round starts of the plan in [from, to), from `startRound` on, never before the test existed. */
export function* enterpriseRounds(
  plan: EnterprisePlan,
  from: number,
  to: number,
  startRound = -Infinity,
): Generator<number> {
  const runs = (plan.runs ?? []).filter((run) => run >= Math.max(from, startRound) && run < to);
  let next = 0;
  if (!plan.instant) {
    for (const round of scheduledRounds(plan.firstRound, plan.interval, Math.max(from, startRound), to)) {
      for (; next < runs.length && (runs[next] as number) < round; next++) yield runs[next] as number;
      if (runs[next] === round) next++;
      yield round;
    }
  }
  for (; next < runs.length; next++) yield runs[next] as number;
}

export function hasEnterpriseRound(plan: EnterprisePlan, roundId: number, asOf: number): boolean {
  if (roundId > asOf) return false;
  if ((plan.runs ?? []).includes(roundId)) return true;
  return !plan.instant && isScheduledRound(plan.firstRound, plan.interval, roundId);
}

/** The first round of the plan's schedule that starts at or after `seconds`. */
export function firstRoundFrom(plan: EnterprisePlan, seconds: number): number {
  return seconds <= plan.firstRound ? plan.firstRound : Math.ceil(seconds / plan.interval) * plan.interval;
}

/** When the plan's round `roundId` ends: the next round's start (a run on demand lasts an interval). */
export function roundEndOf(plan: EnterprisePlan, roundId: number): number {
  return !plan.instant && isScheduledRound(plan.firstRound, plan.interval, roundId)
    ? nextScheduledRound(plan.interval, roundId)
    : roundId + plan.interval;
}

function cityOf(agent: TestAgent): City {
  return CITIES.find((city) => city.location === agent.location) ?? (CITIES[0] as City);
}

/** The seeded episode in force for the agent in the round, if any, and the round's UTC day. */
export function episodeAt(
  plan: EnterprisePlan,
  agent: TestAgent,
  roundId: number,
): { kind?: 'routeChange' | 'lossEpisode'; day: number } {
  const { path } = plan;
  const day = Math.floor(roundId / DAY);
  if (!path || !plan.sharers.has(String(agent.agentId))) return { day };
  const { start, end } = pathEpisodeWindow(path, day);
  return roundId >= start && roundId < end ? { kind: path.kind, day } : { day };
}

/**
 * Whether this agent's traversal is among the round's lost ones (a seeded ranking of the sharers, ranked once per
 * round).
 */
export function traversalLost(plan: EnterprisePlan, agent: TestAgent, roundId: number, lossPercent: number): boolean {
  let lost = plan.lost.get(roundId);
  if (!lost) {
    const path = plan.path as SeededPath;
    const count = Math.max(1, Math.round((lossPercent / 100) * plan.sharers.size));
    const ranked = [...plan.sharers]
      .map((id) => ({ id: Number(id), rank: extendHash(path.key, roundId, Number(id)) }))
      .sort((a, b) => a.rank - b.rank || a.id - b.id);
    lost = new Set(ranked.slice(0, count).map(({ id }) => id));
    if (plan.lost.size >= MAX_RANKED_ROUNDS) plan.lost.clear();
    plan.lost.set(roundId, lost);
  }
  return lost.has(agent.agentId);
}

/** The distance part (ms) of the agent's round trip: through the shared transit when it takes it. */
function routeDistance(plan: EnterprisePlan, agent: TestAgent): number {
  const via = plan.path && plan.sharers.has(String(agent.agentId)) ? plan.path.transit.map((hop) => hop.city) : [];
  return ROUTE_STRETCH * routeFibreRtt([cityOf(agent), ...via, plan.target.city]);
}

/** The hash every round of the plan's results draws from, before the agent and round: hashed once per walk. */
export function roundStream(plan: EnterprisePlan): number {
  return hashKey(plan.seed, 'enterprise-round', plan.test.testId);
}

/**
 * The draws of the agent's round; its first says whether a round outside an episode failed (roundFailed). The same
 * draws as Rng.of(seed, 'enterprise-round', testId, agentId, roundId): a test written through v7 names its agents by
 * string ids, which hash as text, not as numbers (an endpoint agent's uuid is no number at all).
 */
export function roundRng(stream: number, agent: TestAgent, roundId: number): Rng {
  const agentId = agent.agentId as number | string;
  const withAgent = typeof agentId === 'number' ? extendHashBy(stream, agentId) : extendHashText(stream, agentId);
  return new Rng(extendHashBy(withAgent, roundId));
}

/** One round in a hundred outside an episode fails (the target unreachable): the round's first draw. */
export function roundFailed(rng: Rng): boolean {
  return rng.chance(0.01);
}

export function enterpriseRound(plan: EnterprisePlan, agent: TestAgent, roundId: number): EnterpriseRound {
  const rng = roundRng(roundStream(plan), agent, roundId);
  const { kind, day } = episodeAt(plan, agent, roundId);
  const path = plan.path;
  const addedMs = !path || !kind ? 0 : kind === 'routeChange' ? addedMsOf(path, day) : lossDelayOf(path, day);
  const lossPercent = path && kind === 'lossEpisode' ? lossPercentOf(path, day) : 0;
  const base = {
    plan,
    agent,
    roundId,
    addedMs,
    lostTraversal: path && kind === 'lossEpisode' ? traversalLost(plan, agent, roundId, lossPercent) : false,
    ...(kind ? { episode: kind } : {}),
  };
  if (!kind && roundFailed(rng)) {
    return {
      ...base,
      avgLatency: 0,
      minLatency: 0,
      maxLatency: 0,
      jitter: 0,
      loss: 100,
      error: rng.pick(['Connection timed out', 'No route to host']),
    };
  }
  // The distance is the same every round; access and queues vary.
  const avg = routeDistance(plan, agent) + ACCESS_MS * rng.float(0.95, 1.2) + addedMs;
  const jitter = round3(avg * rng.float(0.01, 0.08, 3));
  return {
    ...base,
    avgLatency: round3(avg),
    jitter,
    loss: kind === 'lossEpisode' ? lossPercent : 0,
    minLatency: Math.max(1, Math.floor(avg - jitter * 1.5)),
    maxLatency: Math.ceil(avg + jitter * 3),
  };
}

/** The agent's own hops to the transit: its gateway (enterprise agents) or its carrier's edge. */
function accessHops(seed: number, agent: TestAgent, city: City): HopSpec[] {
  const rng = Rng.of(seed, 'enterprise-access', agent.agentId);
  const carrier =
    TRANSIT.find((c) => agent.network.includes(`AS ${c.asn}`)) ??
    (TRANSIT[agent.agentId % TRANSIT.length] as (typeof TRANSIT)[number]);
  const hops: HopSpec[] = [];
  if (agent.public === 0)
    hops.push({ ipAddress: hostInPrefix(agent.prefix, 1), prefix: agent.prefix, city, share: 0.02 });
  hops.push(carrierHop(rng, carrier, city, 0.1, false));
  return hops;
}

/** The agent's access hops and its own transit (two hops of a carrier), drawn once per plan. */
export function agentHops(plan: EnterprisePlan, agent: TestAgent): { access: HopSpec[]; transit: HopSpec[] } {
  const key = String(agent.agentId);
  let hops = plan.hops.get(key);
  if (!hops) {
    const rng = Rng.of(plan.seed, 'enterprise-transit', plan.test.testId, agent.agentId);
    const carrier = rng.pick(TRANSIT);
    hops = {
      access: accessHops(plan.seed, agent, cityOf(agent)),
      transit: [
        carrierHop(rng, carrier, cityOf(agent), 0.35, false),
        carrierHop(rng, carrier, plan.target.city, 0.7, false),
      ],
    };
    plan.hops.set(key, hops);
  }
  return hops;
}

/** The shared transit when the agent shares the test's seeded path; otherwise its own. */
function transitHops(round: EnterpriseRound): readonly HopSpec[] {
  const { plan } = round;
  if (plan.path && plan.sharers.has(String(round.agent.agentId))) {
    return round.episode === 'routeChange' && plan.path.altTransit ? plan.path.altTransit : plan.path.transit;
  }
  return agentHops(plan, round.agent).transit;
}

/** The round's route to the target: hops up to the target, cut after the lossy hop when the traversal is lost. */
export function enterpriseRoute(round: EnterpriseRound): PathRoute {
  const { plan, agent } = round;
  const { seed } = plan;
  const rng = Rng.of(seed, 'enterprise-path', plan.test.testId, agent.agentId, round.roundId);
  const { access } = agentHops(plan, agent);
  const transit = transitHops(round);
  const slots: HopSpec[] = [
    ...access,
    ...transit,
    {
      ipAddress: plan.target.serverIp,
      prefix: plan.target.carrier.block,
      carrier: plan.target.carrier,
      city: plan.target.city,
      share: 1,
      rdns: plan.target.host,
    },
  ];
  const path = plan.path;
  const shared = path !== undefined && plan.sharers.has(String(agent.agentId));
  // The episode's ms apply from the first changed hop, or from the lossy hop on.
  const fromSlot = access.length + (path?.kind === 'lossEpisode' ? (path.lossIndex ?? 0) : 0);
  const clock = new RouteClock(slots, Math.max(round.avgLatency - round.addedMs, 1));
  const hops: PathHop[] = [];
  const kept = round.lostTraversal ? fromSlot + 1 : slots.length;
  for (const [index, slot] of slots.slice(0, kept).entries()) {
    const time = clock.at(index, slot.share, rng.next());
    hops.push(pathHop(slot, index + 1, time + (shared && round.episode && index >= fromSlot ? round.addedMs : 0)));
  }
  const routeVariant = shared && round.episode === 'routeChange' ? 'b' : 'a';
  return {
    pathId: `${hashKey(seed, plan.test.testId, agent.agentId).toString(16)}-${routeVariant}`,
    hops,
  };
}
