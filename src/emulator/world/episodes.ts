// Seeded episodes: in every account group one "featured" endpoint agent per kind (Wi-Fi,
// VPN, ISP, server, CPU) has a believable episode once a day at its own time of day, and
// looks healthy and stable the rest of the time. Every record of that agent (user, web and
// network sessions, probes, their details and scheduled-test results) reads the episode
// from here (who and when) and episode-effects.ts (what it does), so the lists and details
// agree; episode-slots.ts reserves list positions for featured agents so each has enough
// data in every round to see an episode.
// Everything is a pure function of (seed, aid, time): the world never reads the clock.
import type { AgentProfile, NetworkProfileSeed } from './agents';
import { VPN_CONCENTRATORS, macAddress } from './agents';
import { ACCESS_ISPS, DESTINATIONS, type Carrier } from './catalog';
import type { GroupContext } from './context';
import { hostInPrefix, intToIp, ipToInt } from './format';
import { HASH_START, Rng, extendHash, extendHashBy, extendHashText, hashKey } from './prng';

export type EpisodeKind = 'wifi' | 'vpn' | 'isp' | 'server' | 'cpu';
/** In the order featured agents are chosen (the constrained kinds first). */
export const EPISODE_KINDS: readonly EpisodeKind[] = ['wifi', 'vpn', 'isp', 'server', 'cpu'];

/** One episode of a featured agent: [startSeconds, endSeconds), both round boundaries. */
export interface Episode {
  kind: EpisodeKind;
  agentId: string;
  computerName: string;
  startSeconds: number;
  endSeconds: number;
  /**
   * What the episode is about. wifi: ssid, goodBssid, weakBssid, roamedBssid; vpn: vpnTarget;
   * isp: normalPublicIp, backupPublicIp, backupIsp; server: visitedSite; cpu: nothing.
   */
  detail: Record<string, string | number>;
}

export interface FeaturedAgent {
  kind: EpisodeKind;
  agentIndex: number;
  agentId: string;
}

/** What the world keeps about a featured agent (on its profile, `agent.featured`). */
export interface FeaturedPlan {
  kind: EpisodeKind;
  agentIndex: number;
  /** Second of the UTC day the episode starts (a round boundary, 01:00 … 21:55). */
  startOfDay: number;
  /** Keys the per-day duration and strength. */
  key: number;
  wifi?: { ssid: string; goodBssid: string; weakBssid: string; roamedBssid: string };
  vpnTarget?: string;
  isp?: { normalPublicIp: string; backupPublicIp: string; backupRange: string; backup: Carrier };
  /** DESTINATIONS index of the slow site (server). */
  visitedSite?: number;
}

const DAY = 86400;
/** ROUND_SECONDS of context.ts (not imported: context.ts imports this module). */
const ROUND = 300;
const FIRST_START = 3600;
/** Starts lie in 01:00 … 21:55 UTC, so an episode (≤ 55 min) never crosses midnight. */
const START_ROUNDS = 252;
const DURATIONS_MIN = [35, 40, 45, 50, 55] as const;

// ---------------------------------------------------------------------------------------
// Choosing the featured agents

/** What choosing needs of a group (GroupContext, before any record was generated). */
export interface FeaturedHost {
  readonly seed: number;
  readonly aid: number;
  readonly size: { endpointAgents: number };
  readonly networks: readonly NetworkProfileSeed[];
  /** DESTINATIONS indexes of the hosts the group's enabled scheduled tests measure (see featuredDestination). */
  readonly testDestinations: readonly number[];
  agentAt(index: number): AgentProfile;
}

/** Agents at these positions stay deleted/disabled in every group (see makeAgent). */
const fixedInactive = (index: number): boolean => index % 17 === 5 || index % 19 === 3;
/** How far the search walks before settling for a fallback (large groups find a fit in a few steps). */
const SEARCH_LIMIT = 2000;

