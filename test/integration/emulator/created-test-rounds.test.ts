// A test created through v7 reports its first round at its creation second exactly (an off-grid
// round whose id is that second), then rounds on its interval's grid (the first multiple of the
// interval after its creation, and so on): never a round from before it existed, and no list
// reports a round that starts after "now". For an enterprise test (`POST /v7/tests/{type}`) and
// an endpoint scheduled test (`POST /v7/endpoint/tests/scheduled-tests/{type}`), over loopback
// HTTP with a controlled clock.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { formatIsoDateTime } from '../../../src/emulator/http/time';
import { EDITOR, call, withEmulator } from './helpers';
import { NOW_MS, recordsOf } from './openapi';

const MINUTE_MS = 60_000;
/** An hour before the emulator's now, on a 10-minute round start. */
const HOUR_AGO_MS = NOW_MS - 60 * MINUTE_MS;
/** 7 min 30 s past that (and 7 s more): off every grid, inside the world's round starting 5 min past. */
const CREATED_MS = HOUR_AGO_MS + 7.5 * MINUTE_MS + 7_000;
const T = CREATED_MS / 1000;
/** The first multiple of 300 s after the creation: 10 min past the hour. */
const NEXT = HOUR_AGO_MS / 1000 + 600;

type Records = Record<string, unknown>[];
const roundsOf = (records: Records): number[] =>
  [...new Set(records.map((r) => Number(r.roundId)))].sort((a, b) => a - b);
/** The expected rounds: T, then the 5-minute grid from NEXT while a round starts by `nowSeconds`. */
const expectedBy = (nowSeconds: number, interval = 300, next = NEXT): number[] => {
  const rounds = [T];
  for (let round = next; round <= nowSeconds; round += interval) rounds.push(round);
  return rounds;
};

