// A window longer than the cap on what is read (MAX_SUMMARIES path summaries, MAX_RESULTS_PER_KIND
// results; a small cap here): the path rounds behind `netmon results`, `netmon path` and the
// evidence, and each agent's latest health, come from the window's newest part that fits,
// so they always hold the newest round — the list comes oldest first, and the window capped
// ends hours before now. Against the emulator's v7 world over loopback HTTP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { readPathRounds } from '../../../src/analysis/path/read-rounds';
import { enterprisePaths, readKind } from '../../../src/analysis/results/read';
import type { EnterpriseTest } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const HOUR = 3600;
const AGENTS = 4;
const CAP = 200;
const NOW = Math.floor(Date.UTC(2026, 10, 20, 16, 7) / 1000);
/** The newest round of the day: 16:05. */
const NEWEST_ROUND = Math.floor(NOW / 300) * 300;

describe('a window holding more than the cap: its newest rounds are read', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = NOW - 30 * HOUR;
  let deployed: EnterpriseTest;
  let requests: string[] = [];

  before(async () => {
    emulator = await startEmulator({ api: 'v7', now: () => clock * 1000 });
    const aid = emulator.world.accountGroups[0]?.aid ?? 0;
    const agents = (emulator.world.group(aid)?.enterpriseAgents() ?? [])
      .slice(0, AGENTS)
      .map((a) => ({ agentId: a.agentId }));
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      onRequest: (event) => {
        if (event.final) requests.push(event.path);
      },
    });
    deployed = await client.createTest('agent-to-server', {
      testName: 'every office',
      interval: 300,
      agents,
      server: 'outlook.office365.com',
      port: 443,
    });
    clock = NOW;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('the day capped from its oldest end misses the afternoon: what was read before', async () => {
    const { records } = await client
      .testResults('path-vis', deployed.testId, { window: '24h' })
      .collect({ maxRecords: CAP });
    assert.ok(Math.max(...records.map((r) => r.roundId)) < NEWEST_ROUND - 12 * HOUR);
  });

  test('path rounds: the newest round with every agent, then the rounds before it without a gap, at most the cap', async () => {
    requests = [];
    const rounds = await readPathRounds(enterprisePaths(client), deployed.testId, { window: '24h' }, undefined, CAP);
    assert.equal(rounds[0]?.roundId, NEWEST_ROUND);
    assert.equal(rounds[0]?.agentIds.length, AGENTS);
    assert.ok(rounds.length * AGENTS <= CAP && rounds.length >= 12, `${rounds.length} rounds`);
    rounds.forEach((round, index) =>
      assert.equal(round.roundId, NEWEST_ROUND - index * 300, 'one round every 5 minutes back from the newest'),
    );
    assert.ok(
      requests.every((path) => !path.includes('window=24h')),
      `only newest parts read: ${requests.join(' ')}`,
    );
  });

  test('a window that fits is read whole', async () => {
    const rounds = await readPathRounds(enterprisePaths(client), deployed.testId, { window: '2h' }, undefined, CAP);
    assert.equal(rounds.length, 24);
    assert.equal(rounds[0]?.roundId, NEWEST_ROUND);
  });

  test("each agent's latest health is of the newest round, and says the window was read in part", async () => {
    const kind = await readKind(client, deployed.testId, 'network', { window: '24h' }, CAP);
    assert.equal(kind.agents.length, AGENTS);
    assert.ok(
      kind.agents.every((agent) => agent.roundId === NEWEST_ROUND),
      JSON.stringify(kind.agents.map((a) => a.roundId)),
    );
    assert.equal(kind.complete, false);
    assert.ok(kind.records <= CAP);
  });
});
