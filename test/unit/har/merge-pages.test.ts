// A web transaction's pages, read apart with a HAR each, as one HAR for the waterfall's page
// picker: pages in order, ids unique though each HAR says `page_0`, every entry on its page.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall, readHar } from '../../../src/analysis/har';
import { mergeHarPages } from '../../../src/analysis/har/merge-pages';
import type { Har } from '../../../src/api/types';

function pageHar(title: string, urls: string[], pageref: string | undefined = 'page_0'): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'exporter', version: '1' },
      pages: [{ id: 'page_0', title, startedDateTime: '2026-11-20T10:00:00.000Z', pageTimings: { onLoad: 100 } }],
      entries: urls.map((url) => ({
        ...(pageref === undefined ? {} : { pageref }),
        startedDateTime: '2026-11-20T10:00:00.010Z',
        time: 20,
        cache: {},
        timings: { send: 0, wait: 10, receive: 10 },
        request: {
          method: 'GET',
          url,
          httpVersion: 'HTTP/2',
          cookies: [],
          headers: [],
          queryString: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: 'HTTP/2',
          cookies: [],
          headers: [],
          content: { size: 1, mimeType: 'text/html' },
          redirectURL: '',
          headersSize: -1,
          bodySize: 1,
        },
      })),
    },
  };
}

describe("a transaction's pages as one HAR", () => {
  test('each page keeps its title and its own entries, in order, under an id of its own', () => {
    const { har, firstPageIds } = mergeHarPages([
      pageHar('Home', ['https://a/', 'https://a/app.js']),
      pageHar('Sign in', ['https://a/login'], 'elsewhere'),
    ]);
    const doc = readHar(har);
    assert.deepEqual(
      doc.pages.map((p) => [p.id, p.title]),
      [
        ['1:page_0', 'Home'],
        ['2:page_0', 'Sign in'],
      ],
    );
    assert.deepEqual(firstPageIds, ['1:page_0', '2:page_0']);
    assert.deepEqual(
      buildWaterfall(doc, '1:page_0').rows.map((r) => r.entry.url),
      ['https://a/', 'https://a/app.js'],
    );
    assert.deepEqual(
      buildWaterfall(doc, '2:page_0').rows.map((r) => r.entry.url),
      ['https://a/login'],
      'an entry naming no page of its HAR goes with its first page',
    );
  });

  test('a HAR without pages or entries where arrays belong adds nothing and says it had no page', () => {
    const broken = {
      log: { version: '1.2', creator: { name: 'x', version: '1' }, pages: 'none', entries: { 0: 1 } },
    } as unknown as Har;
    const { har, firstPageIds } = mergeHarPages([broken, pageHar('Dashboard', ['https://a/dashboard'])]);
    assert.deepEqual(firstPageIds, [undefined, '2:page_0']);
    assert.deepEqual([har.log.pages?.length, har.log.entries.length], [1, 1]);
  });
});
