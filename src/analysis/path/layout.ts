// Layered layout of a hop graph, left to right: layer = hop distance (pushed further when
// an edge would otherwise point backwards), cycles broken first, long edges routed
// through dummy nodes, crossings reduced, then coordinates.
import { orderLayers, type LayeredGraph } from './layout-order';
import { assignCoordinates } from './layout-coords';
import type { Point } from './crossings';

export interface LayoutNodeInput {
  id: string;
  minHop: number;
  height?: number;
}
export interface LayoutLinkInput {
  id: string;
  from: string;
  to: string;
}

export interface LayoutOptions {
  rankSep: number;
  nodeSep: number;
  /** Spacing between long-edge bends (dummy nodes). */
  edgeSep: number;
  nodeHeight: number;
  maxSweeps: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = { rankSep: 110, nodeSep: 26, edgeSep: 8, nodeHeight: 18, maxSweeps: 24 };

/** `order` is the index in `layers[layer]` (real nodes only). */
export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  layer: number;
  order: number;
}
export interface PlacedLink {
  id: string;
  from: string;
  to: string;
  points: Point[];
  /** Drawn against the flow to break a cycle. */ reversed: boolean;
}

export interface PathLayout {
  nodes: Map<string, PlacedNode>;
  links: PlacedLink[];
  /** Real node ids per layer, in drawing order. */
  layers: string[][];
  /** Crossings between adjacent layers, dummies included. */
  crossings: number;
  width: number;
  height: number;
}

export function layoutHopGraph(
  nodes: readonly LayoutNodeInput[],
  links: readonly LayoutLinkInput[],
  options: Partial<LayoutOptions> = {},
): PathLayout {
  const opts = { ...DEFAULT_LAYOUT, ...options };
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const edges = links
    .map((link) => ({ link, from: index.get(link.from), to: index.get(link.to) }))
    .filter(
      (e): e is { link: LayoutLinkInput; from: number; to: number } =>
        e.from !== undefined && e.to !== undefined && e.from !== e.to,
    );
  const reversed = findBackEdges(nodes, edges);
  const directed = edges.map((e, i) => (reversed[i] ? { ...e, from: e.to, to: e.from } : e));
  const layerOf = assignLayers(nodes, directed);
  const layered = buildLayeredGraph(nodes.length, layerOf, directed);
  const crossings = orderLayers(layered.graph, { maxStaleSweeps: 4, maxSweeps: opts.maxSweeps, transposePasses: 4 });
  const real = nodes.length;
  const heightOf = (v: number): number => (v < real ? (nodes[v]!.height ?? opts.nodeHeight) : 0);
  const y = assignCoordinates(layered.graph, {
    passes: 8,
    gapBetween: (a, b) => (heightOf(a) + heightOf(b)) / 2 + (a >= real && b >= real ? opts.edgeSep : opts.nodeSep),
  });
  return assemble(nodes, directed, reversed, layered, y, crossings, opts);
}

/** Iterative DFS in hop order; an edge into a node still on the stack closes a cycle. */
function findBackEdges(nodes: readonly LayoutNodeInput[], edges: readonly { from: number; to: number }[]): boolean[] {
  const out: number[][] = nodes.map(() => []);
  edges.forEach((e, i) => out[e.from]!.push(i));
  const state = new Uint8Array(nodes.length); // 0 new, 1 on stack, 2 done
  const back = edges.map(() => false);
  const starts = nodes.map((_, i) => i).sort((a, b) => nodes[a]!.minHop - nodes[b]!.minHop);
  for (const start of starts) {
    if (state[start]) continue;
    const stack: { v: number; next: number }[] = [{ v: start, next: 0 }];
    state[start] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const edgeIndex = out[top.v]![top.next++];
      if (edgeIndex === undefined) {
        state[top.v] = 2;
        stack.pop();
        continue;
      }
      const to = edges[edgeIndex]!.to;
      if (state[to] === 1) back[edgeIndex] = true;
      else if (state[to] === 0) {
        state[to] = 1;
        stack.push({ v: to, next: 0 });
      }
    }
  }
  return back;
}

