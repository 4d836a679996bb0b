// Crossing reduction for a layered graph: DFS initial order, then alternating
// barycenter sweeps (down, up) keeping the best order seen, then adjacent exchanges.

/** Virtual nodes 0..n-1 (real and dummy) with edges only between adjacent layers. */
export interface LayeredGraph {
  layers: number[][];
  preds: number[][];
  succs: number[][];
}

export interface OrderOptions {
  maxStaleSweeps: number;
  maxSweeps: number;
  transposePasses: number;
}

export function orderLayers(graph: LayeredGraph, options: OrderOptions): number {
  const position = new Int32Array(graph.preds.length);
  initialOrder(graph);
  syncPositions(graph.layers, position);
  let best = graph.layers.map((l) => [...l]);
  let bestCrossings = totalCrossings(graph, position);
  for (
    let sweep = 0, stale = 0;
    stale < options.maxStaleSweeps && sweep < options.maxSweeps && bestCrossings > 0;
    sweep++, stale++
  ) {
    const down = sweep % 2 === 0;
    barycenterSweep(graph, position, down, sweep % 4 >= 2);
    const crossings = totalCrossings(graph, position);
    if (crossings < bestCrossings) {
      best = graph.layers.map((l) => [...l]);
      bestCrossings = crossings;
      stale = 0;
    }
  }
  graph.layers = best;
  syncPositions(graph.layers, position);
  for (let pass = 0; pass < options.transposePasses && bestCrossings > 0; pass++) {
    if (!transpose(graph, position)) break;
  }
  return totalCrossings(graph, position);
}

/** Depth-first from the top layer, like dagre's initOrder: linked nodes start close. */
function initialOrder(graph: LayeredGraph): void {
  const layerOf = new Int32Array(graph.preds.length);
  graph.layers.forEach((layer, l) => {
    for (const v of layer) layerOf[v] = l;
  });
  const starts = graph.layers.flat();
  const visited = new Uint8Array(graph.preds.length);
  const next: number[][] = graph.layers.map(() => []);
  for (const start of starts) {
    if (visited[start]) continue;
    const stack = [start];
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (visited[v]) continue;
      visited[v] = 1;
      next[layerOf[v]!]!.push(v);
      const succs = graph.succs[v]!;
      for (let i = succs.length - 1; i >= 0; i--) if (!visited[succs[i]!]) stack.push(succs[i]!);
    }
  }
  graph.layers = next;
}

function syncPositions(layers: readonly number[][], position: Int32Array): void {
  for (const layer of layers)
    layer.forEach((v, i) => {
      position[v] = i;
    });
}

function barycenterSweep(graph: LayeredGraph, position: Int32Array, down: boolean, biasRight: boolean): void {
  const count = graph.layers.length;
  for (let step = 1; step < count; step++) {
    const l = down ? step : count - 1 - step;
    const neighbours = down ? graph.preds : graph.succs;
    graph.layers[l] = sortByBarycenter(graph.layers[l]!, neighbours, position, biasRight);
    graph.layers[l]!.forEach((v, i) => {
      position[v] = i;
    });
  }
}

/** Nodes with no neighbour on the fixed side keep their index; the rest sort by barycenter. */
function sortByBarycenter(
  layer: readonly number[],
  neighbours: readonly number[][],
  position: Int32Array,
  biasRight: boolean,
): number[] {
  const sortable: { v: number; bary: number; index: number }[] = [];
  const fixed: { v: number; index: number }[] = [];
  layer.forEach((v, index) => {
    const nbs = neighbours[v]!;
    if (nbs.length === 0) {
      fixed.push({ v, index });
      return;
    }
    let sum = 0;
    for (const u of nbs) sum += position[u]!;
    sortable.push({ v, bary: sum / nbs.length, index });
  });
  sortable.sort((a, b) => a.bary - b.bary || (biasRight ? b.index - a.index : a.index - b.index));
  const result: number[] = [];
  let f = 0;
  for (const entry of sortable) {
    while (f < fixed.length && fixed[f]!.index <= result.length) result.push(fixed[f++]!.v);
    result.push(entry.v);
  }
  while (f < fixed.length) result.push(fixed[f++]!.v);
  return result;
}

export function totalCrossings(graph: LayeredGraph, position: Int32Array): number {
  let total = 0;
  for (let l = 0; l + 1 < graph.layers.length; l++)
    total += layerPairCrossings(graph.layers[l]!, graph.succs, position, graph.layers[l + 1]!.length);
  return total;
}

const tree = { data: new Int32Array(1024) };

/** Inversions of south positions read in north order (Barth–Jünger–Mutzel with a Fenwick tree). */
function layerPairCrossings(
  north: readonly number[],
  succs: readonly number[][],
  position: Int32Array,
  southCount: number,
): number {
  if (tree.data.length < southCount + 1) tree.data = new Int32Array(2 * southCount + 2);
  const fenwick = tree.data;
  fenwick.fill(0, 0, southCount + 1);
  let seen = 0;
  let crossings = 0;
  const scratch: number[] = [];
  for (const u of north) {
    scratch.length = 0;
    for (const w of succs[u]!) scratch.push(position[w]!);
    if (scratch.length > 1) scratch.sort((a, b) => a - b);
    for (const p of scratch) {
      let atMost = 0;
      for (let k = p + 1; k > 0; k -= k & -k) atMost += fenwick[k]!;
      crossings += seen - atMost;
      for (let k = p + 1; k <= southCount; k += k & -k) fenwick[k]!++;
      seen++;
    }
  }
  return crossings;
}

/** Crossings among the edges of u and v on one side when u is placed before v. */
function pairCrossings(u: readonly number[], v: readonly number[], position: Int32Array): number {
  let crossings = 0;
  for (const a of u) for (const b of v) if (position[a]! > position[b]!) crossings++;
  return crossings;
}

/** Swaps neighbours in a layer while that removes crossings; true when anything moved. */
function transpose(graph: LayeredGraph, position: Int32Array): boolean {
  let improved = false;
  for (const layer of graph.layers) {
    for (let i = 0; i + 1 < layer.length; i++) {
      const u = layer[i]!;
      const v = layer[i + 1]!;
      const before =
        pairCrossings(graph.preds[u]!, graph.preds[v]!, position) +
        pairCrossings(graph.succs[u]!, graph.succs[v]!, position);
      const after =
        pairCrossings(graph.preds[v]!, graph.preds[u]!, position) +
        pairCrossings(graph.succs[v]!, graph.succs[u]!, position);
      if (after < before) {
        layer[i] = v;
        layer[i + 1] = u;
        position[v] = i;
        position[u] = i + 1;
        improved = true;
      }
    }
  }
  return improved;
}
