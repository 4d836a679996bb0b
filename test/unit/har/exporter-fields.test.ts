// HAR readers that follow each exporter: CDN cache status, Server-Timing, service-worker and
// HTTP/3 entries, on the real-exporter fixtures (as each exporter writes these fields) and on
// hand-built and hostile header values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHar, type HarRequestEntry } from '../../../src/analysis/har';
import { EXPORTER_LIMITS, parseServerTiming, readExporterHeaders } from '../../../src/analysis/har/exporter-fields';
import { mainDocumentFirstByte, requestFacts, waitSplitText } from '../../../src/analysis/har/request-notes';
import { gradeSession } from '../../../src/analysis/session/verdict';

interface RawEntry {
  request: { url: string; httpVersion?: string };
  response: Record<string, unknown> & { headers: { name: string; value: string }[]; httpVersion: string };
  timings: Record<string, number>;
  [key: string]: unknown;
}
interface RawHar {
  log: { entries: RawEntry[] };
}
const real = (name: string): RawHar =>
  JSON.parse(readFileSync(join(__dirname, '../../fixtures/har-real', name), 'utf8')) as RawHar;
const entryOf = (har: RawHar, urlPart: string): HarRequestEntry => {
  const found = readHar(har).entries.find((e) => e.url.includes(urlPart));
  assert.ok(found, urlPart);
  return found;
};
const rawOf = (har: RawHar, urlPart: string): RawEntry => {
  const found = har.log.entries.find((e) => e.request.url.includes(urlPart));
  assert.ok(found, urlPart);
  return found;
};
const factsText = (entry: HarRequestEntry): string =>
  requestFacts(entry)
    .map((f) => `${f.name}: ${f.value}`)
    .join(' | ');

test("Chrome: a request answered by a service worker is shown as the worker's, not as a browser-cache hit", () => {
  const har = real('chrome-before.har');
  assert.equal(
    entryOf(har, 'main-8d7e6f.css').viaServiceWorker,
    false,
    'Chrome writes _fetchedViaServiceWorker: false for network requests',
  );
  const css = rawOf(har, 'main-8d7e6f.css');
  css.response._fetchedViaServiceWorker = true;
  css.response._transferSize = 0;
  const entry = entryOf(har, 'main-8d7e6f.css');
  assert.equal(entry.viaServiceWorker, true);
  assert.equal(entry.fromCache, false, '0 bytes on the wire from a service worker is not the HTTP cache');
  assert.match(factsText(entry), /Served by: a service worker \(not the network\)/);
});

test("Chrome: a request that failed says why (its response's _error), in one bounded line, first among the request's facts", () => {
  const har = real('chrome-before.har');
  const css = rawOf(har, 'main-8d7e6f.css');
  css.response.status = 0;
  css.response._error = `net::ERR_NAME_NOT_RESOLVED\n${'x'.repeat(400)}`;
  const entry = entryOf(har, 'main-8d7e6f.css');
  assert.equal(entry.error, `net::ERR_NAME_NOT_RESOLVED ${'x'.repeat(273)}`);
  assert.match(factsText(entry), /^Error: net::ERR_NAME_NOT_RESOLVED x+( \||$)/);
  assert.equal(
    entryOf(real('chrome-before.har'), 'main-8d7e6f.css').error,
    '',
    'a request without _error says nothing',
  );
});

test('HTTP/3: browsertime/Chrome "h3", Firefox "HTTP/3" and WebPageTest _protocol QUIC are all shown as HTTP/3', () => {
  const browsertime = real('browsertime-before.har');
  assert.equal(entryOf(browsertime, 'posts/latest').protocol, 'h2');
  rawOf(browsertime, 'posts/latest').response.httpVersion = 'h3';
  assert.equal(entryOf(browsertime, 'posts/latest').protocol, 'h3');
  const firefox = real('firefox-before.har');
  rawOf(firefox, 'favicon.ico').response.httpVersion = 'HTTP/3';
  assert.match(factsText(entryOf(firefox, 'favicon.ico')), /Protocol: HTTP\/3 \(QUIC\)/);
  const wpt = real('webpagetest-before.har');
  const banner = rawOf(wpt, 'banner.png');
  banner._protocol = 'QUIC';
  assert.equal(entryOf(wpt, 'banner.png').protocol, 'h3');
  assert.equal(entryOf(wpt, 'bundle.9f8e7d6c5b4a.js').protocol, 'HTTP/2', 'an HTTP/2 request stays HTTP/2');
});

test('Firefox: cf-cache-status HIT is a hit at the CDN edge, and its Server-Timing splits the wait', () => {
  const har = real('firefox-before.har');
  const home = rawOf(har, 'news.example.com/home');
  home.response.headers.push(
    { name: 'CF-Cache-Status', value: 'HIT' },
    { name: 'Age', value: '120' },
    { name: 'Server-Timing', value: 'cfEdge;dur=12, cfOrigin;dur=0' },
  );
  const entry = entryOf(har, 'news.example.com/home');
  assert.deepEqual(entry.edgeCache, { status: 'hit', header: 'cf-cache-status', ageS: 120 });
  assert.match(factsText(entry), /CDN cache: hit at the CDN edge \(not an origin fetch\) — cf-cache-status, age 120 s/);
  assert.equal(
    waitSplitText(entry),
    'Of the 201 ms wait: 12 ms in the CDN edge (a cache hit: not the origin) by its Server-Timing (the sum of its 2 metrics); 189 ms network round trip and queuing',
  );
});