/**
 * Picks one active agent per kind, walking the group from a seeded position, and patches
 * the picked profiles in place (before any record was generated from them) when a small
 * group has no fitting agent: a VPN target, a Wi-Fi connection on the office network, or
 * an enabled status. Returns the plans in EPISODE_KINDS order.
 */
export function chooseFeatured(host: FeaturedHost): FeaturedPlan[] {
  const count = host.size.endpointAgents;
  const start = hashKey(host.seed, host.aid, 'featured') % count;
  const limit = Math.min(count, SEARCH_LIMIT);
  const taken = new Set<number>();
  const find = (fits: (agent: AgentProfile) => boolean): AgentProfile | undefined => {
    for (let step = 0; step < limit; step++) {
      const agent = host.agentAt((start + step) % count);
      if (agent.active && !taken.has(agent.index) && fits(agent)) return agent;
    }
    return undefined;
  };
  const notLoopback = (agent: AgentProfile): boolean => agent.connection !== 'Loopback';
  /** Any agent at all: an inactive one (not at a fixed position) is enabled for the part. */
  const anyAgent = (): AgentProfile | undefined => {
    const active = find(notLoopback) ?? find(() => true);
    if (active) return active;
    for (let step = 0; step < count; step++) {
      const agent = host.agentAt((start + step) % count);
      if (!taken.has(agent.index) && !fixedInactive(agent.index)) {
        agent.record.status = 'enabled';
        agent.record.deleted = false;
        agent.active = true;
        return agent;
      }
    }
    return undefined;
  };
  const plans: FeaturedPlan[] = [];
  const base = hashKey(host.seed, host.aid, 'episode-times');
  EPISODE_KINDS.forEach((kind, k) => {
    let agent: AgentProfile | undefined;
    if (kind === 'wifi') {
      agent = find((a) => a.connection === 'Wireless' && a.network.kind !== 'home' && a.bssid !== undefined);
      if (!agent) {
        agent = anyAgent();
        if (agent) makeOfficeWireless(host, agent);
      }
    } else if (kind === 'vpn') {
      agent = find((a) => a.vpnTarget !== undefined && notLoopback(a));
      if (!agent) {
        agent = find((a) => a.network.kind === 'home' && notLoopback(a)) ?? anyAgent();
        if (agent)
          agent.vpnTarget = VPN_CONCENTRATORS[hashKey(host.seed, host.aid, 'featured-vpn') % VPN_CONCENTRATORS.length];
      }
    } else if (kind === 'isp') {
      agent = find((a) => a.vpnTarget === undefined && notLoopback(a)) ?? anyAgent();
    } else {
      agent = anyAgent();
    }
    if (!agent) return;
    taken.add(agent.index);
    const key = hashKey(host.seed, host.aid, 'episode', kind);
    const startRound = ((base % START_ROUNDS) + k * 50 + (extendHashBy(base, k) % 12)) % START_ROUNDS;
    const plan: FeaturedPlan = { kind, agentIndex: agent.index, startOfDay: FIRST_START + startRound * ROUND, key };
    if (kind === 'wifi') plan.wifi = wifiPlan(host, agent);
    if (kind === 'vpn') plan.vpnTarget = agent.vpnTarget;
    if (kind === 'isp') plan.isp = ispPlan(host, agent);
    // The slow site is the agent's first usual destination (one its scheduled tests measure).
    if (kind === 'server')
      plan.visitedSite =
        featuredDestination(host.testDestinations, agent.index, 0) ??
        extendHash(HASH_START, agent.index, 0) % DESTINATIONS.length;
    agent.featured = plan;
    plans.push(plan);
  });
  return plans;
}

/**
 * The DESTINATIONS index of a featured agent's `choice`-th (0..3) usual destination: the
 * hosts its group's enabled scheduled tests measure (`testDestinations`, distinct, in test
 * order), taken in turn from a seeded place per agent, so its sessions (and a server
 * episode's slow site, choice 0) go where a scheduled test it runs measures the path.
 * Undefined when the group has no enabled test (the agent then keeps the drawn ones).
 */
