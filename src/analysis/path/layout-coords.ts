// Vertical placement within layers: each layer moves toward the mean of its neighbours
// while keeping its order and spacing (weighted isotonic regression, pool-adjacent-
// violators), alternating downward and upward passes.
import type { LayeredGraph } from './layout-order';

export interface CoordinateOptions {
  passes: number;
  gapBetween: (upper: number, lower: number) => number;
}

export function assignCoordinates(graph: LayeredGraph, options: CoordinateOptions): Float64Array {
  const y = new Float64Array(graph.preds.length);
  for (const layer of graph.layers) {
    const gaps = layerGaps(layer, options);
    let at = -gaps.reduce((s, g) => s + g, 0) / 2;
    layer.forEach((v, i) => {
      y[v] = at;
      at += gaps[i] ?? 0;
    });
  }
  for (let pass = 0; pass < options.passes; pass++) {
    const down = pass % 2 === 0;
    const bothSides = pass >= options.passes - 2;
    const count = graph.layers.length;
    for (let step = 0; step < count; step++) {
      const layer = graph.layers[down ? step : count - 1 - step]!;
      const targets = layer.map(
        (v) =>
          meanOf(bothSides ? [...graph.preds[v]!, ...graph.succs[v]!] : down ? graph.preds[v]! : graph.succs[v]!, y) ??
          y[v]!,
      );
      const placed = placeInOrder(targets, layerGaps(layer, options));
      layer.forEach((v, i) => {
        y[v] = placed[i]!;
      });
    }
  }
  return y;
}

function layerGaps(layer: readonly number[], options: CoordinateOptions): number[] {
  const gaps: number[] = [];
  for (let i = 0; i + 1 < layer.length; i++) gaps.push(options.gapBetween(layer[i]!, layer[i + 1]!));
  return gaps;
}

function meanOf(nodes: readonly number[], y: Float64Array): number | undefined {
  if (nodes.length === 0) return undefined;
  let sum = 0;
  for (const v of nodes) sum += y[v]!;
  return sum / nodes.length;
}

/** Positions closest (least squares) to the targets with y[i+1] - y[i] >= gaps[i]. */
export function placeInOrder(targets: readonly number[], gaps: readonly number[]): number[] {
  const offsets: number[] = [0];
  for (let i = 0; i < gaps.length; i++) offsets.push(offsets[i]! + gaps[i]!);
  const blocks: { value: number; size: number }[] = [];
  targets.forEach((target, i) => {
    blocks.push({ value: target - offsets[i]!, size: 1 });
    while (blocks.length > 1 && blocks[blocks.length - 2]!.value > blocks[blocks.length - 1]!.value) {
      const last = blocks.pop()!;
      const previous = blocks[blocks.length - 1]!;
      previous.value = (previous.value * previous.size + last.value * last.size) / (previous.size + last.size);
      previous.size += last.size;
    }
  });
  const placed: number[] = [];
  for (const block of blocks) for (let k = 0; k < block.size; k++) placed.push(block.value + offsets[placed.length]!);
  return placed;
}