test('WebPageTest: an origin miss with Server-Timing total: the server share of the wait is its total, the rest is the network', () => {
  const har = real('webpagetest-before.har');
  rawOf(har, 'api/user?_=1700000000412').response.headers.push(
    { name: 'x-cache', value: 'Miss from cloudfront' },
    { name: 'server-timing', value: 'db;dur=80;desc="users, by id", app;dur=35.5, total;dur=120' },
  );
  const entry = entryOf(har, 'api/user?_=1700000000412');
  assert.equal(entry.edgeCache?.status, 'miss');
  assert.deepEqual(
    entry.serverTiming.map((m) => [m.name, m.durMs, m.desc]),
    [
      ['db', 80, 'users, by id'],
      ['app', 35.5, undefined],
      ['total', 120, undefined],
    ],
  );
  assert.equal(
    waitSplitText(entry),
    'Of the 140 ms wait: 120 ms in the server by its Server-Timing (its "total" metric); 20 ms network round trip and queuing',
  );
});

test('x-cache with several layers reads the one nearest the client; Age alone means a shared cache answered', () => {
  const read = (headers: { name: string; value: string }[]) => readExporterHeaders(headers).edgeCache;
  assert.equal(read([{ name: 'X-Cache', value: 'MISS, HIT' }])?.status, 'hit');
  assert.equal(read([{ name: 'X-Cache', value: 'HIT, MISS' }])?.status, 'miss');
  assert.equal(read([{ name: 'x-cache', value: 'TCP_MISS from a proxy' }])?.status, 'miss');
  assert.deepEqual(read([{ name: 'age', value: '3600' }]), { status: 'hit', header: 'age', ageS: 3600 });
  assert.equal(read([{ name: 'age', value: '0' }]), undefined, 'age 0 says nothing about a cache');
  assert.equal(read([{ name: 'cf-cache-status', value: 'DYNAMIC' }])?.status, 'bypass');
  assert.equal(read([{ name: 'content-type', value: 'text/html' }]), undefined);
});

test('Server-Timing from a hostile server: bounded metrics, no backtracking, quotes and odd params tolerated', () => {
  const many = Array.from({ length: 10_000 }, (_, i) => `m${i};dur=1`).join(',');
  assert.equal(parseServerTiming(many).length, EXPORTER_LIMITS.serverTimingMetrics);
  // An unterminated quote and a flood of separators: read linearly, nothing thrown.
  const flood = `a;desc="${';,'.repeat(200_000)}`;
  assert.deepEqual(
    parseServerTiming(flood).map((m) => m.name),
    ['a'],
  );
  assert.deepEqual(parseServerTiming('x;dur=abc, ;dur=3, y;DUR=-4;desc=plain, z;desc="q\\"uoted"'), [
    { name: 'x' },
    { name: 'y', desc: 'plain' },
    { name: 'z', desc: 'q"uoted' },
  ]);
  assert.ok(
    parseServerTiming(`n;desc="${'d'.repeat(5000)}"`).every((m) => (m.desc?.length ?? 0) <= EXPORTER_LIMITS.descChars),
  );
});

test("the session verdict's server first byte says when the main document came from the CDN edge, and the server's own share", () => {
  const har = real('webpagetest-before.har');
  const main = har.log.entries[0]!;
  main.timings.wait = 2400;
  assert.deepEqual(mainDocumentFirstByte(main), {
    firstByteMs: 2400,
    firstByteSource: 'HAR wait of the main document',
  });
  main.response.headers.push(
    { name: 'cf-cache-status', value: 'HIT' },
    { name: 'Server-Timing', value: 'edge;dur=2100' },
  );
  const read = mainDocumentFirstByte(main);
  assert.equal(
    read?.firstByteSource,
    'HAR wait of the main document; a CDN edge cache hit (cf-cache-status): the edge answered, not the origin; Server-Timing: 2.10 s of it in the server',
  );
  const verdict = gradeSession({ pages: [] }, read);
  assert.equal(verdict.worst, 'server');
  assert.match(
    verdict.line,
    /server time 2100 ms \(Server-Timing of the main document, its one metric, of a 2\.40 s wait; a CDN edge cache hit \(cf-cache-status\): the edge answered, not the origin\)/,
  );
});

test('a slow wait whose Server-Timing says the server was quick is not blamed on the server', () => {
  const main = real('webpagetest-before.har').log.entries[0]!;
  main.timings.wait = 2400;
  main.response.headers.push({ name: 'Server-Timing', value: 'db;dur=120, app;dur=180' });
  const read = mainDocumentFirstByte(main);
  // The server's own time: 120 + 180 = 300 ms of the 2400 ms wait; the rest is the network's and queuing.
  assert.equal(read?.serverMs, 300);
  const verdict = gradeSession({ pages: [] }, read);
  assert.notEqual(verdict.worst, 'server', verdict.line);
  const server = verdict.segments.find((s) => s.segment === 'server');
  assert.equal(server?.grade, 'ok', 'the 2.1 s of the wait that is not the server is not graded as the server');
});
