// Clients that vanish mid-request, rate-limit headers on errors raised before routing, and
// the request headers the request log keeps.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { RunningEmulator } from '../../../src/emulator/index';
import { ADMIN, call, withEmulator } from './helpers';

interface Logged {
  method: string;
  path: string;
  status: number;
  aborted?: boolean;
  headers: Record<string, string>;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends raw bytes on a fresh connection and closes it after `closeAfterMs`. */
async function sendAndVanish(url: string, raw: string, closeAfterMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {
    /* the point of the test is a broken connection */
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(raw);
  await pause(closeAfterMs);
  socket.destroy();
}

async function requestLog(url: string): Promise<Logged[]> {
  return (await call(url, '/_emulator/requests', { token: null })).json.requests as Logged[];
}

describe('clients that go away', () => {
  let emulator: RunningEmulator;
  const errors: unknown[][] = [];
  const original = console.error;
  before(async () => {
    emulator = await withEmulator({ control: true });
    console.error = (...args: unknown[]) => {
      errors.push(args);
    };
  });
  after(async () => {
    console.error = original;
    await emulator.close();
  });

  test('during a latency fault: no 500, no error logged, the log shows 499 aborted', async () => {
    await call(emulator.url, '/_emulator/requests', { method: 'DELETE', token: null });
    emulator.setFaults([{ fault: 'latency', latencyMs: 400, times: 1 }]);
    await sendAndVanish(
      emulator.url,
      `GET /v6/endpoint-agents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN}\r\n\r\n`,
      50,
    );
    await pause(600);
    emulator.setFaults([]);
    const entry = (await requestLog(emulator.url)).find((e) => e.path === '/v6/endpoint-agents');
    assert.equal(entry?.status, 499);
    assert.equal(entry?.aborted, true);
    assert.deepEqual(errors, []);
  });

  test('in the middle of sending its body: no 500, no error logged, the log shows 499 aborted', async () => {
    await call(emulator.url, '/_emulator/requests', { method: 'DELETE', token: null });
    const head =
      `POST /v6/endpoint-data/user-sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"searchFil';
    await sendAndVanish(emulator.url, head, 50);
    await pause(200);
    const log = await requestLog(emulator.url);
    assert.deepEqual(
      log.map((e) => [e.path, e.status, e.aborted]),
      [['/v6/endpoint-data/user-sessions', 499, true]],
    );
    assert.deepEqual(errors, []);
    assert.equal((await call(emulator.url, '/v6/endpoint-agents')).status, 200, 'the server carries on');
  });
});

describe('rate-limit headers of errors raised before routing', () => {
  let emulator: RunningEmulator;
  const START = Date.UTC(2026, 10, 20, 10, 0, 10);
  before(async () => {
    emulator = await withEmulator({ now: () => START, rateLimit: { limit: 10, windowSeconds: 3600 } });
  });
  after(() => emulator.close());

  const remaining = (reply: { headers: Record<string, unknown> }): unknown =>
    reply.headers['x-organization-rate-limit-remaining'];

  test("carry the caller's organization budget; injected faults spend none of it; anonymous callers have their own", async () => {
    const first = await call(emulator.url, '/v6/endpoint-agents');
    assert.equal(remaining(first), '9');
    const badFormat = await call(emulator.url, '/v6/endpoint-agents?format=yaml');
    assert.equal(badFormat.status, 400);
    assert.equal(remaining(badFormat), '9', 'ACME budget, not the anonymous one');
    emulator.setFaults([{ fault: 'error', status: 503, times: 1 }]);
    const failed = await call(emulator.url, '/v6/endpoint-agents');
    assert.equal(failed.status, 503);
    assert.equal(remaining(failed), '9');
    assert.equal(failed.headers['x-organization-rate-limit-reset'], first.headers['x-organization-rate-limit-reset']);
    emulator.setFaults([{ fault: 'rate-limit', times: 1 }]);
    const storm = await call(emulator.url, '/v6/endpoint-agents');
    assert.equal(storm.status, 429);
    assert.equal(remaining(storm), '0');
    assert.equal(storm.headers['x-organization-rate-limit-limit'], '10');
    emulator.setFaults([]);
    assert.equal(remaining(await call(emulator.url, '/v6/endpoint-agents')), '8', 'faults spent no budget');
    for (const token of [null, 'not-a-token']) {
      const anonymous = await call(emulator.url, '/v6/endpoint-agents', { token });
      assert.equal(anonymous.status, 401);
      assert.equal(remaining(anonymous), '10', 'anonymous callers draw on a separate budget');
    }
    assert.equal(remaining(await call(emulator.url, '/v6/endpoint-agents', { token: 'globex-admin-token' })), '9');
  });
});

describe('the request log keeps request headers', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await withEmulator({ control: true });
  });
  after(() => emulator.close());

  test('user agent and other headers as sent; Authorization and tokens redacted', async () => {
    await call(emulator.url, '/v6/endpoint-agents', {
      headers: { 'user-agent': 'netmon-test/1.0', 'x-api-token': 'secret-value' },
    });
    await call(emulator.url, '/v6/endpoint-agents', {
      token: null,
      headers: { authorization: `Basic ${Buffer.from(`admin@demo.netmon:${ADMIN}`).toString('base64')}` },
    });
    const log = await requestLog(emulator.url);
    const [bearer, basic] = log.map((entry) => entry.headers);
    assert.equal(bearer?.['user-agent'], 'netmon-test/1.0');
    assert.equal(bearer?.authorization, 'Bearer ***');
    assert.equal(bearer?.['x-api-token'], '***');
    assert.equal(basic?.authorization, 'Basic ***');
    const text = JSON.stringify(log);
    assert.ok(!text.includes(ADMIN) && !text.includes('secret-value'), 'no credential leaks into the log');
  });
});
