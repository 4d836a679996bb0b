// How the HAR diff pairs requests (issue 28): exact URLs first, then normalised ones by
// similarity, never by order alone; the rule per pair; a cache hit is not an improvement.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { diffHar, type HarDiff, type HarDiffRow } from '../../../src/analysis/har/diff';
import { readHar } from '../../../src/analysis/har/reader';
import { formatHarDiff } from '../../../src/analysis/har/diff-text';

interface Spec {
  url: string;
  ms: number;
  size?: number;
  start?: number;
  status?: number;
  fromCache?: string;
  transfer?: number;
  initiator?: string;
  method?: string;
  body?: string;
}

function har(specs: readonly Spec[]): unknown {
  const t0 = Date.UTC(2026, 0, 1);
  return {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      pages: [{ id: 'page_1', title: 'p', startedDateTime: new Date(t0).toISOString(), pageTimings: { onLoad: 3000 } }],
      entries: specs.map((s, i) => ({
        pageref: 'page_1',
        startedDateTime: new Date(t0 + (s.start ?? i * 10)).toISOString(),
        time: s.ms,
        request: {
          method: s.method ?? 'GET',
          url: s.url,
          httpVersion: 'h2',
          headers: [],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: s.body?.length ?? 0,
          ...(s.body !== undefined ? { postData: { mimeType: 'application/json', text: s.body } } : {}),
        },
        response: {
          status: s.status ?? 200,
          statusText: '',
          httpVersion: 'h2',
          headers: [],
          cookies: [],
          content: { size: s.size ?? 1000, mimeType: 'application/javascript' },
          redirectURL: '',
          headersSize: -1,
          bodySize: s.size ?? 1000,
          _transferSize: s.transfer ?? (s.size ?? 1000) + 200,
        },
        cache: {},
        timings: { blocked: 0, dns: -1, connect: -1, ssl: -1, send: 0, wait: s.ms - 1, receive: 1 },
        ...(s.fromCache ? { _fromCache: s.fromCache } : {}),
        ...(s.initiator ? { _initiator: { type: 'script', url: s.initiator } } : {}),
      })),
    },
  };
}

const rowOf = (diff: HarDiff, urlPart: string): HarDiffRow => {
  const found = diff.rows.find((r) => (r.after ?? r.before)?.url.includes(urlPart));
  assert.ok(found, urlPart);
  return found;
};

describe('pairing', () => {
  test('the same two URLs (10-digit ids) loaded in the other order pair exactly: nothing slower or faster', () => {
    const a = 'https://api.example/item?id=1234567890';
    const b = 'https://api.example/item?id=2345678901';
    const diff = diffHar(
      har([
        { url: a, ms: 100 },
        { url: b, ms: 2000 },
      ]),
      har([
        { url: b, ms: 2000 },
        { url: a, ms: 100 },
      ]),
    );
    assert.equal(diff.counts.slower + diff.counts.faster, 0, diff.rows.map((r) => `${r.mark} ${r.deltaMs}`).join(', '));
    assert.equal(diff.counts.unchanged, 2);
    assert.ok(diff.rows.every((r) => r.pairing === 'exact URL' && r.before?.url === r.after?.url));
  });

  test('normalised URLs (cache-buster values changed) pair by similarity — size and initiator — not by start order', () => {
    const before = har([
      { url: 'https://cdn.example/app.js?v=1700000000', ms: 900, size: 250_000, initiator: 'https://site.example/' },
      {
        url: 'https://cdn.example/app.js?v=1700000001',
        ms: 40,
        size: 900,
        initiator: 'https://site.example/widget.js',
      },
    ]);
    const after = har([
      {
        url: 'https://cdn.example/app.js?v=1700009999',
        ms: 40,
        size: 900,
        initiator: 'https://site.example/widget.js',
      },
      { url: 'https://cdn.example/app.js?v=1700009998', ms: 900, size: 250_000, initiator: 'https://site.example/' },
    ]);
    const diff = diffHar(before, after);
    assert.equal(diff.counts.unchanged, 2, diff.rows.map((r) => `${r.mark} ${r.deltaMs}`).join(', '));
    for (const r of diff.rows) {
      assert.equal(r.pairing, 'normalised URL, most similar');
      assert.equal(r.before?.contentBytes, r.after?.contentBytes);
    }
  });

  test('one candidate on each side pairs as "normalised URL"; requests on one side only have no pairing', () => {
    const diff = diffHar(
      har([
        { url: 'https://a.example/x.js?v=1700000000', ms: 10 },
        { url: 'https://a.example/gone.js', ms: 10 },
      ]),
      har([{ url: 'https://a.example/x.js?v=1700000005', ms: 10 }]),
    );
    assert.equal(rowOf(diff, 'x.js').pairing, 'normalised URL');
    assert.equal(rowOf(diff, 'gone.js').mark, 'missing');
    assert.equal(rowOf(diff, 'gone.js').pairing, undefined);
  });
});

