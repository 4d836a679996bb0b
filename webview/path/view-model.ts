// What the panel draws for one load and one set of view options: the merged graph
// (grouped / collapsed as asked), its layout, and lookups the view needs.
import {
  adjacency,
  avgMs,
  collapseChains,
  groupByKey,
  layoutHopGraph,
  linkDelayMs,
  lossPct,
  mergePathTraces,
  type GroupBy,
  type HopGraph,
  type HopLink,
  type HopNode,
  type PathLayout,
} from '../../src/analysis/path';
import { diffPathTraces, type PathDiff } from '../../src/analysis/path/diff';
import type { PathTrace } from '../../src/api/types';

export interface ViewOptions {
  groupBy: GroupBy | 'none';
  collapse: boolean;
}

export interface ViewModel {
  graph: HopGraph;
  layout: PathLayout;
  nodeById: Map<string, HopNode>;
  linkById: Map<string, HopLink>;
  /** Successors and predecessors by node id (drawn direction). */
  next: Map<string, string[]>;
  previous: Map<string, string[]>;
  /** Set when comparing with a baseline: what changed, by node and link id of `graph` (the union). */
  diff?: PathDiff;
}

/** With a baseline, the graph is the union of both rounds, ungrouped (a group would hide what changed). */
export function buildView(
  traces: readonly PathTrace[],
  options: ViewOptions,
  baseline?: { traces: readonly PathTrace[]; names: Record<string, string> },
): ViewModel {
  const diff = baseline ? diffPathTraces(baseline.traces, traces, baseline.names) : undefined;
  let graph = diff ? diff.union : mergePathTraces(traces);
  if (!diff && options.groupBy !== 'none') graph = groupByKey(graph, options.groupBy);
  if (!diff && options.collapse) graph = collapseChains(graph);
  const layout = layoutHopGraph(
    graph.nodes.map((n) => ({ id: n.id, minHop: n.minHop, height: n.kind === 'group' ? 22 : 18 })),
    graph.links,
    { rankSep: 92 },
  );
  const { next, previous } = adjacency(graph.links);
  return {
    graph,
    layout,
    next,
    previous,
    ...(diff ? { diff } : {}),
    nodeById: new Map(graph.nodes.map((n) => [n.id, n])),
    linkById: new Map(graph.links.map((l) => [l.id, l])),
  };
}

/** Node and link ids on any route of one agent. */
export function agentPath(view: ViewModel, agentId: string): { nodes: Set<string>; links: Set<string> } {
  const nodes = new Set<string>();
  const links = new Set<string>();
  for (const route of view.graph.routesByAgent[agentId] ?? []) {
    route.forEach((id, i) => {
      nodes.add(id);
      if (i > 0) links.add(`${route[i - 1]}->${id}`);
    });
  }
  return { nodes, links };
}

/** Case-insensitive match on IP, prefix, rDNS, network and location. */
export function searchNodes(view: ViewModel, query: string, agentName: (id: string) => string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const matches = view.graph.nodes.filter((n) => {
    const fields = [
      n.ip,
      n.prefix,
      n.rdns,
      n.network,
      n.location,
      n.groupKey,
      n.kind === 'agent' ? agentName(n.id.slice('agent:'.length)) : undefined,
    ];
    return fields.some((f) => f?.toLowerCase().includes(needle));
  });
  return matches
    .sort(
      (a, b) =>
        view.layout.nodes.get(a.id)!.layer - view.layout.nodes.get(b.id)!.layer ||
        view.layout.nodes.get(a.id)!.y - view.layout.nodes.get(b.id)!.y,
    )
    .map((n) => n.id);
}

export interface Scale {
  label: string;
  upTo: number;
}

export const DELAY_SCALE: Scale[] = [
  { label: '< 5 ms', upTo: 5 },
  { label: '5–20 ms', upTo: 20 },
  { label: '20–50 ms', upTo: 50 },
  { label: '≥ 50 ms', upTo: Infinity },
];
export const RESPONSE_SCALE: Scale[] = [
  { label: '< 20 ms', upTo: 20 },
  { label: '20–60 ms', upTo: 60 },
  { label: '60–120 ms', upTo: 120 },
  { label: '≥ 120 ms', upTo: Infinity },
];
export const LOSS_SCALE: Scale[] = [
  { label: 'No loss', upTo: 0 },
  { label: '≤ 10 %', upTo: 10 },
  { label: '≤ 50 %', upTo: 50 },
  { label: '> 50 %', upTo: Infinity },
];

/** Step 0..3 of a value on a scale; undefined when unknown. */
export function step(value: number | undefined, scale: readonly Scale[]): number | undefined {
  if (value === undefined || Number.isNaN(value)) return undefined;
  const index = scale.findIndex((s) => value <= s.upTo);
  return index === -1 ? scale.length - 1 : index;
}

export const nodeLoss = (node: HopNode): number => lossPct(node.stats);
export const nodeLatency = (node: HopNode): number | undefined => avgMs(node.stats);
export const linkDelay = (link: HopLink): number | undefined => linkDelayMs(link);

/** A node never answered: drawn hollow. */
export const isUnresponsive = (node: HopNode): boolean =>
  node.kind === 'star' || (node.kind === 'hop' && node.stats.replies === 0);