export function featuredDestination(
  testDestinations: readonly number[],
  agentIndex: number,
  choice: number,
): number | undefined {
  const count = testDestinations.length;
  if (count === 0) return undefined;
  return testDestinations[(extendHash(HASH_START, agentIndex, 0) + choice) % count];
}

/** The fallback for a group without a Wi-Fi agent in an office: move one onto the office Wi-Fi. */
function makeOfficeWireless(host: FeaturedHost, agent: AgentProfile): void {
  const network = host.networks.find((n) => n.kind !== 'home') ?? host.networks[0];
  if (!network) return;
  const rng = Rng.of(host.seed, host.aid, 'featured-wifi', agent.index);
  agent.network = network;
  agent.connection = 'Wireless';
  agent.ipAddress = hostInPrefix(network.localPrefix, rng.int(20, 250));
  agent.publicIp = intToIp(ipToInt(network.publicBase) + rng.int(1, 14));
  agent.interfaceName = agent.platform === 'Mac' ? 'en0' : 'Wi-Fi';
  agent.bssid = network.bssids[0];
  agent.wifiVendor = 'Cisco Meraki';
  agent.channel = rng.pick([36, 44, 149]);
  delete agent.vpnTarget;
  agent.targets.clear();
}

function wifiPlan(host: FeaturedHost, agent: AgentProfile): NonNullable<FeaturedPlan['wifi']> {
  const good = agent.bssid ?? '';
  const others = agent.network.bssids.filter((b) => b !== good);
  // A network with fewer access points gets one more, seen by this agent only.
  const extra = (n: number): string => macAddress(Rng.of(host.seed, host.aid, 'featured-bssid', agent.index, n));
  const first = extendHashBy(agent.network.incidentKey, agent.index) % Math.max(1, others.length);
  const weak = others[first] ?? extra(1);
  const roamed = others.find((b) => b !== weak) ?? extra(2);
  return { ssid: agent.network.ssid, goodBssid: good, weakBssid: weak, roamedBssid: roamed };
}

function ispPlan(host: FeaturedHost, agent: AgentProfile): NonNullable<FeaturedPlan['isp']> {
  const rng = Rng.of(host.seed, host.aid, 'featured-isp', agent.index);
  const own = ACCESS_ISPS.indexOf(agent.network.isp);
  const backup = ACCESS_ISPS[(Math.max(0, own) + rng.int(1, ACCESS_ISPS.length - 1)) % ACCESS_ISPS.length] as Carrier;
  const base = hostInPrefix(backup.block, rng.int(1, 60000) * 16);
  return {
    normalPublicIp: agent.publicIp,
    backupPublicIp: intToIp(ipToInt(base) + rng.int(1, 14)),
    backupRange: `${base}/28`,
    backup,
  };
}

// ---------------------------------------------------------------------------------------
// When

/** The episode of `plan` on UTC day `day` (days since the epoch). */
export function episodeWindow(plan: FeaturedPlan, day: number): { start: number; end: number } {
  const start = day * DAY + plan.startOfDay;
  const minutes = DURATIONS_MIN[extendHashBy(plan.key, day) % DURATIONS_MIN.length] as number;
  return { start, end: start + minutes * 60 };
}

/** The plan of the agent's episode when one is going on at `seconds`. */
export function activeEpisode(agent: AgentProfile, seconds: number): FeaturedPlan | undefined {
  const plan = agent.featured;
  if (!plan) return undefined;
  const { start, end } = episodeWindow(plan, Math.floor(seconds / DAY));
  return seconds >= start && seconds < end ? plan : undefined;
}

