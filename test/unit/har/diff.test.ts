// The HAR diff on before/after exports of Chrome DevTools, Firefox, WebPageTest,
// browsertime and a proxy without pages (test/fixtures/har-real/): requests paired
// across cache-busters, hashes and session ids with the rule reported, the marks, phase
// deltas with -1 kept apart and Chrome's queueing counted once, totals, page timings, sort.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  diffHar,
  diffSides,
  DIFF_MIN_DELTA_MS,
  DIFF_MIN_RELATIVE_DELTA,
  DIFF_SORT_ORDERS,
  HarDiffPageError,
  phaseSum,
  readDiffPhases,
  readDiffSide,
  sortDiffRows,
  type HarDiff,
  type HarDiffRow,
} from '../../../src/analysis/har/diff';
import { PHASES } from '../../../src/analysis/har/model';

type RawEntry = {
  request: { url: string };
  time: number;
  timings: Record<string, number>;
  startedDateTime: string;
  [k: string]: unknown;
};
type RawHar = {
  log: {
    creator: { name: string };
    browser?: { name: string };
    pages?: Record<string, unknown>[];
    entries: RawEntry[];
  };
};

const fixture = (name: string): RawHar =>
  JSON.parse(readFileSync(join(__dirname, '../../fixtures/har-real', `${name}.har`), 'utf8')) as RawHar;
const pair = (name: string): [RawHar, RawHar] => [fixture(`${name}-before`), fixture(`${name}-after`)];
/** The row whose key is `urlPart` (when it starts with a method) or contains it. */
const row = (diff: HarDiff, urlPart: string, occurrence = 0): HarDiffRow => {
  const exact = /^[A-Z]+ /.test(urlPart);
  const found = diff.rows.find(
    (r) => (exact ? r.key === urlPart : r.key.includes(urlPart)) && r.occurrence === occurrence,
  );
  assert.ok(found, `a row for ${urlPart} (#${occurrence}) in ${diff.rows.map((r) => r.key).join(', ')}`);
  return found;
};
const ruleTexts = (r: HarDiffRow): string[] => r.rules.map((n) => n.text);
const close = (actual: number | null | undefined, expected: number, what: string): void => {
  assert.ok(
    actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-6,
    `${what}: ${actual} ≈ ${expected}`,
  );
};

