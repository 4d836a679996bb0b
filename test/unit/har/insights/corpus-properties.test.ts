// What holds on every page of the real-HAR corpus, whatever the exporter: the critical path
// starts at the navigation, nothing that starts no requests (an image, a font, media, a beacon)
// is a parent, HTTP versions read the same in any exporter's spelling, a response with a body
// is never failed, and each page runs through critical path, insights, text and a HAR diff
// against itself (which finds no change) without throwing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffHar } from '../../../../src/analysis/har/diff';
import { embedJson, renderHarReportJson } from '../../../../src/cli/har-report';
import { reportInsightLines } from '../../../../src/cli/har-report-insights';
import { criticalPath, isBeacon } from '../../../../src/analysis/har/critical-path';
import { pageInsights } from '../../../../src/analysis/har/insights';
import { findingsBetween } from '../../../../src/analysis/har/insights-diff';
import { formatInsights } from '../../../../src/analysis/har/insights-text';
import { readHar } from '../../../../src/analysis/har';
import { httpVersionOf, normalizeHttpVersion, type HttpVersion } from '../../../../src/analysis/har/reader';
import { asArray, asRecord } from '../../../../src/analysis/har/narrow';
import { corpusFiles, waterfallOf } from './corpus';

const FILES = corpusFiles();
const pagesOf = (file: (typeof FILES)[number]) => file.doc.pages.map((page) => page.id);

test('the corpus: at least 25 real HARs from at least five exporters', () => {
  assert.ok(FILES.length >= 25, `${FILES.length} files`);
  const exporters = new Set(FILES.map((file) => file.doc.creator.split(' ')[0]));
  assert.ok(exporters.size >= 5, [...exporters].join(', '));
});

test('every page: the critical path starts at the navigation (its redirects, then its document)', () => {
  for (const file of FILES)
    for (const page of pagesOf(file)) {
      const path = criticalPath(waterfallOf(file, page));
      const where = `${file.name} ${page}: ${path.line}`;
      assert.ok(path.links.length > 0 && path.navigation.length > 0, where);
      const prefix = Math.min(path.navigation.length, path.links.length);
      assert.deepEqual(
        path.links.slice(0, prefix).map((link) => link.row),
        path.navigation.slice(0, prefix),
        where,
      );
      assert.equal(path.links[0]!.mainThreadMs, 0, `${where}: time before the navigation is not main thread`);
      const start = path.navigation[0]!.offsetMs;
      assert.ok(
        path.links.every((link) => link.row.offsetMs >= start),
        `${where}: a link before the navigation`,
      );
      assert.ok(
        path.idleGaps.every((gap) => gap.startMs >= start),
        `${where}: a gap before the navigation`,
      );
    }
});

test('every page: no image, font, media file or beacon is the parent of a link (redirect hops aside)', () => {
  for (const file of FILES)
    for (const page of pagesOf(file)) {
      const path = criticalPath(waterfallOf(file, page));
      for (let i = 1; i < path.links.length; i++) {
        if (path.links[i]!.reason === 'redirect') continue;
        const parent = path.links[i - 1]!.row.entry;
        assert.ok(
          !['image', 'font', 'media'].includes(parent.resourceType) && !isBeacon(parent),
          `${file.name} ${page}: ${parent.resourceType} ${parent.url} → ${path.links[i]!.row.entry.url} (${path.links[i]!.reason})`,
        );
      }
    }
});

/** Every spelling of an HTTP version the corpus holds, and what it is (written by hand from the files). */
const SPELLINGS: Record<string, HttpVersion> = {
  'HTTP/1.1': 'http/1.1',
  'http/1.1': 'http/1.1',
  '1.1': 'http/1.1',
  'HTTP/1.0': 'http/1.0',
  h2: 'h2',
  'HTTP/2.0': 'h2',
  'HTTP/2': 'h2',
  h3: 'h3',
  unknown: 'unknown',
  '': 'unknown',
  'us:': 'unknown',
  'me:': 'unknown',
  'od:': 'unknown',
  ori: 'unknown',
  '2 2': 'unknown',
};

