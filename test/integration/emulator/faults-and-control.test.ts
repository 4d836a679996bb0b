// Fault injection (per run and through the control routes) and the request log.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import type { RunningEmulator } from '../../../src/emulator/index';
import { ADMIN, call, errorOf, withEmulator } from './helpers';

describe('faults per run', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await withEmulator({
      faults: [{ fault: 'error', status: 502, every: 2, times: 2, pathPrefix: '/v6/' }],
    });
  });
  after(() => emulator.close());

  test('error every 2nd matching request, at most twice, only under the prefix', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(emulator.url, '/v6/endpoint-agents')).status);
    assert.deepEqual(statuses, [200, 502, 200, 502, 200, 200]);
    assert.equal((await call(emulator.url, '/v7/endpoint-tests')).status, 200);
  });

  test('setFaults swaps the rules: drop destroys the connection, latency delays, truncate cuts the body', async () => {
    emulator.setFaults([{ fault: 'drop', times: 1 }]);
    await assert.rejects(call(emulator.url, '/v6/endpoint-agents'));
    assert.equal((await call(emulator.url, '/v6/endpoint-agents')).status, 200);
    emulator.setFaults([{ fault: 'latency', latencyMs: 300, times: 1 }]);
    const started = Date.now();
    assert.equal((await call(emulator.url, '/v6/endpoint-agents')).status, 200);
    assert.ok(Date.now() - started >= 290);
    emulator.setFaults([{ fault: 'truncate', times: 1 }]);
    await assert.rejects(async () => {
      const response = await request(`${emulator.url}/v6/endpoint-agents`, {
        headers: { authorization: `Bearer ${ADMIN}` },
      });
      await response.body.text();
    });
    emulator.setFaults([{ fault: 'rate-limit', times: 1 }]);
    const limited = await call(emulator.url, '/v6/endpoint-agents');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['x-organization-rate-limit-remaining'], '0');
    assert.match(errorOf(limited), /Rate limit exceeded/);
    emulator.setFaults([]);
  });
});

describe('control routes', () => {
  let enabled: RunningEmulator;
  let disabled: RunningEmulator;
  before(async () => {
    [enabled, disabled] = await Promise.all([withEmulator({ control: true }), withEmulator()]);
  });
  after(() => Promise.all([enabled.close(), disabled.close()]));

  test('are 404 unless enabled', async () => {
    const reply = await call(disabled.url, '/_emulator/faults', { token: null });
    assert.equal(reply.status, 404);
    assert.match(errorOf(reply), /control routes need --control/);
  });

  test('PUT, GET and DELETE /_emulator/faults set, read and clear the rules', async () => {
    const rules = [{ fault: 'error', status: 503, every: 1, times: 1 }];
    const put = await call(enabled.url, '/_emulator/faults', { method: 'PUT', json: { faults: rules }, token: null });
    assert.equal(put.status, 200);
    assert.deepEqual((await call(enabled.url, '/_emulator/faults', { token: null })).json, { faults: rules });
    const failed = await call(enabled.url, '/v6/endpoint-agents');
    assert.equal(failed.status, 503);
    assert.equal(errorOf(failed), 'Injected fault: HTTP 503');
    assert.equal((await call(enabled.url, '/v6/endpoint-agents')).status, 200, 'times: 1');
    await call(enabled.url, '/_emulator/faults', { method: 'DELETE', token: null });
    assert.deepEqual((await call(enabled.url, '/_emulator/faults', { token: null })).json, { faults: [] });
  });

  test('invalid fault rules answer 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [
        { faults: [{ fault: 'explode' }] },
        /faults\[0\]\.fault must be one of latency, drop, error, truncate, rate-limit/,
      ],
      [{ faults: [{ fault: 'error', every: 0 }] }, /faults\[0\]\.every must be an integer ≥ 1/],
      [{ faults: [{ fault: 'error', status: 700 }] }, /faults\[0\]\.status must be an HTTP status/],
      [{ faults: [{ fault: 'error', colour: 1 }] }, /faults\[0\]\.colour is not a fault rule field/],
      [{ rules: [] }, /faults must be an array of fault rules/],
    ];
    for (const [body, message] of cases) {
      const reply = await call(enabled.url, '/_emulator/faults', { method: 'PUT', json: body, token: null });
      assert.equal(reply.status, 400);
      assert.match(errorOf(reply), message);
    }
    const method = await call(enabled.url, '/_emulator/faults', { method: 'POST', json: {}, token: null });
    assert.equal(method.status, 405);
  });

  test('the request log records method, path, query (token redacted), body and status', async () => {
    await call(enabled.url, '/_emulator/requests', { method: 'DELETE', token: null });
    await call(enabled.url, `/v6/endpoint-data/user-sessions?window=1h&authToken=${ADMIN}`, {
      token: null,
      json: { searchFilters: [] },
    });
    await call(enabled.url, '/v6/nothing');
    const log = await call(enabled.url, '/_emulator/requests', { token: null });
    const withoutHeaders = (log.json.requests as { headers: unknown }[]).map(({ headers: _headers, ...rest }) => rest);
    assert.deepEqual(withoutHeaders, [
      {
        method: 'POST',
        path: '/v6/endpoint-data/user-sessions',
        query: { window: '1h', authToken: '***' },
        body: { searchFilters: [] },
        status: 200,
      },
      { method: 'GET', path: '/v6/nothing', query: {}, status: 404 },
    ]);
    assert.ok(enabled.requestCount >= 4);
  });
});
