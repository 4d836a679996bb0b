// Merges detailed path traces (many agents × rounds × ECMP routes) into one hop graph.
import { usableRoutes, usableVpnRoutes } from './usable';
import type { PathHop, PathTrace, TracerouteHop } from '../../api/types';
import { emptyStats, type HopGraph, type HopLink, type HopNode } from './model';
import { mplsLabels } from '../../api/types';
import { isRoutingLoop } from './route-loop';

interface NodeBuilder {
  node: HopNode;
  agents: Set<string>;
  mpls: Set<string>;
}
interface LinkBuilder {
  link: HopLink;
  agents: Set<string>;
  pathIds: Set<string>;
}

/** One step of a route after stars are filled in: the node and what this traversal saw. */
/** One place on a route: `replied` for a listed hop (a star did not), its time when the API gave one. */
interface Step {
  id: string;
  replied: boolean;
  responseTime?: number;
  mpls: boolean;
}

export const agentNodeId = (agentId: string): string => `agent:${agentId}`;
export const starNodeId = (prev: string, next: string, index: number, gap: number): string =>
  `star(${prev}>${next})#${index}/${gap}`;

/** Where a star sits, read back from its id (the id is for keys and highlighting, never for reading). */
export interface StarPosition {
  after: string;
  before: string;
  index: number;
  gap: number;
}

export function starPosition(id: string): StarPosition | undefined {
  const STAR = 'star(';
  const close = id.lastIndexOf(')#');
  if (!id.startsWith(STAR) || close < 0) return undefined;
  const ends = id.slice(STAR.length, close);
  // The hop after the gap is an address (or address~loopN), so the last '>' separates the two.
  const split = ends.lastIndexOf('>');
  const [index, gap] = id
    .slice(close + 2)
    .split('/')
    .map(Number);
  if (split < 0 || !Number.isInteger(index) || !Number.isInteger(gap)) return undefined;
  return { after: ends.slice(0, split), before: ends.slice(split + 1), index: index!, gap: gap! };
}

export class HopGraphBuilder {
  private readonly nodes = new Map<string, NodeBuilder>();
  private readonly links = new Map<string, LinkBuilder>();
  private readonly routes = new Map<string, Map<string, string[]>>();
  private readonly targets = new Set<string>();
  private readonly rounds = new Set<number>();

  addTrace(trace: PathTrace): void {
    if (typeof trace !== 'object' || trace === null) return;
    const agentId = String(trace.agentId);
    this.rounds.add(trace.roundId);
    if (trace.serverIp) this.targets.add(trace.serverIp);
    const source = this.ensureNode(agentNodeId(agentId), 'agent', 0, agentId);
    source.node.ip ??= trace.sourceIp || undefined;
    source.node.prefix ??= trace.sourcePrefix || undefined;
    for (const route of usableRoutes(trace)) this.addRoute(agentId, trace.serverIp, route.pathId, route.hops);
    // v7's VPN traces end at the concentrator: drawn beside the routes, it is a target of its own
    // (reaching it is not a route that stopped short), as v6 shows the tunnel inside its routes.
    for (const route of usableVpnRoutes(trace)) {
      const concentrator = route.hops.reduce<PathHop | undefined>(
        (last, hop) => (!last || hop.hop > last.hop ? hop : last),
        undefined,
      )?.ipAddress;
      if (concentrator === undefined) continue;
      this.targets.add(concentrator);
      this.addRoute(agentId, concentrator, route.pathId, route.hops);
    }
  }

  build(): HopGraph {
    const nodes = [...this.nodes.values()].map(({ node, agents, mpls }) => ({
      ...node,
      agents: [...agents].sort(),
      mpls: [...mpls].sort(),
      isTarget: node.ip !== undefined && this.targets.has(node.ip),
    }));
    const links = [...this.links.values()].map(({ link, agents, pathIds }) => ({
      ...link,
      agents: [...agents].sort(),
      pathIds: [...pathIds].sort(),
    }));
    const routesByAgent: Record<string, string[][]> = {};
    for (const [agentId, routes] of this.routes) routesByAgent[agentId] = [...routes.values()];
    return { nodes, links, routesByAgent, targets: [...this.targets], rounds: [...this.rounds].sort((a, b) => a - b) };
  }

