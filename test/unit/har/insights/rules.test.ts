// Each insight rule on hand-built HARs: it fires when it should, naming the right requests
// with a saving and how it was estimated, and stays silent when it should not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall } from '../../../../src/analysis/har';
import { INSIGHT_RULES } from '../../../../src/analysis/har/insight-rules';
import { pageInsights, type InsightOptions } from '../../../../src/analysis/har/insights';
import type { RuleId } from '../../../../src/analysis/har/insight-rules';
import { har, type Req } from './build-har';

const insights = (requests: Req[], page?: Parameters<typeof har>[1], options?: InsightOptions) =>
  pageInsights(buildWaterfall(har(requests, page), 'p1'), options);
const rules = (requests: Req[], page?: Parameters<typeof har>[1], options?: InsightOptions) =>
  insights(requests, page, options).findings.map((f) => f.rule);
function finding(rule: RuleId, requests: Req[], page?: Parameters<typeof har>[1], options?: InsightOptions) {
  const found = insights(requests, page, options).findings.find((f) => f.rule === rule);
  assert.ok(found, `${rule} did not fire`);
  return found;
}
const named = (f: { requests: { name: string }[] }) => f.requests.map((r) => r.name);

const doc: Req = { url: 'https://example.com/', at: 0, timings: { wait: 100, receive: 10 }, headers: { etag: '"1"' } };
const get = (path: string, at: number, timings: Req['timings'] = { wait: 80 }, more: Partial<Req> = {}): Req => ({
  url: `https://example.com/${path}`,
  at,
  timings,
  headers: { etag: '"1"', 'content-encoding': 'br' },
  ...more,
});

