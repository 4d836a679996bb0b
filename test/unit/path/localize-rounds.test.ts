import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { idsInGraph, localizePathTraces } from '../../../src/analysis/path/localize';
import { groupByKey, mergePathTraces } from '../../../src/analysis/path';
import type { PathTrace } from '../../../src/api/types';
import { hop, trace, TARGET_IP } from './traces';
import { syntheticTraces } from './synthetic';
import {
  ROUND_1,
  ROUND_2,
  delayJump,
  forwardingLossAtExchange,
  routeChange,
  sameRouteCutShort,
} from './localize-fixtures';

describe('latency', () => {
  const loc = localizePathTraces(delayJump());

  test('the link where delay jumps is named by the networks and location of its ends', () => {
    assert.equal(loc.healthy, true);
    const [jump] = loc.delay;
    assert.equal(jump?.increaseMs, 38);
    assert.deepEqual([jump!.from.network, jump!.to.network], ['AS174 Cogent', 'AS20940 Akamai']);
    assert.equal(
      jump!.line,
      'The latency appears between AS174 Cogent and AS20940 Akamai in Madrid, ES (+38 ms, 4 of 5 agents crossing it); no baseline (agent and target locations unknown). It may be on the reverse path: replies can return by another route.',
    );
    assert.deepEqual(jump!.baseline, { source: 'none' });
    assert.deepEqual(jump!.agentsCrossing, ['d1', 'd2', 'd3', 'd4', 'd5'], 'entered from two Cogent routers: one link');
    assert.deepEqual(
      jump!.agents,
      ['d2', 'd3', 'd4', 'd5'],
      "d1's slow Cogent reply hides where its latency appears, and moves nothing for the others",
    );
    for (const id of ['154.54.1.1', '154.54.1.2', '23.0.0.1']) assert.ok(jump!.hopIds.includes(id), id);
    assert.ok(jump!.linkIds.includes('154.54.1.2->23.0.0.1'));
  });

  test('a slow reply at one hop is rate limiting, and agents are grouped by the latency they see', () => {
    assert.equal(loc.rateLimited[0]?.hop.id, '154.54.1.1');
    assert.equal(loc.rateLimited[0]?.slowByMs, 34);
    assert.deepEqual(
      loc.verdicts.map((v) => [v.kind, v.agents]),
      [
        ['delay', ['d2', 'd3', 'd4', 'd5']],
        ['ok', ['d1']],
      ],
    );
    assert.equal(
      loc.verdicts[0]!.line,
      '4 of 5 agents reach the target with latency added between AS174 Cogent and AS20940 Akamai in Madrid, ES (+38 ms).',
    );
  });

  test('without networks, the link is named by its addresses', () => {
    const plain = localizePathTraces([
      trace('x1', [[hop(1, '10.0.0.1', 2), hop(2, '10.0.0.2', 4), hop(3, '10.0.0.3', 64), hop(4, TARGET_IP, 65)]]),
    ]);
    assert.equal(
      plain.delay[0]?.line,
      'The latency appears between 10.0.0.2 and 10.0.0.3 (+60 ms, 1 of 1 agents crossing it); no baseline (agent and target locations unknown). It may be on the reverse path: replies can return by another route.',
    );
  });

  test('inside one network between two cities: distance may explain it, so no agent is called slow', () => {
    const net = { network: 'AS174 Cogent' };
    const plain = localizePathTraces([
      trace('x1', [
        [
          hop(1, '10.0.0.1', 2),
          hop(2, '10.0.0.2', 4, { ...net, location: 'London, GB' }),
          hop(3, '10.0.0.3', 74, { ...net, location: 'New York, US' }),
          hop(4, TARGET_IP, 75),
        ],
      ]),
    ]);
    assert.match(
      plain.delay[0]!.line,
      /^The round trip rises inside AS174 Cogent between London, GB and New York, US \(\+70 ms, 1 of 1 agents crossing it\): a link from London, GB to New York, US, where distance may explain it/,
    );
    assert.equal(plain.delay[0]!.distance, true);
    assert.deepEqual(
      plain.verdicts.map((v) => v.kind),
      ['ok'],
    );
  });

  test('with agent and target located: a healthy London → New York path is within what distance explains, and says so', () => {
    const net = { network: 'AS1299 Arelion' };
    const londonToNewYork = [
      trace('x1', [
        [
          hop(1, '10.0.0.1', 2),
          hop(2, '10.0.0.2', 4, { ...net, location: 'London, GB' }),
          hop(3, '10.0.0.3', 72, { ...net, location: 'London, GB' }),
          hop(4, TARGET_IP, 74),
        ],
      ]),
    ];
    const locations = { agent: () => ({ lat: 51.51, lon: -0.13 }), target: { lat: 40.71, lon: -74.01 } };
    const found = localizePathTraces(londonToNewYork, { locations });
    const delay = found.delay[0]!;
    assert.equal(delay.baseline.source, 'distance');
    assert.equal(delay.distance, true, 'a 74 ms round trip over 5,570 km adds nothing');
    assert.match(
      delay.line,
      /^The round trip rises inside AS1299 Arelion .*but the whole round trip \(74 ms\) is within what distance explains \(84 ms for 5570 km from agent to target\): distance, not latency added\. It may be on the reverse path/,
    );
    assert.deepEqual(
      found.verdicts.map((v) => v.kind),
      ['ok'],
    );
    assert.deepEqual(
      localizePathTraces(londonToNewYork).verdicts.map((v) => v.kind),
      ['delay'],
      'without locations the same rise inside one named place was called added latency',
    );
  });

  test('with agent and target located: a round trip well over the distance floor is latency added, with the excess named', () => {
    const slow = [
      trace('x1', [[hop(1, '10.0.0.1', 2), hop(2, '10.0.0.2', 4), hop(3, '10.0.0.3', 204), hop(4, TARGET_IP, 206)]]),
    ];
    const found = localizePathTraces(slow, {
      locations: { agent: () => ({ lat: 51.51, lon: -0.13 }), target: { lat: 40.71, lon: -74.01 } },
    });
    assert.match(
      found.delay[0]!.line,
      /^The latency appears between 10\.0\.0\.2 and 10\.0\.0\.3 \(\+200 ms, 1 of 1 agents crossing it\); the round trip \(206 ms\) is \+122 ms over what distance explains \(84 ms for 5570 km from agent to target\)\./,
    );
    assert.deepEqual(
      found.verdicts.map((v) => v.kind),
      ['delay'],
    );
  });

  test('over several rounds without locations, a jump is read against the earliest round: added since, or already there', () => {
    const route = (round: number, slowMs: number): PathTrace =>
      trace(
        'x1',
        [[hop(1, '10.0.0.1', 2), hop(2, '10.0.0.2', 4), hop(3, '10.0.0.3', 4 + slowMs), hop(4, TARGET_IP, 5 + slowMs)]],
        round,
      );
    const both = localizePathTraces([route(ROUND_1, 1), route(ROUND_2, 60)]);
    const added = both.delay[0]!;
    assert.ok(both.lines.includes(added.line), 'the report says it the same way');
    assert.deepEqual(added.baseline, { source: 'earlier round', roundId: ROUND_1 });
    assert.match(
      added.line,
      /; against the earliest round, not in the earliest round read \(.+\): added since\. It may be on the reverse path/,
    );
    const always = localizePathTraces([route(ROUND_1, 60), route(ROUND_2, 60)]).delay[0]!;
    assert.deepEqual(always.baseline, { source: 'earlier round', roundId: ROUND_1, earlierMs: 60 });
    assert.match(
      always.line,
      /against the earliest round, already \+60 ms in the earliest round read \(.+\): the path's normal in this range, not a change\./,
    );
  });

  test('a rise inside one place is latency added', () => {
    const net = { network: 'AS174 Cogent', location: 'London, GB' };
    const plain = localizePathTraces([
      trace('x1', [
        [hop(1, '10.0.0.1', 2), hop(2, '10.0.0.2', 4, net), hop(3, '10.0.0.3', 74, net), hop(4, TARGET_IP, 75)],
      ]),
    ]);
    assert.match(plain.delay[0]!.line, /^The latency appears /);
    assert.deepEqual(
      plain.verdicts.map((v) => v.kind),
      ['delay'],
    );
  });
});

