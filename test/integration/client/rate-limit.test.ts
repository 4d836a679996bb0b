// The organization's rate budget: concurrent walks of several clients share one limiter
// and never draw a 429; a 429 the client could not foresee (another process spent the
// budget) is retried after Reset, POST included, and nothing runs twice.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RequestEvent } from '../../../src/api';
import { TestBed, drain } from './helpers';

const LIMIT = 30;
const WINDOW_SECONDS = 2;

describe('rate limits', () => {
  let bed: TestBed;
  before(async () => {
    bed = await TestBed.start({ pageSize: 20, rateLimit: { limit: LIMIT, windowSeconds: WINDOW_SECONDS } });
  });
  after(() => bed.close());

  test(`8 concurrent walks against ${LIMIT} per ${WINDOW_SECONDS} s see zero 429s`, async () => {
    await bed.clearRequests();
    // Four clients of one organization (same base URL and token), two walks each.
    const clients = [0, 1, 2, 3].map(() => bed.client('admin'));
    const started = Date.now();
    const walks = clients.flatMap((client) => [
      drain(client.userSessions({ window: '6h' })),
      drain(client.networkProbes({ window: '2h' })),
    ]);
    const results = await Promise.all(walks);
    const elapsedMs = Date.now() - started;
    const sent = await bed.requests();
    const events = bed.events;
    assert.equal(events.filter((e) => e.status === 429).length, 0, '429s seen by the listener');
    assert.equal(sent.filter((r) => r.status === 429).length, 0, '429s in the emulator log');
    assert.ok(results.every((records) => records.length > 0));
    assert.ok(sent.length > 2 * LIMIT, `the walks needed several windows (${sent.length} requests)`);
    // Pacing must not waste the budget: at most one window more than the minimum.
    const windowsNeeded = Math.ceil(sent.length / LIMIT);
    assert.ok(elapsedMs < (windowsNeeded + 1) * WINDOW_SECONDS * 1000, `${elapsedMs} ms for ${sent.length} requests`);
    assert.equal(clients[0]?.rateLimit?.limit, LIMIT);
    assert.ok(events.every((e) => e.rateLimitRemaining !== undefined && e.rateLimitRemaining >= 0));
  });

  test('an unforeseen 429 on a POST is retried after Reset and the test is created once', async () => {
    const client = bed.client('admin');
    const before = await countTests(bed);
    bed.setFaults([{ fault: 'rate-limit', times: 1, pathPrefix: '/v7/tests/' }]);
    const seen: RequestEvent[] = [];
    const stop = client.addRequestListener((event) => seen.push(event));
    const created = await client.createTest('agent-to-server', {
      testName: 'after 429',
      interval: 60,
      agents: [{ agentId: 1000 }],
      server: 'example.net',
    });
    stop();
    bed.setFaults([]);
    assert.ok(created.testId);
    assert.deepEqual(
      seen.map((e) => [e.method, e.status, e.retries, e.final]),
      [
        ['POST', 429, 0, false],
        ['POST', 201, 1, true],
      ],
    );
    assert.ok((seen[1]?.rateLimitWaitMs ?? 0) > 0, 'the retry waited for the budget to reset');
    assert.equal(await countTests(bed), before + 1);
  });
});

async function countTests(bed: TestBed): Promise<number> {
  const response = (await bed.client('admin').getPage('/v7/tests')) as { test: unknown[] };
  return response.test.length;
}
