// The tree's "Load more" opens a new walk at each step (resumeFrom = pages.next): a
// server whose next link comes back to an earlier page must not make the tree show the
// same records again, however many steps apart the repeat is.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNetmonClient } from '../../../src/api';
import type { UserSession } from '../../../src/api/types';
import { PagedLoader } from '../../../src/vscode/tree/paged-loader';

describe('"Load more" across steps of a looping listing', () => {
  let server: Server;
  let url: string;
  before(async () => {
    // Page 3 links back to page 2.
    server = createServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
      const next = `${url}/v6/endpoint-data/user-sessions?page=${page === 3 ? 2 : page + 1}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ userSessions: [{ userSessionId: `s${page}` }], pages: { current: page, next } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('shows each record once and then says the listing repeats', async () => {
    const client = createNetmonClient({ baseUrl: url, credentials: { kind: 'bearer', token: 't' } });
    const loader = new PagedLoader<UserSession>((resumeFrom, signal) => client.userSessions({ resumeFrom, signal }), 10);
    await loader.ensureStarted();
    for (let step = 0; step < 6 && loader.hasMore && loader.error === undefined; step++) await loader.loadMore();
    await client.close();
    assert.deepEqual(loader.visible.map((s) => s.userSessionId), ['s1', 's2', 's3']);
    assert.match(String(loader.error), /leads back to a page of \/v6\/endpoint-data\/user-sessions already shown/);
  });
});
