// Everything one account group's generators share: its sizes, networks and agents (built on
// first use and kept, since sessions look their agent up by index all the time).
import type { Facets } from './model';
import { makeAgent, makeNetwork, type AgentProfile, type NetworkProfileSeed } from './agents';
import type { GroupSize } from './presets';
import { DESTINATIONS, type City, type Destination } from './catalog';
import { baseRtt, destinationCity } from './paths';
import { HASH_START, Rng, extendHash, hashKey } from './prng';
import { dailyActivity } from './rhythm';

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

  constructor(readonly seed: number, readonly aid: number, readonly size: GroupSize) {
    this.sessionKey = hashKey(seed, aid, 'session');
    this.networks = Array.from({ length: size.networks }, (_, index) => makeNetwork(seed, aid, index));
    this.agents = new Array<AgentProfile | undefined>(size.endpointAgents);
    this.usualDestinations = new Int16Array(size.endpointAgents * 4).fill(-1);
    this.activeNear = new Int32Array(size.endpointAgents).fill(-1);
    this.wireless = new Int8Array(size.endpointAgents).fill(-1);
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

  /** The DESTINATIONS index of an agent's `choice`-th (0..3) usual destination; kept, as sessions ask for it all the time. */
  usualDestination(agentIndex: number, choice: number): number {
    const slot = agentIndex * 4 + choice;
    let destination = this.usualDestinations[slot] ?? -1;
    if (destination < 0) {
      destination = extendHash(HASH_START, agentIndex, choice) % DESTINATIONS.length;
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
      const city = destinationCity(agent.network.city, destination, hashKey(this.seed, this.aid, agent.index));
      target = { city, rtt: baseRtt(agent.network.city, city) };
      agent.targets.set(destination.host, target);
    }
    return target;
  }

  agentById(agentId: string): AgentProfile | undefined {
    if (!this.byId) {
      this.byId = new Map();
      for (let i = 0; i < this.size.endpointAgents; i++) this.byId.set(this.agentAt(i).record.agentId, i);
    }
    const index = this.byId.get(agentId);
    return index === undefined ? undefined : this.agentAt(index);
  }

  /** Records a round holds: drawn between the preset's bounds, shaped by the time of day. */
  countFor(stream: string, roundId: number, bounds: readonly [number, number]): number {
    const drawn = Rng.of(this.seed, this.aid, stream, roundId).int(bounds[0], bounds[1]);
    return Math.max(1, Math.round(drawn * dailyActivity(roundId)));
  }
}

/** The facets every record of an agent carries. */
export function agentFacets(agent: AgentProfile, trigger: Facets['trigger']): Facets {
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
    facets.bssid = agent.bssid;
  }
  return facets;
}

/** Round starts in [from, to), ascending. */
export function* roundsIn(from: number, to: number, step = ROUND_SECONDS): Generator<number> {
  for (let round = Math.ceil(from / step) * step; round < to; round += step) yield round;
}
