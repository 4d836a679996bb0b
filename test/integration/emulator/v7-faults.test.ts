// Injected faults on v7 routes answer as v7 does: problem+json errors and 429s (with the
// organization's headers) that validate against the spec, dropped connections and truncated
// bodies mid-walk of cursor pages; and a v7 emulator answers v6 paths 404, never v6 data.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { call, EDITOR, withEmulator } from './helpers';
import { NOW_MS, conforming } from './openapi';

const SESSIONS = '/endpoint/test-results/real-user-tests/filter';

describe('emulator v7: faults and foreign paths', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS, pageSize: 20 });
  });
  after(() => emulator.close());

  it('an injected error is problem+json with the status asked for', async () => {
    emulator.setFaults([{ fault: 'error', status: 502, pathPrefix: '/v7/endpoint/test-results/', times: 1 }]);
    const reply = await conforming(emulator, SESSIONS, `/v7${SESSIONS}?window=1h`, { json: {} }, 502);
    assert.equal(reply.json.status, 502);
    assert.match(String(reply.json.detail), /Injected fault/);
  });

  it('an injected 429 carries the organization budget, spent', async () => {
    emulator.setFaults([{ fault: 'rate-limit', pathPrefix: '/v7/', times: 1 }]);
    const reply = await conforming(emulator, SESSIONS, `/v7${SESSIONS}?window=1h`, { json: {} }, 429);
    assert.equal(reply.headers['x-organization-rate-limit-remaining'], '0');
    assert.ok(Number(reply.headers['x-organization-rate-limit-reset']) > NOW_MS / 1000);
  });

  it('an injected 429 on an instant test also names the instant-test budget spent (X-Instant-Test-Rate-Limit-*)', async () => {
    const instant = '/endpoint/tests/scheduled-tests/agent-to-server/instant';
    emulator.setFaults([{ fault: 'rate-limit', pathPrefix: `/v7${instant}`, times: 1 }]);
    const reply = await conforming(
      emulator,
      instant,
      `/v7${instant}`,
      { token: EDITOR, json: { testName: 'storm', server: 'example.com' } },
      429,
    );
    assert.equal(reply.headers['x-instant-test-rate-limit-remaining'], '0');
    assert.ok(Number(reply.headers['x-instant-test-rate-limit-reset']) > NOW_MS / 1000);
    assert.equal(reply.headers['x-organization-rate-limit-remaining'], '0');
    const other = await call(emulator.url, `/v7${SESSIONS}?window=1h`, { json: {} });
    assert.equal(
      other.headers['x-instant-test-rate-limit-remaining'],
      undefined,
      'only instant tests carry that budget',
    );
  });

  it('a dropped or truncated next page fails that page only; the same link then answers in full', async () => {
    emulator.setFaults([]);
    const first = await call(emulator.url, `/v7${SESSIONS}?window=1h`, { json: {} });
    const next = (first.json._links as { next?: { href: string } }).next?.href ?? '';
    assert.ok(next);
    emulator.setFaults([{ fault: 'drop', pathPrefix: '/v7/', times: 1 }]);
    await assert.rejects(call(emulator.url, next, { json: {} }));
    emulator.setFaults([{ fault: 'truncate', pathPrefix: '/v7/', times: 1 }]);
    await assert.rejects(async () => JSON.parse((await call(emulator.url, next, { json: {} })).text) as unknown);
    emulator.setFaults([]);
    const whole = await conforming(emulator, SESSIONS, next, { json: {} });
    assert.equal((whole.json.results as unknown[]).length, 20);
  });

  it('v6 paths and the .json suffix are not part of v7', async () => {
    for (const path of ['/v6/endpoint-agents', '/v7/endpoint-tests', '/v7/endpoint/agents.json']) {
      const reply = await call(emulator.url, path);
      assert.equal(reply.status, 404, path);
      assert.equal(reply.json.status, 404);
      assert.equal(String(reply.headers['content-type']).split(';')[0], 'application/problem+json');
    }
  });
});
