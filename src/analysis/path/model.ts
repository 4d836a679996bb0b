// The merged hop graph: what the path panel draws and the text report summarises.
// Nodes are keyed by IP so the same router seen by many agents and rounds is one node.

export type HopNodeKind =
  /** The agent that ran the trace (layer 0). */
  | 'agent'
  /** A hop that answered with an IP. */
  | 'hop'
  /** A star: a hop number that no router answered for. */
  | 'star'
  /** Several nodes merged by grouping (network/prefix) or chain collapsing. */
  | 'group';

/** Latency and reply counts of a node or link over every agent, round and route seen. */
export interface HopStats {
  /** How many route traversals passed this node. */
  samples: number;
  /**
   * Traversals where the hop answered: it is listed with its address. (The API leaves out a
   * hop that did not answer — a star — and omits responseTime when it is unknown.)
   */
  replies: number;
  /** Replies that carried a response time: what the latency figures average over. */
  timed: number;
  /** Traversals where the route ended here without reaching the target. */
  endedHere: number;
  /** Traversals that either got no reply or ended here. */
  lost: number;
  sumMs: number;
  bestMs: number;
  worstMs: number;
}

export interface HopNode {
  /** IP for answering hops; `star(prev>next)#i/n` for stars; `agent:<id>` for sources. */
  id: string;
  kind: HopNodeKind;
  ip?: string;
  prefix?: string;
  rdns?: string;
  network?: string;
  location?: string;
  /** MPLS labels seen on this hop (any agent, any round). */
  mpls: string[];
  /** Smallest hop number this node was seen at; agents are 0. */
  minHop: number;
  /** True when the node is the trace target (serverIp). */
  isTarget: boolean;
  /**
   * Set for the second and later appearances of an IP on one route, kept apart so the route
   * stays acyclic. Most are one router answering several TTLs (MPLS, a firewall), not a loop.
   */
  loopOf?: string;
  /** A repeat on a route that is a routing loop (route-loop.ts: repeats, nothing new after, target never reached). */
  routingLoop?: boolean;
  agents: string[];
  stats: HopStats;
  /** For group nodes: the ids of the merged nodes, in path order. */
  members?: string[];
  /** For group nodes: why they were merged. */
  groupKey?: string;
}

export interface HopLink {
  id: string;
  from: string;
  to: string;
  /** Traversals of this link. */
  samples: number;
  /** Link delay samples: response-time deltas (gaps spread evenly over the stars). */
  delaySamples: number;
  sumDelayMs: number;
  /** Both ends are inside an MPLS tunnel. */
  mpls: boolean;
  agents: string[];
  /** Path ids of the routes that use the link (ECMP alternatives differ here). */
  pathIds: string[];
}

export interface HopGraph {
  nodes: HopNode[];
  links: HopLink[];
  /** Per agent, the node ids of every route, for highlighting one agent's path. */
  routesByAgent: Record<string, string[][]>;
  targets: string[];
  rounds: number[];
}

export function emptyStats(): HopStats {
  return { samples: 0, replies: 0, timed: 0, endedHere: 0, lost: 0, sumMs: 0, bestMs: Infinity, worstMs: -Infinity };
}

export function lossPct(stats: HopStats): number {
  return stats.samples === 0 ? 0 : (100 * stats.lost) / stats.samples;
}

export function avgMs(stats: HopStats): number | undefined {
  return stats.timed === 0 ? undefined : stats.sumMs / stats.timed;
}

export function linkDelayMs(link: HopLink): number | undefined {
  return link.delaySamples === 0 ? undefined : link.sumDelayMs / link.delaySamples;
}

export function mergeStats(into: HopStats, from: HopStats): void {
  into.samples += from.samples;
  into.replies += from.replies;
  into.timed += from.timed;
  into.endedHere += from.endedHere;
  into.lost += from.lost;
  into.sumMs += from.sumMs;
  into.bestMs = Math.min(into.bestMs, from.bestMs);
  into.worstMs = Math.max(into.worstMs, from.worstMs);
}

/** Successors and predecessors of every node, by id, in link direction. */
export function adjacency(links: readonly HopLink[]): { next: Map<string, string[]>; previous: Map<string, string[]> } {
  const next = new Map<string, string[]>();
  const previous = new Map<string, string[]>();
  for (const link of links) {
    appendTo(next, link.from, link.to);
    appendTo(previous, link.to, link.from);
  }
  return { next, previous };
}

function appendTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
