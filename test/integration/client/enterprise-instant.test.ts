// Enterprise tests run now through the client, against the emulator's v7 world: the whole test
// body as it would be deployed runs as an instant test (nothing dropped), every agent answers
// a round after the instant delay (waitForRun reads with backoff until they have), a deployed
// test runs again, the instant budget paces calls instead of failing them, and a v6 account is
// told in one sentence that running now needs the current API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { waitForRun } from '../../../src/analysis/instant/enterprise-run';
import { RateLimiterRegistry } from '../../../src/api/rate-limiter';
import { INSTANT_NEEDS_V7 } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

describe('enterprise tests run now (v7)', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let agents: { agentId: number }[] = [];
  const fast = { firstDelayMs: 200, maxDelayMs: 800, timeoutMs: 20_000 };

  before(async () => {
    // A two-second instant budget of two calls: the third call waits for the reset.
    emulator = await startEmulator({
      api: 'v7',
      instantTestDelaySeconds: 1,
      instantTestRateLimit: { limit: 2, windowSeconds: 2 },
    });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    agents = (group?.enterpriseAgents() ?? []).slice(0, 3).map((a) => ({ agentId: a.agentId }));
    client = createNetmonClient(
      { baseUrl: emulator.url, apiVersion: 'v7', credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token } },
      { rateLimiters: new RateLimiterRegistry() },
    );
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test("a document's whole body runs as an instant test; every agent answers, and it is not deployed", async () => {
    const since = Math.floor(Date.now() / 1000);
    const created = await client.runInstantTest('http-server', {
      testName: 'instant github',
      interval: 300,
      agents,
      url: 'https://github.com/health',
      description: 'from a document',
    });
    assert.equal(created.description, 'from a document');
    const progress: number[] = [];
    const outcome = await waitForRun(
      client,
      created,
      agents.map((a) => String(a.agentId)),
      since,
      { ...fast, onProgress: (answered) => progress.push(answered.length) },
    );
    assert.equal(outcome.kind, 'http-server');
    assert.deepEqual(outcome.missing, []);
    assert.deepEqual(outcome.agents.map((a) => a.agentId).sort(), agents.map((a) => String(a.agentId)).sort());
    assert.equal(progress[0], 0, 'the first read comes before the instant delay');
    const deployed = await client.listEnterpriseTests();
    assert.ok(!deployed.some((t) => t.testId === created.testId));
  });

  test('a deployed test runs again; the instant budget paces the calls instead of failing them', async () => {
    const deployed = await client.createTest('dns-trace', {
      testName: 'trace',
      interval: 3600,
      agents,
      domain: 'example.com',
    });
    for (let run = 0; run < 3; run++) await client.runTest(deployed.testId);
    const since = Math.floor(Date.now() / 1000) - 3;
    const outcome = await waitForRun(
      client,
      deployed,
      agents.map((a) => String(a.agentId)),
      since,
      fast,
    );
    assert.equal(outcome.kind, 'dns-trace');
    assert.deepEqual(outcome.missing, []);
  });

  test('an agent that never answers is named as missing when the wait ends', async () => {
    const created = await client.runInstantTest('agent-to-server', {
      testName: 'instant zoom',
      interval: 60,
      agents,
      server: 'zoom.us',
      port: 443,
    });
    const outcome = await waitForRun(
      client,
      created,
      [...agents.map((a) => String(a.agentId)), '424242'],
      Math.floor(Date.now() / 1000) - 5,
      { firstDelayMs: 200, maxDelayMs: 400, timeoutMs: 2_500 },
    );
    assert.deepEqual(outcome.missing, ['424242']);
    assert.equal(outcome.agents.length, agents.length);
  });

  test('a v6 account is told that running now needs the current API', async () => {
    const v6 = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v6',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    try {
      await assert.rejects(
        v6.runInstantTest('http-server', { testName: 'x', interval: 300, agents, url: 'https://example.com/' }),
        { message: INSTANT_NEEDS_V7 },
      );
      await assert.rejects(v6.runTest(1), { message: INSTANT_NEEDS_V7 });
    } finally {
      await v6.close();
    }
  });
});
