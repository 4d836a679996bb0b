// An API test's steps on the emulator, through the client over loopback HTTP as `netmon
// results` reads them: in a round where one agent's step fails its assertions, that agent
// comes before the agents whose rounds passed, its failing step named with its assertion errors and its share of the
// transaction time; the steps are the test's own requests, their times adding up to it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { readResultsSummary } from '../../../src/analysis/results/read';
import { resultsText } from '../../../src/analysis/results/text';
import type { ApiResult, EnterpriseTest, EnterpriseTestCreate } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const DAY = Math.floor(Date.UTC(2026, 10, 20) / 1000);
const REQUESTS = [
  { name: 'Token', method: 'post', url: 'https://api.example.com/token' },
  { name: 'Orders', method: 'get', url: 'https://api.example.com/orders' },
];

describe('steps of an API test on the emulator', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = DAY - 3600;
  let test0: EnterpriseTest;

  before(async () => {
    emulator = await startEmulator({ api: 'v7', now: () => clock * 1000 });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    const agents = (group?.enterpriseAgents() ?? []).slice(0, 3).map((a) => ({ agentId: a.agentId }));
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    test0 = await client.createTest('api', {
      testName: 'Orders API',
      interval: 300,
      agents,
      url: 'https://api.example.com',
      requests: REQUESTS,
    } as EnterpriseTestCreate);
    clock = DAY + 86_400;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('the agent whose step failed its assertions comes before those that passed, the step named with its errors and its share of the time', async () => {
    const { records } = await client.testResults('api', test0.testId, { window: '1d' }).collect({ maxRecords: 2000 });
    const degraded = (records as ApiResult[]).find((r) => (r.completion ?? 100) > 0 && (r.completion ?? 100) < 100);
    assert.ok(degraded, 'a day holds a round with a failing step');
    // The degraded round is the newest one.
    clock = degraded.roundId + 60;
    const summary = await readResultsSummary(client, test0, { window: '10m' });
    const round = summary.apiSteps?.find((r) => r.agentId === degraded.agentId);
    assert.ok(round);
    assert.deepEqual(
      summary.apiSteps?.map((r) => r.agentId),
      summary.kinds[0]?.agents.map((a) => a.agentId),
      'worst agent first, as their health',
    );
    assert.notEqual(summary.kinds[0]?.agents.at(-1)?.agentId, degraded.agentId);
    assert.equal(round.roundId, degraded.roundId);
    assert.deepEqual(
      round.steps.map((s) => [s.stepNumber, s.name]),
      [
        [1, 'Token'],
        [2, 'Orders'],
      ],
    );
    assert.equal(
      round.steps.reduce((sum, s) => sum + (s.time ?? 0), 0),
      round.transactionTime,
    );
    const failing = round.steps.find((s) => s.failed);
    assert.ok(
      failing &&
        failing.assertErrors >= 1 &&
        round.culprit?.stepNumber === failing.stepNumber &&
        round.culprit.why === 'failed',
    );
    assert.ok(round.steps.filter((s) => s.failed).length === 1);
    const errors = `${failing.assertErrors} assertion error${failing.assertErrors === 1 ? '' : 's'}`;
    assert.match(
      resultsText(summary),
      new RegExp(
        `\\nAPI steps of .+: step ${failing.stepNumber} '${failing.name}' failed: ${errors}; \\d+ ms of (\\d+ ms|\\d\\.\\d s)\\n`,
      ),
    );
  });
});