describe('rounds', () => {
  const loc = localizePathTraces(routeChange());

  test('a route change between rounds is noted, with where the routes part', () => {
    assert.deepEqual(loc.rounds, [ROUND_1, ROUND_2]);
    assert.equal(loc.routeChangeCount, 3);
    assert.deepEqual(loc.routeChanges[0], {
      agentId: 'c01',
      fromRound: ROUND_1,
      toRound: ROUND_2,
      was: ['192.168.0.1', '10.1.0.1', '10.5.0.1'],
      now: ['192.168.0.1', '10.1.0.1', '10.6.0.1', '10.7.0.1', TARGET_IP],
      divergesAfter: '10.1.0.1',
    });
    assert.ok(
      loc.lines.includes(
        'The route changed after 10.1.0.1 between 2023-11-14T22:13:20Z and 2023-11-14T22:18:20Z for 3 of 3 agents (c01, c02 and c03): loss and delay are localized per round.',
      ),
    );
  });

  test('each round is localized on its own', () => {
    assert.deepEqual(
      loc.perRound.map((r) => [r.roundId, r.healthy, r.loss[0]?.at.id]),
      [
        [ROUND_1, false, '10.5.0.1'],
        [ROUND_2, true, undefined],
      ],
    );
    assert.ok(
      loc.lines.some((l) => l.startsWith('Round 2023-11-14T22:13:20Z: 3 of 3 agents lose packets after 10.5.0.1')),
    );
    assert.ok(loc.lines.includes('Round 2023-11-14T22:18:20Z: No loss localized: all 3 agents reach 203.0.113.10.'));
  });

  test('all rounds together count traversals', () => {
    assert.deepEqual([loc.loss[0]!.traversals, loc.traversals], [3, 6]);
    assert.equal(loc.verdicts[0]!.line, '3 of 3 agents lose packets after 10.5.0.1 (3 of 6 traversals).');
  });

  test('a route cut short by loss is not a route change', () => {
    const cut = localizePathTraces(sameRouteCutShort());
    assert.equal(cut.routeChangeCount, 0);
    assert.equal(cut.perRound.length, 2);
  });

  test('one round has no per-round breakdown', () => {
    assert.deepEqual(localizePathTraces(forwardingLossAtExchange()).perRound, []);
  });
});

