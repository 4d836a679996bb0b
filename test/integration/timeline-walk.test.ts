// The timeline walk against the emulator over loopback HTTP: a page the service refuses
// becomes a gap (not silently missing data) that Retry reads from where it stopped, ending
// with exactly the records of a clean walk; cached details are not requested again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TimelineWalk, type DetailCache } from '../../src/analysis/timeline/walk';
import { createNetmonClient, type NetmonClient } from '../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../src/emulator';

const NOW_MS = Date.UTC(2026, 10, 18, 12, 2, 0);
const AID = 1001;

describe('timeline walk', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let agentId: string;
  let requests: string[];
  const range = { from: new Date(NOW_MS - 6 * 3600_000), to: new Date(NOW_MS) };
  const estimate = { fromMs: range.from.getTime(), toMs: range.to.getTime() };
  const ids = (walk: TimelineWalk): string[] => walk.builder.lanes().pages.map((p) => `${p.userSessionId}/${p.pageId}`);

  before(async () => {
    emulator = await startEmulator({ port: 0, now: () => NOW_MS, pageSize: 20 });
    agentId = emulator.world.group(AID)!.featuredAgents()[0]!.agentId;
    requests = [];
    client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      aid: String(AID),
      onRequest: (event) => {
        if (event.final) requests.push(event.path);
      },
    });
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('a refused page is a gap from the last record read; Retry completes it with every record once', async () => {
    const clean = new TimelineWalk(client, agentId, range, estimate);
    await clean.run();
    assert.deepEqual(clean.gaps, []);
    assert.ok(ids(clean).length > 40, 'several pages of page loads');

    // The third request to the pages list is refused (a 400 is not retried by the client).
    emulator.setFaults([
      { fault: 'error', status: 400, every: 3, times: 1, pathPrefix: '/v6/endpoint-data/user-sessions/web' },
    ]);
    const cache: DetailCache = new Map();
    const faulty = new TimelineWalk(client, agentId, range, estimate, cache);
    await faulty.run();
    emulator.setFaults([]);
    assert.equal(faulty.gaps.length, 1);
    const [gap] = faulty.gaps;
    assert.equal(gap!.list, 'webSessions');
    assert.match(gap!.reason, /400/);
    assert.ok(gap!.resumeUrl, 'the gap knows where to resume');
    assert.ok(ids(faulty).length < ids(clean).length);
    assert.ok(
      gap!.fromMs >= range.from.getTime() && gap!.fromMs <= faulty.builder.lanes().pages.at(-1)!.t,
      'the gap starts at the last record read',
    );

    requests.length = 0;
    await faulty.retry(gap!);
    assert.deepEqual(faulty.gaps, []);
    assert.deepEqual(ids(faulty), ids(clean), 'every record exactly once');
    assert.ok(
      requests.every((path) => path.startsWith('/v6/endpoint-data/user-sessions/web')),
      `only the rest of the page loads was read: ${requests.join(', ')}`,
    );
  });

  test('details already read are taken from the cache, not requested again', async () => {
    const cache: DetailCache = new Map();
    await new TimelineWalk(client, agentId, range, estimate, cache).run();
    assert.ok(cache.size > 0);
    requests.length = 0;
    const again = new TimelineWalk(client, agentId, range, estimate, cache);
    await again.run();
    assert.equal(
      requests.filter((path) => /^\/v6\/endpoint-data\/user-sessions\/[0-9a-f]+$/.test(path)).length,
      0,
      'no detail requested twice',
    );
    assert.ok(again.builder.lanes().samples.length >= cache.size);
  });

  test('the range the service states (from, to) is the range of the timeline', async () => {
    const walk = new TimelineWalk(client, agentId, { window: '6h' }, { fromMs: 0, toMs: 1 });
    await walk.run();
    assert.deepEqual(walk.range, { fromMs: NOW_MS - 6 * 3600_000, toMs: NOW_MS }, "the emulator's clock, not ours");
  });
});