/** Longest path from the hop numbers: a node sits at its hop distance unless a predecessor forces it right. */
function assignLayers(nodes: readonly LayoutNodeInput[], edges: readonly { from: number; to: number }[]): Int32Array {
  const layer = Int32Array.from(nodes, (n) => Math.max(0, n.minHop));
  const indegree = new Int32Array(nodes.length);
  const out: number[][] = nodes.map(() => []);
  for (const e of edges) {
    out[e.from]!.push(e.to);
    indegree[e.to]!++;
  }
  const queue: number[] = [];
  indegree.forEach((d, v) => {
    if (d === 0) queue.push(v);
  });
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (const w of out[v]!) {
      layer[w] = Math.max(layer[w]!, layer[v]! + 1);
      if (--indegree[w]! === 0) queue.push(w);
    }
  }
  return layer;
}

interface Layered {
  graph: LayeredGraph;
  layerOf: number[];
  chains: number[][];
}

/** Splits every edge longer than one layer into a chain through dummy nodes. */
function buildLayeredGraph(
  realCount: number,
  layerOf: Int32Array,
  edges: readonly { from: number; to: number }[],
): Layered {
  const layerOfAll = Array.from(layerOf);
  const preds: number[][] = Array.from({ length: realCount }, () => []);
  const succs: number[][] = Array.from({ length: realCount }, () => []);
  const chains = edges.map(({ from, to }) => {
    const chain = [from];
    for (let l = layerOfAll[from]! + 1; l < layerOfAll[to]!; l++) {
      chain.push(layerOfAll.length);
      layerOfAll.push(l);
      preds.push([]);
      succs.push([]);
    }
    chain.push(to);
    for (let i = 1; i < chain.length; i++) {
      succs[chain[i - 1]!]!.push(chain[i]!);
      preds[chain[i]!]!.push(chain[i - 1]!);
    }
    return chain;
  });
  const layerCount = layerOfAll.reduce((m, l) => Math.max(m, l + 1), 0);
  const layers: number[][] = Array.from({ length: layerCount }, () => []);
  layerOfAll.forEach((l, v) => layers[l]!.push(v));
  return { graph: { layers, preds, succs }, layerOf: layerOfAll, chains };
}

function assemble(
  nodes: readonly LayoutNodeInput[],
  edges: readonly { link: LayoutLinkInput }[],
  reversed: readonly boolean[],
  layered: Layered,
  y: Float64Array,
  crossings: number,
  opts: LayoutOptions,
): PathLayout {
  let top = 0;
  for (let v = 0; v < y.length; v++) top = Math.min(top, y[v]! - opts.nodeHeight / 2);
  const point = (v: number): Point => ({ x: layered.layerOf[v]! * opts.rankSep, y: y[v]! - top });
  const placed = new Map<string, PlacedNode>();
  const layers: string[][] = layered.graph.layers.map(() => []);
  for (const layer of layered.graph.layers) {
    for (const v of layer) {
      if (v >= nodes.length) continue;
      const id = nodes[v]!.id;
      const row = layers[layered.layerOf[v]!]!;
      row.push(id);
      placed.set(id, { id, ...point(v), layer: layered.layerOf[v]!, order: row.length - 1 });
    }
  }
  const links = edges.map(({ link }, i) => {
    const points = layered.chains[i]!.map(point);
    return {
      id: link.id,
      from: link.from,
      to: link.to,
      points: reversed[i] ? points.reverse() : points,
      reversed: reversed[i]!,
    };
  });
  let height = 0;
  for (let v = 0; v < y.length; v++) height = Math.max(height, y[v]! - top);
  return {
    nodes: placed,
    links,
    layers,
    crossings,
    width: Math.max(0, layers.length - 1) * opts.rankSep,
    height: height + opts.nodeHeight / 2,
  };
}
