// PUT /v7/tests/{type}/{testId} over HTTP: like the service, the v7 emulator updates any field
// of the type its schema does not mark read-only (an HTTP server test's url included), checks
// the merged test as a create would, keeps what the update leaves out, and refuses read-only
// and foreign fields — every answer checked against the vendor's OpenAPI schemas.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

type Json = Record<string, unknown>;

describe('emulator v7: PUT updates any field the schema does not mark read-only', () => {
  let emulator: RunningEmulator;
  let path = '';
  let created: Json = {};
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS });
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents')
      .slice(0, 2)
      .map((a) => ({ agentId: String(a.agentId) }));
    const reply = await conforming(
      emulator,
      '/tests/http-server',
      '/v7/tests/http-server',
      {
        json: {
          testName: 'health',
          interval: 300,
          agents,
          url: 'https://one.example/health',
          httpTimeLimit: 10,
          userAgent: 'probe/1',
        },
      },
      201,
    );
    created = reply.json;
    path = `/v7/tests/http-server/${String(created.testId)}`;
  });
  after(() => emulator.close());

  const put = (json: Json): Promise<{ json: Json }> =>
    conforming(emulator, '/tests/http-server/{testId}', path, { method: 'PUT', json });

  it("changes an HTTP server test's url in place, keeping its id, agents and other fields", async () => {
    const updated = await put({ url: 'https://two.example/status' });
    assert.equal(updated.json.url, 'https://two.example/status');
    assert.equal(updated.json.testId, created.testId, 'updated, not replaced');
    assert.deepEqual(updated.json.agents, created.agents);
    assert.equal(updated.json.httpTimeLimit, 10);
    assert.equal(updated.json.userAgent, 'probe/1');
    assert.equal(updated.json.createdDate, created.createdDate);
    const read = await conforming(emulator, '/tests/http-server/{testId}', path);
    assert.equal(read.json.url, 'https://two.example/status');
  });

  it('updates shared and vendor-only fields together, in v7 units', async () => {
    const updated = await put({ httpTimeLimit: 20, followRedirects: false, userAgent: 'probe/2', testName: 'renamed' });
    assert.equal(updated.json.httpTimeLimit, 20, 'seconds in, seconds out');
    assert.equal(updated.json.followRedirects, false);
    assert.equal(updated.json.userAgent, 'probe/2');
    assert.equal(updated.json.testName, 'renamed');
    assert.equal(updated.json.url, 'https://two.example/status');
  });

  it('still renames alone as before', async () => {
    assert.equal((await put({ testName: 'again' })).json.testName, 'again');
  });

  it('refuses read-only and foreign fields, an invalid value and an empty body, and changes nothing', async () => {
    for (const [json, message] of [
      [{ testId: '1' }, /Field 'testId' cannot be updated: it is read-only/],
      [{ createdDate: '2026-01-01T00:00:00Z' }, /Field 'createdDate' cannot be updated/],
      [{ type: 'page-load' }, /Field 'type' cannot be updated/],
      [{ server: 'a.example' }, /Field 'server' cannot be updated/],
      [{ url: 'not a url' }, /url/],
      [{}, /Nothing to update/],
    ] as const) {
      const reply = await conforming(emulator, '/tests/http-server/{testId}', path, { method: 'PUT', json }, 400);
      assert.match(String(reply.json.detail), message, JSON.stringify(json));
    }
    const read = await conforming(emulator, '/tests/http-server/{testId}', path);
    assert.equal(read.json.url, 'https://two.example/status');
  });
});