describe('the model the panel and --json use', () => {
  test("every hop and link id is the merge's, on a large synthetic world with stars, ECMP and MPLS", () => {
    const traces = syntheticTraces({ agents: 60, hops: 24, rounds: 2, ecmp: true, silentRouters: 0.08, seed: 11 }).map(
      (t, i) =>
        i % 4 === 0 ? { ...t, routes: t.routes.map((r) => ({ ...r, hops: r.hops.filter((h) => h.hop <= 14) })) } : t,
    );
    const loc = localizePathTraces(traces);
    const graph = mergePathTraces(traces);
    const nodes = new Set(graph.nodes.map((n) => n.id));
    const links = new Set(graph.links.map((l) => l.id));
    const ids = [
      ...loc.loss.flatMap((f) => [f.at.id, ...f.hopIds, ...f.alsoStoppedAt, ...(f.tunnel?.members ?? [])]),
      ...loc.delay.flatMap((f) => [f.from.id, f.to.id, ...f.hopIds]),
      ...loc.rateLimited.map((r) => r.hop.id),
    ];
    assert.ok(loc.loss.length > 0 && loc.delay.length > 0);
    for (const id of ids) assert.ok(nodes.has(id), id);
    for (const id of loc.delay.flatMap((f) => f.linkIds)) assert.ok(links.has(id), id);
    for (const agent of loc.loss.flatMap((f) => f.agentsCrossing)) assert.ok(graph.routesByAgent[agent], agent);
  });

  test('it survives JSON unchanged (no Infinity, no undefined fields)', () => {
    const loc = localizePathTraces([...routeChange(), ...delayJump()]);
    assert.deepEqual(JSON.parse(JSON.stringify(loc)), loc);
  });

  test('hop ids map to the groups of a grouped view', () => {
    const as1 = { network: 'AS64501 Access' };
    const traces = [
      trace('g1', [[hop(1, '10.0.0.1', 1, as1), hop(2, '10.0.0.2', 3, as1)]]),
      trace('g2', [
        [hop(1, '10.0.0.1', 1, as1), hop(2, '10.0.0.2', 3, as1), hop(3, '10.0.0.9', 4), hop(4, TARGET_IP, 5)],
      ]),
    ];
    const grouped = groupByKey(mergePathTraces(traces), 'network');
    const finding = localizePathTraces(traces).loss[0]!;
    assert.deepEqual(finding.hopIds, ['10.0.0.2']);
    const shown = idsInGraph(finding.hopIds, grouped);
    assert.equal(shown.length, 1);
    assert.deepEqual(grouped.nodes.find((n) => n.id === shown[0])?.members, ['10.0.0.1', '10.0.0.2']);
    assert.deepEqual(idsInGraph([TARGET_IP, 'nowhere'], grouped), [TARGET_IP]);
  });

  test('agent names are used in the words, ids in the fields', () => {
    const loc = localizePathTraces(routeChange(), { agentName: (id) => `Laptop ${id.toUpperCase()}` });
    assert.ok(loc.lines.some((l) => l.includes('(Laptop C01, Laptop C02 and Laptop C03)')));
    assert.deepEqual(
      loc.routeChanges.map((c) => c.agentId),
      ['c01', 'c02', 'c03'],
    );
  });

  test('outside text in network names stays one line', () => {
    const loc = localizePathTraces([
      trace('x1', [[hop(1, '10.0.0.1', 2, { network: 'AS1 Evil\nNet\u0007', location: 'X'.repeat(500) })]]),
    ]);
    assert.ok(loc.lines.every((l) => !l.includes('\n') && !l.includes('\u0007')));
    assert.ok(loc.loss[0]!.at.label.length < 200);
  });
});

