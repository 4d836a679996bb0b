// Paging of the inventory lists (agents, networks, endpoint tests) as the service does it:
// pages.next carries an opaque pageId; a walk yields every record once; altered, foreign or
// stale pageIds answer 400.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { createWorld } from '../../../src/emulator/world/index';
import { ADMIN, arrayOf, call, errorOf, pagesOf, withEmulator, type Reply } from './helpers';

/** Follows pages.next from `path`, checking every page's size and number; the replies in order. */
async function walk(base: string, path: string, key: string, pageSize: number): Promise<Reply[]> {
  const replies: Reply[] = [];
  let next: string | undefined = `${base}${path}`;
  while (next) {
    const reply = await call(base, next);
    assert.equal(reply.status, 200, reply.text.slice(0, 300));
    assert.ok(arrayOf(reply, key).length <= pageSize, `page ${replies.length + 1} holds at most ${pageSize}`);
    assert.equal(pagesOf(reply).current, replies.length + 1);
    replies.push(reply);
    next = pagesOf(reply).next;
    assert.ok(replies.length < 1_000, 'the walk ends');
  }
  return replies;
}

const ids = <T>(replies: Reply[], key: string, id: (record: T) => unknown): unknown[] =>
  replies.flatMap((r) => arrayOf<T>(r, key).map(id));

describe('inventory paging on the large preset', () => {
  let large: RunningEmulator;
  before(async () => {
    large = await withEmulator({ preset: 'large' });
  });
  after(() => large.close());

  test('agents come in pages of at most 1,000 along pageId links: exactly the 10,000 agents of the world, once each', async () => {
    const expected =
      createWorld({ seed: 1, preset: 'large' })
        .group(1001)
        ?.endpointAgents()
        .map((a) => a.agentId) ?? [];
    assert.equal(expected.length, 10_000);
    const replies = await walk(large.url, '/v6/endpoint-agents?aid=1001&format=json', 'endpointAgents', 1_000);
    assert.equal(replies.length, 10);
    const seen = ids<{ agentId: string }>(replies, 'endpointAgents', (a) => a.agentId);
    assert.equal(new Set(seen).size, seen.length, 'no agent twice');
    assert.deepEqual(seen, expected, 'the same agents in the same order as the world');
    assert.equal(pagesOf(replies[9] as Reply).next, undefined, 'the last page has no next');
    for (const reply of replies.slice(0, 9)) {
      const next = new URL(pagesOf(reply).next ?? '');
      assert.equal(`${next.origin}${next.pathname}`, `${large.url}/v6/endpoint-agents`);
      assert.equal(next.searchParams.get('aid'), '1001');
      assert.equal(next.searchParams.get('format'), 'json');
      assert.match(next.searchParams.get('pageId') ?? '', /^[A-Za-z0-9_-]+$/);
      for (const param of ['page', 'cursor', 'authToken']) assert.equal(next.searchParams.has(param), false, param);
    }
  });

  test('next never carries the authToken a client sent in the query', async () => {
    const reply = await call(large.url, `/v6/endpoint-agents?authToken=${ADMIN}`, { token: null });
    assert.equal(reply.status, 200);
    const next = pagesOf(reply).next ?? '';
    assert.doesNotMatch(next, /authToken|demo-admin-token/);
    assert.equal((await call(large.url, next)).status, 200, 'the next page with credentials in the header');
  });

  test('a forged, altered or foreign pageId answers 400 with a clear message', async () => {
    const first = await call(large.url, '/v6/endpoint-agents');
    const pageId = new URL(pagesOf(first).next ?? '').searchParams.get('pageId') ?? '';
    const altered = `${pageId.slice(0, -1)}${pageId.endsWith('A') ? 'B' : 'A'}`;
    const forged = Buffer.from('5000:AAAAAAAAAAAA').toString('base64url');
    for (const [what, path] of [
      ['forged', `/v6/endpoint-agents?pageId=${forged}`],
      ['altered', `/v6/endpoint-agents?pageId=${altered}`],
      ['garbage', '/v6/endpoint-agents?pageId=%2F%2F..'],
      ['a plain offset', '/v6/endpoint-agents?pageId=1000'],
      ['another account group', `/v6/endpoint-agents?aid=1002&pageId=${pageId}`],
      ['another list', `/v6/endpoint-data/networks?pageId=${pageId}`],
    ] as const) {
      const reply = await call(large.url, path);
      assert.equal(reply.status, 400, `${what}: ${reply.text.slice(0, 200)}`);
      assert.match(
        errorOf(reply),
        /^pageId '.*' is not a page of this list \(account group 100[12], 1000 per page\): .*start again without pageId$/,
        what,
      );
    }
    assert.equal(
      (await call(large.url, `/v6/endpoint-agents?pageId=${pageId}`)).status,
      200,
      'the genuine pageId still reads',
    );
  });

  test('another emulator of the same world accepts the pageId; one with another page size does not', async () => {
    const first = await call(large.url, '/v6/endpoint-agents');
    const pageId = new URL(pagesOf(first).next ?? '').searchParams.get('pageId') ?? '';
    const twin = await withEmulator({ preset: 'large' });
    const resized = await withEmulator({ preset: 'large', inventoryPageSize: 500 });
    try {
      assert.deepEqual(
        (await call(twin.url, `/v6/endpoint-agents?pageId=${pageId}`)).json.endpointAgents,
        (await call(large.url, `/v6/endpoint-agents?pageId=${pageId}`)).json.endpointAgents,
      );
      assert.equal(
        (await call(resized.url, `/v6/endpoint-agents?pageId=${pageId}`)).status,
        400,
        'stale: pages of another size',
      );
    } finally {
      await Promise.all([twin.close(), resized.close()]);
    }
  });
});

