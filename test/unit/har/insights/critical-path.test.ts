// The chain of requests that decided onLoad: followed through initiators where the HAR has
// them, inferred from timing where not (the document while it arrived, else the last script,
// stylesheet or document to end before); idle time between links said as main-thread time;
// the same on the real-shaped file of every exporter we read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, readHar } from '../../../../src/analysis/har';
import { criticalPath } from '../../../../src/analysis/har/critical-path';
import { har, type Req } from './build-har';

const path = (doc: ReturnType<typeof readHar>, page = 'p1') => criticalPath(buildWaterfall(doc, page));
const names = (doc: ReturnType<typeof readHar>) => path(doc).links.map((link) => link.label);

const doc = { url: 'https://example.com/', at: 0, timings: { wait: 200, receive: 20 } };

test('without initiators the chain is inferred: each link hangs off the script, stylesheet or document that ended last before it started', () => {
  const result = path(
    har(
      [
        doc,
        { url: 'https://example.com/app.js', at: 230, timings: { wait: 50, receive: 100 } },
        { url: 'https://example.com/logo.png', at: 240, timings: { wait: 20 } },
        { url: 'https://example.com/api/profile', at: 400, timings: { wait: 1100, receive: 10 } },
      ],
      { onLoad: 1600 },
    ),
  );
  assert.deepEqual(
    result.links.map((l) => l.label),
    ['document', 'app.js', 'profile'],
  );
  assert.deepEqual(
    result.links.map((l) => l.reason),
    ['start', 'inferred', 'inferred'],
  );
  assert.deepEqual(result.links[2]!.costliest, { phase: 'wait', ms: 1100 });
  assert.equal(
    result.line,
    'critical path document 220 ms (server wait 200 ms) → app.js 150 ms (download 100 ms) → profile 1.11 s (server wait 1.10 s); 2 of 2 links inferred from timing (the HAR names no initiator for them)',
  );
});

test('a Chrome initiator wins over timing: the font started by the stylesheet hangs off the stylesheet', () => {
  const names = path(
    har(
      [
        doc,
        {
          url: 'https://example.com/site.css',
          at: 230,
          timings: { wait: 40 },
          initiator: { type: 'parser', url: 'https://example.com/' },
        },
        { url: 'https://example.com/late.js', at: 230, timings: { wait: 60 } },
        {
          url: 'https://example.com/font.woff2',
          at: 300,
          timings: { wait: 500 },
          initiator: { type: 'parser', url: 'https://example.com/site.css' },
        },
      ],
      { onLoad: 800 },
    ),
  ).links;
  assert.deepEqual(
    names.map((l) => [l.label, l.reason]),
    [
      ['document', 'start'],
      ['site.css', 'initiator'],
      ['font.woff2', 'initiator'],
    ],
  );
});

test('a script initiator is read from its call stack, as Chrome writes it', () => {
  const result = path(
    har([
      doc,
      { url: 'https://example.com/app.js', at: 230, timings: { wait: 40 } },
      { url: 'https://example.com/other.js', at: 231, timings: { wait: 45 } },
      {
        url: 'https://example.com/api/data',
        at: 300,
        timings: { wait: 300 },
        initiator: {
          type: 'script',
          stack: { callFrames: [{ functionName: 'load', url: 'https://example.com/app.js' }] },
        },
      },
    ]),
  );
  assert.deepEqual(
    result.links.map((l) => l.label),
    ['document', 'app.js', 'data'],
  );
  assert.equal(result.untilWhat, 'last request');
});

test('an image, a font or a beacon starts nothing: the request after them hangs off the last script that ended before it', () => {
  const links = path(
    har([
      { ...doc, connection: '1' },
      { url: 'https://example.com/a.js', at: 230, timings: { wait: 100 }, connection: '1' },
      { url: 'https://example.com/hero.png', at: 231, timings: { wait: 120 }, connection: '2', size: 40_000 },
      { url: 'https://example.com/font.woff2', at: 232, timings: { wait: 125 }, connection: '2' },
      { url: 'https://example.com/c.js', at: 360, timings: { blocked: 20, wait: 300 }, connection: '2' },
    ]),
  ).links;
  assert.deepEqual(
    links.map((l) => [l.label, l.reason]),
    [
      ['document', 'start'],
      ['a.js', 'inferred'],
      ['c.js', 'inferred'],
    ],
  );
});

