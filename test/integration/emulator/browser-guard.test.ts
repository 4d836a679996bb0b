// A web page open in the user's browser must not be able to change the emulator's tests:
// no cross-site form POSTs (they cannot set a JSON content type), no cross-origin
// requests, and no DNS-rebinding names in the Host header of a loopback emulator.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator';
import {
  ADMIN,
  agentToServerTestExists,
  call,
  createAgentToServerTest,
  enterpriseAgentIds,
  errorOf,
  withEmulator,
} from './helpers';

describe('browser guard', () => {
  let emulator: RunningEmulator;
  let base: string;
  const [agentId] = enterpriseAgentIds(1001);
  before(async () => {
    emulator = await withEmulator();
    base = emulator.url;
  });
  after(() => emulator.close());

  const createTest = (name: string): Promise<number> => createAgentToServerTest(base, name, agentId);
  const exists = (testId: number): Promise<boolean> => agentToServerTestExists(base, testId);

  test('a cross-site form POST to the legacy delete path is refused and the test stays', async () => {
    const testId = await createTest('form target');
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const reply = await call(base, `/tests/agent-to-server/${testId}/delete?authToken=${ADMIN}`, {
        method: 'POST',
        token: null,
        rawBody: '',
        headers: { 'content-type': contentType },
      });
      assert.equal(reply.status, 415, contentType);
      assert.match(errorOf(reply), /Content-Type: application\/json/);
    }
    // Without Content-Type but from a page (Origin, even a loopback one) it stays refused.
    const noType = await call(base, `/tests/agent-to-server/${testId}/delete`, {
      method: 'POST',
      rawBody: '',
      headers: { origin: 'http://localhost:3000' },
    });
    assert.equal(noType.status, 415);
    assert.ok(await exists(testId), 'the test was not deleted');
    const json = await call(base, `/tests/agent-to-server/${testId}/delete`, {
      method: 'POST',
      rawBody: '',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(json.status, 200, 'an empty body with a JSON content type still deletes');
    assert.equal(await exists(testId), false);
  });

  test('a request from a non-loopback Origin is refused; loopback origins are fine', async () => {
    const testId = await createTest('origin target');
    const evil = await call(base, `/v7/tests/agent-to-server/${testId}`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(evil.status, 403);
    assert.match(errorOf(evil), /Origin https:\/\/evil\.example is not a loopback address/);
    const sandboxed = await call(base, '/v7/tests', { headers: { origin: 'null' } });
    assert.equal(sandboxed.status, 403);
    assert.ok(await exists(testId));
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:5173']) {
      assert.equal((await call(base, '/v7/tests', { headers: { origin } })).status, 200, origin);
    }
  });

  test('a loopback emulator refuses Host names that are not loopback (DNS rebinding)', async () => {
    const port = new URL(base).port;
    const rebound = await call(base, '/v7/tests', { headers: { host: `attacker.example:${port}` } });
    assert.equal(rebound.status, 421);
    assert.match(errorOf(rebound), /DNS rebinding/);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      assert.equal((await call(base, '/v7/tests', { headers: { host } })).status, 200, host);
    }
  });

  test('an emulator bound to all interfaces accepts other Host names', async () => {
    const open = await withEmulator({ host: '0.0.0.0' });
    try {
      const port = new URL(open.url).port;
      const reply = await call(`http://127.0.0.1:${port}`, '/v7/tests', {
        headers: { host: `workstation.lan:${port}` },
      });
      assert.equal(reply.status, 200);
    } finally {
      await open.close();
    }
  });
});
