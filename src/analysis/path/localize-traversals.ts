// Traces → traversals (one route of one agent in one round) with the merge's node ids, the
// node details the findings name, and the MPLS tunnels the routes go through. Bounded by
// LOCALIZE_LIMITS; every later step of localization walks these arrays, never the graph,
// so loops in outside data cannot make it run on.
import type { PathHop, PathRoute, PathTrace } from '../../api/types';
import { mplsLabels } from '../../api/types';
import { agentNodeId, starNodeId } from './merge';
import { isRoutingLoop } from './route-loop';
import { isUsableHop, usableTraces } from './usable';
import type { LocalizeLimits, LocalizeOptions } from './localize-types';

export interface NodeInfo {
  id: string;
  kind: 'agent' | 'hop' | 'star';
  ip?: string;
  prefix?: string;
  rdns?: string;
  network?: string;
  location?: string;
  /** Labelled in some traversal. */
  mpls: boolean;
}

export interface Traversal {
  agent: string;
  round: number;
  target: string;
  /** Node ids from the agent (index 0) on, stars filling missing hop numbers, as the merge has them. */
  steps: string[];
  /** The node of each step (shared by every traversal through it). */
  nodes: NodeInfo[];
  /** Response time per step (0 for the agent); undefined for a star or a hop listed without a time. */
  rtt: (number | undefined)[];
  /** Index of the last step that answered (0: only the agent). */
  last: number;
  /** The last step is the target address. */
  reached: boolean;
  /** The target answered. */
  ok: boolean;
  /**
   * A routing loop: the route repeats an address, answers from no new address after that (it
   * cycles until the hop limit runs out) and never reaches the target. One router answering
   * two TTLs in a row on a route that goes on (MPLS without TTL propagation, a firewall) is
   * not a loop: see route-loop.ts.
   */
  loops: boolean;
  /** Tunnel id per step, when the traversal goes through tunnels. */
  tunnel?: (string | undefined)[];
}

export interface TunnelInfo {
  id: string;
  ingress?: string;
  egress?: string;
  members: string[];
}

export interface TraversalSet {
  traversals: Traversal[];
  nodes: Map<string, NodeInfo>;
  tunnels: Map<string, TunnelInfo>;
  rounds: number[];
  targets: string[];
  truncated: { agents: number; rounds: number; routes: number };
}

const roundOf = (trace: PathTrace): number =>
  typeof trace.roundId === 'number' && Number.isFinite(trace.roundId) ? trace.roundId : 0;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;

export function readTraversals(input: readonly PathTrace[], limits: LocalizeLimits): TraversalSet {
  const traces = usableTraces(input);
  const allRounds = [...new Set(traces.map(roundOf))].sort((a, b) => a - b);
  const rounds = allRounds.slice(Math.max(0, allRounds.length - limits.maxRounds));
  const keptRounds = new Set(rounds);
  const agents = new Set<string>();
  const leftOutAgents = new Set<string>();
  const nodes = new Map<string, NodeInfo>();
  const traversals: Traversal[] = [];
  const targets = new Set<string>();
  let steps = 0;
  let leftOutRoutes = 0;
  for (const trace of traces) {
    if (!keptRounds.has(roundOf(trace))) continue;
    const agent = String(trace.agentId);
    if (!agents.has(agent)) {
      if (agents.size >= limits.maxAgents) {
        leftOutAgents.add(agent);
        continue;
      }
      agents.add(agent);
    }
    const target = typeof trace.serverIp === 'string' ? trace.serverIp : '';
    if (target) targets.add(target);
    const routes: unknown = trace.routes;
    if (!Array.isArray(routes)) continue;
    const objects = routes.filter((route): route is PathRoute => typeof route === 'object' && route !== null);
    leftOutRoutes += Math.max(0, objects.length - limits.maxRoutesPerTrace);
    for (const route of objects.slice(0, limits.maxRoutesPerTrace)) {
      if (steps >= limits.maxSteps) {
        leftOutRoutes++;
        continue;
      }
      const traversal = readRoute(agent, roundOf(trace), target, usableHops(route.hops), nodes);
      if (steps + traversal.steps.length > limits.maxSteps) {
        leftOutRoutes++;
        continue;
      }
      steps += traversal.steps.length;
      traversals.push(traversal);
    }
  }
  const tunnels = findTunnels(traversals);
  return {
    traversals,
    nodes,
    tunnels,
    rounds,
    targets: [...targets],
    truncated: { agents: leftOutAgents.size, rounds: allRounds.length - rounds.length, routes: leftOutRoutes },
  };
}

