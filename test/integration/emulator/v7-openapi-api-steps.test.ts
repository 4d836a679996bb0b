// An API test's round with its steps (`/test-results/{testId}/api/agent/{agentId}/round/{roundId}`)
// validates against the vendor's OpenAPI schema (test/fixtures/openapi) and says what the list
// said: the steps' times add up to the listed transaction time, a degraded round (completion
// under 100) has a step whose assertions failed, a failed round stops at its first step, and
// the steps are the test's own requests; a round or agent the test does not have is 404.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const RESULTS = '/test-results/{testId}';
const ROUND = `${RESULTS}/api/agent/{agentId}/round/{roundId}`;
const HOUR_MS = 3_600_000;
type Json = Record<string, unknown>;
type Step = {
  stepNumber: number;
  name: string;
  stepTime: number;
  apiCallTime: number;
  processingTime: number;
  completion: number;
  assertErrorCount: number;
  assertions: { hasFailed: boolean }[];
};

describe("emulator v7: an API test's round with its steps matches the OpenAPI schema", () => {
  let emulator: RunningEmulator;
  let clock = NOW_MS - 25 * HOUR_MS;
  let testId = '';
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => clock, pageSize: 500 });
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents')
      .slice(0, 4)
      .map((a) => ({ agentId: String(a.agentId) }));
    const requests = [
      { name: 'Token', method: 'post', url: 'https://api.example.com/token' },
      { name: 'Orders', method: 'get', url: 'https://api.example.com/orders' },
      { name: 'Health', method: 'get', url: 'https://api.example.com/health' },
    ];
    const reply = await conforming(
      emulator,
      '/tests/api',
      '/v7/tests/api',
      { json: { testName: 'Orders API', interval: 300, agents, url: 'https://api.example.com', requests } },
      201,
    );
    testId = String(reply.json.testId);
    clock = NOW_MS;
  });
  after(() => emulator.close());

  const listed = async (): Promise<Json[]> => {
    const records: Json[] = [];
    let path: string | undefined = `/v7/test-results/${testId}/api?window=1d`;
    for (let pages = 0; path && pages < 20; pages++) {
      const reply = await conforming(emulator, `${RESULTS}/api`, path);
      records.push(...recordsOf(reply));
      const next = (reply.json._links as { next?: { href: string } }).next?.href;
      path = next === undefined ? undefined : next.slice(emulator.url.length);
    }
    return records;
  };
  const round = async (record: Json): Promise<Json & { requests: Step[] }> => {
    const agentId = (record.agent as { agentId: string }).agentId;
    const body = await conforming(
      emulator,
      ROUND,
      `/v7/test-results/${testId}/api/agent/${agentId}/round/${String(record.roundId)}`,
    );
    return recordsOf(body)[0] as Json & { requests: Step[] };
  };

  it('each kind of round: steps that add up to the listed time, a failing step in a degraded round, one step in a failed round', async () => {
    const records = await listed();
    assert.equal(records.length, 4 * 288, '4 agents × a day of 5-minute rounds');
    const ok = records.find((r) => r.completion === 100);
    const degraded = records.find((r) => (r.completion as number) > 0 && (r.completion as number) < 100);
    const failed = records.find((r) => r.errorType !== 'None');
    assert.ok(ok && degraded && failed, 'a day holds rounds of every kind');

    const good = await round(ok);
    assert.deepEqual(
      good.requests.map((s) => [s.stepNumber, s.name, s.completion]),
      [
        [1, 'Token', 100],
        [2, 'Orders', 100],
        [3, 'Health', 100],
      ],
    );
    assert.equal(
      good.requests.reduce((sum, s) => sum + s.stepTime, 0),
      ok.apiTransactionTime,
    );
    assert.equal(good.apiTransactionTime, ok.apiTransactionTime, "the round's detail says what the list said");
    assert.ok(good.requests.every((s) => s.stepTime === s.apiCallTime + s.processingTime && s.stepTime > 0));

    const bad = await round(degraded);
    assert.equal(
      bad.requests.reduce((sum, s) => sum + s.stepTime, 0),
      degraded.apiTransactionTime,
    );
    const failing = bad.requests.filter((s) => s.completion === 0);
    assert.equal(failing.length, 1);
    assert.ok(
      (failing[0]?.assertErrorCount ?? 0) >= 1 &&
        failing[0]?.assertions.filter((a) => a.hasFailed).length === failing[0]?.assertErrorCount,
    );
    assert.equal(degraded.completion, Math.round(2000 / 3) / 10);

    const down = await round(failed);
    assert.deepEqual(
      down.requests.map((s) => [s.stepNumber, s.completion]),
      [[1, 0]],
    );
    assert.deepEqual([down.completion, down.errorDetails], [0, failed.errorDetails]);
  });

  it('a round the test did not run, or an agent it does not have, is 404', async () => {
    const [first] = await listed();
    const agentId = (first?.agent as { agentId: string }).agentId;
    await conforming(
      emulator,
      ROUND,
      `/v7/test-results/${testId}/api/agent/${agentId}/round/${Number(first?.roundId) + 1}`,
      {},
      404,
    );
    await conforming(
      emulator,
      ROUND,
      `/v7/test-results/${testId}/api/agent/999999/round/${String(first?.roundId)}`,
      {},
      404,
    );
  });
});
