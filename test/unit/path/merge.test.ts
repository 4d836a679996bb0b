import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  agentNodeId,
  avgMs,
  linkDelayMs,
  lossPct,
  mergePathTraces,
  starNodeId,
  tracerouteToPathTrace,
  type HopGraph,
} from '../../../src/analysis/path';
import type { PathTrace } from '../../../src/api/types';
import { hop, trace, TARGET_IP } from './traces';
import { hopRows } from '../../../src/analysis/path/text-report';
import { syntheticTraces } from './synthetic';

const node = (graph: HopGraph, id: string) => {
  const found = graph.nodes.find((n) => n.id === id);
  assert.ok(found, `node ${id} exists`);
  return found;
};
const link = (graph: HopGraph, from: string, to: string) => graph.links.find((l) => l.from === from && l.to === to);

describe('stars (missing hop numbers)', () => {
  test('a gap of two hops becomes two unknown nodes between the known neighbours', () => {
    const graph = mergePathTraces([
      trace('a1', [[hop(1, '10.1.1.1', 2), hop(2, '10.2.2.2', 5), hop(5, TARGET_IP, 30)]]),
    ]);
    const first = starNodeId('10.2.2.2', TARGET_IP, 1, 2);
    const second = starNodeId('10.2.2.2', TARGET_IP, 2, 2);
    assert.equal(node(graph, first).kind, 'star');
    assert.deepEqual([node(graph, first).minHop, node(graph, second).minHop], [3, 4]);
    assert.ok(link(graph, '10.2.2.2', first) && link(graph, first, second) && link(graph, second, TARGET_IP));
    assert.equal(link(graph, '10.2.2.2', TARGET_IP), undefined, 'no shortcut link over the stars');
    assert.equal(lossPct(node(graph, first).stats), 100);
  });

  test('the same gap between the same neighbours merges; different gaps stay apart', () => {
    const graph = mergePathTraces([
      trace('a1', [[hop(1, '10.1.1.1', 2), hop(3, TARGET_IP, 9)]]),
      trace('a2', [[hop(1, '10.1.1.1', 2), hop(3, TARGET_IP, 9)]]),
      trace('a3', [[hop(1, '10.9.9.9', 2), hop(3, TARGET_IP, 9)]]),
      trace('a4', [[hop(1, '10.1.1.1', 2), hop(4, TARGET_IP, 9)]]),
    ]);
    const shared = node(graph, starNodeId('10.1.1.1', TARGET_IP, 1, 1));
    assert.deepEqual(shared.agents, ['a1', 'a2']);
    assert.equal(shared.stats.samples, 2);
    assert.equal(graph.nodes.filter((n) => n.kind === 'star').length, 1 + 1 + 2);
  });

  test('a route that starts with stars gets unknown nodes right after the agent', () => {
    const graph = mergePathTraces([trace('a1', [[hop(3, '10.3.3.3', 7), hop(4, TARGET_IP, 9)]])]);
    const star = starNodeId(agentNodeId('a1'), '10.3.3.3', 1, 2);
    assert.ok(link(graph, agentNodeId('a1'), star));
    assert.equal(node(graph, '10.3.3.3').minHop, 3);
  });

  test('delay across a gap is spread evenly over its links', () => {
    const graph = mergePathTraces([trace('a1', [[hop(1, '10.1.1.1', 5), hop(3, TARGET_IP, 45)]])]);
    const star = starNodeId('10.1.1.1', TARGET_IP, 1, 1);
    assert.equal(linkDelayMs(link(graph, '10.1.1.1', star)!), 20);
    assert.equal(linkDelayMs(link(graph, star, TARGET_IP)!), 20);
    assert.equal(linkDelayMs(link(graph, agentNodeId('a1'), '10.1.1.1')!), 5);
  });
});

