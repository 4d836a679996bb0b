// The /_emulator/requests log is shown in tests and debugging sessions: it must not keep
// passwords or tokens that callers put in request bodies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator';
import { call, withEmulator } from './helpers';

interface Logged {
  path: string;
  body?: unknown;
}

describe('request log masking', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await withEmulator({ control: true });
  });
  after(() => emulator.close());

  test('passwords and token-like fields in logged bodies are masked, other fields kept', async () => {
    const instant = await call(emulator.url, '/v6/endpoint-instant/http-server', {
      json: {
        testName: 'with basic auth',
        url: 'https://example.com',
        maxMachines: 1,
        authType: 'BASIC',
        username: 'alice',
        password: 'hunter2-secret',
      },
    });
    assert.equal(instant.status, 201, instant.text);
    await call(emulator.url, '/v7/tests/http-server', {
      json: { nested: { apiKey: 'key-secret-1', clientSecret: 'cs-secret-2', list: [{ authToken: 'tok-secret-3' }] } },
    });
    await call(emulator.url, '/v7/tests/http-server', {
      rawBody: 'user=bob&password=form-secret-4',
      headers: { 'content-type': 'application/json' },
    });
    const log = await call(emulator.url, '/_emulator/requests', { token: null });
    for (const secret of ['hunter2-secret', 'key-secret-1', 'cs-secret-2', 'tok-secret-3', 'form-secret-4']) {
      assert.ok(!log.text.includes(secret), `${secret} is not in the log`);
    }
    const requests = log.json.requests as Logged[];
    const logged = requests.find((r) => r.path === '/v6/endpoint-instant/http-server')?.body as Record<string, unknown>;
    assert.equal(logged['password'], '***');
    assert.equal(logged['username'], 'alice');
    assert.equal(logged['testName'], 'with basic auth');
    const raw = requests.at(-1)?.body;
    assert.equal(raw, 'user=bob&password=***');
  });
});
