// Show Results draws a deployed test's newest round first, found from the range's last
// minutes (the whole range's path-vis list comes oldest first and may be capped): against
// the emulator's v7 world, the round found is the newest of the whole list with the same
// agents, for a test every 5 minutes and one every hour, and for a range ending in the past.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { readPathRounds } from '../../../src/analysis/path/read-rounds';
import { enterprisePaths } from '../../../src/analysis/results/read';
import { newestPart, readNewestRound, windowSeconds } from '../../../src/analysis/results/newest';
import type { EnterpriseTest } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const HOUR = 3600;
const NOW = Math.floor(Date.UTC(2026, 10, 20, 16, 7) / 1000);

describe('the newest round of a deployed test, read first', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = NOW - 30 * HOUR;
  const tests: Record<string, EnterpriseTest> = {};
  let requests: string[] = [];

  before(async () => {
    emulator = await startEmulator({ api: 'v7', pageSize: 7, now: () => clock * 1000 });
    const aid = emulator.world.accountGroups[0]?.aid ?? 0;
    const agents = (emulator.world.group(aid)?.enterpriseAgents() ?? [])
      .slice(0, 4)
      .map((a) => ({ agentId: a.agentId }));
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      onRequest: (event) => {
        if (event.final) requests.push(event.path);
      },
    });
    for (const interval of [300, 3600]) {
      tests[interval] = await client.createTest('agent-to-server', {
        testName: `every ${interval} s`,
        interval,
        agents,
        server: 'outlook.office365.com',
        port: 443,
      });
    }
    clock = NOW;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  for (const interval of [300, 3600]) {
    test(`a test every ${interval / 60} minutes: the newest round of the day and its agents, from a few pages`, async () => {
      const paths = enterprisePaths(client);
      const testId = tests[interval]!.testId;
      const whole = await readPathRounds(paths, testId, { window: '24h' });
      requests = [];
      const newest = await readNewestRound(paths, testId, { window: '24h' });
      assert.deepEqual(newest, whole[0]);
      assert.equal(newest?.agentIds.length, 4);
      assert.equal(newest?.roundId, Math.floor(NOW / interval) * interval);
      assert.ok(
        requests.length <= 4 && requests.every((path) => !path.includes('window=24h')),
        `read only the last minutes: ${requests.join(' ')}`,
      );
    });
  }

  test("a range ending in the past: its own newest round, not today's", async () => {
    const paths = enterprisePaths(client);
    const range = { from: new Date((NOW - 20 * HOUR) * 1000), to: new Date((NOW - 8 * HOUR) * 1000) };
    const newest = await readNewestRound(paths, tests[300]!.testId, range);
    assert.deepEqual(newest, (await readPathRounds(paths, tests[300]!.testId, range))[0]);
    assert.equal(newest?.roundId, Math.floor((NOW - 8 * HOUR) / 300) * 300); // 08:05, the round before the range's end at 08:07
  });

  test('the newest part of a range: its last seconds, or none when the range is no longer', () => {
    assert.deepEqual(newestPart({ window: '24h' }, HOUR), { window: '3600s' });
    assert.equal(newestPart({ window: '1h' }, HOUR), undefined);
    assert.equal(newestPart({ window: '45m' }, HOUR), undefined);
    const to = new Date(NOW * 1000);
    assert.deepEqual(newestPart({ from: new Date((NOW - 2 * HOUR) * 1000), to }, HOUR), {
      from: new Date((NOW - HOUR) * 1000),
      to,
    });
    assert.equal(newestPart({ from: new Date((NOW - HOUR) * 1000), to }, HOUR), undefined);
    assert.deepEqual(
      [windowSeconds('2d'), windowSeconds('90'), windowSeconds('1w'), windowSeconds('h'), windowSeconds('1y')],
      [172_800, 90, 604_800, undefined, undefined],
    );
  });
});
