// The tree's "Load more" opens a new walk at each step (resumeFrom = pages.next): a
// server whose next link comes back to an earlier page must not make the tree show the
// same records again, however many steps apart the repeat is.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient } from '../../../src/api';
import type { UserSession } from '../../../src/api/types';
import { PagedLoader } from '../../../src/vscode/tree/paged-loader';
import { startLoopingServer } from './helpers';

describe('"Load more" across steps of a looping listing', () => {
  let server: Awaited<ReturnType<typeof startLoopingServer>>;
  before(async () => {
    server = await startLoopingServer();
  });
  after(() => server.close());

  test('shows each record once and then says the listing repeats', async () => {
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: server.url,
      credentials: { kind: 'bearer', token: 't' },
    });
    const loader = new PagedLoader<UserSession>(
      (resumeFrom, signal) => client.userSessions({ resumeFrom, signal }),
      10,
    );
    await loader.ensureStarted();
    for (let step = 0; step < 6 && loader.hasMore && loader.error === undefined; step++) await loader.loadMore();
    await client.close();
    assert.deepEqual(
      loader.visible.map((s) => s.userSessionId),
      ['s1', 's2', 's3'],
    );
    assert.match(String(loader.error), /leads back to a page of \/v6\/endpoint-data\/user-sessions already shown/);
  });
});
