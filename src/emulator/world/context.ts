// Everything one account group's generators share: its sizes, networks and agents (built on
// first use and kept, since sessions look their agent up by index all the time).
import type { Facets } from './model';
import { makeAgent, makeNetwork, type AgentProfile, type NetworkProfileSeed } from './agents';
import type { GroupSize } from './presets';
import { DESTINATIONS, type City, type Destination } from './catalog';
import { baseRtt, destinationCity } from './paths';
import { HASH_START, Rng, extendHash, extendHashBy, hashKey } from './prng';
import { dailyActivity } from './rhythm';
import { bssidAt, chooseFeatured, featuredDestination, type FeaturedPlan } from './episodes';
import { probeSlots, sessionSlots, type RoundSlots } from './episode-slots';
import type { SeededPath } from './path-episodes';

export const ROUND_SECONDS = 300;

export class GroupContext {
  readonly networks: NetworkProfileSeed[];
  /** hashKey(seed, aid, 'session'), extended per session (see extendHash). */
  readonly sessionKey: number;
  private readonly agents: (AgentProfile | undefined)[];
  private byId: Map<string, number> | undefined;
  /** DESTINATIONS index of each agent's 4 usual destinations (-1 until drawn). */
  private readonly usualDestinations: Int16Array;
  /**
   * What the round indexes read of agents, in typed arrays (-1 until known): a profile is a
   * large object, and a million random reads of it cost more than the draws themselves.
   */
  private readonly activeNear: Int32Array;
  private readonly wireless: Int8Array;
  /** The agents with seeded episodes, one per kind (EPISODE_KINDS order); see episodes.ts. */
  readonly featured: readonly FeaturedPlan[];
  /** 1 for featured agents, by agent index. */
  private readonly featuredFlags: Uint8Array;
  /**
   * The seeded paths by test id (path-episodes.ts): their sharing agents' healthy round trip
   * is over the shared transit whether an episode is on or not, so the test's plan is not needed.
   */
  readonly seededPaths = new Map<number, SeededPath>();
  /** The last rounds' slot plans: lists ask for the same round once per record. */
  private readonly slotCache = { session: new Map<number, RoundSlots>(), probe: new Map<number, RoundSlots>() };

  /**
   * @param testDestinations DESTINATIONS indexes of the hosts the group's enabled scheduled
   * tests measure (distinct, in test order): featured agents visit only these (see
   * usualDestination), so their sessions link to a test they run.
   */
  constructor(
    readonly seed: number,
    readonly aid: number,
    readonly size: GroupSize,
    readonly testDestinations: readonly number[] = [],
  ) {
    this.sessionKey = hashKey(seed, aid, 'session');
    this.networks = Array.from({ length: size.networks }, (_, index) => makeNetwork(seed, aid, index));
    this.agents = new Array<AgentProfile | undefined>(size.endpointAgents);
    this.usualDestinations = new Int16Array(size.endpointAgents * 4).fill(-1);
    this.activeNear = new Int32Array(size.endpointAgents).fill(-1);
    this.wireless = new Int8Array(size.endpointAgents).fill(-1);
    // Chosen (and patched) before any record exists, so every record sees the same profiles.
    this.featured = chooseFeatured(this);
    this.featuredFlags = new Uint8Array(size.endpointAgents);
    for (const plan of this.featured) this.featuredFlags[plan.agentIndex] = 1;
  }

  isFeatured(agentIndex: number): boolean {
    return this.featuredFlags[agentIndex] === 1;
  }

  /** User sessions of a round: the drawn count plus the featured agents' reserved ones. */
  sessionSlots(roundId: number): RoundSlots {
    return this.slots('session', roundId, (id) => {
      // hashKey(seed, aid, 'session', roundId): extended by the draw number, it seeds one session.
      const key = extendHashBy(this.sessionKey, id);
      return sessionSlots(this, id, key, this.countFor('session-count', id, this.size.sessionsPerRound));
    });
  }

  /** Probes of a round: the drawn count plus one per featured agent and target type. */
  probeSlots(roundId: number): RoundSlots {
    return this.slots('probe', roundId, (id) => {
      // hashKey(seed, aid, 'probe', roundId): extended by the draw number, it seeds one probe.
      const key = hashKey(this.seed, this.aid, 'probe', id);
      return probeSlots(this, id, key, this.countFor('probe-count', id, this.size.probesPerRound));
    });
  }

  private slots(list: 'session' | 'probe', roundId: number, build: (roundId: number) => RoundSlots): RoundSlots {
    const cache = this.slotCache[list];
    let slots = cache.get(roundId);
    if (!slots) {
      slots = build(roundId);
      if (cache.size >= 64) cache.clear();
      cache.set(roundId, slots);
    }
    return slots;
  }

