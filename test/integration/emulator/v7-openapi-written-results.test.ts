// Results of the endpoint tests written through v7 (POST …/scheduled-tests/{type}): network
// metrics, path-vis (summaries and an agent's round) and http-server results, from the second
// each test was created, on the agents its selection names (by id, by label), the same
// from another emulator of the same seed, gone once the test is deleted; an instant test
// runs on the agents its selection names. Every answer validated against the vendor's OpenAPI.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { EDITOR, call, withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const TESTS = '/endpoint/tests/scheduled-tests';
const RESULTS = '/endpoint/test-results/scheduled-tests/{testId}';
/** Created at 15:12, each test has run 10 rounds by 16:00: its first at 15:12, then every 5 minutes from 15:15. */
const CREATED_MS = NOW_MS - 48 * 60_000;
const ROUNDS = 10;

type Records = Record<string, unknown>[];

async function results(
  emulator: RunningEmulator,
  testId: unknown,
  type: string,
): Promise<{ metrics: Records; paths: Records; http: Records }> {
  const at = `/v7/endpoint/test-results/scheduled-tests/${String(testId)}`;
  const metrics = recordsOf(
    await conforming(emulator, `${RESULTS}/network/filter`, `${at}/network/filter?window=2h`, { json: {} }),
  );
  const paths = recordsOf(await conforming(emulator, `${RESULTS}/path-vis`, `${at}/path-vis?window=2h`));
  const http =
    type === 'http-server'
      ? recordsOf(await conforming(emulator, `${RESULTS}/http-server`, `${at}/http-server?window=2h`))
      : [];
  return { metrics, paths, http };
}

const agentsOf = (records: Records): string[] => [...new Set(records.map((r) => String(r.agentId)))].sort();

describe('emulator v7: endpoint tests written through the API have results, in the OpenAPI shapes', () => {
  let emulator: RunningEmulator;
  let clock = CREATED_MS;
  let picked: string[] = [];
  let watchlist: string[] = [];
  const created: Record<string, Record<string, unknown>> = {};

  const create = async (
    into: RunningEmulator,
    type: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> =>
    (await conforming(into, `${TESTS}/${type}`, `/v7${TESTS}/${type}`, { token: EDITOR, json: body }, 201)).json;

  let labelId = '';
  const bodies = (): Record<string, [string, Record<string, unknown>]> => ({
    byAgent: [
      'http-server',
      {
        testName: 'Written portal',
        url: 'https://portal.example.com/',
        interval: 300,
        agentSelectorType: 'specific-agents',
        agents: picked,
      },
    ],
    byLabel: [
      'agent-to-server',
      {
        testName: 'Written VPN',
        server: 'vpn.example.com',
        port: 443,
        interval: 300,
        agentSelectorType: 'agent-labels',
        endpointAgentLabels: [labelId],
      },
    ],
  });

  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => clock });
    const agents = recordsOf(await call(emulator.url, '/v7/endpoint/agents'), 'agents');
    picked = agents.slice(0, 2).map((a) => String(a.id));
    const labels = recordsOf(await call(emulator.url, '/v7/endpoint/labels'), 'labels');
    const label = labels.find((l) => l.name === 'Troubleshooting watchlist');
    labelId = String(label?.id);
    watchlist = [...((label?.filters as { values: string[] }[])[0]?.values ?? [])].sort();
    for (const [name, [type, body]] of Object.entries(bodies())) created[name] = await create(emulator, type, body);
    clock = NOW_MS;
  });
  after(() => emulator.close());

  it('a test by agent: every round since its creation, from exactly its agents, with its HTTP results and path details', async () => {
    const test = created.byAgent;
    const { metrics, paths, http } = await results(emulator, test?.testId, 'http-server');
    assert.equal(metrics.length, picked.length * ROUNDS, 'each agent, each round since it was created');
    assert.deepEqual(agentsOf(metrics), [...picked].sort());
    assert.deepEqual(agentsOf(paths), [...picked].sort());
    assert.equal(http.length, picked.length * ROUNDS);
    const newest = paths.at(-1);
    const trace = await conforming(
      emulator,
      `${RESULTS}/path-vis/agent/{agentId}/round/{roundId}`,
      `/v7/endpoint/test-results/scheduled-tests/${String(test?.testId)}/path-vis/agent/${String(newest?.agentId)}/round/${String(newest?.roundId)}`,
    );
    assert.ok((recordsOf(trace)[0]?.pathTraces as unknown[]).length > 0, "the round's routes");
  });

  it('a test by label runs on the agents the label holds; it has no http-server results', async () => {
    const test = created.byLabel;
    const { metrics, paths } = await results(emulator, test?.testId, 'agent-to-server');
    assert.ok(metrics.length > 0);
    assert.deepEqual(agentsOf(metrics), watchlist, "the watchlist's agents");
    assert.deepEqual(agentsOf(paths), watchlist);
    await conforming(
      emulator,
      `${RESULTS}/http-server`,
      `/v7/endpoint/test-results/scheduled-tests/${String(test?.testId)}/http-server?window=1h`,
      {},
      404,
    );
  });

  it('is the same from another emulator of the same seed, and a patch keeps the rounds it had', async () => {
    let twinClock = CREATED_MS;
    const twin = await withEmulator({ api: 'v7', now: () => twinClock });
    try {
      for (const [type, body] of Object.values(bodies())) await create(twin, type, body);
      twinClock = NOW_MS;
      for (const test of Object.values(created)) {
        const path = `/v7/endpoint/test-results/scheduled-tests/${String(test.testId)}/path-vis?window=1h`;
        assert.deepEqual((await call(twin.url, path)).json.results, (await call(emulator.url, path)).json.results);
      }
    } finally {
      await twin.close();
    }
    const path = `/v7${TESTS}/http-server/${String(created.byAgent?.testId)}`;
    await conforming(emulator, `${TESTS}/http-server/{testId}`, path, {
      method: 'PATCH',
      json: { testName: 'Written portal, renamed' },
    });
    assert.equal(
      (await results(emulator, created.byAgent?.testId, 'http-server')).metrics.length,
      picked.length * ROUNDS,
    );
  });

  it('an instant test runs on the agents its selection names', async () => {
    const run = await conforming(
      emulator,
      `${TESTS}/agent-to-server/instant`,
      `/v7${TESTS}/agent-to-server/instant`,
      {
        token: EDITOR,
        json: {
          testName: 'Instant by agent',
          server: 'vpn.example.com',
          agentSelectorType: 'specific-agents',
          agents: picked,
        },
      },
      201,
    );
    assert.deepEqual(run.json.agentSelectorConfig, {
      agentSelectorType: 'specific-agents',
      maxMachines: 25,
      agents: picked,
    });
    clock = NOW_MS + 10 * 60_000;
    const { metrics } = await results(emulator, run.json.testId, 'agent-to-server');
    assert.deepEqual(agentsOf(metrics), [...picked].sort());
    assert.equal(metrics.length, picked.length, 'its one round');
  });

  it('a deleted test has no results any more', async () => {
    const testId = String(created.byLabel?.testId);
    assert.equal(
      (await call(emulator.url, `/v7${TESTS}/agent-to-server/${testId}`, { method: 'DELETE', token: EDITOR })).status,
      204,
    );
    await conforming(
      emulator,
      `${RESULTS}/path-vis`,
      `/v7/endpoint/test-results/scheduled-tests/${testId}/path-vis?window=1h`,
      {},
      404,
    );
  });
});
