import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { localizePathTraces, type LossFinding, type PathLocalization } from '../../../src/analysis/path/localize';
import { agentNodeId } from '../../../src/analysis/path';
import { TARGET_IP } from './traces';
import {
  BAD_BRANCH,
  ECMP_SPLIT,
  EGRESS,
  FURTHER,
  GOOD_BRANCH,
  INGRESS,
  IXP,
  LOSS_STARTS,
  LSRS,
  RATE_LIMITED,
  ecmpOneBranchLoses,
  forwardingLossAtExchange,
  healthy,
  lossBeforeTheEdge,
  lossPersistsDownstream,
  mplsTunnel,
  rateLimitedHop,
  routingLoop,
  stars,
  terminalLoss,
} from './localize-fixtures';

const only = (loc: PathLocalization): LossFinding => {
  assert.equal(loc.loss.length, 1, loc.lines.join('\n'));
  return loc.loss[0]!;
};
const range = (prefix: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(2, '0')}`);

describe('forwarding loss', () => {
  const loc = localizePathTraces(forwardingLossAtExchange());

  test('loss starting at an exchange hop is blamed on it, with the agents that lose and the agents that cross it', () => {
    const finding = only(loc);
    assert.equal(finding.kind, 'forwarding');
    assert.equal(finding.at.id, IXP);
    assert.deepEqual([finding.at.network, finding.at.location], ['AS174 Cogent', 'Madrid, ES']);
    assert.deepEqual(finding.agents, range('a', 1, 9));
    assert.deepEqual(finding.agentsCrossing, range('a', 1, 12));
    assert.deepEqual([finding.traversals, finding.traversalsCrossing], [9, 12]);
    assert.deepEqual(finding.hopIds, [IXP]);
    assert.equal(loc.healthy, false);
  });

  test('the lines say it in words with numbers, the banner first', () => {
    assert.match(
      loc.headline,
      /^9 of 14 agents lose packets after 154\.54\.43\.176 \(AS174 Cogent, Madrid, ES\): forwarding loss/,
    );
    assert.match(loc.headline, /12 agents' routes cross it/);
    assert.ok(loc.lines.includes('9 of 14 agents lose packets after 154.54.43.176.'));
  });

  test('agents are grouped by verdict, each agent once', () => {
    assert.deepEqual(
      loc.verdicts.map((v) => [v.kind, v.findingId, v.agents.length]),
      [
        ['forwarding-loss', `loss:${IXP}`, 9],
        ['ok', undefined, 5],
      ],
    );
    assert.equal(loc.verdicts[1]!.line, '5 of 14 agents reach the target without loss.');
    const all = loc.verdicts.flatMap((v) => v.agents);
    assert.equal(new Set(all).size, 14);
  });

  test('loss that starts at one hop and persists is blamed there, with where some traversals got to first', () => {
    const persistent = localizePathTraces(lossPersistsDownstream());
    const finding = only(persistent);
    assert.equal(finding.at.id, LOSS_STARTS);
    assert.deepEqual(finding.alsoStoppedAt, [FURTHER]);
    assert.deepEqual(finding.agents, ['p1', 'p2', 'p3', 'p4']);
    assert.deepEqual([finding.traversals, finding.traversalsCrossing], [5, 8]);
    assert.match(finding.line, /some got as far as 10\.6\.0\.1 first, the loss persists downstream/);
  });

  test('a silent target after a hop past the losing one is folded into it too, not called terminal', () => {
    const finding = only(localizePathTraces(lossPersistsDownstream({ lastHop: true })));
    assert.equal(finding.kind, 'forwarding');
    assert.equal(finding.at.id, LOSS_STARTS);
    assert.deepEqual(finding.alsoStoppedAt, [FURTHER]);
  });

  test('one lost traversal upstream does not swallow a loss point most agents stop at', () => {
    // Every agent of the exchange crosses one ISP hop; a01 alone stops there (1 of 12: not where loss starts).
    const traces = forwardingLossAtExchange().map((t) => ({
      ...t,
      routes: t.routes.map((r) => ({
        ...r,
        hops: r.hops.map((h) => (h.ipAddress.startsWith('80.58.0.') ? { ...h, ipAddress: '80.58.0.1' } : h)),
      })),
    }));
    traces[0]!.routes[0]!.hops = traces[0]!.routes[0]!.hops.slice(0, 2);
    const loc2 = localizePathTraces(traces);
    assert.deepEqual(
      loc2.loss.map((f) => [f.at.id, f.agents.length, f.agentsCrossing.length]),
      [
        [IXP, 8, 11],
        ['80.58.0.1', 1, 12],
      ],
    );
    assert.deepEqual(loc2.loss[0]!.alsoStoppedAt, []);
  });

  test('a routing loop is reported on the lost route, and bounded', () => {
    const loop = localizePathTraces(routingLoop());
    const finding = only(loop);
    assert.equal(finding.loops, 1);
    assert.equal(finding.at.ip, '10.8.0.2');
    assert.match(finding.at.id, /^10\.8\.0\.2~loop\d+$/);
    assert.match(finding.line, /1 lost route loops \(an address repeats\)/);
  });

  test('a routing loop is its own finding, naming both routers it bounces between', () => {
    const loop = localizePathTraces(routingLoop());
    assert.equal(loop.routingLoops.length, 1);
    const [found] = loop.routingLoops;
    assert.deepEqual(
      found!.routers.map((r) => r.id),
      ['10.8.0.1', '10.8.0.2'],
    );
    assert.equal(found!.id, 'loop:10.8.0.1<>10.8.0.2');
    assert.deepEqual(found!.agents, ['l1']);
    assert.equal(
      found!.line,
      'Routing loop between 10.8.0.1 and 10.8.0.2: 1 of 1 traversal of l1 bounces there until the hop limit runs out, never reaching the target.',
    );
    assert.ok(loop.lines.includes(found!.line), 'the loop has a line of its own in the report');
    assert.deepEqual(localizePathTraces(healthy()).routingLoops, [], 'no repeated address, no loop');
  });
});

describe('terminal loss', () => {
  test('only the target silent, after a hop other routes show right before it: terminal, not the network', () => {
    const loc = localizePathTraces(terminalLoss());
    const finding = only(loc);
    assert.equal(finding.kind, 'terminal');
    assert.equal(finding.id, `terminal:${TARGET_IP}`);
    assert.equal(finding.at.id, TARGET_IP);
    assert.deepEqual(
      finding.lastAnswering!.map((h) => h.id),
      ['198.51.100.1'],
    );
    // t5 lists the target without a response time: the API says it answered, so t5 reached it.
    assert.deepEqual(finding.agents, ['t3', 't4']);
    assert.deepEqual(finding.agentsCrossing, ['t1', 't2', 't3', 't4', 't5']);
    assert.match(
      finding.line,
      /^The target 203\.0\.113\.10 does not answer 2 of 5 agents although the path up to 198\.51\.100\.1 works: terminal loss at the destination/,
    );
    assert.deepEqual(
      loc.verdicts.map((v) => [v.kind, v.agents.length]),
      [
        ['terminal-loss', 2],
        ['ok', 3],
      ],
    );
    assert.equal(loc.verdicts[0]!.line, '2 of 5 agents get no answer from the target 203.0.113.10 (terminal loss).');
  });

  test("stopping one hop before the target's last hop is forwarding loss", () => {
    const finding = only(localizePathTraces(lossBeforeTheEdge()));
    assert.equal(finding.kind, 'forwarding');
    assert.equal(finding.at.id, '10.9.0.1');
    assert.deepEqual(finding.agents, ['t3', 't4']);
  });

  test('no route reaching the target is said, since a destination filtering probes looks the same', () => {
    const traces = forwardingLossAtExchange().slice(0, 9);
    const finding = only(localizePathTraces(traces));
    assert.equal(finding.targetNeverReached, true);
    assert.match(finding.line, /no route reached the target in this data/);
  });
});

describe('hops not to blame', () => {
  test('an intermediate hop silent or slow while later hops answer is rate limiting, not loss', () => {
    const loc = localizePathTraces(rateLimitedHop());
    assert.equal(loc.healthy, true);
    assert.deepEqual(loc.loss, []);
    const [limited] = loc.rateLimited;
    assert.equal(limited?.hop.id, RATE_LIMITED);
    // r1 lists the hop without a time: it answered (a silent hop would be a star), so only r2's slow reply counts.
    assert.deepEqual([limited!.silent, limited!.slow, limited!.slowByMs, limited!.traversals], [0, 1, 78, 3]);
    assert.deepEqual(limited!.agents, ['r2']);
    assert.match(
      limited!.line,
      /^10\.2\.0\.1 answers 78 ms slower than the hops after it in 1 of 3 traversals, .*ICMP rate limiting, not a fault\.$/,
    );
    assert.deepEqual(loc.delay, [], 'the slow reply adds no latency to the path');
  });

  test('stars are never blamed and do not break where loss starts', () => {
    const loc = localizePathTraces(stars());
    const hop = loc.loss.find((f) => f.at.kind === 'hop')!;
    assert.equal(hop.at.id, '10.3.0.1');
    assert.deepEqual(hop.agents, ['s1', 's2'], 's1 has a star before the hop, s2 none');
    assert.deepEqual(hop.agentsCrossing, ['s1', 's2', 's3']);
    const everyId = [...loc.loss.flatMap((f) => [f.at.id, ...f.hopIds]), ...loc.rateLimited.map((r) => r.hop.id)];
    assert.ok(
      everyId.every((id) => !id.startsWith('star(')),
      everyId.join(' '),
    );
  });

  test('an agent with no hop answering is lost next to the agent', () => {
    const loc = localizePathTraces(stars());
    const local = loc.loss.find((f) => f.at.kind === 'agent')!;
    assert.equal(local.at.id, agentNodeId('s4'));
    assert.deepEqual(local.agents, ['s4']);
    assert.match(
      local.line,
      /^1 of 4 agents gets no answer from any hop after agent s4: the loss is next to the agent/,
    );
    assert.ok(
      loc.verdicts.some((v) => v.kind === 'forwarding-loss' && v.findingId === undefined && v.agents[0] === 's4'),
    );
  });
});

describe('ECMP', () => {
  test('only one branch losing: the branch hop is blamed, counting only the agents through it', () => {
    const loc = localizePathTraces(ecmpOneBranchLoses());
    const finding = only(loc);
    assert.equal(finding.at.id, BAD_BRANCH);
    assert.deepEqual(finding.agentsCrossing, ['e01', 'e02', 'e03', 'e04']);
    assert.deepEqual([finding.traversals, finding.traversalsCrossing], [4, 4]);
    assert.equal(finding.branch?.divergesAt.id, ECMP_SPLIT);
    assert.deepEqual(
      finding.branch?.healthy.map((h) => h.id),
      [GOOD_BRANCH],
    );
    assert.match(
      finding.line,
      /only routes leaving 10\.1\.1\.1 for 10\.2\.0\.2 lose, those via 10\.2\.0\.1 reach the target/,
    );
    assert.deepEqual(
      loc.verdicts.map((v) => [v.kind, v.agents.length, v.traversalsLost, v.traversals]),
      [
        ['forwarding-loss', 4, 4, 8],
        ['ok', 2, 0, 2],
      ],
    );
    assert.equal(loc.verdicts[0]!.line, '4 of 6 agents lose packets after 10.2.0.2 (4 of 8 traversals).');
  });
});

describe('MPLS tunnels', () => {
  const loc = localizePathTraces(mplsTunnel());

  test('loss inside a tunnel is blamed on the tunnel as a whole, named by its ingress and egress', () => {
    const finding = only(loc);
    assert.equal(finding.id, `loss:mpls:${INGRESS}>${EGRESS}`);
    assert.equal(finding.tunnel?.ingress?.id, INGRESS);
    assert.equal(finding.tunnel?.egress?.id, EGRESS);
    assert.equal(finding.at.id, INGRESS);
    assert.deepEqual(finding.agents, ['m4', 'm5'], 'm4 stops at the first labelled hop, m5 at the second: one finding');
    assert.deepEqual(finding.agentsCrossing, ['m1', 'm2', 'm3', 'm4', 'm5']);
    for (const id of [INGRESS, ...LSRS, EGRESS]) assert.ok(finding.hopIds.includes(id), id);
    assert.ok(
      finding.tunnel!.members.some((id) => id.startsWith('star(')),
      'the star between two labelled hops is inside',
    );
    assert.match(
      finding.line,
      /^2 of 5 agents lose packets inside the MPLS tunnel from 4\.69\.0\.1 \(AS3356 Level3, Denver, US\) to 4\.69\.2\.1 \(AS3356 Level3, Chicago, US\)/,
    );
  });

  test("latency inside a tunnel is the tunnel's, not its first labelled hop's", () => {
    assert.equal(loc.delay.length, 1);
    const [delay] = loc.delay;
    assert.equal(delay!.tunnel?.id, `mpls:${INGRESS}>${EGRESS}`);
    assert.deepEqual([delay!.from.id, delay!.to.id, delay!.increaseMs], [INGRESS, EGRESS, 38]);
    assert.deepEqual(delay!.agents, ['m1', 'm2', 'm3']);
    assert.match(
      delay!.line,
      /^The latency appears inside the MPLS tunnel from 4\.69\.0\.1 .* \(\+38 ms, 3 of 3 agents crossing it\); no baseline .* It may be on the reverse path: replies can return by another route\.$/,
    );
    assert.ok(delay!.linkIds.includes(`${INGRESS}->${LSRS[0]}`));
  });
});

describe('a healthy path', () => {
  test('says no loss localized', () => {
    const loc = localizePathTraces(healthy());
    assert.equal(loc.healthy, true);
    assert.deepEqual([loc.loss, loc.delay, loc.rateLimited], [[], [], []]);
    assert.equal(loc.headline, 'No loss localized: all 3 agents reach 203.0.113.10.');
    assert.deepEqual(loc.lines, [loc.headline, '3 of 3 agents reach the target without loss.']);
    assert.equal(loc.reachedTarget, 3);
  });

  test('no data is not called healthy', () => {
    const loc = localizePathTraces([]);
    assert.equal(loc.healthy, false);
    assert.equal(loc.headline, 'No path trace data to localize.');
  });
});