describe('Chrome DevTools export', () => {
  const [before, after] = pair('chrome');
  const diff = diffHar(before, after);

  test('is a real Chrome shape: _initiator, _resourceType, _transferSize, _blocked_queueing, -1 timings, pages', () => {
    const e = before.log.entries[1]!;
    assert.equal(before.log.creator.name, 'WebInspector');
    assert.ok(
      '_initiator' in before.log.entries[2]! && '_resourceType' in e && '_transferSize' in (e.response as object),
    );
    assert.ok(e.timings._blocked_queueing! > 0 && e.timings.dns === -1);
    assert.equal(before.log.pages?.length, 1);
  });

  test('marks every request: one of each change, the rest unchanged', () => {
    assert.deepEqual(diff.counts, {
      'status changed': 1,
      new: 1,
      missing: 1,
      slower: 1,
      faster: 1,
      cached: 0,
      unchanged: 9,
    });
    assert.equal(diff.rows.length, 14);
    assert.equal(row(diff, 'main.[hash].js').mark, 'slower');
    assert.equal(row(diff, 'analytics.js').mark, 'faster');
    assert.equal(row(diff, 'hero.webp').mark, 'new');
    assert.equal(row(diff, 'hero.jpg').mark, 'missing');
    const products = row(diff, '/products');
    assert.equal(products.mark, 'status changed');
    assert.deepEqual([products.before?.status, products.after?.status], [200, 500]);
  });

  test('a file-name hash that differs is ignored, and the pair says so', () => {
    const js = row(diff, 'main.[hash].js');
    assert.equal(js.url, 'https://shop.example.com/static/js/main.[hash].js');
    assert.match(js.before?.url ?? '', /main\.3f2a9c1b\.js$/);
    assert.match(js.after?.url ?? '', /main\.8e1d0a77\.js$/);
    assert.deepEqual(ruleTexts(js), ['file-name hash ignored']);
    assert.deepEqual(ruleTexts(row(diff, 'main-[hash].css')), ['file-name hash ignored']);
  });

  test('cache-busters and session ids are ignored with the rule named', () => {
    assert.deepEqual(ruleTexts(row(diff, 'analytics.js')), ['query v ignored (cache-buster)']);
    assert.deepEqual(ruleTexts(row(diff, '/cart')), [
      'path ;jsessionid ignored (session id)',
      'query _ ignored (cache-buster)',
    ]);
    assert.equal(row(diff, '/cart').url, 'https://api.shop.example.com/cart?_=*');
    assert.deepEqual(ruleTexts(row(diff, '/products')), ['query sid ignored (session id)']);
    assert.deepEqual(
      diff.rulesUsed.find((r) => r.text === 'query v ignored (cache-buster)'),
      { rule: 'cache-buster-param', text: 'query v ignored (cache-buster)', pairs: 2 },
    );
  });

  test('requests sharing a key pair in start order', () => {
    const first = row(diff, '/track', 0);
    const second = row(diff, '/track', 1);
    assert.match(first.before?.url ?? '', /t=1700000000200$/);
    assert.match(first.after?.url ?? '', /t=1700000556201$/);
    assert.match(second.before?.url ?? '', /t=1700000000705$/);
    assert.ok((first.before?.startOffsetMs ?? 0) < (second.before?.startOffsetMs ?? 0));
    assert.equal(first.mark, 'unchanged', 'a quick ping against a quick ping, not against the slow one');
    assert.equal(second.mark, 'unchanged');
  });

  test('redirect hops pair by their own URL; a changed cache-buster in the target does not split the pair', () => {
    const hop = row(diff, 'GET http://shop.example.com/');
    assert.deepEqual(
      [hop.before?.status, hop.after?.status, hop.before?.redirectURL],
      [301, 301, 'https://shop.example.com/'],
    );
    assert.equal(hop.mark, 'unchanged');
    const old = row(diff, 'old-logo.png');
    assert.deepEqual([old.before?.redirectURL, old.after?.redirectURL], ['/img/logo.png?v=2', '/img/logo.png?v=3']);
    assert.equal(row(diff, 'logo.png?v=*').mark, 'unchanged');
  });

  test('_blocked_queueing is part of blocked, not added to it: phases add up to time', () => {
    for (const har of [before, after]) {
      for (const entry of har.log.entries) {
        const phases = readDiffPhases(entry.timings);
        close(phaseSum(phases), entry.time, entry.request.url);
        assert.equal(phases.blocked, entry.timings.blocked);
      }
    }
    const analytics = row(diff, 'analytics.js');
    close(analytics.phaseDeltas.blocked, 12.4 - 45.3, 'blocked delta without the queueing twice');
    close(analytics.before?.totalMs, 422.9, 'before time');
    close(analytics.deltaMs, 171.9 - 422.9, 'delta');
  });

  test('-1 phases are null, not 0; ssl is carved out of connect', () => {
    const js = row(diff, 'main.[hash].js');
    assert.deepEqual([js.before?.phases.dns, js.before?.phases.connect, js.before?.phases.ssl], [null, null, null]);
    assert.equal(js.phaseDeltas.dns, null);
    close(js.phaseDeltas.wait, 402.7 - 52.5, 'wait');
    assert.equal(js.largestPhase, 'wait');
    const doc = row(diff, 'GET https://shop.example.com/');
    close(doc.before?.phases.connect, 27.48, 'connect without ssl');
    close(doc.before?.phases.ssl, 35.209, 'ssl');
  });

  test('new and missing requests count their whole time and size', () => {
    const added = row(diff, 'hero.webp');
    assert.equal(added.before, undefined);
    close(added.deltaMs, added.after?.totalMs ?? NaN, 'new');
    assert.equal(added.transferDeltaBytes, 92310);
    assert.equal(added.relativeDelta, null);
    const gone = row(diff, 'hero.jpg');
    close(gone.deltaMs, -(gone.before?.totalMs ?? NaN), 'missing');
    assert.equal(gone.transferDeltaBytes, -184519);
  });

  test('onLoad and DOMContentLoaded deltas from pageTimings', () => {
    close(diff.page?.onLoad?.delta, 1890.529 - 1450.207, 'onLoad');
    close(diff.page?.onContentLoad?.delta, 1020.716 - 812.431, 'onContentLoad');
    assert.equal(diff.page?.onLoad?.before, 1450.207);
  });

  test('totals per domain and per type (classify.ts types) add up', () => {
    const cdn = diff.byDomain.find((d) => d.domain === 'cdn.example.net');
    close(cdn?.before.totalMs, 422.9, 'cdn before');
    close(cdn?.delta.totalMs, 171.9 - 422.9, 'cdn delta');
    assert.equal(cdn?.marks.faster, 1);
    const shop = diff.byDomain.find((d) => d.domain === 'shop.example.com');
    assert.deepEqual(
      [shop?.before.requests, shop?.after.requests, shop?.marks.new, shop?.marks.missing, shop?.marks.slower],
      [7, 7, 1, 1, 1],
    );
    const sum = (pick: (d: HarDiff['byDomain'][number]) => number): number =>
      diff.byDomain.reduce((s, d) => s + pick(d), 0);
    assert.equal(
      sum((d) => d.before.requests),
      13,
    );
    close(
      sum((d) => d.after.totalMs),
      diff.total.after.totalMs,
      'domains add up to the total',
    );
    close(
      diff.total.before.totalMs,
      before.log.entries.reduce((s, e) => s + e.time, 0),
      'total is the sum of times',
    );
    assert.deepEqual(
      diff.byType.map((t) => t.type),
      ['document', 'stylesheet', 'script', 'image', 'font', 'fetch', 'other'],
    );
    const image = diff.byType.find((t) => t.type === 'image');
    assert.deepEqual([image?.before.requests, image?.marks.new, image?.marks.missing], [3, 1, 1]);
    assert.equal(diff.byType.find((t) => t.type === 'fetch')?.marks['status changed'], 1);
    assert.equal(diff.byDomain[0]?.domain, 'shop.example.com', 'largest regression first');
  });

  test('rows come sorted by regression, largest first', () => {
    const deltas = diff.rows.map((r) => r.deltaMs);
    assert.deepEqual(
      deltas,
      [...deltas].sort((a, b) => b - a),
    );
    assert.equal(diff.rows[0]?.url, 'https://shop.example.com/static/js/main.[hash].js');
  });
});