  private addRoute(agentId: string, serverIp: string, pathId: string, hops: readonly PathHop[]): void {
    const steps = this.routeSteps(agentId, hops);
    const last = steps[steps.length - 1];
    const reachedTarget = last !== undefined && this.nodes.get(last.id)?.node.ip === serverIp;
    steps.forEach((step, index) => this.countVisit(step, !reachedTarget && index === steps.length - 1));
    // A repeated address is a routing loop only on a route that loops (route-loop.ts): the
    // repeat stays its own node either way, so the route is acyclic.
    const answering = steps.flatMap((s) => {
      const ip = s.replied ? this.nodes.get(s.id)?.node.ip : undefined;
      return ip === undefined ? [] : [ip];
    });
    if (isRoutingLoop(answering, reachedTarget))
      for (const step of steps) {
        const node = this.nodes.get(step.id)?.node;
        if (node?.loopOf !== undefined) node.routingLoop = true;
      }
    for (let i = 1; i < steps.length; i++) this.countLink(agentId, pathId, steps[i - 1]!, steps[i]!);
    this.spreadDelays(steps);
    const ids = steps.map((s) => s.id);
    const known = this.routes.get(agentId) ?? new Map<string, string[]>();
    known.set(ids.join(' '), ids);
    this.routes.set(agentId, known);
  }

  /** The route as node ids from the agent onward, stars filling missing hop numbers. */
  private routeSteps(agentId: string, hops: readonly PathHop[]): Step[] {
    const source = agentNodeId(agentId);
    const steps: Step[] = [{ id: source, replied: true, responseTime: 0, mpls: false }];
    const seenOnRoute = new Map<string, number>();
    let previousHop = 0;
    for (const hop of [...hops].sort((a, b) => a.hop - b.hop)) {
      if (hop.hop <= previousHop) continue;
      const times = (seenOnRoute.get(hop.ipAddress) ?? 0) + 1;
      seenOnRoute.set(hop.ipAddress, times);
      const id = times === 1 ? hop.ipAddress : `${hop.ipAddress}~loop${times}`;
      const gap = hop.hop - previousHop - 1;
      const previousId = steps[steps.length - 1]!.id;
      for (let i = 1; i <= gap; i++) {
        const starId = starNodeId(previousId, id, i, gap);
        this.ensureNode(starId, 'star', previousHop + i, agentId);
        steps.push({ id: starId, replied: false, mpls: false });
      }
      this.addHopNode(id, hop, agentId, times > 1 ? hop.ipAddress : undefined);
      steps.push({
        id,
        replied: true,
        ...(hop.responseTime === undefined ? {} : { responseTime: hop.responseTime }),
        mpls: mplsLabels(hop.mpls).length > 0,
      });
      previousHop = hop.hop;
    }
    return steps;
  }

  private addHopNode(id: string, hop: PathHop, agentId: string, loopOf: string | undefined): void {
    const built = this.ensureNode(id, 'hop', hop.hop, agentId);
    const node = built.node;
    node.ip = hop.ipAddress;
    node.prefix ??= hop.prefix;
    node.rdns ??= hop.rdns;
    node.network ??= hop.network;
    node.location ??= hop.location;
    if (loopOf !== undefined) node.loopOf = loopOf;
    for (const label of mplsLabels(hop.mpls)) built.mpls.add(label);
  }

  private ensureNode(id: string, kind: HopNode['kind'], hopNumber: number, agentId: string): NodeBuilder {
    let built = this.nodes.get(id);
    if (!built) {
      built = {
        node: { id, kind, mpls: [], minHop: hopNumber, isTarget: false, agents: [], stats: emptyStats() },
        agents: new Set(),
        mpls: new Set(),
      };
      this.nodes.set(id, built);
    }
    built.node.minHop = Math.min(built.node.minHop, hopNumber);
    built.agents.add(agentId);
    return built;
  }

