// A huge or hostile HAR decides nothing about the diff's resource use: entries, pages, rows,
// domains and strings are capped, numbers stay finite, garbage is read as nothing, and
// nothing the diff does not need is walked (so a deep structure cannot overflow the stack).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DIFF_LIMITS, diffHar, readDiffSide, type HarDiff } from '../../../src/analysis/har/diff';
import { URL_MATCH_LIMITS } from '../../../src/analysis/har/url-match';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);
const entry = (url: string, wait: number, extra: Record<string, unknown> = {}) => ({
  startedDateTime: new Date(START + wait).toISOString(),
  request: { method: 'GET', url },
  response: { status: 200, content: { size: 1, mimeType: 'text/plain' } },
  time: wait,
  timings: { send: 0, wait, receive: 0 },
  ...extra,
});
const finiteEverywhere = (diff: HarDiff): void => {
  for (const t of [diff.total, ...diff.byDomain, ...diff.byType]) {
    for (const tally of [t.before, t.after, t.delta])
      for (const v of Object.values(tally)) assert.ok(Number.isFinite(v), JSON.stringify(t));
  }
  for (const r of diff.rows) assert.ok(Number.isFinite(r.deltaMs), r.key);
};

describe('caps', () => {
  test('entries beyond DIFF_LIMITS.entriesPerSide are left out, with a warning', () => {
    const many = {
      log: {
        entries: Array.from({ length: DIFF_LIMITS.entriesPerSide + 500 }, (_, i) =>
          entry(`https://a.example/r${i % 50}`, i % 97),
        ),
      },
    };
    const side = readDiffSide(many);
    assert.equal(side.requests.length, DIFF_LIMITS.entriesPerSide);
    assert.match(side.warnings.join(' '), /Only the first 20000 of 20500 entries are compared/);
  });

  test('pages beyond DIFF_LIMITS.pagesPerSide are left out, and entries still find a page', () => {
    const pages = Array.from({ length: DIFF_LIMITS.pagesPerSide + 10 }, (_, i) => ({
      id: `p${i}`,
      startedDateTime: new Date(START + i).toISOString(),
      pageTimings: {},
    }));
    const side = readDiffSide({ log: { pages, entries: [entry('https://a.example/', 5, { pageref: 'p1005' })] } }, '*');
    assert.equal(side.info.pages, DIFF_LIMITS.pagesPerSide);
    assert.equal(side.requests.length, 1);
    assert.match(side.warnings.join(' '), /Only the first 1000 of 1010 pages/);
  });

  test('maxRows keeps the largest changes; counts and totals still cover every request', () => {
    const before = { log: { entries: Array.from({ length: 40 }, (_, i) => entry(`https://a.example/r${i}`, 100)) } };
    const after = {
      log: { entries: Array.from({ length: 40 }, (_, i) => entry(`https://a.example/r${i}`, i < 3 ? 1000 + i : 100)) },
    };
    const diff = diffHar(before, after, { maxRows: 3 });
    assert.equal(diff.rows.length, 3);
    assert.equal(diff.omittedRows, 37);
    assert.deepEqual(
      diff.rows.map((r) => r.key),
      ['GET https://a.example/r2', 'GET https://a.example/r1', 'GET https://a.example/r0'],
    );
    assert.deepEqual([diff.counts.slower, diff.counts.unchanged], [3, 37]);
    assert.equal(diff.total.after.requests, 40);
    assert.equal(
      diffHar(before, after, { maxRows: 1e9 }).rows.length,
      40,
      'a larger cap is clamped, not honoured beyond DIFF_LIMITS.rows',
    );
  });

  test('domains beyond DIFF_LIMITS.domains are counted, not listed', () => {
    const har = {
      log: { entries: Array.from({ length: DIFF_LIMITS.domains + 25 }, (_, i) => entry(`https://h${i}.example/`, 10)) },
    };
    const diff = diffHar(har, har);
    assert.equal(diff.byDomain.length, DIFF_LIMITS.domains);
    assert.equal(diff.omittedDomains, 25);
  });
});