describe('inventory paging on the demo preset', () => {
  let whole: RunningEmulator;
  let small: RunningEmulator;
  before(async () => {
    whole = await withEmulator();
    small = await withEmulator({ inventoryPageSize: 2 });
  });
  after(() => Promise.all([whole.close(), small.close()]));

  test('by default every inventory list is one page with no next', async () => {
    for (const [path, key] of [
      ['/v6/endpoint-agents', 'endpointAgents'],
      ['/v6/endpoint-data/networks', 'privateNetworks'],
      ['/v7/endpoint-tests', 'endpointTest'],
      ['/v6/endpoint-tests/agent-to-server', 'endpointTest'],
    ] as const) {
      const reply = await call(whole.url, path);
      assert.ok(arrayOf(reply, key).length > 0, path);
      assert.deepEqual(reply.json.pages, { current: 1 }, path);
    }
  });

  test('a small inventory page size pages agents, networks and endpoint tests (all, by type, on /v6 and /v7), keeping aid', async () => {
    const lists = [
      ['/v6/endpoint-agents', 'endpointAgents', 'agentId'],
      ['/v6/endpoint-data/networks', 'privateNetworks', 'networkId'],
      ['/v7/endpoint-tests', 'endpointTest', 'testId'],
      ['/v6/endpoint-tests.json', 'endpointTest', 'testId'],
      ['/v7/endpoint-tests/agent-to-server', 'endpointTest', 'testId'],
    ] as const;
    for (const aid of [1001, 1002]) {
      for (const [path, key, id] of lists) {
        const expected = arrayOf<Record<string, unknown>>(await call(whole.url, `${path}?aid=${aid}`), key).map(
          (r) => r[id],
        );
        const replies = await walk(small.url, `${path}?aid=${aid}`, key, 2);
        assert.deepEqual(
          ids<Record<string, unknown>>(replies, key, (r) => r[id]),
          expected,
          `${path} aid ${aid}`,
        );
        assert.equal(replies.length, Math.max(1, Math.ceil(expected.length / 2)), `${path} aid ${aid}`);
        for (const reply of replies.slice(0, -1)) {
          const next = new URL(pagesOf(reply).next ?? '');
          assert.equal(next.searchParams.get('aid'), String(aid));
          assert.equal(next.pathname, path.replace('.json', ''), 'the path as called, without the .json suffix');
        }
      }
    }
  });

  test("the v6 and v7 endpoint-test lists share their pageIds; the whole list's pageId is none of a by-type list", async () => {
    const v7 = await call(small.url, '/v7/endpoint-tests');
    const pageId = new URL(pagesOf(v7).next ?? '').searchParams.get('pageId') ?? '';
    const [onV6, onV7] = await Promise.all([
      call(small.url, `/v6/endpoint-tests?pageId=${pageId}`),
      call(small.url, `/v7/endpoint-tests?pageId=${pageId}`),
    ]);
    assert.equal(onV6.status, 200);
    assert.deepEqual(onV6.json.endpointTest, onV7.json.endpointTest);
    assert.equal((await call(small.url, `/v7/endpoint-tests/agent-to-server?pageId=${pageId}`)).status, 400);
  });

  test('XML answers carry the same pages', async () => {
    const json = await call(small.url, '/v6/endpoint-agents?aid=1002');
    const xml = await call(small.url, '/v6/endpoint-agents?aid=1002&format=xml');
    assert.equal(xml.status, 200);
    const next = /<pages><current>1<\/current><next>([^<]+)<\/next><\/pages>/
      .exec(xml.text)?.[1]
      ?.replace(/&amp;/g, '&');
    assert.ok(next, xml.text.slice(-300));
    const jsonNext = new URL(pagesOf(json).next ?? '');
    const xmlNext = new URL(next);
    assert.equal(xmlNext.searchParams.get('pageId'), jsonNext.searchParams.get('pageId'));
    assert.equal(xmlNext.searchParams.get('format'), 'xml');
    assert.equal(xmlNext.searchParams.get('aid'), '1002');
    const second = await call(small.url, next);
    assert.match(second.text, /<pages><current>2<\/current>/);
  });
});