test("HTTP versions: every spelling in the corpus (response, request and WebPageTest's _protocol) reads as what it is", () => {
  const seen = new Set<string>();
  for (const file of FILES)
    for (const raw of asArray(asRecord(asRecord(file.raw).log).entries)) {
      const entry = asRecord(raw);
      for (const value of [asRecord(entry.response).httpVersion, asRecord(entry.request).httpVersion, entry._protocol])
        if (typeof value === 'string') seen.add(value);
    }
  for (const spelling of seen) {
    assert.ok(spelling in SPELLINGS, `a spelling the table does not know: ${JSON.stringify(spelling)}`);
    assert.equal(normalizeHttpVersion(spelling), SPELLINGS[spelling], JSON.stringify(spelling));
  }
  for (const [spelling, version] of Object.entries({
    'HTTP/3': 'h3',
    'h3-29': 'h3',
    'http/2+quic/46': 'h3',
    h2c: 'h2',
    'spdy/3.1': 'h2',
    'http/1.0': 'http/1.0',
    '1.0': 'http/1.0',
  }))
    assert.equal(normalizeHttpVersion(spelling), version, spelling);
});

/** Every other spelling of the same version, as some exporter writes it. */
const RESPELL: Partial<Record<HttpVersion, string[]>> = {
  'http/1.1': ['HTTP/1.1', 'http/1.1', '1.1'],
  h2: ['h2', 'HTTP/2', 'HTTP/2.0'],
  h3: ['h3', 'HTTP/3', 'h3-29'],
  unknown: ['unknown', '', 'us:'],
};

test("HTTP versions: each page's findings are the same whatever spelling its versions are written in", () => {
  for (const file of FILES) {
    const expected = new Map(
      pagesOf(file).map((page) => [page, JSON.stringify(pageInsights(waterfallOf(file, page)).findings)]),
    );
    // The version each entry (by its position in the file) was read as.
    const versions = new Map(file.doc.entries.map((entry) => [entry.index, httpVersionOf(entry)]));
    for (let variant = 0; variant < 3; variant++) {
      const copy = structuredClone(file.raw) as Record<string, unknown>;
      for (const [index, raw] of asArray(asRecord(copy.log).entries).entries()) {
        const entry = asRecord(raw);
        const request = asRecord(entry.request);
        const response = asRecord(entry.response);
        const version = versions.get(index) ?? 'unknown';
        const spelling = RESPELL[version]?.[variant];
        if (spelling === undefined) continue;
        response.httpVersion = spelling;
        request.httpVersion = spelling;
        delete entry._protocol;
      }
      const doc = readHar(copy);
      for (const page of pagesOf(file))
        assert.equal(
          JSON.stringify(pageInsights(waterfallOf({ ...file, doc }, page)).findings),
          expected.get(page),
          `${file.name} ${page}, spelling ${variant}`,
        );
    }
  }
});

test('a response with a body is never "failed": only error statuses and answers with no body', () => {
  for (const file of FILES)
    for (const page of pagesOf(file)) {
      const failed = pageInsights(waterfallOf(file, page)).findings.find((f) => f.rule === 'failed');
      for (const request of failed?.requests ?? []) {
        const entry = file.doc.entries.find((e) => e.index === request.index)!;
        assert.ok(
          entry.status >= 400 || entry.contentBytes <= 0,
          `${file.name} ${page}: ${entry.url} (status ${entry.status}, ${entry.contentBytes} bytes)`,
        );
      }
    }
});

test('every page runs through critical path, insights, text, har report, and a HAR diff against itself that finds no change', () => {
  for (const file of FILES) {
    const pages = pagesOf(file);
    const embedded = embedJson(file.raw);
    const report = renderHarReportJson([embedded], undefined, { nonce: 'corpus', bundle: '/* waterfall */' });
    const data = /<script type="application\/json" id="har-data">([^]*?)<\/script>/.exec(report)?.[1] ?? '';
    assert.deepEqual(
      (JSON.parse(data) as { har: unknown }).har,
      file.raw,
      `${file.name}: the report embeds the HAR whole`,
    );
    const printed = reportInsightLines([embedded]);
    if (file.doc.entries.length > 0) assert.match(printed[0] ?? '', /^Why it was slow/, file.name);
    for (const [number, page] of pages.entries()) {
      const where = `${file.name} ${page}`;
      const insights = pageInsights(waterfallOf(file, page));
      assert.ok(formatInsights([insights]).length > 0, where);
      const side = file.doc.pages.length > 0 && page !== '' ? String(number + 1) : undefined;
      const diff = diffHar(file.raw, file.raw, side ? { beforePage: side, afterPage: side } : {});
      const changed = Object.entries(diff.counts).filter(([mark, n]) => mark !== 'unchanged' && n > 0);
      assert.deepEqual(changed, [], `${where}: ${JSON.stringify(diff.counts)}`);
      assert.deepEqual(diff.total.after, diff.total.before, where);
      const findings = findingsBetween({ har: file.raw, info: diff.before }, { har: file.raw, info: diff.after });
      if (findings) {
        assert.deepEqual(findings.appeared, [], where);
        assert.deepEqual(findings.wentAway, [], where);
      }
    }
  }
});
