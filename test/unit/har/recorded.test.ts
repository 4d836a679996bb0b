// On a HAR that Debian Chromium records right here (see record-har.ts).
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall, entryMatcher, readHar, summarize, type HarDocument } from '../../../src/analysis/har';
import { recordSiteHar } from './record-har';

// A real browser keeps the real clock, and Playwright's recorder (in this process) would mix it with
// a clock the runner moved (NETMON_TEST_NOW): the page's timings would be days long or negative.
const MOVED_CLOCK = process.env['NETMON_TEST_NOW']
  ? 'the runner moved this process clock; Chromium keeps the real one'
  : false;

describe('a HAR recorded by Chromium', { skip: MOVED_CLOCK }, () => {
  let doc: HarDocument;
  let origin = '';
  before(async () => {
    const recorded = await recordSiteHar();
    doc = readHar(recorded.har);
    origin = recorded.origin;
  });

  test('has the page with its title and both page timings', () => {
    assert.equal(doc.pages.length, 1);
    assert.equal(doc.pages[0]?.title, 'Portal home');
    assert.ok((doc.pages[0]?.onLoad ?? 0) > 0);
    assert.match(doc.browser, /chromium/i);
  });

  test('classifies every resource the page loaded', () => {
    const byPath = new Map(doc.entries.map((e) => [e.path, e.resourceType]));
    assert.equal(byPath.get('/'), 'document');
    assert.equal(byPath.get('/style.css'), 'stylesheet');
    assert.equal(byPath.get('/app.js'), 'script');
    assert.equal(byPath.get('/logo.png'), 'image');
    assert.equal(byPath.get('/api/data.json?user=7&q=a%20b'), 'fetch');
  });

  test('links the 302 to the image it redirected to', () => {
    const redirect = doc.entries.find((e) => e.path === '/old-logo.png');
    const target = doc.entries.find((e) => e.path === '/logo.png?v=2');
    assert.equal(redirect?.status, 302);
    assert.equal(redirect?.redirectURL, `${origin}/logo.png?v=2`);
    assert.equal(target?.redirectedFrom, redirect?.index);
  });

  test('filters the 404 and the fetch the way DevTools would', () => {
    assert.deepEqual(
      doc.entries.filter(entryMatcher('status-code:404')).map((e) => e.path),
      ['/missing.png'],
    );
    assert.deepEqual(
      doc.entries.filter(entryMatcher('method:GET mime-type:application/json')).map((e) => e.path),
      ['/api/data.json?user=7&q=a%20b'],
    );
  });

  test('keeps query strings (Playwright writes them decoded) and cookie values as recorded', () => {
    const api = doc.entries.find((e) => e.path.startsWith('/api/'));
    assert.deepEqual(api?.queryString, [
      { name: 'user', value: '7' },
      { name: 'q', value: 'a b' },
    ]);
    const css = doc.entries.find((e) => e.path === '/style.css');
    assert.deepEqual(css?.requestCookies, [{ name: 'session', value: 'abc%20def' }]);
  });

  test('lays out a waterfall whose rows start at or after the page start and whose phases sum to the entry time', () => {
    const waterfall = buildWaterfall(doc, doc.pages[0]?.id ?? '');
    assert.equal(waterfall.rows.length, doc.entries.length);
    for (const row of waterfall.rows) {
      assert.ok(row.offsetMs >= 0);
      const sum = Object.values(row.entry.phases).reduce((a, b) => a + b, 0);
      assert.ok(
        Math.abs(sum - row.entry.totalMs) < 1.5 || sum <= row.entry.totalMs,
        `${row.entry.url}: ${sum} vs ${row.entry.totalMs}`,
      );
    }
    const summary = summarize(waterfall.rows);
    assert.equal(summary.byStatus['4xx'], 1);
    assert.equal(summary.byStatus['3xx'], 1);
    assert.ok(summary.transferBytes > 1000);
  });
});