describe('Firefox export', () => {
  const [before, after] = pair('firefox');
  const diff = diffHar(before, after);

  test('is a real Firefox shape: creator and browser, -1 phases, no underscore fields, pages', () => {
    assert.deepEqual([before.log.creator.name, before.log.browser?.name], ['Firefox', 'Firefox']);
    assert.doesNotMatch(readFileSync(join(__dirname, '../../fixtures/har-real/firefox-before.har'), 'utf8'), /"_/);
    assert.deepEqual([diff.before.creator, diff.before.browser], ['Firefox 121.0', 'Firefox 121.0']);
  });

  test('marks: hash bump slower, session-id API faster, an ad gone, an image new, a 404 fixed', () => {
    assert.deepEqual(diff.counts, {
      'status changed': 1,
      new: 1,
      missing: 1,
      slower: 1,
      faster: 1,
      cached: 0,
      unchanged: 3,
    });
    assert.equal(row(diff, 'app.[hash].js').mark, 'slower');
    assert.deepEqual(ruleTexts(row(diff, '/api/headlines')), ['query PHPSESSID ignored (session id)']);
    assert.equal(row(diff, '/api/headlines').mark, 'faster');
    assert.equal(row(diff, 'ads.example.com').mark, 'missing');
    assert.equal(row(diff, 'cover-2024-01.avif').mark, 'new');
    const favicon = row(diff, 'favicon.ico');
    assert.deepEqual([favicon.mark, favicon.before?.status, favicon.after?.status], ['status changed', 404, 200]);
    assert.deepEqual(ruleTexts(row(diff, 'site.css')), ['query ver ignored (cache-buster)']);
  });

  test('phases sum to time; -1 stays null; offsets across a +01:00 clock', () => {
    for (const entry of before.log.entries)
      close(phaseSum(readDiffPhases(entry.timings)), entry.time, entry.request.url);
    const home = row(diff, '/home');
    assert.deepEqual(
      [home.before?.phases.dns, home.before?.phases.connect, home.before?.phases.ssl, home.before?.phases.blocked],
      [null, null, null, 0],
    );
    assert.equal(home.before?.startOffsetMs, 115);
    const hop = row(diff, 'GET https://news.example.com/');
    assert.deepEqual([hop.before?.phases.connect, hop.before?.phases.ssl], [20, 31]);
    assert.equal(hop.before?.redirectURL, 'https://news.example.com/home');
    assert.equal(hop.before?.transferBytes, 290, 'headersSize + bodySize without _transferSize');
  });

  test('page timings: onLoad got faster', () => {
    assert.equal(diff.page?.onLoad?.delta, -24);
    assert.equal(diff.page?.onContentLoad?.delta, 42);
  });
});

describe('WebPageTest export (first and repeat view)', () => {
  const [before, after] = pair('webpagetest');

  test('is a real WebPageTest shape: several pages, _full_url and _load_ms', () => {
    assert.equal(before.log.pages?.length, 2);
    const e = before.log.entries[0]!;
    assert.equal(e._full_url, e.request.url);
    assert.equal(typeof e._load_ms, 'number');
  });

  test('compares the first pages by default', () => {
    const diff = diffHar(before, after);
    assert.deepEqual(
      [diff.before.scope, diff.before.page?.id, diff.before.page?.number, diff.before.pages, diff.before.requests],
      ['page', 'page_1_0_1', 1, 2, 7],
    );
    assert.equal(diff.page?.onLoad?.delta, 525);
    assert.equal(row(diff, 'bundle.[hash].js').mark, 'slower');
    assert.deepEqual(ruleTexts(row(diff, 'vendor.js')), ['query cb ignored (cache-buster)']);
    assert.equal(row(diff, 'legacy.js').mark, 'missing');
    assert.equal(row(diff, 'banner@2x.webp').mark, 'new');
  });

  test('--page by id or number picks the repeat views', () => {
    const byId = diffHar(before, after, { beforePage: 'page_1_1_1', afterPage: 'page_1_1_1' });
    const byNumber = diffHar(before, after, { beforePage: '2', afterPage: '2' });
    assert.deepEqual(byNumber, byId);
    assert.equal(byId.before.requests, 3);
    assert.equal(byId.page?.onLoad?.delta, -50);
    assert.equal(row(byId, '/api/user').mark, 'faster');
    assert.equal(row(byId, 'gtm.js').before?.status, 304);
  });

  test('* compares every request: same URLs of both views pair in start order', () => {
    const all = diffHar(before, after, { beforePage: '*', afterPage: '*' });
    assert.equal(all.page, undefined);
    assert.deepEqual([all.before.scope, all.before.requests, all.after.requests], ['all', 10, 10]);
    close(row(all, 'GET https://portal.example.com/', 0).deltaMs, 54, 'first views');
    close(row(all, 'GET https://portal.example.com/', 1).deltaMs, 20, 'repeat views');
  });

  test('a page the file does not have is an error that lists its pages', () => {
    assert.throws(
      () => diffHar(before, after, { beforePage: 'page_9' }),
      (error: unknown) =>
        error instanceof HarDiffPageError &&
        /has no page "page_9"; its pages are "page_1_0_1", "page_1_1_1"/.test(error.message),
    );
    assert.throws(() => diffHar(before, after, { afterPage: '3' }), HarDiffPageError);
  });
});

describe('browsertime export', () => {
  const [before, after] = pair('browsertime');
  const diff = diffHar(before, after);

  test('is a real browsertime shape: _visualMetrics on the page, chrome-har entries', () => {
    assert.equal(before.log.creator.name, 'Browsertime');
    assert.equal(typeof (before.log.pages?.[0]?._visualMetrics as { SpeedIndex?: number }).SpeedIndex, 'number');
    assert.ok('_requestId' in before.log.entries[0]!);
  });

  test('Vite hashes, an analytics beacon and a redirect all pair; the API call got slower', () => {
    assert.deepEqual(diff.counts, {
      'status changed': 0,
      new: 1,
      missing: 1,
      slower: 1,
      faster: 0,
      cached: 0,
      unchanged: 5,
    });
    assert.equal(row(diff, 'index-[hash].js').mark, 'unchanged');
    assert.equal(row(diff, 'index-[hash].css').mark, 'unchanged');
    assert.deepEqual(ruleTexts(row(diff, '/collect')).sort(), [
      'query cid ignored (random-looking value)',
      'query v ignored (cache-buster)',
      'query z ignored (timestamp-like value)',
    ]);
    assert.equal(row(diff, '/posts/latest').before?.status, 302);
    assert.equal(row(diff, '/api/posts').mark, 'slower');
    assert.equal(diff.page?.onLoad?.delta, 144);
  });
});

describe('a HAR without pages (Charles Proxy)', () => {
  const [before, after] = pair('nopages');
  const diff = diffHar(before, after);

  test('compares all requests and has no page-level deltas', () => {
    assert.equal('pages' in before.log, false);
    assert.equal(diff.page, undefined);
    assert.deepEqual(
      [diff.before.scope, diff.before.page, diff.before.pages, diff.before.requests],
      ['all', undefined, 0, 6],
    );
    assert.deepEqual(diff.counts, {
      'status changed': 1,
      new: 1,
      missing: 1,
      slower: 1,
      faster: 0,
      cached: 0,
      unchanged: 3,
    });
    assert.deepEqual(ruleTexts(row(diff, '/v1/profile')), ['path ;jsessionid ignored (session id)']);
    assert.equal(row(diff, '/v1/orders').mark, 'slower');
    assert.equal(row(diff, '/v1/me').before?.redirectURL, 'https://api.example.com/v1/profile');
  });

  test('1 and * name all requests; a page id is an error', () => {
    assert.deepEqual(diffHar(before, after, { beforePage: '1', afterPage: '*' }), diff);
    assert.throws(() => diffHar(before, after, { beforePage: 'page_1' }), /has no pages/);
  });

  test('a paged HAR against one without pages: still no page-level deltas', () => {
    const mixed = diffHar(fixture('chrome-before'), after);
    assert.equal(mixed.page, undefined);
    assert.equal(mixed.before.scope, 'page');
  });
});

describe('marks and thresholds', () => {
  const START = Date.UTC(2026, 0, 5, 9, 0, 0);
  const har = (requests: { url: string; wait: number; status?: number; at?: number }[]) => ({
    log: {
      pages: [{ id: 'p', title: 'P', startedDateTime: new Date(START).toISOString(), pageTimings: { onLoad: 1000 } }],
      entries: requests.map(({ url, wait, status, at }) => ({
        pageref: 'p',
        startedDateTime: new Date(START + (at ?? 0)).toISOString(),
        time: wait,
        request: { method: 'GET', url },
        response: { status: status ?? 200, content: { size: 10, mimeType: 'text/plain' } },
        timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: 0 },
      })),
    },
  });
  const markOf = (beforeMs: number, afterMs: number, options = {}): string =>
    diffHar(
      har([{ url: 'https://a.example/x', wait: beforeMs }]),
      har([{ url: 'https://a.example/x', wait: afterMs }]),
      options,
    ).rows[0]?.mark ?? '';

  test('slower / faster need both the absolute and the relative change', () => {
    assert.equal(DIFF_MIN_DELTA_MS, 50);
    assert.equal(DIFF_MIN_RELATIVE_DELTA, 0.2);
    assert.equal(markOf(200, 260), 'slower');
    assert.equal(markOf(250, 300), 'slower', 'exactly 50 ms and 20 % counts');
    assert.equal(markOf(260, 200), 'faster');
    assert.equal(markOf(20, 69), 'unchanged', '+245 % but under 50 ms');
    assert.equal(markOf(1000, 1100), 'unchanged', '+100 ms but 10 %');
    assert.equal(markOf(0, 60), 'slower', 'from nothing');
    assert.equal(markOf(200, 260, { minDeltaMs: 100 }), 'unchanged', 'thresholds can be given');
  });

  test('a status change wins over timing', () => {
    const diff = diffHar(
      har([{ url: 'https://a.example/x', wait: 100 }]),
      har([{ url: 'https://a.example/x', wait: 900, status: 503 }]),
    );
    assert.equal(diff.rows[0]?.mark, 'status changed');
    assert.equal(diff.rows[0]?.deltaMs, 800);
  });

  test('a different method is a different request', () => {
    const diff = diffHar(har([{ url: 'https://a.example/x', wait: 10 }]), {
      log: {
        entries: [
          {
            startedDateTime: new Date(START).toISOString(),
            request: { method: 'post', url: 'https://a.example/x' },
            response: { status: 200 },
            timings: { wait: 10 },
          },
        ],
      },
    });
    assert.deepEqual(diff.rows.map((r) => [r.method, r.mark]).sort(), [
      ['GET', 'missing'],
      ['POST', 'new'],
    ]);
  });

  test('diffSides works on sides read once (e.g. one HAR against several)', () => {
    const a = readDiffSide(har([{ url: 'https://a.example/x', wait: 10 }]));
    const b = readDiffSide(har([{ url: 'https://a.example/x', wait: 100 }]));
    assert.equal(diffSides(a, b).rows[0]?.mark, 'slower');
    assert.equal(diffSides(b, a).rows[0]?.mark, 'faster');
  });
});

