// A service published under a path (https://host/netmon-api/) shares its origin with other
// applications on that host: a `pages.next` that leaves the path would send the token to
// them, so the walk stops there, like it does for another origin.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNetmonClient, PagingLoopError } from '../../../src/api';

describe("pages.next stays under the base URL's path", () => {
  let server: Server;
  let origin: string;
  const seen: { path: string; authorization: string | undefined }[] = [];
  before(async () => {
    server = createServer((request, response) => {
      seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
      const next = request.url?.startsWith('/api/v6/endpoint-data/user-sessions?page=2')
        ? undefined
        : request.url?.includes('escape')
          ? `${origin}/other-app/collect?page=2`
          : `${origin}/api/v6/endpoint-data/user-sessions?page=2`;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ userSessions: [{ userSessionId: `s-${seen.length}` }], pages: next ? { next } : {} }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const client = () =>
    createNetmonClient({
      apiVersion: 'v6',
      baseUrl: `${origin}/api`,
      credentials: { kind: 'bearer', token: 'secret-token' },
      retry: { maxRetries: 0 },
    });

  test('a next link inside the base path is followed', async () => {
    seen.length = 0;
    const { records, complete } = await client().userSessions({ window: '1h' }).collect();
    assert.equal(records.length, 2);
    assert.ok(complete);
  });

  test('a next link on the same origin but outside the base path stops the walk before any request there', async () => {
    seen.length = 0;
    const walk = client().userSessions({ window: '1h', aid: 'escape' });
    await assert.rejects(
      walk.collect(),
      (error: unknown) => error instanceof PagingLoopError && /leaves the base path \/api\//.test(error.message),
    );
    assert.deepEqual(
      seen.filter((s) => s.path.startsWith('/other-app')),
      [],
    );
  });

  test('resumeFrom outside the base path is refused', async () => {
    seen.length = 0;
    await assert.rejects(
      client()
        .userSessions({ resumeFrom: `${origin}/other-app/x` })
        .collect(),
      PagingLoopError,
    );
    assert.equal(seen.length, 0);
  });
});