/** The route's usable hops (as usableRoutes keeps them) in hop order: sorted only when they are not. */
function usableHops(hops: unknown): PathHop[] {
  if (!Array.isArray(hops)) return [];
  const out: PathHop[] = [];
  let ordered = true;
  for (const hop of hops) {
    if (!isUsableHop(hop)) continue;
    if (out.length > 0 && hop.hop < out[out.length - 1]!.hop) ordered = false;
    out.push(hop);
  }
  return ordered ? out : out.sort((a, b) => a.hop - b.hop);
}

/** The merge's routeSteps, with the node details first seen kept as the merge keeps them. */
function readRoute(
  agent: string,
  round: number,
  target: string,
  hops: readonly PathHop[],
  nodes: Map<string, NodeInfo>,
): Traversal {
  const agentId = agentNodeId(agent);
  let agentNode = nodes.get(agentId);
  if (!agentNode) nodes.set(agentId, (agentNode = { id: agentId, kind: 'agent', mpls: false }));
  const steps = [agentId];
  const infos = [agentNode];
  const rtt: (number | undefined)[] = [0];
  const seen = new Map<string, number>();
  let previousHop = 0;
  const addresses: string[] = [];
  for (const hop of hops) {
    if (hop.hop <= previousHop) continue;
    const times = (seen.get(hop.ipAddress) ?? 0) + 1;
    seen.set(hop.ipAddress, times);
    addresses.push(hop.ipAddress);
    const id = times === 1 ? hop.ipAddress : `${hop.ipAddress}~loop${times}`;
    const gap = hop.hop - previousHop - 1;
    const previousId = steps[steps.length - 1]!;
    for (let i = 1; i <= gap; i++) {
      const starId = starNodeId(previousId, id, i, gap);
      let star = nodes.get(starId);
      if (!star) nodes.set(starId, (star = { id: starId, kind: 'star', mpls: false }));
      steps.push(starId);
      infos.push(star);
      rtt.push(undefined);
    }
    let node = nodes.get(id);
    if (!node) {
      node = { id, kind: 'hop', ip: hop.ipAddress, mpls: false };
      nodes.set(id, node);
    }
    if (hop.prefix !== undefined) node.prefix ??= text(hop.prefix);
    if (hop.rdns !== undefined) node.rdns ??= text(hop.rdns);
    if (hop.network !== undefined) node.network ??= text(hop.network);
    if (hop.location !== undefined) node.location ??= text(hop.location);
    if (hop.mpls !== undefined && !node.mpls && mplsLabels(hop.mpls).length > 0) node.mpls = true;
    steps.push(id);
    infos.push(node);
    rtt.push(time(hop.responseTime));
    previousHop = hop.hop;
  }
  // A hop the API lists answered, with or without a response time; only stars are silent.
  let last = 0;
  for (let i = steps.length - 1; i > 0; i--)
    if (infos[i]!.kind === 'hop') {
      last = i;
      break;
    }
  const reached = steps.length > 1 && infos[infos.length - 1]!.ip === target && target !== '';
  const loops = isRoutingLoop(addresses, reached);
  return { agent, round, target, steps, nodes: infos, rtt, last, reached, ok: reached, loops };
}

/**
 * Runs of labelled hops on each route (stars between two labelled hops belong to the run)
 * joined over all routes into tunnels; each is named by its most common ingress and egress.
 */
