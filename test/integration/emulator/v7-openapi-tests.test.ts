// v7 endpoint scheduled tests, instant tests and scheduled-test results of the emulator
// validate against the vendor's OpenAPI schemas (test/fixtures/openapi), featured agents'
// records included.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { EDITOR, VIEWER, withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const TESTS = '/endpoint/tests/scheduled-tests';
const RESULTS = '/endpoint/test-results/scheduled-tests/{testId}';

describe('emulator v7: the instant-test budget', () => {
  it('answers 429 with X-Instant-Test-Rate-Limit-* and Retry-After once it is spent, beside the organization budget', async () => {
    const emulator = await withEmulator({
      api: 'v7',
      now: () => NOW_MS,
      rateLimit: { limit: 100, windowSeconds: 60 },
      instantTestRateLimit: { limit: 2, windowSeconds: 60 },
    });
    try {
      const run = (name: string, status: number) =>
        conforming(
          emulator,
          `${TESTS}/agent-to-server/instant`,
          `/v7${TESTS}/agent-to-server/instant`,
          { token: EDITOR, json: { testName: name, server: 'example.com' } },
          status,
        );
      assert.equal((await run('first', 201)).headers['x-instant-test-rate-limit-remaining'], '1');
      await run('second', 201);
      const spent = await run('third', 429);
      assert.equal(spent.headers['x-instant-test-rate-limit-remaining'], '0');
      assert.equal(spent.headers['x-organization-rate-limit-remaining'], '97');
      assert.ok(Number(spent.headers['retry-after']) >= 1);
    } finally {
      await emulator.close();
    }
  });
});

