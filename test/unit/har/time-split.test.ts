// Where the page time went, on hand-built HARs: overlapping requests counted once, idle gaps
// found and named after the request before them, blocked time apart, -1 timings read as 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, readHar } from '../../../src/analysis/har';
import { timeSplit } from '../../../src/analysis/har/time-split';
import { THRESHOLDS } from '../../../src/analysis/session/thresholds';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
type Timings = Partial<Record<'blocked' | 'dns' | 'connect' | 'ssl' | 'send' | 'wait' | 'receive', number>>;

function har(onLoad: number | undefined, entries: { name: string; at: number; timings: Timings }[]) {
  return readHar({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      pages: [
        {
          id: 'p1',
          title: 'Home',
          startedDateTime: new Date(START).toISOString(),
          pageTimings: { onContentLoad: -1, ...(onLoad === undefined ? {} : { onLoad }) },
        },
      ],
      entries: entries.map(({ name, at, timings }) => {
        const full = { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0, ...timings };
        const time = Object.values(full).reduce((sum, v) => sum + Math.max(0, v), 0);
        return {
          pageref: 'p1',
          startedDateTime: new Date(START + at).toISOString(),
          time,
          timings: full,
          request: {
            method: 'GET',
            url: `https://example.com/${name}`,
            httpVersion: 'HTTP/1.1',
            headers: [],
            queryString: [],
            cookies: [],
            headersSize: -1,
            bodySize: -1,
          },
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            headers: [],
            cookies: [],
            content: { size: 100, mimeType: 'text/html' },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
          },
          cache: {},
        };
      }),
    },
  });
}

const split = (doc: ReturnType<typeof readHar>) => timeSplit(buildWaterfall(doc, 'p1'));

test('overlapping requests count once; the time after the last one until onLoad is idle', () => {
  const result = split(
    har(2000, [
      { name: 'a.js', at: 0, timings: { wait: 900, receive: 100 } },
      { name: 'b.css', at: 500, timings: { wait: 1000 } },
    ]),
  );
  assert.equal(result.networkMs, 1500);
  assert.equal(result.blockedMs, 0);
  assert.equal(result.idleMs, 500);
  assert.equal(result.untilWhat, 'onLoad');
  assert.deepEqual(
    result.gaps.map((g) => [g.startMs, g.endMs, g.after]),
    [[1500, 2000, 'b.css']],
  );
  assert.equal(result.line, '2.0 s to onLoad: 1.5 s network, 0.5 s no request in flight, 0.0 s blocked');
});

test('no single request is slow: the verdict says so and names the longest gaps, -1 timings read as 0', () => {
  const result = split(
    har(6300, [
      { name: 'index.html', at: 0, timings: { dns: -1, connect: -1, wait: 150, receive: 50 } },
      { name: 'app.js', at: 250, timings: { wait: 300, receive: 100 } },
      { name: 'data.json', at: 4800, timings: { wait: 400, receive: 100 } },
    ]),
  );
  assert.equal(result.networkMs, 200 + 400 + 500);
  assert.equal(result.noSlowRequest, true);
  assert.deepEqual(
    result.gaps.map((g) => [g.startMs, g.endMs, g.after]),
    [
      [650, 4800, 'app.js'],
      [5300, 6300, 'data.json'],
    ],
  );
  assert.match(
    result.verdict ?? '',
    /^No single request is slow \(slowest: data\.json, 500 ms\); 5\.2 s of 6\.3 s had no request in flight .* longest 4\.2 s at 0\.7 s after app\.js; 1\.0 s at 5\.3 s after data\.json\.$/,
  );
});

