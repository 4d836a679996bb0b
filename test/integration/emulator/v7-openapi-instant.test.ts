// v7 enterprise instant tests (`POST /tests/{type}/instant`, `POST /tests/{testId}/run`)
// validate against the vendor's OpenAPI schemas (test/fixtures/openapi): the whole test body
// as it would be deployed is taken, the created instant test answered, its round answers on
// the results endpoints after the instant delay, and the instant budget is spent and stated.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { call, withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

describe('emulator v7: enterprise instant tests match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let clock = NOW_MS;
  let agents: { agentId: string }[] = [];
  before(async () => {
    emulator = await withEmulator({
      api: 'v7',
      now: () => clock,
      instantTestRateLimit: { limit: 3, windowSeconds: 60 },
    });
    agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents')
      .slice(0, 3)
      .map((a) => ({ agentId: String(a.agentId) }));
  });
  after(() => emulator.close());

  it('creates an http-server instant test from a deployable body; its round answers per agent after the delay, and it is not deployed', async () => {
    const body = {
      testName: 'instant health',
      interval: 300,
      alertsEnabled: false,
      agents,
      url: 'https://github.com/health',
      description: 'kept',
    };
    const reply = await conforming(
      emulator,
      '/tests/http-server/instant',
      '/v7/tests/http-server/instant',
      { json: body },
      201,
    );
    const testId = String(reply.json.testId);
    assert.equal(reply.json.testName, 'instant health');
    assert.equal(reply.json.description, 'kept', 'nothing of the document is dropped');
    assert.equal(reply.headers['x-instant-test-rate-limit-limit'], '3');
    assert.match(String(reply.headers.location), new RegExp(`/v7/tests/${testId}$`));
    const before = await conforming(
      emulator,
      '/test-results/{testId}/http-server',
      `/v7/test-results/${testId}/http-server?window=1h`,
    );
    assert.equal(recordsOf(before).length, 0, 'nothing before the instant delay');
    clock += 2_000;
    const results = recordsOf(
      await conforming(
        emulator,
        '/test-results/{testId}/http-server',
        `/v7/test-results/${testId}/http-server?window=1h`,
      ),
    );
    assert.deepEqual(
      results.map((r) => (r.agent as { agentId: string }).agentId).sort(),
      agents.map((a) => a.agentId).sort(),
      'one round, one result per agent',
    );
    const listed = recordsOf(await conforming(emulator, '/tests', '/v7/tests'), 'tests');
    assert.ok(!listed.some((t) => String(t.testId) === testId), 'an instant test is not a deployed test');
  });

  it('runs a deployed test now: one more round beside its schedule; an unknown test is 404', async () => {
    const deployed = await conforming(
      emulator,
      '/tests/agent-to-server',
      '/v7/tests/agent-to-server',
      {
        json: {
          testName: 'scheduled',
          interval: 3600,
          agents,
          server: 'outlook.office365.com',
          port: 443,
          protocol: 'tcp',
        },
      },
      201,
    );
    const testId = String(deployed.json.testId);
    clock += 1_000;
    const networkPath = `/v7/test-results/${testId}/network?window=10m`;
    const scheduled = recordsOf(await conforming(emulator, '/test-results/{testId}/network', networkPath)).length;
    const run = await call(emulator.url, `/v7/tests/${testId}/run`, { method: 'POST' });
    assert.equal(run.status, 200, run.text);
    assert.ok(Number(run.headers['x-instant-test-rate-limit-remaining']) < 3);
    clock += 2_000;
    const results = recordsOf(await conforming(emulator, '/test-results/{testId}/network', networkPath));
    assert.equal(
      results.length,
      scheduled + agents.length,
      "the run's round, from every agent, beside the scheduled one",
    );
    const missing = await call(emulator.url, '/v7/tests/999999/run', { method: 'POST' });
    assert.equal(missing.status, 404);
  });

  it("answers 429 with the instant budget's headers once it is spent, and a bad body loses its budget with a clear error", async () => {
    const bad = await call(emulator.url, '/v7/tests/page-load/instant', {
      json: { testName: 'no url', interval: 300, agents },
    });
    assert.equal(bad.status, 400);
    assert.match(String(bad.json.detail), /url is required/);
    const spent = await call(emulator.url, '/v7/tests/dns-trace/instant', {
      json: { testName: 'one too many', interval: 300, agents, domain: 'example.com' },
    });
    assert.equal(spent.status, 429, spent.text);
    assert.equal(spent.headers['x-instant-test-rate-limit-remaining'], '0');
    assert.ok(Number(spent.headers['retry-after']) >= 1);
  });
});