describe('emulator v7: endpoint scheduled tests, instant tests and their results match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let featured: string[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS });
    const aid = emulator.world.accountGroups[0]?.aid ?? 0;
    featured =
      emulator.world
        .group(aid)
        ?.featuredAgents()
        .map((f) => f.agentId) ?? [];
  });
  after(() => emulator.close());

  it('lists the scheduled tests, by type, and reads one by type and id', async () => {
    const all = recordsOf(await conforming(emulator, TESTS, `/v7${TESTS}`), 'tests');
    assert.ok(all.length >= 4 && all.every((t) => t.isSavedEvent === false));
    for (const type of ['agent-to-server', 'http-server']) {
      const typed = recordsOf(await conforming(emulator, `${TESTS}/${type}`, `/v7${TESTS}/${type}`), 'tests');
      assert.ok(typed.length > 0 && typed.every((t) => t.type === type));
      const one = await conforming(emulator, `${TESTS}/${type}/{testId}`, `/v7${TESTS}/${type}/${typed[0]?.testId}`);
      assert.equal(one.json.testId, typed[0]?.testId);
    }
    const other = all.find((t) => t.type === 'agent-to-server');
    await conforming(emulator, `${TESTS}/http-server/{testId}`, `/v7${TESTS}/http-server/${other?.testId}`, {}, 404);
  });

  it('answers network metrics, path-vis, path traces and http-server results of the featured agents', async () => {
    const tests = recordsOf(await conforming(emulator, TESTS, `/v7${TESTS}`), 'tests');
    let featuredMetrics = 0;
    for (const test of tests) {
      const metrics = await conforming(
        emulator,
        `${RESULTS}/network/filter`,
        `/v7/endpoint/test-results/scheduled-tests/${test.testId}/network/filter?window=1h`,
        { json: { searchFilters: { agentId: featured } } },
      );
      assert.ok(recordsOf(metrics).every((m) => featured.includes(String(m.agentId))));
      featuredMetrics += recordsOf(metrics).length;
      const pathVis = await conforming(
        emulator,
        `${RESULTS}/path-vis`,
        `/v7/endpoint/test-results/scheduled-tests/${test.testId}/path-vis?window=15m`,
      );
      const summary = recordsOf(pathVis).find((r) => featured.includes(String(r.agentId))) ?? recordsOf(pathVis)[0];
      assert.ok(summary, `test ${test.testId} has path traces`);
      const trace = await conforming(
        emulator,
        `${RESULTS}/path-vis/agent/{agentId}/round/{roundId}`,
        `/v7/endpoint/test-results/scheduled-tests/${test.testId}/path-vis/agent/${summary.agentId}/round/${summary.roundId}`,
      );
      const first = recordsOf(trace)[0];
      assert.equal(first?.agentId, summary.agentId);
      assert.ok(Array.isArray(first?.pathTraces) && Array.isArray(first?.vpnPathTraces));
      if (test.type === 'http-server') {
        const http = await conforming(
          emulator,
          `${RESULTS}/http-server`,
          `/v7/endpoint/test-results/scheduled-tests/${test.testId}/http-server?window=30m`,
        );
        assert.ok(recordsOf(http).length > 0);
      }
    }
    assert.ok(featuredMetrics > 0, 'the featured agents run scheduled tests');
  });

  it("traces the VPN episode's agent to its concentrator in vpnPathTraces, in the spec's route shape", async () => {
    const now = NOW_MS / 1000;
    const episode = emulator.world
      .group(emulator.world.accountGroups[0]?.aid ?? 0)
      ?.episodes(now - 3 * 86_400, now)
      .find((e) => e.kind === 'vpn');
    let traced = 0;
    for (const test of recordsOf(await conforming(emulator, TESTS, `/v7${TESTS}`), 'tests')) {
      const pathVis = await conforming(
        emulator,
        `${RESULTS}/path-vis`,
        `/v7/endpoint/test-results/scheduled-tests/${test.testId}/path-vis?window=1h`,
      );
      const round = recordsOf(pathVis).find((r) => r.agentId === episode?.agentId);
      if (!round) continue;
      const trace = await conforming(
        emulator,
        `${RESULTS}/path-vis/agent/{agentId}/round/{roundId}`,
        `/v7/endpoint/test-results/scheduled-tests/${test.testId}/path-vis/agent/${String(round.agentId)}/round/${String(round.roundId)}`,
      );
      const [vpn] = recordsOf(trace)[0]?.vpnPathTraces as { hops: { ipAddress: string }[] }[];
      assert.equal(vpn?.hops.at(-1)?.ipAddress, episode?.detail.vpnTarget);
      traced++;
    }
    assert.ok(traced > 0, 'the VPN agent runs scheduled tests');
  });

  it('runs instant tests on their own budget, answering the test itself', async () => {
    const a2s = await conforming(
      emulator,
      `${TESTS}/agent-to-server/instant`,
      `/v7${TESTS}/agent-to-server/instant`,
      {
        token: EDITOR,
        json: { testName: 'v7 instant a2s', server: 'example.com', port: 443, maxMachines: 3, hasPing: true },
      },
      201,
    );
    assert.equal(a2s.json.server, 'example.com');
    assert.deepEqual(a2s.json.agentSelectorConfig, { agentSelectorType: 'all-agents', maxMachines: 3 });
    assert.ok(
      a2s.headers['x-instant-test-rate-limit-remaining'] !== undefined &&
        a2s.headers['x-organization-rate-limit-remaining'] !== undefined,
    );
    assert.equal(a2s.headers.location, `${emulator.url}/v7${TESTS}/agent-to-server/${a2s.json.testId}`);
    const http = await conforming(
      emulator,
      `${TESTS}/http-server/instant`,
      `/v7${TESTS}/http-server/instant`,
      {
        token: EDITOR,
        json: {
          testName: 'v7 instant http',
          url: 'https://example.com/health',
          authType: 'none',
          protocol: 'tcp',
          tcpProbeMode: 'auto',
        },
      },
      201,
    );
    assert.equal(http.json.url, 'https://example.com/health');
    await conforming(
      emulator,
      `${TESTS}/http-server/instant`,
      `/v7${TESTS}/http-server/instant`,
      { token: VIEWER, json: { testName: 'no', url: 'https://example.com' } },
      403,
    );
    const invalid = await conforming(
      emulator,
      `${TESTS}/agent-to-server/instant`,
      `/v7${TESTS}/agent-to-server/instant`,
      {
        token: EDITOR,
        json: {
          testName: 'v7 picked',
          server: 'example.com',
          agentSelectorType: 'specific-agents',
          agents: ['not-an-agent'],
        },
      },
      400,
    );
    assert.deepEqual(
      (invalid.json.errors as { field: string }[]).map((e) => e.field),
      ['agents'],
    );
  });
});