  private countVisit(step: Step, endedHere: boolean): void {
    const stats = this.nodes.get(step.id)!.node.stats;
    stats.samples++;
    if (step.replied) stats.replies++;
    if (step.responseTime !== undefined) {
      stats.timed++;
      stats.sumMs += step.responseTime;
      stats.bestMs = Math.min(stats.bestMs, step.responseTime);
      stats.worstMs = Math.max(stats.worstMs, step.responseTime);
    }
    if (endedHere) stats.endedHere++;
    if (!step.replied || endedHere) stats.lost++;
  }

  private countLink(agentId: string, pathId: string, from: Step, to: Step): void {
    const built = this.linkBuilder(from.id, to.id);
    built.link.samples++;
    if (from.mpls && to.mpls) built.link.mpls = true;
    built.agents.add(agentId);
    built.pathIds.add(pathId);
  }

  /**
   * A delay between two answering hops is split evenly over the links of the stars between them.
   * Each hop's time is the persistent one (the smallest of it and every later answer), as
   * localization reads it: a router slow to answer ICMP itself (rate limiting) delays nothing,
   * and the links add up to the round trip to the last hop.
   */
  private spreadDelays(steps: readonly Step[]): void {
    const persistent = new Array<number | undefined>(steps.length).fill(undefined);
    let min = Infinity;
    for (let i = steps.length - 1; i >= 0; i--) {
      const time = steps[i]!.responseTime;
      if (time === undefined) continue;
      min = Math.min(min, time);
      persistent[i] = min;
    }
    let anchor = 0;
    for (let i = 1; i < steps.length; i++) {
      const time = persistent[i];
      if (time === undefined) continue;
      const share = Math.max(0, time - (persistent[anchor] ?? 0)) / (i - anchor);
      for (let j = anchor + 1; j <= i; j++) {
        const link = this.linkBuilder(steps[j - 1]!.id, steps[j]!.id).link;
        link.delaySamples++;
        link.sumDelayMs += share;
      }
      anchor = i;
    }
  }

  private linkBuilder(from: string, to: string): LinkBuilder {
    const id = `${from}->${to}`;
    let built = this.links.get(id);
    if (!built) {
      built = {
        link: { id, from, to, samples: 0, delaySamples: 0, sumDelayMs: 0, mpls: false, agents: [], pathIds: [] },
        agents: new Set(),
        pathIds: new Set(),
      };
      this.links.set(id, built);
    }
    return built;
  }
}

/** Merges every route of every trace (agents × rounds) into one graph. */
export function mergePathTraces(traces: readonly PathTrace[]): HopGraph {
  const builder = new HopGraphBuilder();
  for (const trace of traces) builder.addTrace(trace);
  return builder.build();
}

export interface TracerouteContext {
  agentId: string;
  roundId: number;
  sourceIp?: string;
  pathId?: string;
}

/**
 * A session traceroute (`delay`, `name`, `asn`, `mpls`) in the detailed path-trace shape,
 * so sessions and scheduled tests share the merge, layout and text report.
 */
export function tracerouteToPathTrace(
  destination: string,
  hops: readonly TracerouteHop[],
  context: TracerouteContext,
): PathTrace {
  return {
    agentId: context.agentId,
    permalink: '',
    roundId: context.roundId,
    server: destination,
    serverIp: destination,
    sourceIp: context.sourceIp ?? '',
    sourcePrefix: '',
    routes: [
      {
        pathId: context.pathId ?? `${context.agentId}-${context.roundId}`,
        hops: hops.map((h) => ({
          hop: h.hop,
          ipAddress: h.ipAddress,
          responseTime: h.delay,
          ...(h.name ? { rdns: h.name } : {}),
          ...(h.prefix ? { prefix: h.prefix } : {}),
          ...(h.asn !== undefined ? { network: `AS${h.asn}` } : {}),
          ...(mplsLabels(h.mpls).length > 0 ? { mpls: mplsLabels(h.mpls) } : {}),
        })),
      },
    ],
  };
}
