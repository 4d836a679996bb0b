// The pure parts the emulator's alerts are derived from: the occurrences of the seeded path
// episodes on deployed tests (world/alert-episodes.ts) and the status of a suppression window
// at an instant (routes/v7/alert-bindings.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { EnterpriseTest } from '../../../src/api/types';
import { windowStatus } from '../../../src/emulator/routes/v7/alert-bindings';
import { derivedUuid, testEpisodes } from '../../../src/emulator/world/alert-episodes';
import { createWorld } from '../../../src/emulator/world/index';
import { pathEpisodeWindow } from '../../../src/emulator/world/path-episode-effects';

const CREATED = Date.UTC(2026, 10, 20, 16, 0, 0) / 1000;
const DAY = 86400;

function deployed(testId: number): EnterpriseTest {
  const group = createWorld({ seed: 1, preset: 'demo' }).group(1001);
  const agents = group?.enterpriseAgents().slice(0, 5) ?? [];
  return {
    testId,
    testName: `t${testId}`,
    type: 'agent-to-server',
    interval: 300,
    enabled: 1,
    server: 'example.com',
    agents,
    createdDate: new Date(CREATED * 1000).toISOString().slice(0, 19).replace('T', ' '),
  } as EnterpriseTest;
}

describe('seeded episodes on deployed tests', () => {
  const group = createWorld({ seed: 1, preset: 'demo' }).group(1001)!;
  const plans = [deployed(1_000_001), deployed(1_000_002)].map((test) => group.enterprisePlan(test));
  const asOf = CREATED + 3 * DAY;
  const found = testEpisodes(plans, asOf - 7 * DAY, asOf);

  test("each occurrence lies in its episode, on the test's rounds, after the test was deployed", () => {
    assert.deepEqual(new Set(found.map((e) => e.kind)), new Set(['lossEpisode', 'routeChange']));
    for (const episode of found) {
      const window = pathEpisodeWindow(episode.plan.path!, episode.day);
      assert.ok(episode.startSeconds >= window.start && episode.startSeconds < window.end);
      assert.ok(episode.startSeconds >= CREATED && episode.startSeconds <= asOf);
      assert.equal(episode.startSeconds % 300, 0);
      assert.equal(episode.endSeconds, Math.ceil(window.end / 300) * 300);
      assert.ok(episode.agents.length >= 1 && episode.agents.length < 5, 'one agent in five keeps its own transit');
      if (episode.kind === 'lossEpisode') assert.ok(episode.lossPercent >= 5 && episode.lossPercent <= 25);
      else assert.ok(episode.addedMs >= 10 && episode.addedMs <= 30);
    }
    const starts = found.map((e) => e.startSeconds);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
  });

  test('the same world and instants give the same occurrences and ids', () => {
    const again = testEpisodes(plans, asOf - 7 * DAY, asOf);
    assert.deepEqual(
      again.map((e) => [e.kind, e.startSeconds, e.endSeconds]),
      found.map((e) => [e.kind, e.startSeconds, e.endSeconds]),
    );
    assert.match(
      derivedUuid('alert', 1, 1001, '100001', 7, 42),
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    assert.equal(derivedUuid('a', 1), derivedUuid('a', 1));
    assert.notEqual(derivedUuid('a', 1), derivedUuid('a', 2));
  });
});

describe('suppression window status', () => {
  const at = (iso: string): number => Date.parse(iso) / 1000;
  const window = (fields: Record<string, unknown>) => ({ windowId: '1', fields: { isEnabled: true, ...fields } });

  test('a single window: inactive before, active during, ended after; a disabled one never active', () => {
    const once = window({ startDate: '2024-05-20T10:00:00Z', duration: 3600 });
    assert.equal(windowStatus(once, at('2024-05-20T09:59:59Z')), 'inactive');
    assert.equal(windowStatus(once, at('2024-05-20T10:30:00Z')), 'active');
    assert.equal(windowStatus(once, at('2024-05-20T11:00:00Z')), 'ended');
    assert.equal(
      windowStatus({ ...once, fields: { ...once.fields, isEnabled: false } }, at('2024-05-20T10:30:00Z')),
      'inactive',
    );
  });

  test('a weekly window repeats until its count is spent', () => {
    const weekly = window({
      startDate: '2024-05-06T22:00:00Z',
      duration: 7200,
      repeat: { type: 'week', intervalLength: 1 },
      endRepeat: { type: 'count', count: 3 },
    });
    assert.equal(windowStatus(weekly, at('2024-05-20T23:00:00Z')), 'active', 'the third occurrence');
    assert.equal(windowStatus(weekly, at('2024-05-21T01:00:00Z')), 'inactive', 'between occurrences');
    assert.equal(windowStatus(weekly, at('2024-05-27T23:00:00Z')), 'ended', 'a fourth would be past the count');
  });
});