test('a request that starts while the document is arriving hangs off the document', () => {
  const links = path(
    har([
      { url: 'https://example.com/', at: 0, timings: { wait: 100, receive: 400 } },
      { url: 'https://example.com/early.js', at: 50, timings: { wait: 20 } },
      { url: 'https://example.com/site.css', at: 150, timings: { wait: 600 } },
    ]),
  ).links;
  assert.deepEqual(
    links.map((l) => [l.label, l.reason]),
    [
      ['document', 'start'],
      ['site.css', 'document'],
    ],
  );
});

test('without onLoad the chain ends at the last request that is neither a beacon nor a late third party, and says so', () => {
  const result = path(
    har([
      doc,
      { url: 'https://example.com/app.js', at: 230, timings: { wait: 100 } },
      { url: 'https://cdn.vendor.net/tag.js', at: 240, timings: { wait: 300 } },
      { url: 'https://example.com/pixel.gif', at: 600, timings: { wait: 900 }, mime: 'image/gif', size: 43 },
      { url: 'https://ads.vendor.net/late.js', at: 700, timings: { wait: 900 } },
    ]),
  );
  assert.deepEqual(
    result.links.map((l) => l.label),
    ['document', 'tag.js'],
  );
  assert.equal(result.untilWhat, 'last request');
  assert.equal(result.untilMs, 540);
  assert.match(
    result.line,
    /; no onLoad in the HAR: the chain ends at the last request that is not a beacon or a late third party$/,
  );
});

test('the time before the navigation is not main thread, and no idle stretch starts before it', () => {
  const result = path(
    har(
      [
        { url: 'https://example.com/', at: 400, timings: { wait: 200 } },
        { url: 'https://example.com/app.js', at: 610, timings: { wait: 100 } },
      ],
      { onLoad: 800 },
    ),
  );
  assert.deepEqual(
    result.links.map((l) => [l.label, l.mainThreadMs]),
    [
      ['document', 0],
      ['app.js', 10],
    ],
  );
  assert.ok(result.idleGaps.every((gap) => gap.startMs >= 400));
  assert.match(result.line, /^critical path document 200 ms/);
});

test('a redirect is a link, and time with nothing in flight is said as main-thread time', () => {
  const result = path(
    har(
      [
        { url: 'http://example.com/', at: 0, status: 301, redirectURL: 'https://example.com/', timings: { wait: 80 } },
        { url: 'https://example.com/', at: 90, timings: { wait: 200 } },
        { url: 'https://example.com/api/late', at: 1290, timings: { wait: 100 } },
      ],
      { onLoad: 2000 },
    ),
  );
  assert.deepEqual(
    result.links.map((l) => [l.label, l.reason]),
    [
      ['example.com', 'start'],
      ['document', 'redirect'],
      ['late', 'inferred'],
    ],
  );
  assert.equal(result.links[2]!.mainThreadMs, 1000);
  assert.equal(result.tailMainThreadMs, 610);
  assert.equal(result.mainThreadMs, 1620, 'with the 10 ms between the redirect and the document');
  assert.match(
    result.line,
    /document 200 ms \(server wait 200 ms\) → 1\.00 s main thread → late 100 ms .* → 610 ms main thread; 1 of 2 links inferred from timing/,
  );
});

test('requests ending after onLoad (beacons) are not on the path to it', () => {
  assert.deepEqual(
    names(
      har(
        [
          doc,
          { url: 'https://example.com/app.js', at: 230, timings: { wait: 100 } },
          { url: 'https://example.com/beacon', at: 400, timings: { wait: 900 } },
        ],
        { onLoad: 500 },
      ),
    ),
    ['document', 'app.js'],
  );
});