describe('emulator v7: a created test reports its first round at its creation, then on its grid', () => {
  let emulator: RunningEmulator;
  let clock = CREATED_MS;
  let enterpriseId = '';
  let enterpriseAgent = '';
  let endpointId = '';
  let endpointAgent = '';

  const enterpriseRounds = async (query: string): Promise<number[]> => {
    const reply = await call(emulator.url, `/v7/test-results/${enterpriseId}/network?${query}`);
    assert.equal(reply.status, 200, reply.text);
    return roundsOf(recordsOf(reply));
  };
  const endpointRounds = async (query: string): Promise<number[]> => {
    const at = `/v7/endpoint/test-results/scheduled-tests/${endpointId}`;
    const metrics = await call(emulator.url, `${at}/network/filter?${query}`, { json: {} });
    const paths = await call(emulator.url, `${at}/path-vis?${query}`);
    assert.equal(metrics.status, 200, metrics.text);
    assert.equal(paths.status, 200, paths.text);
    assert.deepEqual(roundsOf(recordsOf(paths)), roundsOf(recordsOf(metrics)), 'path-vis has the same rounds');
    return roundsOf(recordsOf(metrics));
  };

  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => clock });
    const agents = recordsOf(await call(emulator.url, '/v7/agents'), 'agents')
      .slice(0, 2)
      .map((a) => ({ agentId: String(a.agentId) }));
    enterpriseAgent = String(agents[0]?.agentId);
    const enterprise = await call(emulator.url, '/v7/tests/agent-to-server', {
      json: { testName: 'Created off the grid', interval: 300, agents, server: 'vpn.example.com', port: 443 },
    });
    assert.equal(enterprise.status, 201, enterprise.text);
    enterpriseId = String(enterprise.json.testId);
    const endpointAgents = recordsOf(await call(emulator.url, '/v7/endpoint/agents'), 'agents');
    endpointAgent = String(endpointAgents[0]?.id);
    const endpoint = await call(emulator.url, '/v7/endpoint/tests/scheduled-tests/agent-to-server', {
      token: EDITOR,
      json: {
        testName: 'Endpoint created off the grid',
        server: 'vpn.example.com',
        port: 443,
        interval: 300,
        agentSelectorType: 'specific-agents',
        agents: endpointAgents.slice(0, 2).map((a) => String(a.id)),
      },
    });
    assert.equal(endpoint.status, 201, endpoint.text);
    endpointId = String(endpoint.json.testId);
  });
  after(() => emulator.close());

  it('reports a round at its creation second at once, none before it', async () => {
    clock = CREATED_MS + 1000;
    assert.deepEqual(await enterpriseRounds('window=1h'), [T], 'enterprise: its first round, at its creation');
    assert.deepEqual(await endpointRounds('window=1h'), [T], 'endpoint: its first round, at its creation');
    // No range: the current world round, which holds the creation.
    assert.deepEqual(await enterpriseRounds(''), [T]);
    assert.deepEqual(await endpointRounds(''), [T]);
  });

  it('then rounds on its interval grid, as the clock moves on; none before its creation', async () => {
    clock = NEXT * 1000 + 30_000;
    assert.deepEqual(await enterpriseRounds('window=1h'), [T, NEXT]);
    assert.deepEqual(await endpointRounds('window=1h'), [T, NEXT]);
    clock = NOW_MS;
    const expected = expectedBy(NOW_MS / 1000 - 1);
    assert.equal(expected.length, 11, 'its first round, then 10 rounds of 5 minutes from 10 min past the hour');
    assert.deepEqual(await enterpriseRounds('window=2h'), expected, 'enterprise');
    assert.deepEqual(await endpointRounds('window=2h'), expected, 'endpoint');
    const before = `startDate=${formatIsoDateTime(T - 3600)}&endDate=${formatIsoDateTime(T)}`;
    assert.deepEqual(await enterpriseRounds(before), [], 'enterprise: nothing before its creation');
    assert.deepEqual(await endpointRounds(before), [], 'endpoint: nothing before its creation');
  });

  it('reads the round at its creation by its id, and no round before or off its schedule', async () => {
    clock = NOW_MS;
    const enterpriseTrace = (round: number) =>
      call(emulator.url, `/v7/test-results/${enterpriseId}/path-vis/agent/${enterpriseAgent}/round/${round}`);
    const endpointTrace = (round: number) =>
      call(
        emulator.url,
        `/v7/endpoint/test-results/scheduled-tests/${endpointId}/path-vis/agent/${endpointAgent}/round/${round}`,
      );
    for (const [name, read] of [
      ['enterprise', enterpriseTrace],
      ['endpoint', endpointTrace],
    ] as const) {
      const first = await read(T);
      assert.equal(first.status, 200, `${name}: ${first.text}`);
      assert.equal(Number(recordsOf(first)[0]?.roundId), T, `${name}: the round at its creation`);
      assert.equal((await read(NEXT)).status, 200, `${name}: its next round, on the grid`);
      assert.equal((await read(NEXT - 300)).status, 404, `${name}: the grid round before its creation`);
      assert.notEqual((await read(T + 1)).status, 200, `${name}: a second off its schedule`);
    }
  });

  it('a 1-minute test lists no round that starts after now', async () => {
    clock = HOUR_AGO_MS + 20 * MINUTE_MS + 5_000;
    const created = clock / 1000;
    const agents = [{ agentId: enterpriseAgent }];
    const reply = await call(emulator.url, '/v7/tests/agent-to-server', {
      json: { testName: 'Every minute', interval: 60, agents, server: 'vpn.example.com', port: 443 },
    });
    assert.equal(reply.status, 201, reply.text);
    const path = `/v7/test-results/${String(reply.json.testId)}/network`;
    const rounds = async (query: string): Promise<number[]> =>
      roundsOf(recordsOf(await call(emulator.url, `${path}?${query}`)));
    // 90 s on, a range reaching an hour past now: its rounds later in the world's 5-minute round have not run.
    clock += 90_000;
    const ahead = `startDate=${formatIsoDateTime(created - 600)}&endDate=${formatIsoDateTime(created + 3600)}`;
    const grid = Math.floor(created / 60) * 60;
    assert.deepEqual(await rounds(ahead), [created, grid + 60], 'its first round, then the minutes started by now');
    assert.deepEqual(await rounds(''), [created, grid + 60], 'the current world round: none after now');
    assert.ok((await enterpriseRounds(ahead)).every((round) => round <= clock / 1000));
    assert.ok((await endpointRounds(ahead)).every((round) => round <= clock / 1000));
    // Later, the next minutes appear as they start.
    clock += 60_000;
    assert.deepEqual(await rounds(ahead), [created, grid + 60, grid + 120]);
  });
});
