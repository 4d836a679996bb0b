// Simplifying views of a hop graph: grouping neighbouring hops of one network or prefix,
// and collapsing chains of hops that only pass traffic along.
import { adjacency, emptyStats, mergeStats, type HopGraph, type HopLink, type HopNode } from './model';

export type GroupBy = 'network' | 'prefix';

/**
 * Merges nodes into their group (id → group id); links inside a group disappear, links
 * between groups merge. Routes are rewritten so highlighting still works.
 */
export function contractGraph(
  graph: HopGraph,
  groupOf: ReadonlyMap<string, string>,
  describe: (members: HopNode[]) => Partial<HopNode>,
): HopGraph {
  const target = (id: string): string => groupOf.get(id) ?? id;
  const members = new Map<string, HopNode[]>();
  for (const node of graph.nodes) {
    const list = members.get(target(node.id)) ?? [];
    list.push(node);
    members.set(target(node.id), list);
  }
  const nodes = [...members.entries()].map(([id, list]) =>
    list.length === 1 && list[0]!.id === id ? list[0]! : groupNode(id, list, describe),
  );
  const links = new Map<string, HopLink>();
  for (const link of graph.links) {
    const from = target(link.from);
    const to = target(link.to);
    if (from === to) continue;
    const id = `${from}->${to}`;
    const existing = links.get(id);
    if (!existing) {
      links.set(id, { ...link, id, from, to });
      continue;
    }
    existing.samples += link.samples;
    existing.delaySamples += link.delaySamples;
    existing.sumDelayMs += link.sumDelayMs;
    existing.mpls ||= link.mpls;
    existing.agents = union(existing.agents, link.agents);
    existing.pathIds = union(existing.pathIds, link.pathIds);
  }
  const routesByAgent: Record<string, string[][]> = {};
  for (const [agent, routes] of Object.entries(graph.routesByAgent)) {
    routesByAgent[agent] = routes.map((route) =>
      route.map(target).filter((id, i, all) => i === 0 || all[i - 1] !== id),
    );
  }
  return { ...graph, nodes, links: [...links.values()], routesByAgent };
}

function groupNode(id: string, list: HopNode[], describe: (members: HopNode[]) => Partial<HopNode>): HopNode {
  const ordered = [...list].sort((a, b) => a.minHop - b.minHop);
  const stats = emptyStats();
  // Every traversal crosses all members, so summing would count it twice; the group shows
  // its worst member (most lost, then the farthest, whose latency includes the rest).
  const worst = ordered.reduce((a, b) => (b.stats.lost >= a.stats.lost ? b : a));
  mergeStats(stats, worst.stats);
  return {
    id,
    kind: 'group',
    mpls: union(...ordered.map((n) => n.mpls)),
    minHop: ordered[0]!.minHop,
    isTarget: ordered.some((n) => n.isTarget),
    agents: union(...ordered.map((n) => n.agents)),
    stats,
    members: ordered.map((n) => n.id),
    ...describe(ordered),
  };
}

function union(...lists: readonly string[][]): string[] {
  return [...new Set(lists.flat())].sort();
}

/**
 * Groups linked hops that share a network (AS) or prefix. Only neighbours merge, so the
 * same network seen at both ends of a path stays two boxes and no cycle appears.
 */
export function groupByKey(graph: HopGraph, by: GroupBy): HopGraph {
  const keyOf = (node: HopNode): string | undefined => (node.kind === 'hop' ? node[by] : undefined);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  for (const link of graph.links) {
    const key = keyOf(byId.get(link.from)!);
    if (key === undefined || key !== keyOf(byId.get(link.to)!)) continue;
    const a = find(link.from);
    const b = find(link.to);
    if (a !== b) parent.set(b, a);
  }
  const groupOf = new Map<string, string>();
  const sizes = new Map<string, number>();
  for (const node of graph.nodes) sizes.set(find(node.id), (sizes.get(find(node.id)) ?? 0) + 1);
  for (const node of graph.nodes) {
    const root = find(node.id);
    if ((sizes.get(root) ?? 0) > 1) groupOf.set(node.id, `${by}:${keyOf(byId.get(root)!)}@${root}`);
  }
  return contractGraph(graph, groupOf, (members) => ({
    groupKey: keyOf(members[0]!),
    [by]: keyOf(members[0]!),
    network: members[0]!.network,
    location: members[0]!.location,
  }));
}

/**
 * Collapses runs of two or more hops that each have exactly one way in and one way out
 * (and whose neighbours agree), like the "N hops" boxes of the vendor's view.
 */
export function collapseChains(graph: HopGraph, minLength = 2): HopGraph {
  const { next: outLinks, previous: inLinks } = adjacency(graph.links);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const passThrough = (id: string): boolean => {
    const node = byId.get(id)!;
    return node.kind !== 'agent' && !node.isTarget && inLinks.get(id)?.length === 1 && outLinks.get(id)?.length === 1;
  };
  // A link u→v joins one chain when both pass traffic straight through.
  const next = (id: string): string | undefined => {
    const to = outLinks.get(id)?.[0];
    return to !== undefined && passThrough(to) ? to : undefined;
  };
  const groupOf = new Map<string, string>();
  for (const node of graph.nodes) {
    if (!passThrough(node.id)) continue;
    const from = inLinks.get(node.id)![0]!;
    if (passThrough(from)) continue; // not the head of a chain
    const chain = [node.id];
    for (let id = next(node.id); id !== undefined && !chain.includes(id); id = next(id)) chain.push(id);
    if (chain.length < minLength) continue;
    for (const id of chain) groupOf.set(id, `chain:${chain[0]}`);
  }
  return contractGraph(graph, groupOf, (members) => ({ groupKey: `${members.length} hops` }));
}
