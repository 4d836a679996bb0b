// Paging: pages.next repeats the query, stays on the same range while the clock moves,
// and a long walk neither duplicates nor loses a record.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { arrayOf, call, pagesOf, withEmulator } from './helpers';

const START = Date.UTC(2026, 10, 20, 10, 4, 50);

describe('paging', () => {
  let small: RunningEmulator;
  let whole: RunningEmulator;
  let nowMs = START;
  before(async () => {
    small = await withEmulator({ now: () => nowMs, pageSize: 4 });
    // Both clocks move together: an asOf later than the emulator's own "now" is refused.
    whole = await withEmulator({ now: () => nowMs, pageSize: 100_000 });
  });
  after(() => Promise.all([small.close(), whole.close()]));

  test('walks 200 pages of next links while the clock enters new rounds: nothing duplicated or lost', async () => {
    const query = '?window=1d&aid=1001';
    const expected = arrayOf<{ userSessionId: string }>(
      await call(whole.url, `/v6/endpoint-data/user-sessions${query}`),
      'userSessions',
    ).map((s) => s.userSessionId);
    assert.ok(expected.length > 200 * 4, `enough sessions for 200 pages (${expected.length})`);
    const seen: string[] = [];
    let next: string | undefined = `${small.url}/v6/endpoint-data/user-sessions${query}`;
    let pages = 0;
    while (next && pages < 200) {
      const reply = await call(small.url, next);
      assert.equal(reply.status, 200, reply.text);
      seen.push(...arrayOf<{ userSessionId: string }>(reply, 'userSessions').map((s) => s.userSessionId));
      pages += 1;
      assert.equal(pagesOf(reply).current, pages);
      next = pagesOf(reply).next;
      nowMs += 7_000; // 200 pages × 7 s crosses several 5-minute rounds
    }
    assert.equal(pages, 200);
    assert.ok(nowMs - START > 3 * 300_000);
    assert.equal(new Set(seen).size, seen.length, 'no duplicates');
    assert.deepEqual(seen, expected.slice(0, seen.length), 'same records in the same order as one big page');
  });

  test('next is absolute and repeats window, aid and format; the last page has no next', async () => {
    const first = await call(small.url, '/v6/endpoint-data/network-topology?window=1h&aid=1002&format=json');
    const next = new URL(pagesOf(first).next ?? '');
    assert.equal(next.origin, small.url);
    assert.equal(next.pathname, '/v6/endpoint-data/network-topology');
    assert.equal(next.searchParams.get('window'), '1h');
    assert.equal(next.searchParams.get('aid'), '1002');
    assert.equal(next.searchParams.get('format'), 'json');
    assert.equal(next.searchParams.get('page'), '2');
    let url: string | undefined = next.toString();
    let last = first;
    while (url) {
      last = await call(small.url, url);
      url = pagesOf(last).next;
    }
    assert.equal(pagesOf(last).next, undefined);
  });

  test('XML answers carry pages too', async () => {
    const reply = await call(small.url, '/v6/endpoint-data/user-sessions?window=1h&format=xml');
    assert.match(reply.text, /<pages><current>1<\/current><next>http:\/\/[^<]+page=2[^<]*<\/next><\/pages>/);
    assert.match(reply.text, /format=xml/);
  });

  test('POSTed filters: the same body re-POSTed to next pages continues the filtered list', async () => {
    const filters = { searchFilters: [{ key: 'connection', values: ['Wireless', 'Ethernet'] }] };
    // The walk starts at the small emulator's current time, which earlier tests moved on.
    const startedAt = `asOf=${Math.floor(nowMs / 1000)}`;
    const expected = arrayOf<{ userSessionId: string }>(
      await call(whole.url, `/v6/endpoint-data/user-sessions?window=6h&${startedAt}`, { json: filters }),
      'userSessions',
    );
    assert.ok(expected.length > 8, 'several pages');
    const seen: string[] = [];
    let url: string | undefined = `${small.url}/v6/endpoint-data/user-sessions?window=6h`;
    while (url) {
      const reply = await call(small.url, url, { json: filters });
      seen.push(...arrayOf<{ userSessionId: string }>(reply, 'userSessions').map((s) => s.userSessionId));
      url = pagesOf(reply).next;
      nowMs += 11_000;
    }
    assert.deepEqual(
      seen,
      expected.map((s) => s.userSessionId),
    );
  });

  test('the deprecated page parameter still selects a page on v6 lists; past the last page or above 100,000 it answers 400', async () => {
    const pinned = `asOf=${Math.floor(START / 1000)}`;
    const third = await call(small.url, `/v6/endpoint-data/user-sessions/web?window=1h&page=3&${pinned}`);
    const all = await call(whole.url, `/v6/endpoint-data/user-sessions/web?window=1h&${pinned}`);
    assert.equal(pagesOf(third).current, 3);
    assert.deepEqual(arrayOf(third, 'webSessions'), arrayOf(all, 'webSessions').slice(8, 12));
    const count = arrayOf(all, 'webSessions').length;
    const last = Math.ceil(count / 4);
    assert.equal(
      arrayOf(
        await call(small.url, `/v6/endpoint-data/user-sessions/web?window=1h&page=${last}&${pinned}`),
        'webSessions',
      ).length,
      count - (last - 1) * 4,
    );
    const beyond = await call(small.url, `/v6/endpoint-data/user-sessions/web?window=1h&page=${last + 1}&${pinned}`);
    assert.equal(beyond.status, 400);
    assert.equal(
      beyond.json.errorMessage,
      `page ${last + 1} is past the last page (${last}): the range holds ${count} records, 4 per page`,
    );
    const absurd = await call(small.url, `/v6/endpoint-data/user-sessions/web?window=1h&page=100001&${pinned}`);
    assert.equal(absurd.status, 400);
    assert.match(
      String(absurd.json.errorMessage),
      /^page 100001 is above the maximum of 100000 for page without a cursor/,
    );
  });
  test('next carries a cursor: the page starts at the cursor (even mid-session), whatever the page number says', async () => {
    const pinned = `asOf=${Math.floor(START / 1000)}`;
    const all = arrayOf<{ pageId: string }>(
      await call(whole.url, `/v6/endpoint-data/user-sessions/web?window=2h&${pinned}`),
      'webSessions',
    );
    const seen: string[] = [];
    let next: string | undefined = `${small.url}/v6/endpoint-data/user-sessions/web?window=2h&${pinned}`;
    for (let pages = 0; next; pages++) {
      const url = new URL(next);
      if (pages > 0) {
        assert.match(url.searchParams.get('cursor') ?? '', /^[0-9]+\.[0-9]+\.[0-9]+$/);
        url.searchParams.delete('page'); // the cursor alone positions the page
      }
      const reply = await call(small.url, url.toString());
      seen.push(...arrayOf<{ pageId: string }>(reply, 'webSessions').map((w) => w.pageId));
      next = pagesOf(reply).next;
    }
    assert.deepEqual(
      seen,
      all.map((w) => w.pageId),
    );
  });

  test('a malformed cursor answers 400', async () => {
    const reply = await call(small.url, '/v6/endpoint-data/user-sessions?window=1h&cursor=abc');
    assert.equal(reply.status, 400);
    assert.match(String(reply.json.errorMessage), /cursor 'abc' is not a list position/);
  });
});