describe('the cache', () => {
  test('faster because it came from the cache is marked "cached", apart from a real improvement', () => {
    const diff = diffHar(
      har([
        { url: 'https://a.example/big.js', ms: 800 },
        { url: 'https://a.example/api', ms: 800 },
      ]),
      har([
        { url: 'https://a.example/big.js', ms: 3, fromCache: 'disk', transfer: 0 },
        { url: 'https://a.example/api', ms: 100 },
      ]),
    );
    assert.equal(rowOf(diff, 'big.js').mark, 'cached');
    assert.equal(rowOf(diff, '/api').mark, 'faster');
    assert.equal(diff.counts.cached, 1);
  });

  test('Chrome hits (_fromCache, or a 200 with 0 bytes on the wire) are from the cache; a 304 is a revalidation over the network', () => {
    const entries = readHar(
      har([
        { url: 'https://a.example/1', ms: 1, fromCache: 'memory', transfer: 0 },
        { url: 'https://a.example/2', ms: 1, transfer: 0 },
        { url: 'https://a.example/3', ms: 50, status: 304, size: 0, transfer: 120 },
        { url: 'https://a.example/4', ms: 50 },
      ]),
    ).entries;
    assert.deepEqual(
      entries.map((e) => e.fromCache),
      [true, true, false, false],
    );
  });
});

describe('requests with bodies (one URL, many operations)', () => {
  const GRAPHQL = 'https://shop.example/graphql';
  const op = (name: string, ms: number): Spec => ({
    url: GRAPHQL,
    method: 'POST',
    ms,
    body: JSON.stringify({ operationName: name, query: `query ${name} { x }`, variables: { at: ms } }),
  });

  test('two GraphQL operations that swapped order pair by operation: nothing slower or faster', () => {
    const diff = diffHar(har([op('Search', 100), op('Cart', 960)]), har([op('Cart', 960), op('Search', 100)]));
    assert.deepEqual(
      diff.rows.map((r) => r.mark),
      ['unchanged', 'unchanged'],
      'the +860 / -860 ms of pairing by order is gone',
    );
    assert.ok(diff.rows.every((r) => r.pairing === 'exact URL and GraphQL operation'));
    assert.match(
      formatHarDiff(diff, { before: 'a.har', after: 'b.har' }, { all: true }).join('\n'),
      /POST https:\/\/shop\.example\/graphql \(GraphQL Cart\)/,
    );
  });

  test('an operation only on one side is new or missing, not a slower version of another', () => {
    const diff = diffHar(har([op('Search', 100)]), har([op('Recommend', 900)]));
    assert.deepEqual(diff.rows.map((r) => r.mark).sort(), ['missing', 'new']);
  });

  test('the operation name is read from the query when operationName is absent, and from each body of a batch', () => {
    const anonymous = (name: string, ms: number): Spec => ({
      url: GRAPHQL,
      method: 'POST',
      ms,
      body: JSON.stringify([{ query: `mutation ${name}($p: String!) { login(password: $p) }` }]),
    });
    const diff = diffHar(
      har([anonymous('Login', 80), anonymous('Logout', 700)]),
      har([anonymous('Logout', 700), anonymous('Login', 80)]),
    );
    assert.deepEqual(
      diff.rows.map((r) => r.mark),
      ['unchanged', 'unchanged'],
    );
  });

  test('other bodies to one URL pair by their content, then by similarity when the content changed', () => {
    const post = (body: string, ms: number): Spec => ({ url: 'https://shop.example/api', method: 'POST', ms, body });
    const swapped = diffHar(har([post('a=1', 100), post('b=2', 900)]), har([post('b=2', 900), post('a=1', 100)]));
    assert.deepEqual(
      swapped.rows.map((r) => r.mark),
      ['unchanged', 'unchanged'],
    );
    assert.ok(swapped.rows.every((r) => r.pairing === 'exact URL and body'));
    const changed = diffHar(har([post('a=1', 100)]), har([post('a=2', 600)]));
    assert.deepEqual(
      changed.rows.map((r) => r.mark),
      ['slower'],
      'a body that changed is still the same request',
    );
  });
});
