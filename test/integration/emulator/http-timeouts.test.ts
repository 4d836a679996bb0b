// An HTTP result that says "timed out after N milliseconds" lasted N milliseconds: its total
// and the phase that timed out carry the time, the phases after it none — the instant results
// panel must not show a timeout beside a 185 ms total and full phase bars.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { arrayOf, call, withEmulator } from './helpers';

const NOW = Date.UTC(2026, 10, 20, 10, 2, 0);

interface HttpResult {
  errorType: string;
  errorDetails?: string;
  dnsTime: number;
  connectTime: number;
  sslTime: number;
  waitTime: number;
  receiveTime: number;
  totalTime: number;
}

describe('http-server results that time out', () => {
  let emulator: RunningEmulator;
  let results: HttpResult[];
  before(async () => {
    emulator = await withEmulator({ now: () => NOW, pageSize: 1000 });
    const tests = arrayOf<{ testId: number; type: string }>(
      await call(emulator.url, '/v7/endpoint-tests'),
      'endpointTest',
    );
    results = [];
    for (const test of tests.filter((t) => t.type === 'http-server')) {
      const reply = await call(emulator.url, `/v7/endpoint-data/tests/web/http-server/${test.testId}?window=7d`);
      assert.equal(reply.status, 200, reply.text);
      results.push(...(reply.json.endpointWeb as { httpServer: HttpResult[] }).httpServer);
    }
  });
  after(() => emulator.close());

  test("a timeout's total is the milliseconds it names; the phase that timed out holds them and later phases are empty", () => {
    const timedOut = results.filter((r) => /timed out after \d+ milliseconds/.test(r.errorDetails ?? ''));
    assert.ok(
      timedOut.some((r) => r.errorType.toLowerCase() === 'receive') &&
        timedOut.some((r) => r.errorType.toLowerCase() === 'connect'),
      `both kinds of timeout occur in a week of demo data (${timedOut.length} found)`,
    );
    for (const result of timedOut) {
      const limit = Number(/timed out after (\d+) milliseconds/.exec(result.errorDetails ?? '')![1]);
      assert.equal(result.totalTime, limit, result.errorDetails);
      if (result.errorType.toLowerCase() === 'connect') {
        assert.deepEqual(
          [result.dnsTime + result.connectTime, result.sslTime, result.waitTime, result.receiveTime],
          [limit, 0, 0, 0],
        );
      } else {
        assert.ok(
          result.receiveTime > limit / 2,
          `the receive phase holds most of the ${limit} ms (${result.receiveTime})`,
        );
      }
    }
  });
});