describe('sortDiffRows', () => {
  const diff = diffHar(...pair('chrome'));

  test('every order is total and does not touch the input', () => {
    const keys = diff.rows.map((r) => `${r.key}#${r.occurrence}`);
    for (const order of DIFF_SORT_ORDERS) {
      const sorted = sortDiffRows(diff.rows, order);
      assert.equal(sorted.length, diff.rows.length);
      assert.deepEqual(
        sortDiffRows([...diff.rows].reverse(), order),
        sorted,
        `${order} does not depend on input order`,
      );
    }
    assert.deepEqual(
      diff.rows.map((r) => `${r.key}#${r.occurrence}`),
      keys,
    );
  });

  test('regression, improvement, change, bytes, url, start', () => {
    assert.equal(sortDiffRows(diff.rows, 'regression')[0]?.url, 'https://shop.example.com/static/js/main.[hash].js');
    assert.equal(sortDiffRows(diff.rows, 'improvement')[0]?.url, 'https://cdn.example.net/lib/analytics.js?v=*');
    assert.equal(sortDiffRows(diff.rows, 'change')[1]?.url, 'https://cdn.example.net/lib/analytics.js?v=*');
    assert.equal(sortDiffRows(diff.rows, 'bytes')[0]?.url, 'https://shop.example.com/img/hero.webp');
    const urls = sortDiffRows(diff.rows, 'url').map((r) => r.key);
    assert.deepEqual(urls, [...urls].sort());
    const starts = sortDiffRows(diff.rows, 'start').map((r) => (r.after ?? r.before)?.startOffsetMs ?? 0);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
    assert.equal(sortDiffRows(diff.rows, 'start')[0]?.key, 'GET http://shop.example.com/');
  });

  test('among equal deltas, worse marks come first', () => {
    const rows = diffHar(
      {
        log: {
          entries: [
            {
              startedDateTime: '2026-01-01T00:00:00Z',
              request: { url: 'https://a.example/s' },
              response: { status: 200 },
              time: 10,
              timings: { wait: 10 },
            },
          ],
        },
      },
      {
        log: {
          entries: [
            {
              startedDateTime: '2026-01-01T00:00:00Z',
              request: { url: 'https://a.example/s' },
              response: { status: 500 },
              time: 10,
              timings: { wait: 10 },
            },
            {
              startedDateTime: '2026-01-01T00:00:00Z',
              request: { url: 'https://a.example/u' },
              response: { status: 200 },
              time: 0,
              timings: { wait: 0 },
            },
          ],
        },
      },
    ).rows;
    assert.deepEqual(
      rows.map((r) => r.mark),
      ['status changed', 'new'],
    );
  });
});

test('every phase of every fixture is a finite non-negative number or null', () => {
  for (const name of ['chrome', 'firefox', 'webpagetest', 'browsertime', 'nopages']) {
    for (const r of diffHar(...pair(name)).rows) {
      for (const side of [r.before, r.after]) {
        if (!side) continue;
        for (const p of PHASES)
          assert.ok(
            side.phases[p] === null || (Number.isFinite(side.phases[p]) && (side.phases[p] ?? -1) >= 0),
            `${name} ${r.key} ${p}`,
          );
        assert.ok(Number.isFinite(side.totalMs) && side.totalMs >= phaseSum(side.phases) - 1e-6);
      }
    }
  }
});