describe('ECMP and routing loops', () => {
  test('two routes of one trace branch at the router where they diverge and join again', () => {
    const graph = mergePathTraces([
      trace('a1', [
        [hop(1, '10.1.1.1', 1), hop(2, '10.2.0.1', 5), hop(3, '10.3.0.1', 8), hop(4, TARGET_IP, 12)],
        [hop(1, '10.1.1.1', 1), hop(2, '10.2.0.2', 6), hop(3, '10.3.0.1', 9), hop(4, TARGET_IP, 12)],
      ]),
    ]);
    const out = graph.links
      .filter((l) => l.from === '10.1.1.1')
      .map((l) => l.to)
      .sort();
    assert.deepEqual(out, ['10.2.0.1', '10.2.0.2']);
    assert.deepEqual(link(graph, '10.1.1.1', '10.2.0.1')!.pathIds, ['a1-1700000000-0']);
    assert.deepEqual(link(graph, '10.3.0.1', TARGET_IP)!.pathIds, ['a1-1700000000-0', 'a1-1700000000-1']);
    assert.equal(graph.routesByAgent.a1!.length, 2);
  });

  test('an IP seen twice on one route is a separate loop node, so the route stays acyclic', () => {
    const graph = mergePathTraces([
      trace('a1', [
        [
          hop(1, '10.1.1.1', 1),
          hop(2, '10.2.2.2', 4),
          hop(3, '10.3.3.3', 6),
          hop(4, '10.2.2.2', 8),
          hop(5, TARGET_IP, 9),
        ],
      ]),
    ]);
    const repeat = node(graph, '10.2.2.2~loop2');
    assert.equal(repeat.loopOf, '10.2.2.2');
    assert.equal(repeat.ip, '10.2.2.2');
    assert.ok(link(graph, '10.3.3.3', '10.2.2.2~loop2'));
    assert.equal(link(graph, '10.3.3.3', '10.2.2.2'), undefined);
  });
});

describe('merging many agents and rounds', () => {
  const traces = syntheticTraces({ agents: 50, hops: 20, rounds: 3, ecmp: true, silentRouters: 0.05, seed: 3 });
  const graph = mergePathTraces(traces);

  test('every IP is one node and every agent reaches the one target node', () => {
    const ips = graph.nodes.filter((n) => n.kind === 'hop' && !n.loopOf).map((n) => n.ip);
    assert.equal(new Set(ips).size, ips.length);
    const target = node(graph, traces[0]!.serverIp);
    assert.equal(target.isTarget, true);
    assert.equal(target.agents.length, 50);
    assert.equal(target.stats.samples, 50 * 3 * 2, 'agents × rounds × ECMP routes');
    assert.deepEqual(graph.rounds.length, 3);
  });

  test('per-node stats cover every traversal across agents and rounds', () => {
    const gatewayOfFirst = traces[0]!.routes[0]!.hops.find((h) => h.hop === 1);
    if (gatewayOfFirst) {
      const gateway = node(graph, gatewayOfFirst.ipAddress);
      assert.equal(gateway.agents.length, 1);
      assert.ok(gateway.stats.samples <= 6 && gateway.stats.samples >= 1);
      assert.ok(avgMs(gateway.stats)! >= gateway.stats.bestMs && avgMs(gateway.stats)! <= gateway.stats.worstMs);
    }
    const totalFromAgents = graph.links
      .filter((l) => l.from.startsWith('agent:'))
      .reduce((sum, l) => sum + l.samples, 0);
    assert.equal(totalFromAgents, 50 * 3 * 2);
  });

  test('shared routers are seen by many agents, and MPLS tunnels are marked', () => {
    const busiest = graph.nodes
      .filter((n) => n.kind === 'hop')
      .reduce((a, b) => (b.agents.length > a.agents.length ? b : a));
    assert.ok(busiest.agents.length >= 25);
    assert.ok(graph.nodes.some((n) => n.mpls.length > 0));
    assert.ok(graph.links.some((l) => l.mpls));
  });
});

