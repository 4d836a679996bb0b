// A routing loop in traceroute terms: the packets bounce between the same routers until their
// TTL runs out, so the route repeats an address, answers from nothing new after that and never
// reaches the target. One router answering two TTLs in a row (MPLS without TTL propagation, a
// firewall) on a route that goes on to the target is forwarding, not a loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localizePathTraces } from '../../../src/analysis/path/localize';
import { mergePathTraces } from '../../../src/analysis/path';
import { hop, trace, TARGET_IP } from './traces';

const REPEATED = '198.51.100.9';

/** hops …, 198.51.100.9, 198.51.100.9, …, the target: as mtr shows a router answering two TTLs. */
const answersTwice = (agent: string, gateway: string) =>
  trace(agent, [
    [
      hop(1, gateway, 1),
      hop(2, '198.51.100.1', 5),
      hop(3, REPEATED, 9),
      hop(4, REPEATED, 9),
      hop(5, '198.51.100.20', 11),
      hop(6, TARGET_IP, 12),
    ],
  ]);

test('a router answering two TTLs in a row on routes that reach the target is no routing loop', () => {
  const found = localizePathTraces([
    answersTwice('a1', '192.168.1.1'),
    answersTwice('a2', '192.168.2.1'),
    answersTwice('a3', '192.168.3.1'),
  ]);
  assert.equal(found.reachedTarget, 3);
  assert.deepEqual(found.routingLoops, [], found.lines.join('\n'));
  assert.ok(!found.lines.some((l) => /Routing loop|never reaching the target/.test(l)), found.lines.join('\n'));
  assert.equal(found.headline, `No loss localized: all 3 agents reach ${TARGET_IP}.`);
});

test('a repeat on a route that goes on to new routers and then stops is loss there, not a loop', () => {
  const stops = (agent: string) =>
    trace(agent, [[hop(1, '10.0.0.1', 1), hop(2, REPEATED, 5), hop(3, REPEATED, 5), hop(4, '198.51.100.20', 7)]]);
  const found = localizePathTraces([answersTwice('a1', '10.0.0.1'), stops('b1'), stops('b2')]);
  assert.deepEqual(found.routingLoops, []);
  assert.equal(found.loss[0]?.loops, 0, 'no lost route counted as looping');
  assert.equal(found.loss[0]?.confident, true, found.loss[0]?.line);
});

test('a route that bounces between two routers until the hop limit, never reaching the target, is a loop', () => {
  const hops = [hop(1, '10.0.0.1', 1), hop(2, '198.51.100.1', 5)];
  for (let n = 3; n <= 30; n++) hops.push(hop(n, n % 2 ? '198.51.100.7' : REPEATED, 10 + n));
  const found = localizePathTraces([trace('l1', [hops]), answersTwice('a1', '10.0.0.1')]);
  assert.equal(found.routingLoops.length, 1);
  assert.match(
    found.routingLoops[0]!.line,
    /^Routing loop between 198\.51\.100\.7 and 198\.51\.100\.9: 1 of 1 traversal/,
  );
});

test("the panel's graph marks a repeat as a routing loop only on a route that loops", () => {
  const forwarded = mergePathTraces([answersTwice('a1', '10.0.0.1')]);
  const repeat = forwarded.nodes.find((n) => n.loopOf === REPEATED);
  assert.ok(repeat, 'the repeat is still its own node, so the route stays acyclic');
  assert.equal(repeat.routingLoop, undefined, 'but it is not called a routing loop');
  const hops = [hop(1, '10.0.0.1', 1), hop(2, '198.51.100.1', 5)];
  for (let n = 3; n <= 12; n++) hops.push(hop(n, n % 2 ? '198.51.100.7' : REPEATED, 10 + n));
  const looping = mergePathTraces([trace('l1', [hops])]);
  const repeats = looping.nodes.filter((n) => n.loopOf !== undefined);
  assert.ok(repeats.length > 0 && repeats.every((n) => n.routingLoop === true));
});