test('a 10,000-request chain stays bounded: at most 200 links, ending at the last request, and says it was cut', () => {
  const requests: Req[] = Array.from({ length: 10_000 }, (_, i) => ({
    url: `https://example.com/r${i}.js`,
    at: i * 11,
    timings: { wait: 10 },
  }));
  const result = path(har(requests));
  assert.equal(result.links.length, 200);
  assert.equal(result.links[199]!.label, 'r9999.js');
  assert.match(result.line, /; cut at 200 links$/);
});

const FIXTURES = join(__dirname, '..', '..', '..', 'fixtures', 'har-real');
const fixture = (name: string) => readHar(JSON.parse(readFileSync(join(FIXTURES, `${name}.har`), 'utf8')));

test('every exporter: the path starts at the navigation, each link starts after the one before, and none ends after onLoad', () => {
  for (const name of [
    'chrome-before',
    'firefox-before',
    'webpagetest-before',
    'browsertime-before',
    'nopages-before',
  ]) {
    const file = fixture(name);
    for (const page of file.pages) {
      const result = path(file, page.id);
      assert.ok(result.links.length >= 2, `${name} ${page.id}: ${result.line}`);
      assert.equal(result.links[0]!.row.offsetMs, 0, name);
      for (let i = 1; i < result.links.length; i++)
        assert.ok(result.links[i]!.row.offsetMs >= result.links[i - 1]!.row.offsetMs, name);
      assert.ok(
        result.links.every((l) => l.row.endMs <= result.untilMs + 1),
        name,
      );
      if (name !== 'nopages-before')
        assert.ok(
          result.links.some((l) => l.label === 'document'),
          `${name}: ${result.line}`,
        );
    }
  }
});

test('Chrome and browsertime initiators are followed: the analytics script and the app script hang off their documents', () => {
  assert.deepEqual(
    path(fixture('chrome-before'), 'page_1')
      .links.slice(0, 3)
      .map((l) => [l.label, l.reason]),
    [
      ['shop.example.com', 'start'],
      ['document', 'redirect'],
      ['analytics.js?v=1700000000123', 'initiator'],
    ],
  );
  assert.deepEqual(
    path(fixture('browsertime-before'), 'page_1')
      .links.slice(0, 3)
      .map((l) => [l.label, l.reason]),
    [
      ['latest', 'start'],
      ['document', 'redirect'],
      ['index-D5xY2_aB.js', 'initiator'],
    ],
  );
});

test('WebPageTest: the first view ends in the API call after 1.06 s of main-thread time', () => {
  const result = path(fixture('webpagetest-before'), 'page_1_0_1');
  assert.equal(result.links.at(-1)!.label, 'user?_=1700000000412');
  assert.match(result.line, /→ 1\.06 s main thread; 3 of 3 links inferred from timing/);
});

test('idle time is the same whatever order the rows come in (a waterfall is in start order; a hand-made one may not be)', () => {
  const waterfall = buildWaterfall(
    har(
      [
        doc,
        { url: 'https://example.com/app.js', at: 230, timings: { wait: 50, receive: 100 } },
        { url: 'https://example.com/late.js', at: 1400, timings: { wait: 30 } },
        { url: 'https://example.com/api/profile', at: 400, timings: { wait: 300, receive: 10 } },
      ],
      { onLoad: 1600 },
    ),
    'p1',
  );
  const inOrder = criticalPath(waterfall);
  const shuffled = criticalPath({ ...waterfall, rows: [...waterfall.rows].reverse() });
  assert.ok(inOrder.idleGaps.length > 0 && inOrder.mainThreadMs > 0);
  assert.deepEqual(shuffled.idleGaps, inOrder.idleGaps);
  assert.equal(shuffled.mainThreadMs, inOrder.mainThreadMs);
});