describe('bounds', () => {
  test('agents, rounds and routes past the limits are counted, not read', () => {
    const traces = syntheticTraces({ agents: 30, hops: 12, rounds: 4, ecmp: true, silentRouters: 0, seed: 5 });
    const loc = localizePathTraces(traces, { limits: { maxAgents: 10, maxRounds: 2, maxRoutesPerTrace: 1 } });
    assert.equal(loc.agents.length, 10);
    assert.deepEqual(loc.truncated, { agents: 20, rounds: 2, routes: 10 * 2 });
    assert.equal(loc.traversals, 10 * 2);
    assert.equal(loc.rounds.length, 2);
  });

  test("findings past the limit are not listed, yet every lost agent's verdict still names its hop", () => {
    const traces = Array.from({ length: 6 }, (_, i) =>
      trace(`q${i}`, [[hop(1, `10.0.${i}.1`, 1), hop(2, `10.1.${i}.1`, 3)]]),
    );
    const loc = localizePathTraces(traces, { limits: { maxFindings: 2 } });
    assert.equal(loc.loss.length, 2);
    assert.deepEqual(
      loc.verdicts.map((v) => v.line),
      Array.from({ length: 6 }, (_, i) => `1 of 6 agents loses packets after 10.1.${i}.1.`),
    );
  });

  test('a step budget stops reading long routes', () => {
    const traces = syntheticTraces({ agents: 20, hops: 30, rounds: 1, ecmp: false, silentRouters: 0, seed: 5 });
    const loc = localizePathTraces(traces, { limits: { maxSteps: 100 } });
    assert.ok(loc.traversals <= 4 && loc.traversals > 0, String(loc.traversals));
    assert.equal(loc.truncated.routes, 20 - loc.traversals);
  });

  test('hostile shapes are skipped, and a hop number far out asks for no more than the TTL allows', () => {
    const hostile = [
      null,
      7,
      { agentId: 'b2', routes: 5 },
      { agentId: 'b3', routes: [null, { pathId: 'q', hops: 'x' }] },
      {
        agentId: 'b4',
        roundId: 'x',
        serverIp: 5,
        routes: [
          {
            pathId: 'r',
            hops: [
              { hop: 1_000_000_000, ipAddress: TARGET_IP },
              { hop: 1, ipAddress: '10.0.0.1', responseTime: 'slow' },
            ],
          },
        ],
      },
      {
        agentId: 'b5',
        roundId: 1,
        serverIp: TARGET_IP,
        routes: [
          {
            pathId: 's',
            hops: [
              { hop: 1, ipAddress: '10.0.0.1', responseTime: 1 },
              { hop: 255, ipAddress: TARGET_IP, responseTime: 9, mpls: 5 },
            ],
          },
        ],
      },
    ] as unknown as PathTrace[];
    const loc = localizePathTraces(hostile);
    assert.ok(loc.traversals >= 2);
    assert.equal(
      loc.loss.find((f) => f.agents.includes('b4'))?.at.id,
      '10.0.0.1',
      'a hop listed with a response time that is not a number still answered',
    );
    assert.ok(
      loc.loss.every((f) => !f.agents.includes('b5')),
      'b5 reaches the target across 253 stars',
    );
  });
});