function findTunnels(traversals: Traversal[]): Map<string, TunnelInfo> {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    for (let next = parent.get(root); next !== undefined && next !== root; next = parent.get(root)) root = next;
    for (let at = id; at !== root;) {
      const next = parent.get(at)!;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  const runs: { traversal: Traversal; from: number; to: number }[] = [];
  for (const traversal of traversals) {
    const { steps, nodes } = traversal;
    for (let i = 1; i < steps.length; i++) {
      if (!nodes[i]!.mpls) continue;
      let to = i;
      for (let j = i + 1; j < steps.length; j++) {
        if (nodes[j]!.mpls) to = j;
        else if (nodes[j]!.kind !== 'star') break;
      }
      if (!parent.has(steps[i]!)) parent.set(steps[i]!, steps[i]!);
      for (let j = i + 1; j <= to; j++) {
        if (!parent.has(steps[j]!)) parent.set(steps[j]!, steps[j]!);
        const a = find(steps[i]!);
        const b = find(steps[j]!);
        if (a !== b) parent.set(b, a);
      }
      runs.push({ traversal, from: i, to });
      i = to;
    }
  }
  const byRoot = new Map<string, { members: Set<string>; ingress: Map<string, number>; egress: Map<string, number> }>();
  for (const { traversal, from, to } of runs) {
    const root = find(traversal.steps[from]!);
    const entry = byRoot.get(root) ?? {
      members: new Set<string>(),
      ingress: new Map<string, number>(),
      egress: new Map<string, number>(),
    };
    for (let j = from; j <= to; j++) entry.members.add(traversal.steps[j]!);
    count(entry.ingress, traversal.steps[from - 1]!);
    if (to + 1 < traversal.steps.length) count(entry.egress, traversal.steps[to + 1]!);
    byRoot.set(root, entry);
  }
  const tunnels = new Map<string, TunnelInfo>();
  const idOfRoot = new Map<string, string>();
  for (const [root, entry] of byRoot) {
    const ingress = mostCommon(entry.ingress);
    const egress = mostCommon(entry.egress);
    let id = `mpls:${ingress ?? '?'}>${egress ?? '?'}`;
    for (let n = 2; tunnels.has(id); n++) id = `mpls:${ingress ?? '?'}>${egress ?? '?'}#${n}`;
    tunnels.set(id, { id, ingress, egress, members: [...entry.members] });
    idOfRoot.set(root, id);
  }
  for (const { traversal, from, to } of runs) {
    traversal.tunnel ??= new Array<string | undefined>(traversal.steps.length).fill(undefined);
    const id = idOfRoot.get(find(traversal.steps[from]!))!;
    for (let j = from; j <= to; j++) traversal.tunnel[j] = id;
  }
  return tunnels;
}

export function count<K>(map: Map<K, number>, key: K, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** The key counted most (the first seen of equal counts). */
export function mostCommon<K>(map: ReadonlyMap<K, number>): K | undefined {
  let best: K | undefined;
  let bestCount = -1;
  for (const [key, n] of map)
    if (n > bestCount) {
      best = key;
      bestCount = n;
    }
  return best;
}

/**
 * Per step, the smallest response time of it and every later answering step (the delay that
 * persists downstream); undefined for steps that did not answer or are skipped.
 */
export function persistentRtt(
  traversal: Traversal,
  skip: (index: number) => boolean = () => false,
): (number | undefined)[] {
  const out = new Array<number | undefined>(traversal.steps.length).fill(undefined);
  let min = Infinity;
  for (let i = traversal.steps.length - 1; i >= 0; i--) {
    const value = traversal.rtt[i];
    if (value === undefined || skip(i)) continue;
    min = Math.min(min, value);
    out[i] = min;
  }
  return out;
}

/** What every part of localization shares over one call: the traversals read, and what all rounds tell. */
export interface LocalizeContext {
  set: TraversalSet;
  /** `target \n hop id` of hops seen right before an answering target. */
  beforeTarget: Set<string>;
  /** Targets some traversal got an answer from. */
  reachedTargets: Set<string>;
  agentName: (agentId: string) => string;
  limits: LocalizeLimits;
  locations?: LocalizeOptions['locations'];
}

export function localizeContext(
  set: TraversalSet,
  agentName: (agentId: string) => string,
  limits: LocalizeLimits,
  locations?: LocalizeOptions['locations'],
): LocalizeContext {
  const beforeTarget = new Set<string>();
  const reachedTargets = new Set<string>();
  for (const t of set.traversals) {
    if (!t.ok) continue;
    reachedTargets.add(t.target);
    const before = t.steps[t.steps.length - 2];
    if (before !== undefined && t.nodes[t.steps.length - 2]!.kind === 'hop') beforeTarget.add(`${t.target}\n${before}`);
  }
  return { set, beforeTarget, reachedTargets, agentName, limits, ...(locations ? { locations } : {}) };
}

/**
 * The step's key as a place on the path: its tunnel when inside one, else its node id; undefined for stars outside
 * tunnels.
 */
export function placeOf(t: Traversal, index: number): string | undefined {
  const tunnel = t.tunnel?.[index];
  if (tunnel !== undefined) return tunnel;
  return t.nodes[index]!.kind === 'star' ? undefined : t.steps[index]!;
}
