// The vendor's v6 Postman collection (and curl -X POST) send the older delete as a POST with
// no body and no Content-Type. Such a POST without Origin is no web page's, so it deletes;
// with a body, with an Origin, with a form content type or on any other route it stays 415.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
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

/** Sends `head` (request line and headers, no final blank line) and `body` as written; the answer's status. */
function rawStatus(base: string, head: string, body = ''): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.end(
        `${head}\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${ADMIN}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(Number(/^HTTP\/1\.1 ([0-9]{3})/.exec(answer)?.[1] ?? 0)));
  });
}

describe('empty-bodied POST delete without Content-Type', () => {
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

  test('without Origin it deletes, on /v6/…/delete.json and on the unversioned form, with Content-Length 0 or none', async () => {
    const postman = await createTest('postman');
    const reply = await call(base, `/v6/tests/agent-to-server/${postman}/delete.json`, { method: 'POST' });
    assert.equal(reply.status, 200, reply.text);
    assert.deepEqual(reply.json, {});
    assert.equal(await exists(postman), false);
    const curl = await createTest('curl');
    assert.equal(
      await rawStatus(base, `POST /tests/agent-to-server/${curl}/delete HTTP/1.1`),
      200,
      'no Content-Length at all',
    );
    assert.equal(await exists(curl), false);
    const missing = await call(base, `/v6/tests/agent-to-server/${curl}/delete.json`, { method: 'POST' });
    assert.equal(missing.status, 404, 'the usual answers still apply once the guard let it through');
  });

  test('a body, an Origin (even loopback), a form type or a chunked body keep it 415, and the test stays', async () => {
    const testId = await createTest('kept');
    const path = `/v6/tests/agent-to-server/${testId}/delete.json`;
    for (const [what, options] of [
      ['a JSON body without type', { rawBody: '{}' }],
      ['a loopback Origin', { headers: { origin: 'http://127.0.0.1:8080' } }],
      ['a localhost Origin', { headers: { origin: 'http://localhost:3000' } }],
      ['a form type', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ] as const) {
      const reply = await call(base, path, { method: 'POST', ...options });
      assert.equal(reply.status, 415, what);
      assert.match(errorOf(reply), /Content-Type: application\/json/, what);
    }
    assert.equal(
      (await call(base, path, { method: 'POST', headers: { origin: 'https://evil.example' } })).status,
      403,
      'a foreign Origin',
    );
    assert.equal(
      await rawStatus(base, `POST ${path} HTTP/1.1\r\nTransfer-Encoding: chunked`, '0\r\n\r\n'),
      415,
      'chunked: not known empty before reading',
    );
    assert.equal(await rawStatus(base, `POST ${path} HTTP/1.1\r\nContent-Length: 2`, '{}'), 415, 'a declared body');
    assert.ok(await exists(testId), 'the test was not deleted');
  });

  test('other POSTs still need the JSON content type, even empty and without Origin', async () => {
    const testId = await createTest('other routes');
    for (const path of [
      '/v6/endpoint-data/user-sessions',
      '/v6/tests/agent-to-server/new.json',
      `/v6/tests/agent-to-server/${testId}/update.json`,
      '/v6/endpoint-instant/agent-to-server',
    ]) {
      const reply = await call(base, path, { method: 'POST' });
      assert.equal(reply.status, 415, path);
      assert.match(errorOf(reply), /^POST needs header Content-Type: application\/json/, path);
    }
    const control = await withEmulator({ control: true });
    try {
      assert.equal(
        (await call(control.url, '/_emulator/faults', { method: 'POST', token: null })).status,
        415,
        'control routes too',
      );
    } finally {
      await control.close();
    }
    assert.ok(await exists(testId));
  });
});
