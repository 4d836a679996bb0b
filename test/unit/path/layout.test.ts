import { describe, test } from 'node:test';
import dagre from '@dagrejs/dagre';
import assert from 'node:assert/strict';
import {
  bilayerCrossings,
  countPolylineCrossings,
  layoutHopGraph,
  mergePathTraces,
  type PathLayout,
} from '../../../src/analysis/path';
import { placeInOrder } from '../../../src/analysis/path/layout-coords';
import { hop, trace, TARGET_IP } from './traces';
import { syntheticTraces } from './synthetic';

function assertForward(layout: PathLayout): void {
  for (const link of layout.links) {
    const from = layout.nodes.get(link.from)!;
    const to = layout.nodes.get(link.to)!;
    if (link.reversed) assert.ok(from.layer > to.layer, `reversed ${link.id} drawn backwards`);
    else assert.ok(to.layer > from.layer, `${link.id}: layer ${from.layer} -> ${to.layer}`);
  }
}

describe('layered layout', () => {
  const graph = mergePathTraces(
    syntheticTraces({ agents: 40, hops: 22, rounds: 2, ecmp: true, silentRouters: 0.1, seed: 11 }),
  );
  const layout = layoutHopGraph(graph.nodes, graph.links);

  test('every link goes to a higher layer and layer is at least the hop distance', () => {
    assertForward(layout);
    assert.ok(
      layout.links.every((l) => !l.reversed),
      'traces without loops need no reversed links',
    );
    for (const n of graph.nodes) assert.ok(layout.nodes.get(n.id)!.layer >= n.minHop);
    assert.ok(graph.nodes.filter((n) => n.kind === 'agent').every((n) => layout.nodes.get(n.id)!.layer === 0));
  });

  test('nodes in a layer do not overlap and keep their order top to bottom', () => {
    for (const layer of layout.layers) {
      const ys = layer.map((id) => layout.nodes.get(id)!.y);
      for (let i = 1; i < ys.length; i++) assert.ok(ys[i]! - ys[i - 1]! >= 18, `gap ${ys[i]! - ys[i - 1]!}`);
    }
  });

  test('long links bend through one point per skipped layer and the count of crossings matches the drawing', () => {
    for (const link of layout.links) {
      const span = layout.nodes.get(link.to)!.layer - layout.nodes.get(link.from)!.layer;
      assert.equal(link.points.length, span + 1);
    }
    assert.equal(countPolylineCrossings(layout.links.map((l) => l.points)), layout.crossings);
  });

  test('a cycle across routes is broken by drawing one link backwards, never by a loop in the layering', () => {
    const cyclic = mergePathTraces([
      trace('a1', [[hop(1, '10.0.0.1', 1), hop(2, '10.0.0.2', 2), hop(3, TARGET_IP, 3)]]),
      trace('a2', [[hop(1, '10.0.0.2', 1), hop(2, '10.0.0.1', 2), hop(3, TARGET_IP, 3)]]),
    ]);
    const cyclicLayout = layoutHopGraph(cyclic.nodes, cyclic.links);
    assertForward(cyclicLayout);
    assert.equal(cyclicLayout.links.filter((l) => l.reversed).length, 1);
  });

  test('no more crossings than dagre on the same graph, counted the same way', () => {
    const g = new dagre.graphlib.Graph();
    g.setGraph({ rankdir: 'LR', ranksep: 110, nodesep: 26, edgesep: 8 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const node of graph.nodes) g.setNode(node.id, { width: 18, height: 18 });
    for (const link of graph.links) g.setEdge(link.from, link.to);
    dagre.layout(g);
    const dagreLines = g
      .edges()
      .map((e) =>
        [g.node(e.v), ...(g.edge(e).points ?? []).slice(1, -1), g.node(e.w)].map((p) => ({ x: p.x, y: p.y })),
      );
    const ours = countPolylineCrossings(layout.links.map((l) => l.points));
    assert.ok(
      ours <= countPolylineCrossings(dagreLines),
      `ours ${ours} vs dagre ${countPolylineCrossings(dagreLines)}`,
    );
  });

  test('crossing reduction untangles two interleaved chains', () => {
    const nodes = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => ({ id, minHop: Math.floor(i / 2) }));
    // In listing order a→d and b→c would cross; the ordering phase must not keep that.
    const links = [
      ['a', 'd'],
      ['b', 'c'],
      ['c', 'f'],
      ['d', 'e'],
    ].map(([from, to]) => ({ id: `${from}${to}`, from: from!, to: to! }));
    const tangled = layoutHopGraph(nodes, links);
    assert.equal(tangled.crossings, 0);
    assert.equal(countPolylineCrossings(tangled.links.map((l) => l.points)), 0);
  });
});

describe('counting crossings', () => {
  test('two edges between two layers cross once when their ends swap', () => {
    assert.equal(
      bilayerCrossings(
        [
          [0, 1],
          [1, 0],
        ],
        2,
      ),
      1,
    );
    assert.equal(
      bilayerCrossings(
        [
          [0, 0],
          [1, 1],
        ],
        2,
      ),
      0,
    );
    assert.equal(
      bilayerCrossings(
        [
          [0, 2],
          [1, 1],
          [2, 0],
        ],
        3,
      ),
      3,
    );
  });

  test('polylines that meet at a shared node do not cross; an X does', () => {
    const x = [
      [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
      [
        { x: 0, y: 10 },
        { x: 10, y: 0 },
      ],
    ];
    assert.equal(countPolylineCrossings(x), 1);
    const fan = [
      [
        { x: 0, y: 0 },
        { x: 10, y: 10 },
      ],
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
    ];
    assert.equal(countPolylineCrossings(fan), 0);
  });

  test('placing a layer keeps order and spacing as close to the targets as possible', () => {
    assert.deepEqual(placeInOrder([0, 0, 0], [10, 10]), [-10, 0, 10]);
    assert.deepEqual(placeInOrder([0, 50], [10]), [0, 50]);
  });
});