test('blocked (queued) time is its own share; a slow request means no "nothing is slow" verdict', () => {
  const result = split(
    har(undefined, [
      { name: 'queued.png', at: 0, timings: { blocked: 300, wait: 100 } },
      { name: 'big.mp4', at: 0, timings: { wait: THRESHOLDS.page.slowRequest, receive: 1 } },
    ]),
  );
  assert.equal(result.untilWhat, 'last request');
  assert.equal(result.blockedMs, 0, 'blocked while another request is on the network is network time');
  const queuedOnly = split(har(1000, [{ name: 'queued.png', at: 0, timings: { blocked: 300, wait: 100 } }]));
  assert.equal(queuedOnly.blockedMs, 300);
  assert.equal(queuedOnly.networkMs, 100);
  assert.equal(queuedOnly.idleMs, 600);
  assert.equal(result.noSlowRequest, false);
  assert.equal(result.verdict, undefined);
});

test('a page without requests is all idle, and short stalls are not named', () => {
  const empty = split(har(800, []));
  assert.equal(empty.idleMs, 800);
  const tiny = split(
    har(300, [
      { name: 'a', at: 0, timings: { wait: 100 } },
      { name: 'b', at: 150, timings: { wait: 100 } },
    ]),
  );
  assert.deepEqual(
    tiny.gaps.map((g) => [g.startMs, g.endMs]),
    [],
    `stalls under ${THRESHOLDS.page.gapWorthNaming} ms are not named`,
  );
});

test('a request with empty timings: the idle time is not claimed as page work alone', () => {
  const split = timeSplit(
    buildWaterfall(
      har(3000, [
        { name: 'index.html', at: 0, timings: { wait: 200, receive: 50 } },
        { name: 'style.css', at: 300, timings: { send: -1, wait: -1, receive: -1 } },
      ]),
      'p1',
    ),
  );
  assert.equal(split.untimed, 1);
  assert.equal(split.idleIs, 'unaccounted');
  assert.match(
    split.verdict ?? '',
    /\(unaccounted: 1 request in the file has no timings, so its network time may fall there\)/,
  );
  assert.doesNotMatch(split.verdict ?? '', /parsing, script, rendering/);
});

interface RealHar {
  log: {
    pages: Record<string, unknown>[];
    entries: { request: { url: string }; time: number; timings: Record<string, number> }[];
  };
}
const real = (name: string): RealHar =>
  JSON.parse(readFileSync(join(__dirname, '../../fixtures/har-real', name), 'utf8')) as RealHar;
const realSplit = (log: RealHar) => {
  const doc = readHar(log);
  return timeSplit(buildWaterfall(doc, doc.pages[0]?.id ?? ''));
};

test('Firefox: a stylesheet exported with empty timings makes the idle time unaccounted, and the line says so', () => {
  const log = real('firefox-before.har');
  assert.equal(realSplit(log).idleIs, 'page work', 'every request timed: idle time is (inferred) page work');
  const css = log.log.entries.find((e) => e.request.url.includes('.css'));
  assert.ok(css);
  // What Firefox writes for a request it has no timing for.
  css.time = 0;
  css.timings = { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0 };
  const split = realSplit(log);
  assert.equal(split.untimed, 1);
  assert.equal(split.idleIs, 'unaccounted');
  assert.match(split.line, /no request in flight \(unaccounted: 1 request in the file has no timings/);
});

test("WebPageTest: the main thread's measured CPU time (_docCPUms) is used instead of inferring page work", () => {
  const log = real('webpagetest-before.har');
  const inferred = realSplit(log);
  assert.equal(inferred.idleIs, 'page work');
  assert.match(inferred.verdict ?? '', /\(page work, inferred: parsing, script, rendering\)/);
  (log.log.pages[0] as Record<string, unknown>)._docCPUms = 420;
  const measured = realSplit(log);
  assert.equal(measured.mainThreadMs, 420);
  assert.equal(measured.idleIs, 'measured');
  assert.match(
    measured.verdict ?? '',
    /\(main thread busy 0\.4 s in all, measured by the exporter \(_docCPUms\); at least 0\.9 s of it neither network nor main-thread work\)/,
  );
  assert.doesNotMatch(measured.verdict ?? '', /inferred/);
});
