import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { createWorld, GeneratedGroup } from '../../../src/emulator/world/index';
import { NOW } from './helpers';

const WEEK = 7 * 86400;

function largeGroup(): GeneratedGroup {
  const group = createWorld({ seed: 1, preset: 'large' }).group(1001);
  assert.ok(group instanceof GeneratedGroup);
  return group;
}

/** Node exposes gc only behind a flag; turning it on at run time avoids a flaky heap reading. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

describe('demo preset', () => {
  const world = createWorld({ seed: 1, preset: 'demo' });
  const group = world.group(1001);

  test('has about 25 agents, 5 networks and 6 endpoint tests with one saved event', () => {
    assert.ok(group);
    assert.equal(group.endpointAgents().length, 25);
    assert.equal(group.networks().length, 5);
    const tests = group.endpointTests();
    assert.equal(tests.length, 6);
    assert.equal(tests.filter((t) => t.savedEvent === 1).length, 1);
    assert.deepEqual(new Set(tests.map((t) => t.type)), new Set(['agent-to-server', 'http-server']));
  });

  test('has a few sessions in every round', () => {
    assert.ok(group);
    // 3–6 drawn (shaped by the time of day) plus 5–10 of the featured agents (see episodes.ts).
    for (let round = NOW - 12 * 300; round < NOW; round += 300) {
      const count = [...group.userSessions({ from: round, to: round + 300 })].length;
      assert.ok(count >= 6 && count <= 20, `round ${round}: ${count} sessions`);
    }
  });

  test('keeps 7 days of 5-minute rounds', () => {
    assert.equal(world.roundSeconds, 300);
    assert.equal(world.retentionSeconds, WEEK);
  });

  test('offers the users and account groups the emulator needs', () => {
    const byEmail = new Map(world.users.map((u) => [u.email, u]));
    const admin = byEmail.get('admin@demo.netmon');
    assert.deepEqual(
      [admin?.name, admin?.token, admin?.accountAdmin, admin?.editEndpointTests],
      ['Admin User', 'demo-admin-token', true, true],
    );
    const viewer = byEmail.get('viewer@demo.netmon');
    assert.deepEqual(
      [viewer?.token, viewer?.accountAdmin, viewer?.editEndpointTests],
      ['demo-viewer-token', false, false],
    );
    assert.ok(
      world.users.some((u) => u.editEndpointTests && !u.accountAdmin),
      'an editor who is not Account Admin',
    );
    assert.ok(new Set(world.users.map((u) => u.organization)).size >= 2, 'a second organization');
    assert.ok(world.accountGroups.length >= 3);
    assert.ok(
      world.accountGroups.some((g) => !admin?.aids.includes(g.aid)),
      'a group the admin is not assigned to',
    );
    for (const user of world.users) for (const aid of user.aids) assert.ok(world.group(aid), `group ${aid} exists`);
    assert.equal(world.group(999), undefined);
  });
});

describe('large preset', () => {
  test('has at least 10,000 endpoint agents', () => {
    const agents = largeGroup().endpointAgents();
    assert.ok(agents.length >= 10_000);
    assert.equal(new Set(agents.map((a) => a.agentId)).size, agents.length, 'agent ids are unique');
  });

  test("has 240 enterprise agents with their own ids, names and addresses; the demo groups keep only the cities' own", () => {
    const agents = largeGroup().enterpriseAgents();
    assert.equal(agents.length, 240);
    for (const key of ['agentId', 'agentName', 'ipAddress'] as const)
      assert.equal(new Set(agents.map((a) => a[key])).size, agents.length, `${key} is unique`);
    const demo = createWorld({ seed: 1, preset: 'demo' }).group(1001)?.enterpriseAgents() ?? [];
    assert.ok(
      demo.length > 0 && demo.length < 41 && demo.every((a) => a.agentId < 10_000),
      `${demo.length} demo agents`,
    );
  });

  test('a slice of the agents (one inventory page) is that part of the whole list, clamped at the end', () => {
    const group = largeGroup();
    const all = group.endpointAgents();
    assert.equal(group.endpointAgentCount(), all.length);
    assert.deepEqual(group.endpointAgents(3_000, 1_000), all.slice(3_000, 4_000));
    assert.deepEqual(group.endpointAgents(all.length - 5, 1_000), all.slice(-5));
    assert.deepEqual(group.endpointAgents(all.length, 1_000), []);
  });

  test('holds at least 1,000,000 user sessions over 7 days, counted round by round', () => {
    const group = largeGroup();
    let total = 0;
    for (let round = NOW - WEEK; round < NOW; round += 300) total += group.sessionCount(round);
    assert.ok(total >= 1_000_000, `${total} sessions`);
    // The count is what the lists really yield: check a few sampled rounds.
    for (const round of [NOW - WEEK, NOW - 3 * 86400 + 1500, NOW - 300]) {
      assert.equal([...group.userSessions({ from: round, to: round + 300 })].length, group.sessionCount(round));
    }
  });

  test('generating 50,000 sessions keeps the heap small', () => {
    const group = largeGroup();
    group.endpointAgents(); // the agent table is built once; measure what the sessions add
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let seen = 0;
    let pages = 0;
    for (const { record } of group.userSessions({ from: NOW - 120 * 300, to: NOW })) {
      seen++;
      pages += record.numberOfPages;
    }
    collectGarbage();
    const grownMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    assert.ok(seen >= 50_000, `${seen} sessions`);
    assert.ok(pages > seen);
    assert.ok(grownMb < 20, `heap grew ${grownMb.toFixed(1)} MB`);
  });
});
