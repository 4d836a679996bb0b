// Insights on the real-shaped file of every exporter we read, on a HAR without pages, one
// without timings, and one with hostile strings: each page gets a critical path and findings
// that name real requests, say how their saving was estimated and what to do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHar } from '../../../../src/analysis/har';
import { documentInsights, type PageInsights } from '../../../../src/analysis/har/insights';
import { formatInsights } from '../../../../src/analysis/har/insights-text';
import { hasActiveSyntax } from '../../../../src/analysis/text/untrusted';

const FIXTURES = join(__dirname, '..', '..', '..', 'fixtures');
const load = (path: string) => readHar(JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')));
const EXPORTERS = ['chrome', 'firefox', 'webpagetest', 'browsertime', 'nopages'].flatMap((name) => [
  `har-real/${name}-before.har`,
  `har-real/${name}-after.har`,
]);
const rule = (page: PageInsights, id: string) => page.findings.find((f) => f.rule === id);

test('every exporter, before and after: each page has a path and findings that name requests of the page', () => {
  for (const path of EXPORTERS) {
    const doc = load(path);
    const pages = documentInsights(doc);
    assert.equal(pages.length, doc.pages.length, path);
    for (const page of pages) {
      assert.ok(page.criticalPath.links.length > 0, path);
      assert.ok(page.findings.length > 0, `${path}: no findings`);
      const indices = new Set(doc.entries.filter((e) => e.pageref === page.page.id).map((e) => e.index));
      for (const finding of page.findings) {
        assert.ok(
          finding.requests.length > 0 && finding.requests.every((r) => indices.has(r.index)),
          `${path} ${finding.rule}`,
        );
        assert.ok(finding.estimate.length > 0 && finding.advice.endsWith('.'), `${path} ${finding.rule}`);
        assert.ok(finding.savingMs >= 0 && Number.isInteger(finding.savingMs));
      }
      // Those that move onLoad (on the critical path, time no other finding took) first, each group by saving.
      const ranks = page.findings.map((f) => [f.onCriticalPath && f.savingMs > 0 ? 0 : 1, -f.savingMs]);
      assert.deepEqual(
        ranks,
        [...ranks].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!),
        `${path}: ranked by what would move onLoad, then saving`,
      );
    }
  }
});

test('Firefox: the 420 ms headlines call is the slow server response, the favicon the failed request', () => {
  const [page] = documentInsights(load('har-real/firefox-before.har'));
  assert.deepEqual(
    rule(page!, 'slowServer')!.requests.map((r) => [r.name, r.onCriticalPath]),
    [['headlines?PHPSESSID=9f8e7d6c5b4a3210&limit=20', true]],
  );
  assert.deepEqual(
    rule(page!, 'failed')!.requests.map((r) => r.name),
    ['favicon.ico'],
  );
});

test("WebPageTest: the first view's 1.06 s with nothing in flight ranks first; the repeat view has none", () => {
  const [first, repeat] = documentInsights(load('har-real/webpagetest-before.har'));
  assert.equal(first!.findings[0]!.rule, 'mainThread');
  assert.equal(first!.findings[0]!.savingMs, 1064);
  assert.equal(rule(repeat!, 'mainThread'), undefined);
});

test('browsertime: first paint from its visual metrics lets render-blocking speak; Chrome, without a first paint, stays silent on it', () => {
  const [blog] = documentInsights(load('har-real/browsertime-before.har'));
  assert.match(rule(blog!, 'renderBlocking')!.estimate, /before first paint at 500 ms/);
  const [shop] = documentInsights(load('har-real/chrome-before.har'));
  assert.equal(rule(shop!, 'renderBlocking'), undefined);
  assert.deepEqual(
    rule(shop!, 'redirects')!.requests.map((r) => r.name),
    ['shop.example.com', 'old-logo.png'],
  );
});

test('a HAR without timings or with garbage entries still gets an answer, and one page at a time', () => {
  const doc = load('har/edge-cases.har');
  const all = documentInsights(doc);
  assert.equal(all.length, 2);
  const one = documentInsights(doc, {}, 'page_2');
  assert.deepEqual(
    one.map((p) => p.page.id),
    ['page_2'],
  );
  const untimed = readHar({
    log: {
      entries: [
        { startedDateTime: '2026-01-01T00:00:00Z', request: { url: 'https://a.example/' }, response: { status: 200 } },
      ],
    },
  });
  const [page] = documentInsights(untimed);
  assert.equal(page!.criticalPath.links.length, 1);
  assert.deepEqual(page!.findings, []);
  assert.match(formatInsights([page!]).join('\n'), /No findings/);
});

test('hostile strings reach the text only neutralised', () => {
  const lines = formatInsights(documentInsights(load('har/hostile.har')));
  assert.ok(lines.length > 0);
  for (const line of lines) assert.ok(!hasActiveSyntax(line) && !/[\u0000-\u0008\u001b]/.test(line), line); // eslint-disable-line no-control-regex
});
