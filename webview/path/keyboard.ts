// Arrow-key travel through the graph: right/left along links (to the nearest
// neighbour vertically), up/down within a layer, Home/End to first agent/target.
import type { ViewModel } from './view-model';

export function nextNode(view: ViewModel, current: string | undefined, key: string): string | undefined {
  const layers = view.layout.layers;
  if (current === undefined || !view.layout.nodes.has(current)) return layers[0]?.[0];
  const here = view.layout.nodes.get(current)!;
  const nearest = (ids: readonly string[] | undefined): string | undefined => {
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const id of ids ?? []) {
      const distance = Math.abs(view.layout.nodes.get(id)!.y - here.y);
      if (distance < bestDistance) {
        best = id;
        bestDistance = distance;
      }
    }
    return best;
  };
  switch (key) {
    case 'ArrowRight':
      return nearest(view.next.get(current)) ?? current;
    case 'ArrowLeft':
      return nearest(view.previous.get(current)) ?? current;
    case 'ArrowUp':
      return layers[here.layer]![here.order - 1] ?? current;
    case 'ArrowDown':
      return layers[here.layer]![here.order + 1] ?? current;
    case 'Home':
      return layers[0]?.[0];
    case 'End':
      return view.graph.nodes.find((n) => n.isTarget)?.id ?? current;
    default:
      return undefined;
  }
}
