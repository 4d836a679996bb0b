// Layout of a merged hop graph: ours (src/analysis/path) vs @dagrejs/dagre on the same
// graph — 200 agents × 30 hops, two ECMP lanes, silent routers and lost probes (stars).
// Times are medians of a few runs on a shared machine: noisy, compare the ratio.
// Crossings are counted the same way for both: proper intersections of drawn polylines.
import dagre from '@dagrejs/dagre';
import { mergePathTraces } from '../src/analysis/path/merge';
import { DEFAULT_LAYOUT, layoutHopGraph } from '../src/analysis/path/layout';
import { countPolylineCrossings, type Point } from '../src/analysis/path/crossings';
import type { HopGraph } from '../src/analysis/path/model';
import { syntheticTraces } from '../test/unit/path/synthetic';
import { timed } from './_timing';

const graph = mergePathTraces(
  syntheticTraces({ agents: 200, hops: 30, rounds: 3, ecmp: true, silentRouters: 0.08, seed: 7 }),
);
console.log(
  `graph: ${graph.nodes.length} nodes, ${graph.links.length} links, ${graph.nodes.filter((n) => n.kind === 'star').length} stars`,
);

function dagreLayout(hopGraph: HopGraph): Point[][] {
  const g = new dagre.graphlib.Graph();
  g.setGraph({
    rankdir: 'LR',
    ranksep: DEFAULT_LAYOUT.rankSep,
    nodesep: DEFAULT_LAYOUT.nodeSep,
    edgesep: DEFAULT_LAYOUT.edgeSep,
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of hopGraph.nodes)
    g.setNode(node.id, { width: DEFAULT_LAYOUT.nodeHeight, height: DEFAULT_LAYOUT.nodeHeight });
  for (const link of hopGraph.links) g.setEdge(link.from, link.to);
  dagre.layout(g);
  // Centre to centre through dagre's bend points, like our polylines through dummies.
  return g.edges().map((e) => {
    const from = g.node(e.v);
    const to = g.node(e.w);
    const bends = (g.edge(e).points ?? []).slice(1, -1);
    return [{ x: from.x, y: from.y }, ...bends.map((p: Point) => ({ x: p.x, y: p.y })), { x: to.x, y: to.y }];
  });
}

const ours = timed(7, () => layoutHopGraph(graph.nodes, graph.links));
const baseline = timed(3, () => dagreLayout(graph));
const ourCrossings = countPolylineCrossings(ours.result.links.map((l) => l.points));
const dagreCrossings = countPolylineCrossings(baseline.result);
console.log(
  `ours: ${ours.ms.toFixed(1)} ms, ${ourCrossings} crossings (layer-pair count ${ours.result.crossings}); dagre: ${baseline.ms.toFixed(1)} ms, ${dagreCrossings} crossings`,
);
console.log(
  `BENCH path ours=${ours.ms.toFixed(1)} baseline=${baseline.ms.toFixed(1)} ratio=${(baseline.ms / ours.ms).toFixed(1)} crossings=${ourCrossings}/${dagreCrossings}`,
);