test('slow server response: the request waiting far over the page median, saving its wait beyond the median', () => {
  const f = finding('slowServer', [doc, get('a.js', 120), get('b.js', 121), get('api/profile', 250, { wait: 1100 })]);
  assert.deepEqual(named(f), ['profile']);
  assert.equal(f.savingMs, 1100 - 90);
  assert.match(f.estimate, /beyond the page's median \(90 ms\), summed over the 1 on the critical path/);
  assert.match(f.summary, /^profile waited 1\.10 s for the server, 12\.2× the page's median of 90 ms$/);
  assert.ok(
    !rules([doc, get('a.js', 120), get('api/profile', 250, { wait: 350 })]).includes('slowServer'),
    `under ${INSIGHT_RULES.slowServer.minWaitMs} ms is not slow`,
  );
  assert.ok(
    !rules([
      doc,
      get('a.js', 120, { wait: 900 }),
      get('b.js', 121, { wait: 1000 }),
      get('c.js', 122, { wait: 950 }),
    ]).includes('slowServer'),
    'a uniformly slow server has no outlier',
  );
});

test('redirect chain: both hops named, their time the saving; none without redirects', () => {
  const f = finding('redirects', [
    { url: 'http://example.com/', at: 0, status: 301, redirectURL: 'https://example.com/', timings: { wait: 60 } },
    {
      url: 'https://example.com/',
      at: 70,
      status: 302,
      redirectURL: 'https://example.com/home',
      timings: { wait: 50 },
    },
    { url: 'https://example.com/home', at: 130, timings: { wait: 100 } },
  ]);
  assert.deepEqual(named(f), ['example.com', 'example.com']);
  assert.equal(f.savingMs, 110);
  assert.ok(!rules([doc, get('a.js', 120)]).includes('redirects'));
  assert.ok(
    !rules([doc, get('a.js', 120, { wait: 20 }, { status: 304 })]).includes('redirects'),
    'a 304 is not a redirect',
  );
});

test('render-blocking: only where the HAR says when the page first painted; WebPageTest marks are believed over guesses', () => {
  const requests = [
    doc,
    get('site.css', 110, { wait: 300 }),
    get('app.js', 110, { wait: 200 }, { extra: { _priority: 'Low' } }),
    get('late.js', 900),
  ];
  assert.ok(!rules(requests, { onLoad: 1200 }).includes('renderBlocking'), 'no first paint, no finding');
  const guessed = finding('renderBlocking', requests, { onLoad: 1200, timings: { _startRender: 600 } });
  assert.deepEqual(named(guessed), ['site.css'], 'the low-priority script does not block');
  assert.equal(guessed.savingMs, 300);
  const marked = finding(
    'renderBlocking',
    [
      doc,
      get('site.css', 110, { wait: 300 }, { extra: { _renderBlocking: 'non_blocking' } }),
      get('app.js', 110, { wait: 200 }, { extra: { _renderBlocking: 'blocking' } }),
    ],
    { extra: { _render: 600 } },
  );
  assert.deepEqual(named(marked), ['app.js']);
  assert.ok(
    !rules([doc, get('site.css', 110, { wait: 20 })], { timings: { _startRender: 600 } }).includes('renderBlocking'),
    'blocking for under 50 ms is not named',
  );
});

test('connection setup on the critical path, and connections not reused', () => {
  const setup = { dns: 40, connect: 50, ssl: 60, wait: 50 };
  const f = finding('connectionSetup', [doc, { ...get('x', 120, setup), url: 'https://api.other.com/x' }]);
  assert.deepEqual(named(f), ['x']);
  assert.equal(f.savingMs, 150);
  const h2 = [doc, get('a.js', 120, setup), get('b.js', 121, setup)];
  assert.deepEqual(named(finding('connectionReuse', h2)), ['b.js']);
  const h1 = Array.from({ length: 6 }, (_, i) => get(`r${i}.js`, 120 + i, setup, { httpVersion: 'HTTP/1.1' }));
  assert.ok(!rules([doc, ...h1]).includes('connectionReuse'), "six HTTP/1.1 connections are the browser's normal");
  assert.ok(!rules([doc, get('a.js', 120)]).includes('connectionSetup'));
});

test('too many origins', () => {
  const origins = (n: number) =>
    Array.from({ length: n }, (_, i): Req => ({
      url: `https://o${i}.example-cdn${i}.net/x.js`,
      at: 120 + i,
      timings: { dns: 10, connect: 10, wait: 20 },
    }));
  assert.equal(finding('manyOrigins', [doc, ...origins(9)]).count, 9);
  assert.ok(!rules([doc, ...origins(8)]).includes('manyOrigins'));
});

test('HTTP/1.1 queueing: requests to one origin waiting for a connection; not over HTTP/2', () => {
  const queued = (httpVersion: string) => [
    doc,
    ...Array.from({ length: 4 }, (_, i) => get(`r${i}.png`, 120, { blocked: 200 + i, wait: 30 }, { httpVersion })),
  ];
  const f = finding('http1Queueing', queued('HTTP/1.1'));
  assert.equal(f.count, 4);
  assert.equal(f.requests[0]!.ms, 203);
  assert.ok(!rules(queued('h2')).includes('http1Queueing'));
});

test('uncompressed text: a large text body without Content-Encoding; compressed ones and small ones pass', () => {
  const plain = get('app.js', 120, { wait: 50, receive: 100 }, { size: 50_000, headers: { etag: '"1"' } });
  const f = finding('uncompressed', [doc, plain]);
  assert.deepEqual(named(f), ['app.js']);
  assert.equal(f.savingMs, 70);
  assert.ok(!rules([doc, { ...plain, headers: { etag: '"1"', 'Content-Encoding': 'gzip' } }]).includes('uncompressed'));
  assert.ok(!rules([doc, { ...plain, size: 1000 }]).includes('uncompressed'));
  assert.ok(
    !rules([doc, { ...plain, url: 'https://example.com/photo.jpg' }]).includes('uncompressed'),
    'images are not text',
  );
});

test('missing cache validators: static responses with headers but no ETag or Last-Modified; saves nothing on this load', () => {
  const f = finding('noValidators', [
    doc,
    get('a.js', 120, undefined, { headers: { 'cache-control': 'no-cache' } }),
    get('b.js', 120, undefined, { headers: { 'last-modified': 'Mon, 01 Jan 2024 00:00:00 GMT' } }),
  ]);
  assert.deepEqual(named(f), ['a.js']);
  assert.equal(f.savingMs, 0);
  assert.ok(
    !rules([doc, get('a.js', 120, undefined, { headers: {} })]).includes('noValidators'),
    'a file without response headers says nothing',
  );
});

test('large images: over 200 kB, saving the download beyond a 100 kB image', () => {
  const f = finding('largeImages', [doc, get('hero.jpg', 120, { wait: 50, receive: 400 }, { size: 400 * 1024 })]);
  assert.equal(f.savingMs, 300);
  assert.ok(
    !rules([doc, get('hero.jpg', 120, { wait: 50, receive: 40 }, { size: 150 * 1024 })]).includes('largeImages'),
  );
});

test('duplicates, storms and retries: told apart, each about its own repeats', () => {
  const dup = finding('duplicates', [doc, get('config.json', 120), get('config.json', 400)]);
  assert.equal(dup.count, 1);
  assert.ok(!rules([doc, get('a.js', 120), get('b.js', 400)]).includes('duplicates'));
  const poll = Array.from({ length: 6 }, (_, i) =>
    get('api/poll', 200 + i * 300, { wait: 20 }, { method: 'POST', body: '{"q":1}' }),
  );
  const storm = insights([doc, ...poll]);
  assert.ok(
    storm.findings.some((f) => f.rule === 'storms' && /^poll was sent 6 times within 2\.00 s$/.test(f.summary)),
  );
  assert.ok(!storm.findings.some((f) => f.rule === 'duplicates'), 'a storm is not also counted as duplicates');
  const spread = poll.map((r, i) => ({ ...r, at: 200 + i * 1000 }));
  assert.ok(!rules([doc, ...spread]).includes('storms'), 'the same call once a second is not a storm');
  const differentBodies = poll.map((r, i) => ({ ...r, body: `{"q":${i}}` }));
  assert.ok(!rules([doc, ...differentBodies]).includes('storms'), 'different bodies are different requests');
  const retry = finding('retries', [
    doc,
    get('api/save', 120, { wait: 100 }, { status: 503, method: 'POST', body: 'x' }),
    get('api/save', 1220, { wait: 100 }, { method: 'POST', body: 'x' }),
  ]);
  assert.deepEqual(named(retry), ['save']);
  assert.equal(retry.savingMs, 1100);
  assert.ok(
    !rules([
      doc,
      get('api/save', 120, { wait: 100 }, { method: 'POST', body: 'x' }),
      get('api/save', 1220, { wait: 100 }, { method: 'POST', body: 'x' }),
    ]).includes('retries'),
    'repeating a success is not a retry',
  );
});

test('failed requests: 4xx, 5xx and aborted; none when all succeed, nor for a status-0 answer with a body', () => {
  const f = finding('failed', [
    doc,
    get('missing.png', 120, { wait: 30 }, { status: 404 }),
    get('api/x', 130, { wait: 40 }, { status: 0, size: 0 }),
  ]);
  assert.equal(f.count, 2);
  assert.equal(f.summary, '2 requests failed (404), 1 aborted or without a response');
  assert.ok(!rules([doc, get('a.js', 120)]).includes('failed'));
  assert.ok(
    !rules([doc, get('pushed.css', 120, {}, { status: 0, size: 15_340 })]).includes('failed'),
    'Firefox writes HTTP/2 pushed responses with status 0 and their body: they arrived',
  );
});

test("third-party share: other sites' bytes or time over 30 %; subdomains of the site are first party", () => {
  const third = (host: string): Req => ({
    url: `https://${host}/tag.js`,
    at: 120,
    timings: { wait: 400 },
    size: 5000,
    headers: { etag: '"1"', 'content-encoding': 'br' },
  });
  const f = finding('thirdParty', [doc, get('a.js', 120), third('tags.tracker.net')]);
  assert.deepEqual(named(f), ['tag.js']);
  assert.match(f.summary, /^Other sites than example\.com served/);
  assert.ok(!rules([doc, get('a.js', 120), third('static.example.com')]).includes('thirdParty'));
  assert.ok(
    !rules([{ ...doc, url: 'https://www.example.co.uk/' }, third('cdn.example.co.uk')]).includes('thirdParty'),
    'co.uk sites are told apart by three labels',
  );
});

test('long main-thread gaps: a stretch with nothing in flight, named after the request before it', () => {
  const f = finding('mainThread', [doc, get('app.js', 120, { wait: 80 }), get('api/late', 1000)], { onLoad: 1100 });
  assert.equal(f.savingMs, 800);
  assert.deepEqual(named(f), ['app.js']);
  assert.ok(
    !rules([doc, get('app.js', 120, { wait: 80 }), get('api/next', 300)], { onLoad: 400 }).includes('mainThread'),
  );
});

test("network cost: only when the session verdict blames the network, each critical request against its origin's best", () => {
  const requests = [
    doc,
    get('a.js', 120, { connect: 30, wait: 100 }),
    get('api/slow', 240, { connect: 300, wait: 400 }),
  ];
  assert.ok(!rules(requests).includes('networkCost'));
  const f = finding('networkCost', requests, undefined, { networkBlamed: true });
  assert.deepEqual(named(f), ['slow']);
  assert.equal(f.savingMs, 270 + 300, 'connect beyond 30 ms, wait beyond 100 ms');
});

test('findings are ranked by saving, and savings off the critical path count only the largest', () => {
  const result = insights(
    [
      doc,
      get('a.js', 120, { wait: 80 }),
      get('x.png', 121, { wait: 30 }, { status: 404 }),
      get('y.png', 122, { wait: 40 }, { status: 500 }),
      get('api/late', 1000),
    ],
    { onLoad: 1100 },
  );
  assert.deepEqual(
    result.findings.map((f) => f.rule),
    ['mainThread', 'failed'],
  );
  const failed = result.findings[1]!;
  assert.equal(failed.savingMs, 40);
  assert.match(failed.estimate, /the largest one; none is on the critical path/);
});
