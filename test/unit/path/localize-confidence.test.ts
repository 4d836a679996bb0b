// Confidence from counts (issue 28): one lost traversal is shown but inconclusive; two are a
// finding to act on; a looping traceroute alone is a routing artefact, not a confident loss.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localizePathTraces } from '../../../src/analysis/path/localize';
import { hop, trace, TARGET_IP } from './traces';

const reaches = (agent: string, round: number) =>
  trace(
    agent,
    [[hop(1, '10.0.0.1', 1), hop(2, '198.51.100.1', 5), hop(3, '198.51.100.2', 7), hop(4, TARGET_IP, 9)]],
    round,
  );
const stops = (agent: string, round: number) =>
  trace(agent, [[hop(1, '10.0.0.1', 1), hop(2, '198.51.100.1', 5), hop(3, '198.51.100.2', 7)]], round);

test('one lost traversal of four: the finding is shown, marked inconclusive, and not confident', () => {
  const found = localizePathTraces([reaches('a', 1), reaches('b', 1), reaches('c', 1), stops('d', 1)]);
  assert.equal(found.loss.length, 1);
  assert.equal(found.loss[0]?.confident, false);
  assert.equal(found.confident, false);
  assert.match(found.loss[0]?.line ?? '', /\(inconclusive: one lost traversal of 4\)\.$/);
});

test('two lost traversals at the same hop are confident', () => {
  const found = localizePathTraces([reaches('a', 1), reaches('b', 1), stops('c', 1), stops('d', 1)]);
  assert.equal(found.loss[0]?.confident, true);
  assert.equal(found.confident, true);
  assert.doesNotMatch(found.loss[0]?.line ?? '', /inconclusive/);
});

test('ECMP: branch A loses half its traversals right before the target, branch B none: forwarding loss on branch A, not terminal', () => {
  const viaA = (agent: string, round: number) =>
    trace(
      agent,
      [[hop(1, '10.0.0.1', 1), hop(2, '198.51.100.1', 5), hop(3, '198.51.100.10', 7), hop(4, TARGET_IP, 9)]],
      round,
    );
  const viaB = (agent: string, round: number) =>
    trace(
      agent,
      [[hop(1, '10.0.0.1', 1), hop(2, '198.51.100.1', 5), hop(3, '198.51.100.20', 7), hop(4, TARGET_IP, 9)]],
      round,
    );
  const stopsA = (agent: string, round: number) =>
    trace(agent, [[hop(1, '10.0.0.1', 1), hop(2, '198.51.100.1', 5), hop(3, '198.51.100.10', 7)]], round);
  const found = localizePathTraces([
    viaA('a', 1),
    stopsA('b', 1),
    viaA('c', 1),
    stopsA('d', 1),
    viaB('e', 1),
    viaB('f', 1),
    viaB('g', 1),
    viaB('h', 1),
  ]);
  assert.equal(found.loss[0]?.kind, 'forwarding', found.loss[0]?.line);
  assert.equal(found.loss[0]?.at.id, '198.51.100.10');
});