describe('hostile content', () => {
  test('megabyte URLs, titles and ids are cut in the model and in the key', () => {
    const huge = `https://a.example/${'x'.repeat(1_000_000)}?q=${'y'.repeat(1_000_000)}`;
    const har = {
      log: {
        pages: [
          {
            id: 'p'.repeat(500_000),
            title: 't'.repeat(500_000),
            startedDateTime: new Date(START).toISOString(),
            pageTimings: { onLoad: 10 },
          },
        ],
        entries: [entry(huge, 10, { pageref: 'p'.repeat(500_000), response: { status: 302, redirectURL: huge } })],
      },
    };
    const diff = diffHar(har, har);
    const r = diff.rows[0]!;
    assert.ok(r.key.length <= URL_MATCH_LIMITS.urlChars + 40);
    assert.ok((r.before?.url.length ?? 0) <= DIFF_LIMITS.stringChars);
    assert.ok((r.before?.redirectURL.length ?? 0) <= DIFF_LIMITS.stringChars);
    assert.ok((diff.before.page?.title.length ?? 0) <= 256 && (diff.before.page?.id.length ?? 0) <= 256);
    assert.ok(JSON.stringify(diff).length < 20_000);
  });

  test('a query of 200,000 parameters and a path of 200,000 segments are read up to their limits', () => {
    const query = Array.from({ length: 200_000 }, (_, i) => `_=${i}`).join('&');
    const path = Array.from({ length: 200_000 }, () => 'a1b2c3d4e5f6a7b8c9').join('/');
    const har = {
      log: { entries: [entry(`https://a.example/x?${query}`, 1), entry(`https://a.example/${path}/f.js`, 2)] },
    };
    const diff = diffHar(har, har);
    assert.equal(diff.rows.length, 2);
    assert.ok(diff.rows.every((r) => r.mark === 'unchanged' && r.rules.length <= URL_MATCH_LIMITS.notes));
  });

  test('absurd numbers stay finite: huge, negative, NaN-ish strings, Infinity text', () => {
    const weird = {
      log: {
        pages: [{ id: 'p', startedDateTime: 'not a date', pageTimings: { onLoad: 1e308, onContentLoad: '1e999' } }],
        entries: [
          {
            ...entry('https://a.example/a', 1),
            time: 1e308,
            timings: {
              blocked: 1e308,
              dns: '1e999',
              connect: -5,
              ssl: 'x',
              send: Number.MAX_VALUE,
              wait: -1,
              receive: '12',
            },
          },
          {
            ...entry('https://a.example/b', 1),
            startedDateTime: 'garbage',
            response: { status: 'teapot', _transferSize: 1e300, content: { size: -7 } },
          },
        ],
      },
    };
    const calm = {
      log: {
        pages: [{ id: 'p', startedDateTime: new Date(START).toISOString(), pageTimings: { onLoad: -1e308 } }],
        entries: [entry('https://a.example/a', 1), entry('https://a.example/b', 1)],
      },
    };
    for (const diff of [diffHar(weird, calm), diffHar(calm, weird)]) {
      finiteEverywhere(diff);
      assert.ok(diff.total.before.totalMs <= 2 * DIFF_LIMITS.durationMs * 8);
    }
    const side = readDiffSide(weird);
    assert.equal(side.requests.find((r) => r.url.endsWith('/a'))?.phases.receive, 12);
    assert.equal(side.requests.find((r) => r.url.endsWith('/a'))?.phases.connect, null);
    assert.match(side.warnings.join(' '), /1 entries have no valid startedDateTime/);
  });

  test('garbage where objects belong is read as nothing', () => {
    for (const input of [
      null,
      42,
      'har',
      [],
      { log: null },
      { log: { entries: 'x' } },
      { log: { entries: [null, 1, 'x', [], { request: 5, response: [] }] } },
    ]) {
      const diff = diffHar(input, input);
      finiteEverywhere(diff);
      assert.ok(diff.rows.every((r) => r.mark === 'unchanged'));
    }
    assert.match(readDiffSide({ log: {} }).warnings.join(' '), /no log\.entries array/);
  });

  test('names like __proto__ and constructor are plain keys', () => {
    const har = {
      log: {
        pages: [{ id: '__proto__', startedDateTime: new Date(START).toISOString(), pageTimings: {} }],
        entries: [
          entry('https://__proto__/constructor?__proto__=1', 1, { pageref: '__proto__', _resourceType: 'constructor' }),
          entry('https://constructor/toString', 2, { pageref: 'hasOwnProperty' }),
        ],
      },
    };
    const diff = diffHar(JSON.parse(JSON.stringify(har)), JSON.parse(JSON.stringify(har)));
    assert.deepEqual(diff.byDomain.map((d) => d.domain).sort(), ['__proto__', 'constructor']);
    assert.equal(diff.counts.unchanged, 2);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('fields the diff does not need are never walked: a 100,000-deep _initiator is harmless', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { parent: deep };
    const har = {
      log: {
        entries: [
          entry('https://a.example/', 5, {
            _initiator: deep,
            request: { url: 'https://a.example/', headers: deep, queryString: deep },
          }),
        ],
      },
    };
    assert.equal(diffHar(har, har).rows.length, 1);
  });

  test('control characters and bidi overrides stay data in the model (the CLI neutralises them)', () => {
    const url = 'https://a.example/\u001b[31mred\u202e';
    const diff = diffHar({ log: { entries: [entry(url, 1)] } }, { log: { entries: [] } });
    assert.equal(diff.rows[0]?.before?.url, url);
  });
});
