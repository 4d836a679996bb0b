import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { agentNodeId, collapseChains, groupByKey, layoutHopGraph, mergePathTraces } from '../../../src/analysis/path';
import { hop, trace, TARGET_IP } from './traces';

const AS1 = { network: 'AS64501 Access', prefix: '10.1.0.0/16' };
const AS2 = { network: 'AS64502 Transit', prefix: '10.2.0.0/16' };

function twoAgentGraph() {
  return mergePathTraces([
    trace('a1', [
      [
        hop(1, '10.1.0.1', 1, AS1),
        hop(2, '10.1.0.2', 2, AS1),
        hop(3, '10.2.0.1', 5, AS2),
        hop(4, '10.2.0.2', 7, AS2),
        hop(5, '10.1.9.9', 8, AS1),
        hop(6, TARGET_IP, 9),
      ],
    ]),
    trace('a2', [
      [
        hop(1, '10.1.0.5', 1, AS1),
        hop(2, '10.1.0.2', 3, AS1),
        hop(3, '10.2.0.1', 6, AS2),
        hop(4, '10.2.0.2', 7, AS2),
        hop(5, '10.1.9.9', 9, AS1),
        hop(6, TARGET_IP, 10),
      ],
    ]),
  ]);
}

describe('grouping by network or prefix', () => {
  test('linked hops of one network become one box; the same network further on stays separate', () => {
    const grouped = groupByKey(twoAgentGraph(), 'network');
    const groups = grouped.nodes.filter((n) => n.kind === 'group');
    assert.equal(groups.length, 2);
    const access = groups.find((g) => g.network === AS1.network)!;
    assert.deepEqual([...access.members!].sort(), ['10.1.0.1', '10.1.0.2', '10.1.0.5']);
    const transit = groups.find((g) => g.network === AS2.network)!;
    assert.deepEqual(transit.members, ['10.2.0.1', '10.2.0.2']);
    assert.ok(
      grouped.nodes.some((n) => n.id === '10.1.9.9'),
      'AS1 again after the transit is its own node',
    );
    assert.ok(grouped.links.some((l) => l.from === access.id && l.to === transit.id));
    assert.ok(grouped.links.every((l) => l.from !== l.to));
  });

  test('grouping by prefix uses the CIDR, and routes are rewritten for highlighting', () => {
    const grouped = groupByKey(twoAgentGraph(), 'prefix');
    const transit = grouped.nodes.find((n) => n.groupKey === AS2.prefix)!;
    const route = grouped.routesByAgent.a1![0]!;
    assert.ok(route.includes(transit.id));
    assert.equal(route[0], agentNodeId('a1'));
    assert.equal(new Set(route).size, route.length, 'no node repeated after merging');
  });

  test('a grouped graph still lays out with every link pointing forward', () => {
    const grouped = groupByKey(twoAgentGraph(), 'network');
    const layout = layoutHopGraph(grouped.nodes, grouped.links);
    for (const l of layout.links) {
      const [from, to] = [layout.nodes.get(l.from)!, layout.nodes.get(l.to)!];
      assert.ok(l.reversed ? from.layer > to.layer : to.layer > from.layer, l.id);
    }
  });
});

describe('collapsing chains', () => {
  test('a run of pass-through hops becomes one node; branch and merge points stay', () => {
    const graph = mergePathTraces([
      trace('a1', [
        [
          hop(1, '10.0.0.1', 1),
          hop(2, '10.0.0.2', 2),
          hop(3, '10.0.0.3', 3),
          hop(4, '10.0.0.4', 4),
          hop(5, '10.0.0.5', 5),
          hop(6, TARGET_IP, 9),
        ],
      ]),
      trace('a2', [[hop(1, '10.0.9.1', 1), hop(2, '10.0.0.5', 5), hop(3, TARGET_IP, 9)]]),
    ]);
    const collapsed = collapseChains(graph);
    const chain = collapsed.nodes.find((n) => n.kind === 'group')!;
    assert.deepEqual(chain.members, ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']);
    assert.equal(chain.groupKey, '4 hops');
    for (const kept of ['10.0.0.5', TARGET_IP, agentNodeId('a1'), agentNodeId('a2')])
      assert.ok(
        collapsed.nodes.some((n) => n.id === kept),
        kept,
      );
    assert.ok(collapsed.links.some((l) => l.from === agentNodeId('a1') && l.to === chain.id));
    assert.ok(collapsed.links.some((l) => l.from === chain.id && l.to === '10.0.0.5'));
    assert.equal(collapsed.nodes.length, graph.nodes.length - 3);
  });

  test('a single pass-through hop is not a chain', () => {
    const graph = mergePathTraces([trace('a1', [[hop(1, '10.0.0.1', 1), hop(2, TARGET_IP, 9)]])]);
    assert.equal(collapseChains(graph).nodes.length, graph.nodes.length);
  });

  test('a collapsed chain shows its worst member loss', () => {
    const graph = mergePathTraces([
      trace('a1', [
        [hop(1, '10.0.0.1', 1), hop(2, '10.0.0.2', 2), hop(3, '10.0.0.3', 3), hop(4, TARGET_IP, 9)],
        [hop(1, '10.0.0.1', 1), hop(2, '10.0.0.2', 2)],
      ]),
    ]);
    const chain = collapseChains(graph).nodes.find((n) => n.kind === 'group')!;
    assert.equal(chain.stats.lost, 1, 'the route that ended at 10.0.0.2');
  });
});
