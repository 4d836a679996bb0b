// A service that answers endpoint tests and scheduled-test data only under /v6 (the
// vendor's v6 forms): the client tries /v7 once, then reads /v6 for that connection and
// says so once. A server in front of the emulator plays that service.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNetmonClient, NotFoundError } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

describe('reads the spec shows under /v7, on a service that answers them only under /v6', () => {
  let emulator: RunningEmulator;
  let front: Server;
  let url: string;
  const paths: string[] = [];
  before(async () => {
    emulator = await startEmulator({ port: 0, now: () => Date.parse('2026-11-20T14:00:00Z') });
    front = createServer((request, response) => {
      const path = request.url ?? '/';
      paths.push(path.split('?')[0] ?? path);
      if (/^\/v7\/endpoint-(tests|data\/tests)/.test(path)) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"errorMessage":"Not found"}');
        return;
      }
      const upstream = /^\/v6\/endpoint-(tests|data\/tests)/.test(path) ? path.replace(/^\/v6\//, '/v7/') : path;
      void fetch(`${emulator.url}${upstream}`, { headers: { authorization: request.headers.authorization ?? '' } }).then(async (answer) => {
        // Links the emulator writes point at itself under /v7: as this service, under /v6 here.
        const text = (await answer.text()).replaceAll(`${emulator.url}/v7/`, `${url}/v6/`);
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(text);
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  });
  after(async () => {
    front.closeAllConnections();
    await new Promise<void>((resolve) => front.close(() => resolve()));
    await emulator.close();
  });

  test('the first 404 switches the area to /v6 for this connection, said once; data lists follow', async () => {
    const warnings: string[] = [];
    const client = createNetmonClient({ baseUrl: url, credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token }, retry: { maxRetries: 0 }, onWarning: (m) => warnings.push(m) });
    try {
      const tests = await client.listEndpointTests();
      assert.ok(tests.endpointTest.length > 0);
      paths.length = 0;
      const [first] = tests.endpointTest;
      assert.equal((await client.getEndpointTest(first!.testId)).endpointTest[0]?.testId, first!.testId);
      assert.deepEqual(paths, [`/v6/endpoint-tests/${first!.testId}`], 'no second /v7 attempt once the area is known');
      assert.deepEqual(warnings, ['GET /v7/endpoint-tests answered 404 and /v6/endpoint-tests answered: this connection reads endpoint-tests under /v6 from now on']);

      const metrics = await client.netMetrics(first!.testId, { window: '1h' }).collect();
      assert.ok(metrics.records.length > 0);
      assert.equal(warnings.length, 2);
      await assert.rejects(client.getEndpointTest(999_999_999), NotFoundError);
    } finally {
      await client.close();
    }
  });
});