/** 0 before the day's episode, 1 during it, 2 after it (until midnight UTC). */
export function dayPhase(plan: FeaturedPlan, seconds: number): 0 | 1 | 2 {
  const { start, end } = episodeWindow(plan, Math.floor(seconds / DAY));
  return seconds < start ? 0 : seconds < end ? 1 : 2;
}

/** Strength in [0, 1) of the day's episode, for results without per-record draws. */
export function dayStrength(plan: FeaturedPlan, seconds: number): number {
  return (extendHashText(extendHashBy(plan.key, Math.floor(seconds / DAY)), 'strength') % 1000) / 1000;
}

/** The BSSID an agent is associated with at `seconds` (the Wi-Fi agent roams). */
export function bssidAt(agent: AgentProfile, seconds: number): string | undefined {
  const wifi = agent.featured?.wifi;
  if (!wifi || !agent.featured) return agent.bssid;
  return [wifi.goodBssid, wifi.weakBssid, wifi.roamedBssid][dayPhase(agent.featured, seconds)];
}

/** The BSSIDs of the three phases of the Wi-Fi agent's day, for filters; undefined for others. */
export function bssidPhases(agent: AgentProfile): readonly [string, string, string] | undefined {
  const wifi = agent.featured?.wifi;
  return wifi ? [wifi.goodBssid, wifi.weakBssid, wifi.roamedBssid] : undefined;
}

/** Where the agent's traffic leaves for the internet at `seconds`: the backup line during an ISP episode. */
export function publicSideAt(agent: AgentProfile, seconds: number): { ip: string; range: string; isp: Carrier } {
  const isp = agent.featured?.isp;
  if (isp && activeEpisode(agent, seconds)) return { ip: isp.backupPublicIp, range: isp.backupRange, isp: isp.backup };
  return { ip: agent.publicIp, range: agent.network.record.publicIpRange, isp: agent.network.isp };
}

// ---------------------------------------------------------------------------------------
// What tests and the API read

export function featuredAgents(ctx: GroupContext): FeaturedAgent[] {
  return ctx.featured.map((plan) => ({
    kind: plan.kind,
    agentIndex: plan.agentIndex,
    agentId: ctx.agentAt(plan.agentIndex).record.agentId,
  }));
}

function detailOf(plan: FeaturedPlan): Record<string, string | number> {
  if (plan.wifi) return { ...plan.wifi };
  if (plan.vpnTarget !== undefined) return { vpnTarget: plan.vpnTarget };
  if (plan.isp)
    return {
      normalPublicIp: plan.isp.normalPublicIp,
      backupPublicIp: plan.isp.backupPublicIp,
      backupIsp: plan.isp.backup.name,
    };
  if (plan.visitedSite !== undefined) return { visitedSite: DESTINATIONS[plan.visitedSite]?.host ?? '' };
  return {};
}

/** Episodes overlapping [fromSeconds, toSeconds), sorted by start (then kind order). */
export function episodesBetween(ctx: GroupContext, fromSeconds: number, toSeconds: number): Episode[] {
  const episodes: Episode[] = [];
  if (!(toSeconds > fromSeconds)) return episodes;
  const firstDay = Math.floor(fromSeconds / DAY) - 1;
  const lastDay = Math.floor(toSeconds / DAY);
  for (const plan of ctx.featured) {
    const agent = ctx.agentAt(plan.agentIndex);
    for (let day = firstDay; day <= lastDay; day++) {
      const { start, end } = episodeWindow(plan, day);
      if (start >= toSeconds || end <= fromSeconds) continue;
      episodes.push({
        kind: plan.kind,
        agentId: agent.record.agentId,
        computerName: agent.record.computerName,
        startSeconds: start,
        endSeconds: end,
        detail: detailOf(plan),
      });
    }
  }
  const order = (kind: EpisodeKind): number => EPISODE_KINDS.indexOf(kind);
  return episodes.sort((a, b) => a.startSeconds - b.startSeconds || order(a.kind) - order(b.kind));
}
