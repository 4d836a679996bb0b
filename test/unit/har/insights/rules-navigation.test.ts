// The rules that hang on the navigation and on the HTTP version, on hand-built HARs: no
// preconnect for the page's own origin (nor its redirects), the third-party share against the
// navigation's registrable domain (not an ad frame's, not the redirect it came through), and
// connection reuse and HTTP/1.1 queueing judged only where the version is known, in any spelling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall } from '../../../../src/analysis/har';
import { pageInsights } from '../../../../src/analysis/har/insights';
import type { RuleId } from '../../../../src/analysis/har/insight-rules';
import { har, type Req } from './build-har';

const findings = (requests: Req[], onLoad?: number) =>
  pageInsights(buildWaterfall(har(requests, onLoad === undefined ? {} : { onLoad }), 'p1')).findings;
const find = (requests: Req[], rule: RuleId, onLoad?: number) =>
  findings(requests, onLoad).filter((f) => f.rule === rule);

const setup = { dns: 60, connect: 80, ssl: 90, wait: 50 };

test("connection setup: the navigation's own DNS, connect and TLS (and its redirect's) is no preconnect saving", () => {
  const navigation: Req[] = [
    { url: 'http://example.com/', at: 0, status: 301, redirectURL: 'https://www.example.com/', timings: setup },
    { url: 'https://www.example.com/', at: 290, timings: { ...setup, receive: 10 } },
  ];
  assert.deepEqual(find(navigation, 'connectionSetup', 900), []);
  const withApi = find(
    [...navigation, { url: 'https://api.example.net/data.js', at: 600, timings: setup }],
    'connectionSetup',
    900,
  );
  assert.deepEqual(
    withApi.flatMap((f) => f.requests.map((r) => r.url)),
    ['https://api.example.net/data.js'],
  );
  assert.match(withApi[0]!.summary, /^230 ms of DNS, connect and TLS on the critical path, to 1 origin$/);
});

test("third-party share: against the navigation's registrable domain, whatever frame ends the chain; the redirect it came through is not a third party", () => {
  const requests: Req[] = [
    {
      url: 'http://old-name.com/',
      at: 0,
      status: 301,
      redirectURL: 'https://www.example.co.uk/',
      timings: { wait: 400 },
    },
    { url: 'https://www.example.co.uk/', at: 410, timings: { wait: 100, receive: 10 } },
    { url: 'https://static.example.co.uk/app.js', at: 530, timings: { wait: 100 }, size: 20_000 },
    { url: 'https://ads.adnet.com/frame.html', at: 640, timings: { wait: 300 }, mime: 'text/html', size: 30_000 },
    { url: 'https://ads.adnet.com/creative.js', at: 950, timings: { wait: 300 }, size: 40_000 },
  ];
  const [share] = find(requests, 'thirdParty', 1300);
  assert.ok(share);
  assert.match(share.summary, /^Other sites than example\.co\.uk served/);
  assert.ok(!share.requests.some((r) => r.url === 'http://old-name.com/'));
  assert.deepEqual(share.requests.map((r) => r.url).sort(), [
    'https://ads.adnet.com/creative.js',
    'https://ads.adnet.com/frame.html',
  ]);
});

const doc: Req = { url: 'https://example.com/', at: 0, timings: { wait: 100, receive: 10 } };
const opened = (n: number, httpVersion: string): Req[] =>
  Array.from({ length: n }, (_, i) => ({
    url: `https://cdn.example.com/r${i}.js`,
    at: 120 + i,
    timings: { connect: 30, ssl: 30, wait: 40 },
    httpVersion,
  }));

test('connection reuse: six HTTP/1.1 connections in any spelling are normal, seven are not; an unknown or mixed version decides nothing', () => {
  for (const spelling of ['HTTP/1.1', 'http/1.1', '1.1', 'HTTP/1.0']) {
    assert.deepEqual(find([doc, ...opened(6, spelling)], 'connectionReuse'), [], spelling);
    assert.deepEqual(
      find([doc, ...opened(7, spelling)], 'connectionReuse').map((f) => f.summary),
      ['7 connections were set up to cdn.example.com; 6 would carry them all'],
      spelling,
    );
  }
  for (const spelling of ['h2', 'HTTP/2', 'HTTP/2.0', 'h3'])
    assert.deepEqual(
      find([doc, ...opened(2, spelling)], 'connectionReuse').map((f) => f.summary),
      ['2 connections were set up to cdn.example.com; one would carry them all'],
      spelling,
    );
  for (const spelling of ['unknown', '', 'us:'])
    assert.deepEqual(find([doc, ...opened(9, spelling)], 'connectionReuse'), []);
  const mixed = [doc, ...opened(1, 'h2'), ...opened(2, 'h3').slice(1)];
  assert.deepEqual(find(mixed, 'connectionReuse'), [], 'HTTP/2 then HTTP/3 (Alt-Svc): two connections, two versions');
});

test('HTTP/1.1 queueing: in any spelling of HTTP/1.x; never on an unknown version', () => {
  const queued = (httpVersion: string): Req[] => [
    doc,
    ...Array.from({ length: 4 }, (_, i) => ({
      url: `https://legacy.example.com/r${i}.png`,
      at: 120,
      timings: { blocked: 200 + i, wait: 30 },
      httpVersion,
    })),
  ];
  for (const spelling of ['HTTP/1.1', '1.1', 'http/1.1'])
    assert.equal(find(queued(spelling), 'http1Queueing').length, 1);
  for (const spelling of ['unknown', '', 'h2']) assert.deepEqual(find(queued(spelling), 'http1Queueing'), []);
});
