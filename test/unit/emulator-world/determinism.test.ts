import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createWorld } from '../../../src/emulator/world/index';
import { demoGroup, lastHours, NOW, take } from './helpers';

function snapshot(seed: number, aid = 1001): string {
  const { group } = demoGroup(seed, aid);
  const range = lastHours(2);
  const entries = (list: Iterable<{ record: unknown; facets?: unknown }>): unknown[] =>
    [...list].map(({ record, facets }) => ({ record, facets }));
  const sessions = entries(group.userSessions(range));
  const first = [...group.userSessions(range)][0]?.record;
  assert.ok(first, 'the demo world has sessions in any two hours');
  const detail = group.userSession(first.userSessionId);
  const testId = group.endpointTests()[0]?.testId ?? 0;
  const pathVis = [...group.pathVis(testId, range)].map((entry) => entry.record);
  const trace = pathVis[0] ? group.pathTrace(testId, pathVis[0].agentId, pathVis[0].roundId, NOW) : undefined;
  return JSON.stringify({
    agents: group.endpointAgents(),
    networks: group.networks(),
    tests: group.endpointTests(),
    sessions,
    detail,
    har: detail?.pages[0] ? group.pageHar(first.userSessionId, detail.pages[0].id) : undefined,
    web: entries(group.webSessions(range)),
    network: entries(group.networkSessions(range)),
    probes: entries(group.networkProbes(range)),
    metrics: entries(group.netMetrics(testId, range)),
    pathVis,
    trace,
  });
}

describe('world determinism', () => {
  test('the same seed gives identical records, in two separately created worlds', () => {
    assert.equal(snapshot(42), snapshot(42));
  });

  test('a different seed gives different records', () => {
    assert.notEqual(snapshot(42), snapshot(43));
  });

  test('account groups hold different data', () => {
    const { world } = demoGroup(42);
    const ids = (aid: number) =>
      world
        .group(aid)
        ?.endpointAgents()
        .map((a) => a.agentId) ?? [];
    assert.notDeepEqual(ids(1001), ids(1002));
    assert.ok(ids(1003).length > 0);
  });

  test('a sub-range yields exactly the records of the wider range that fall inside it', () => {
    const { group } = demoGroup(42);
    const wide = [...group.userSessions({ from: NOW - 3 * 3600, to: NOW })].map((s) => s.record);
    const narrow = [...group.userSessions({ from: NOW - 3600, to: NOW })].map((s) => s.record);
    assert.deepEqual(
      narrow,
      wide.filter((s) => s.roundId >= NOW - 3600),
    );
  });

  test('records come in ascending time order', () => {
    const { group } = demoGroup(42);
    const dates = [...group.userSessions(lastHours(6))].map((s) => s.record.date);
    assert.deepEqual(dates, [...dates].sort());
    const probeDates = [...group.networkProbes(lastHours(6))].map((p) => p.record.date);
    assert.deepEqual(probeDates, [...probeDates].sort());
  });

  test('generation reads no clock: a world created later gives the same records', async () => {
    const before = take(createWorld({ seed: 5, preset: 'demo' }).group(1001)?.userSessions(lastHours(1)) ?? [], 5);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = take(createWorld({ seed: 5, preset: 'demo' }).group(1001)?.userSessions(lastHours(1)) ?? [], 5);
    assert.deepEqual(after, before);
  });
});
