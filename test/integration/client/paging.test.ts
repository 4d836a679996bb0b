// Paging under faults: truncated bodies, dropped connections and 5xx during a 50-page walk
// still yield every record exactly once; a failed filtered walk resumes where it stopped;
// cancellation stops a walk mid-way; a next loop is detected; collect honours its cap.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CancelledError, createNetmonClient, PagingLoopError, ServerError, type Paged } from '../../../src/api';
import type { WebSession, WebSessionsResponse } from '../../../src/api/types';
import { TestBed, drain, emulatedNow, rejection, startLoopingServer } from './helpers';

const HOUR = 3600_000;
// Nine hours before the emulated 14:00 UTC (see helpers): enough sessions for 50 pages at any hour the suite runs.
const to = new Date(Math.floor(emulatedNow() / HOUR) * HOUR - HOUR);
const from = new Date(to.getTime() - 9 * HOUR);
const key = (w: WebSession): string => `${w.userSessionId}/${w.pageId}`;

describe('paging', () => {
  let bed: TestBed;
  let clean: WebSession[];
  before(async () => {
    bed = await TestBed.start({ pageSize: 12 });
    clean = await drain(bed.client('admin', 'bearer', {}, true).webSessions({ from, to }));
  });
  after(() => bed.close());

  test('a 50-page walk through truncated bodies, dropped connections and 5xx loses and repeats nothing', async () => {
    assert.ok(clean.length / 12 >= 50, `at least 50 pages (${Math.ceil(clean.length / 12)})`);
    const pathPrefix = '/v6/endpoint-data/user-sessions/web';
    bed.setFaults([
      { fault: 'truncate', every: 7, pathPrefix },
      { fault: 'drop', every: 11, pathPrefix },
      { fault: 'error', status: 503, every: 5, pathPrefix },
      { fault: 'error', status: 502, every: 13, pathPrefix },
    ]);
    const client = bed.client('admin', 'bearer', { retry: { maxRetries: 6, baseDelayMs: 5, maxDelayMs: 40 } }, true);
    const retried: (number | undefined)[] = [];
    client.addRequestListener((event) => {
      if (!event.final) retried.push(event.status);
    });
    const records = await drain(client.webSessions({ from, to }));
    bed.setFaults([]);
    assert.deepEqual(records.map(key), clean.map(key), 'every record once, in order');
    assert.equal(new Set(records.map(key)).size, records.length);
    assert.ok(retried.includes(undefined), 'dropped or truncated responses were retried');
    assert.ok(retried.includes(503) && retried.includes(502), '5xx were retried');
  });

  test('a filtered walk that fails (POST is not retried on 5xx) resumes from resumeUrl without loss', async () => {
    const filters = [{ key: 'platform', values: ['Mac', 'Windows'] }];
    bed.setFaults([{ fault: 'error', status: 503, every: 9, pathPrefix: '/v6/endpoint-data/user-sessions/web' }]);
    const client = bed.client('admin', 'bearer', {}, true);
    const records: WebSession[] = [];
    let resumeFrom: string | undefined;
    let failures = 0;
    for (;;) {
      const walk: Paged<WebSession, WebSessionsResponse> = client.webSessions({ from, to, filters, resumeFrom });
      try {
        for await (const record of walk) records.push(record);
        break;
      } catch (error) {
        assert.ok(error instanceof ServerError);
        failures += 1;
        resumeFrom = walk.resumeUrl;
        assert.ok(resumeFrom, 'a failed walk says where to resume');
      }
    }
    bed.setFaults([]);
    assert.ok(failures >= 3);
    assert.deepEqual(records.map(key), clean.map(key));
  });

  test('cancelling mid-walk stops at once and sends no further page', async () => {
    await bed.clearRequests();
    const controller = new AbortController();
    const client = bed.client('admin', 'bearer', {}, true);
    const started = Date.now();
    let pages = 0;
    const walking = (async () => {
      for await (const _page of client.webSessions({ from, to, signal: controller.signal }).pages()) {
        pages += 1;
        if (pages === 3) {
          // The fourth page hangs on the server until the walk is cancelled.
          bed.setFaults([{ fault: 'latency', latencyMs: 2000 }]);
          setTimeout(() => controller.abort(), 100);
        }
      }
    })();
    const error = await rejection(walking);
    bed.setFaults([]);
    assert.ok(error instanceof CancelledError);
    assert.equal(pages, 3);
    assert.ok(Date.now() - started < 1500, 'cancel did not wait for the hanging page');
    const lastEvent = bed.events.at(-1);
    assert.equal(lastEvent?.error?.kind, 'cancelled');
    assert.equal(bed.events.filter((e) => e.path.includes('page=5')).length, 0, 'no page after the cancelled one');
  });

  test('collect stops at its record cap and says how to resume', async () => {
    const client = bed.client('admin', 'bearer', {}, true);
    const first = await client.webSessions({ from, to }).collect({ maxRecords: 30 });
    assert.equal(first.records.length, 30);
    assert.equal(first.complete, false);
    assert.equal(first.resumeSkip, 6, '30 = two pages of 12 and 6 of the third');
    assert.match(first.next ?? '', /page=3/);
    const rest = await client.webSessions({ resumeFrom: first.next }).collect();
    assert.ok(rest.complete);
    assert.deepEqual([...first.records, ...rest.records.slice(first.resumeSkip)].map(key), clean.map(key));
  });

  test('resumeFrom must point at the same server', async () => {
    const error = await rejection(
      drain(
        bed
          .client('admin')
          .webSessions({ resumeFrom: 'http://elsewhere.example/v6/endpoint-data/user-sessions/web?page=2' }),
      ),
    );
    assert.ok(error instanceof PagingLoopError);
  });
});

describe('a server whose pages.next loops', () => {
  let server: Awaited<ReturnType<typeof startLoopingServer>>;
  before(async () => {
    server = await startLoopingServer();
  });
  after(() => server.close());

  test('is stopped with PagingLoopError after the pages it did read', async () => {
    const client = createNetmonClient({
      apiVersion: 'v6',
      baseUrl: server.url,
      credentials: { kind: 'bearer', token: 't' },
    });
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const session of client.userSessions()) seen.push(session.userSessionId);
      })(),
    );
    await client.close();
    assert.ok(error instanceof PagingLoopError);
    assert.deepEqual(seen, ['s1', 's2', 's3']);
  });
});