  /** activeAgentNear(index).index, kept. */
  activeIndexNear(index: number): number {
    let found = this.activeNear[index] ?? -1;
    if (found < 0) {
      found = this.activeAgentNear(index).index;
      this.activeNear[index] = found;
    }
    return found;
  }

  isWireless(agentIndex: number): boolean {
    let flag = this.wireless[agentIndex] ?? -1;
    if (flag < 0) {
      flag = this.agentAt(agentIndex).connection === 'Wireless' ? 1 : 0;
      this.wireless[agentIndex] = flag;
    }
    return flag === 1;
  }

  /**
   * The DESTINATIONS index of an agent's `choice`-th (0..3) usual destination; kept, as
   * sessions ask for it all the time. A featured agent's are hosts its group's enabled
   * scheduled tests measure (episodes.ts featuredDestination); every record of a session
   * (draws, round indexes, filters, a server episode's slow site) takes its destination from here.
   */
  usualDestination(agentIndex: number, choice: number): number {
    const slot = agentIndex * 4 + choice;
    let destination = this.usualDestinations[slot] ?? -1;
    if (destination < 0) {
      destination =
        (this.isFeatured(agentIndex) ? featuredDestination(this.testDestinations, agentIndex, choice) : undefined) ??
        extendHash(HASH_START, agentIndex, choice) % DESTINATIONS.length;
      this.usualDestinations[slot] = destination;
    }
    return destination;
  }

  agentAt(index: number): AgentProfile {
    let agent = this.agents[index];
    if (!agent) {
      agent = makeAgent(this.seed, this.aid, index, this.networks);
      this.agents[index] = agent;
    }
    return agent;
  }

  /** An active agent near `index` (the next enabled, undeleted one). */
  activeAgentNear(index: number): AgentProfile {
    const count = this.size.endpointAgents;
    for (let step = 0; step < count; step++) {
      const agent = this.agentAt((index + step) % count);
      if (agent.active) return agent;
    }
    return this.agentAt(index % count);
  }

  /** Where `destination` answers `agent` from and the base RTT to there; stable per agent. */
  target(agent: AgentProfile, destination: Destination): { city: City; rtt: number } {
    let target = agent.targets.get(destination.host);
    if (!target) {
      let city = destinationCity(agent.network.city, destination, hashKey(this.seed, this.aid, agent.index));
      // Featured agents are served nearby, so their healthy sessions stay well inside the
      // latency budgets and an episode's added latency stands out.
      if (agent.featured && baseRtt(agent.network.city, city) > 60) city = agent.network.city;
      target = { city, rtt: baseRtt(agent.network.city, city) };
      agent.targets.set(destination.host, target);
    }
    return target;
  }

  agentById(agentId: string): AgentProfile | undefined {
    const index = this.agentIndexOf(agentId);
    return index === undefined ? undefined : this.agentAt(index);
  }

  agentIndexOf(agentId: string): number | undefined {
    if (!this.byId) {
      this.byId = new Map();
      for (let i = 0; i < this.size.endpointAgents; i++) this.byId.set(this.agentAt(i).record.agentId, i);
    }
    return this.byId.get(agentId);
  }

  /** Records a round holds: drawn between the preset's bounds, shaped by the time of day. */
  countFor(stream: string, roundId: number, bounds: readonly [number, number]): number {
    const drawn = Rng.of(this.seed, this.aid, stream, roundId).int(bounds[0], bounds[1]);
    return Math.max(1, Math.round(drawn * dailyActivity(roundId)));
  }
}

/**
 * The facets every record of an agent carries. `seconds` is the record's time: the featured
 * Wi-Fi agent's BSSID depends on it (see episodes.ts); without it, the agent's usual one.
 */
export function agentFacets(agent: AgentProfile, trigger: Facets['trigger'], seconds?: number): Facets {
  const facets: Facets = {
    location: agent.network.city.location,
    connection: agent.connection,
    trigger,
    platform: agent.platform,
    gateway: agent.connection === 'Loopback' ? '127.0.0.1' : agent.network.gateway,
    agentId: agent.record.agentId,
    networkId: agent.network.record.networkId,
  };
  if (agent.network.proxy) facets.proxyTarget = agent.network.proxy.ip;
  if (agent.vpnTarget) facets.vpnTarget = agent.vpnTarget;
  if (agent.connection === 'Wireless' && agent.bssid) {
    facets.ssid = agent.network.ssid;
    facets.bssid = seconds === undefined ? agent.bssid : (bssidAt(agent, seconds) ?? agent.bssid);
  }
  return facets;
}

/** Round starts in [from, to), ascending. */
export function* roundsIn(from: number, to: number, step = ROUND_SECONDS): Generator<number> {
  for (let round = Math.ceil(from / step) * step; round < to; round += step) yield round;
}