describe('loss and MPLS', () => {
  test('a route that stops before the target counts as lost at its last hop', () => {
    const graph = mergePathTraces([
      trace('a1', [[hop(1, '10.1.1.1', 1), hop(2, '10.2.2.2', 4)]]),
      trace('a2', [[hop(1, '10.1.1.1', 1), hop(2, '10.2.2.2', 4), hop(3, TARGET_IP, 9)]]),
    ]);
    const stopped = node(graph, '10.2.2.2');
    assert.equal(stopped.stats.endedHere, 1);
    assert.equal(lossPct(stopped.stats), 50);
    assert.equal(lossPct(node(graph, '10.1.1.1').stats), 0);
  });

  test('MPLS labels are kept on hops and mark the link inside the tunnel', () => {
    const graph = mergePathTraces([
      trace('a1', [
        [
          hop(1, '10.1.1.1', 1),
          hop(2, '10.2.2.2', 4, { mpls: ['L=24001 E=0 S=1'] }),
          hop(3, '10.3.3.3', 6, { mpls: ['L=24017 E=0 S=1'] }),
          hop(4, TARGET_IP, 9),
        ],
      ]),
    ]);
    assert.deepEqual(node(graph, '10.2.2.2').mpls, ['L=24001 E=0 S=1']);
    assert.equal(link(graph, '10.2.2.2', '10.3.3.3')!.mpls, true);
    assert.equal(link(graph, '10.1.1.1', '10.2.2.2')!.mpls, false);
  });

  test('a session traceroute (delay, name, asn, mpls) merges like a path trace', () => {
    const converted = tracerouteToPathTrace(
      '198.51.100.7',
      [
        { hop: 1, delay: 2, ipAddress: '192.168.1.1', name: 'router.lan' },
        {
          hop: 2,
          delay: 9,
          ipAddress: '100.64.0.1',
          name: '',
          asn: 64500,
          prefix: '100.64.0.0/10',
          mpls: ['L=16 E=0 S=1'],
        },
        { hop: 4, delay: 30, ipAddress: '198.51.100.7', name: 'target.example', asn: 64501 },
      ],
      { agentId: 'e1', roundId: 5 },
    );
    const graph = mergePathTraces([converted]);
    assert.equal(node(graph, '100.64.0.1').network, 'AS64500');
    assert.equal(node(graph, '100.64.0.1').prefix, '100.64.0.0/10');
    assert.deepEqual(node(graph, '100.64.0.1').mpls, ['L=16 E=0 S=1']);
    assert.equal(node(graph, '192.168.1.1').rdns, 'router.lan');
    assert.equal(node(graph, '198.51.100.7').isTarget, true);
    assert.equal(graph.nodes.filter((n) => n.kind === 'star').length, 1);
    assert.equal(avgMs(node(graph, '198.51.100.7').stats), 30);
  });
});

test('traces that are not the shape they should be are skipped, not thrown on, and a hop number cannot ask for a million stars', () => {
  const good = {
    agentId: 'a-1',
    roundId: 1,
    serverIp: '203.0.113.9',
    sourceIp: '10.0.0.2',
    sourcePrefix: '',
    permalink: '',
    server: 'x',
    routes: [
      {
        pathId: 'p',
        hops: [
          { hop: 1, ipAddress: '10.0.0.1' },
          null,
          5,
          { hop: 'x', ipAddress: '10.9.9.9' },
          { hop: 2, ipAddress: '203.0.113.9' },
        ],
      },
    ],
  };
  const hostile = [
    null,
    7,
    { agentId: 'a-2', routes: 5 },
    { agentId: 'a-3', routes: [null, { pathId: 'q', hops: 'x' }] },
    {
      agentId: 'a-4',
      roundId: 1,
      serverIp: '203.0.113.9',
      routes: [
        {
          pathId: 'r',
          hops: [
            { hop: 1_000_000_000, ipAddress: '203.0.113.9' },
            { hop: 1, ipAddress: '10.0.0.1' },
          ],
        },
      ],
    },
  ];
  const graph = mergePathTraces([good, ...hostile] as unknown as PathTrace[]);
  assert.deepEqual(graph.routesByAgent['a-1'], [['agent:a-1', '10.0.0.1', '203.0.113.9']]);
  assert.deepEqual(graph.routesByAgent['a-4'], [['agent:a-4', '10.0.0.1']]);
  assert.ok(graph.nodes.length < 10, `${graph.nodes.length} nodes`);
});

describe('a hop listed without its response time', () => {
  // The API leaves a hop that did not answer out of the route (a star) and omits
  // responseTime when it is unknown: a listed hop answered, its time is just not known.
  test('answered: no loss, no latency figure, and the text report agrees', () => {
    const traces = [trace('a1', [[hop(1, '10.0.0.1', 1), hop(2, '10.0.0.2'), hop(3, TARGET_IP, 9)]])];
    const node = mergePathTraces(traces).nodes.find((n) => n.id === '10.0.0.2')!;
    assert.equal(lossPct(node.stats), 0);
    assert.equal(node.stats.replies, 1);
    assert.equal(avgMs(node.stats), undefined);
    const row = hopRows(traces).find((r) => r.host.includes('10.0.0.2'))!;
    assert.equal(row.lossPct, 0);
    assert.equal(row.avgMs, undefined);
  });
});
