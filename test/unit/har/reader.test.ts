import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWaterfall, readHar, summarize } from '../../../src/analysis/har';

const edge = JSON.parse(readFileSync(join(__dirname, '../../fixtures/har/edge-cases.har'), 'utf8')) as unknown;

describe('readHar on a damaged, multi-page HAR', () => {
  const doc = readHar(edge);

  test('keeps both pages with their timings and drops the -1 onContentLoad', () => {
    assert.deepEqual(
      doc.pages.map((p) => [p.id, p.title, p.onContentLoad, p.onLoad]),
      [
        ['page_1', 'https://portal.example.com/', 800, 1500],
        ['page_2', 'Checkout', undefined, undefined],
      ],
    );
  });

  test('turns -1 timings into zero-length phases', () => {
    const first = doc.entries.find((e) => e.url === 'http://portal.example.com/');
    assert.deepEqual(first?.phases, { blocked: 0, dns: 20, connect: 30, ssl: 0, send: 1, wait: 340, receive: 9 });
  });

  test('carves ssl out of connect so the bar does not double count the handshake', () => {
    const secure = doc.entries.find((e) => e.url === 'https://portal.example.com/');
    assert.equal(secure?.phases.connect, 50);
    assert.equal(secure?.phases.ssl, 100);
    assert.equal(secure?.totalMs, 500);
  });

  test('reads entries with no headers, sizes or time (sums the phases instead)', () => {
    const js = doc.entries.find((e) => e.host === 'cdn.example.net');
    assert.ok(js);
    assert.equal(js.totalMs, 100);
    assert.deepEqual(js.requestHeaders, []);
    assert.equal(js.transferBytes, -1);
    assert.equal(js.resourceType, 'script');
    assert.equal(js.name, 'app.js?v=3');
  });

  test('gives an entry without pageref to the page that was open when it started', () => {
    const post = doc.entries.find((e) => e.method === 'POST');
    assert.equal(post?.pageref, 'page_2');
    assert.equal(post?.postData?.text, '{"item":1}');
    assert.equal(post?.transferBytes, 90);
  });

  test('links a redirect (Location header when redirectURL is empty) to its target', () => {
    const target = doc.entries.find((e) => e.url === 'https://portal.example.com/');
    const source = doc.entries.find((e) => e.url === 'http://portal.example.com/');
    assert.equal(source?.redirectURL, 'https://portal.example.com/');
    assert.equal(target?.redirectedFrom, source?.index);
  });

  test('keeps cookie values exactly as the file has them (no decoding)', () => {
    const secure = doc.entries.find((e) => e.url === 'https://portal.example.com/');
    assert.deepEqual(secure?.requestCookies, [{ name: 'sid', value: 'a%3Db' }]);
  });

  test('survives a garbage URL and date, and says so', () => {
    const garbage = doc.entries.find((e) => e.url === '::garbage::');
    assert.equal(garbage?.host, '');
    assert.equal(garbage?.status, 0);
    assert.equal(garbage?.startMs, doc.pages[1]?.startMs);
    assert.match(doc.warnings.join(' '), /1 entries have no valid startedDateTime/);
  });

  test('reads _systemMetrics next to the log', () => {
    assert.equal(doc.systemMetrics?.cpuUtilization.mean, 0.9);
  });

  test('summarizes a page by status class, type and domain', () => {
    const summary = summarize(buildWaterfall(doc, 'page_1').rows);
    assert.equal(summary.requests, 3);
    assert.equal(summary.byStatus['3xx'], 1);
    assert.equal(summary.byType.document.count, 1);
    assert.equal(summary.transferBytes, 120 + 12200);
    assert.equal(summary.redirects, 1);
    assert.deepEqual(
      summary.byDomain.map((d) => d.domain),
      ['portal.example.com', 'cdn.example.net'],
    );
  });
});

describe('readHar on what other tools hand it', () => {
  test('accepts the page-details response shape { har: { log } }', () => {
    const doc = readHar({ har: edge });
    assert.equal(doc.pages.length, 2);
    assert.equal(doc.entries.length, 5);
  });

  test('makes one "All requests" page when the HAR has no pages', () => {
    const doc = readHar({
      log: {
        entries: [
          {
            startedDateTime: '2026-01-01T00:00:00Z',
            request: { url: 'https://a.example/x' },
            response: { status: 200 },
            timings: { wait: 5 },
          },
        ],
      },
    });
    assert.equal(doc.pages[0]?.title, 'All requests');
    assert.equal(buildWaterfall(doc, '').rows.length, 1);
  });

  test('names data:, javascript: and relative URLs by the whole string, with no host', () => {
    const doc = readHar({
      log: {
        entries: ['data:image/png;base64,AAAA', 'javascript:alert(1)', '/relative/path'].map((url, i) => ({
          startedDateTime: `2026-01-01T00:00:0${i}Z`,
          request: { url },
          response: { status: 200 },
          timings: { wait: 1 },
        })),
      },
    });
    assert.deepEqual(
      doc.entries.map((e) => [e.scheme, e.host, e.name]),
      [
        ['data', '', 'data:image/png;base64,AAAA'],
        ['javascript', '', 'javascript:alert(1)'],
        ['', '', '/relative/path'],
      ],
    );
  });

  test('lower-cases the host, drops credentials, and keeps the port', () => {
    const doc = readHar({
      log: {
        entries: [
          {
            startedDateTime: '2026-01-01T00:00:00Z',
            request: { url: 'https://user:pw@CDN.Example.com:8443/a/b/?x=1' },
            response: { status: 200 },
            timings: {},
          },
        ],
      },
    });
    assert.deepEqual(
      [doc.entries[0]?.host, doc.entries[0]?.name, doc.entries[0]?.path],
      ['cdn.example.com:8443', 'b/?x=1', '/a/b/?x=1'],
    );
  });

  test('returns an empty document with a warning for something that is not a HAR', () => {
    for (const input of [null, 42, 'har', { log: {} }, []]) {
      const doc = readHar(input);
      assert.equal(doc.entries.length, 0);
      assert.equal(doc.warnings.length, 1);
    }
  });
});
