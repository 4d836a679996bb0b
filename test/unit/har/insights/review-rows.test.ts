// The rows of the expert review of our insights on PerfCascade's public test HARs, one test
// each, on the real HAR the row came from (test/fixtures/har-corpus): every one of them gave
// the wrong answer before the fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { criticalPath, isBeacon } from '../../../../src/analysis/har/critical-path';
import { pageInsights } from '../../../../src/analysis/har/insights';
import { timeSplit } from '../../../../src/analysis/har/time-split';
import { httpVersionOf, normalizeHttpVersion } from '../../../../src/analysis/har/reader';
import { corpusFile, corpusFiles, waterfallOf } from './corpus';

const BBC = corpusFile('www.bbc.co.uk.160529_8V_7R3.har.gz');
const FILAMENT_WPT = corpusFile('wpt_h2_www.filamentgroup.com.har');
const FILAMENT_FIREFOX = corpusFile('firefox_h2_filamentgroup.com.har');
const GITHUB_WPT = corpusFile('wpt_github.com.151226_X7_b43d35e592fab70e0ba012fe11a41020.har');
const ENORM = corpusFile('chrome_enorm-magazin.de.har');

const STARTS_NOTHING = new Set(['image', 'font', 'media']);

/** Each link found by timing hangs off something that can start requests: never an image, font, media file or beacon. */
function assertNoPassiveParents(path: ReturnType<typeof criticalPath>, where: string): void {
  for (let i = 1; i < path.links.length; i++) {
    const { reason } = path.links[i]!;
    if (reason === 'redirect') continue;
    const parent = path.links[i - 1]!.row.entry;
    assert.ok(
      !STARTS_NOTHING.has(parent.resourceType) && !isBeacon(parent),
      `${where}: ${parent.resourceType} ${parent.url} is the parent of ${path.links[i]!.row.entry.url}`,
    );
  }
}

test('high — without _initiator the chain reaches the document: bbc.co.uk starts at www.bbc.co.uk, no image is a parent', () => {
  for (const page of ['page_1_0', 'page_2_0', 'page_3_0', 'page_4_0', 'page_5_0']) {
    const path = criticalPath(waterfallOf(BBC, page));
    assert.equal(path.links[0]!.row.entry.url, 'http://www.bbc.co.uk/', `${page}: ${path.line}`);
    assert.equal(path.links[0]!.label, 'document');
    assertNoPassiveParents(path, `bbc ${page}`);
    assert.match(path.line, /inferred from timing/, 'the chain says it was inferred');
  }
});

test('high — filamentgroup on WebPageTest: the chain starts at the document, not png → png → png → all.js', () => {
  const path = criticalPath(waterfallOf(FILAMENT_WPT, 'page_1_0'));
  assert.equal(path.links[0]!.row.entry.url, 'https://www.filamentgroup.com/', path.line);
  assertNoPassiveParents(path, 'filamentgroup');
  assert.ok(!path.links.some((link) => link.row.entry.name.endsWith('.png')), path.line);
});

test("high — the third-party share is against the navigation's site, not an ad iframe's: bbc.co.uk, not turn.com or doubleclick.net", () => {
  for (const page of ['page_1_0', 'page_3_0']) {
    const share = pageInsights(waterfallOf(BBC, page)).findings.find((f) => f.rule === 'thirdParty');
    assert.ok(share, page);
    assert.match(share.summary, /^Other sites than bbc\.co\.uk served/, page);
  }
});

test('high — HTTP/1.1 written "1.1" (WebPageTest) is not multiplexed: six connections to assets-cdn.github.com are within the limit', () => {
  const findings = pageInsights(waterfallOf(GITHUB_WPT, 'page_1_0')).findings;
  assert.deepEqual(
    findings.filter((f) => f.rule === 'connectionReuse').map((f) => f.summary),
    [],
  );
  const versions = new Set(GITHUB_WPT.doc.entries.filter((e) => e.httpVersion === '1.1').map(httpVersionOf));
  assert.deepEqual([...versions], ['http/1.1']);
});

test("high — an unknown HTTP version decides nothing: WebPageTest's mangled 'us:' on doubleclick.net fires no reuse finding", () => {
  const unknownHosts = ['adx.g.doubleclick.net', 'ad.doubleclick.net'];
  for (const host of unknownHosts)
    assert.deepEqual(
      [
        ...new Set(
          BBC.doc.entries.filter((e) => e.pageref === 'page_1_0' && e.host === host).map((e) => e.httpVersion),
        ),
      ],
      ['us:'],
      host,
    );
  const reuse = pageInsights(waterfallOf(BBC, 'page_1_0')).findings.filter((f) => f.rule === 'connectionReuse');
  for (const finding of reuse)
    for (const host of unknownHosts) assert.ok(!finding.summary.includes(` to ${host};`), finding.summary);
  for (const spelling of ['unknown', '', 'us:', 'me:', '2 2', 'ori', 'od:'])
    assert.equal(normalizeHttpVersion(spelling), 'unknown', spelling);
});

test("high — the navigation's own DNS, connect and TLS is no preconnect saving: enorm-magazin.de and github.com", () => {
  const enorm = pageInsights(waterfallOf(ENORM, 'page_1')).findings.find((f) => f.rule === 'connectionSetup');
  for (const url of ['http://enorm-magazin.de/', 'https://enorm-magazin.de/'])
    assert.ok(!enorm?.requests.some((r) => r.url === url), `${url}: ${enorm?.summary}`);
  const github = pageInsights(waterfallOf(GITHUB_WPT, 'page_1_0')).findings.find((f) => f.rule === 'connectionSetup');
  assert.ok(!github?.requests.some((r) => r.url === 'https://github.com/'), github?.summary);
});

test('medium — WebPageTest 2.18/2.19 string _load_start/_all_start: the github.com document is drawn at 142–438 ms', () => {
  for (const name of [
    'wpt_github.com.151226_X7_b43d35e592fab70e0ba012fe11a41020.har',
    'github.com.151226_X7_b43d35e592fab70e0ba012fe11a41020.har',
  ]) {
    const row = waterfallOf(corpusFile(name), 'page_1_0').rows.find((r) => r.entry.url === 'https://github.com/')!;
    assert.deepEqual([Math.round(row.offsetMs), Math.round(row.endMs)], [142, 438], name);
  }
  const bbc = waterfallOf(BBC, 'page_1_0').rows.find((r) => r.entry.index === 0)!;
  assert.deepEqual([Math.round(bbc.offsetMs), Math.round(bbc.endMs)], [30, 507], 'bbc.co.uk: _all_start "30"');
});

test("medium — a status-0 response with a body is not failed: Firefox's HTTP/2 pushes on filamentgroup and nghttp2", () => {
  for (const file of [FILAMENT_FIREFOX, corpusFile('firefox_www.nghttp2.org.har')]) {
    const pushed = file.doc.entries.filter((e) => e.status === 0 && e.contentBytes > 0);
    assert.ok(pushed.length > 0, file.name);
    const failed = pageInsights(waterfallOf(file, file.doc.pages[0]!.id)).findings.find((f) => f.rule === 'failed');
    assert.equal(failed, undefined, `${file.name}: ${failed?.summary}`);
  }
});

test('low — time before the navigation is not main thread: bbc.co.uk (30 ms) and github.com (142 ms)', () => {
  for (const [file, page] of [
    [BBC, 'page_1_0'],
    [GITHUB_WPT, 'page_1_0'],
  ] as const) {
    const path = criticalPath(waterfallOf(file, page));
    const start = path.links[0]!.row.offsetMs;
    assert.ok(start > 0, file.name);
    assert.equal(path.links[0]!.mainThreadMs, 0, path.line);
    assert.doesNotMatch(path.line, /^critical path \d[\d.]* m?s main thread/, path.line);
    assert.ok(
      path.idleGaps.every((gap) => gap.startMs >= start),
      `${file.name}: a gap before the navigation`,
    );
  }
});

test('low — without onLoad the chain does not end at a late beacon, and says why it ends where it does', () => {
  const path = criticalPath(waterfallOf(FILAMENT_FIREFOX, 'page_2'));
  const last = path.links[path.links.length - 1]!.row.entry;
  assert.ok(!isBeacon(last) && !last.url.includes('google-analytics.com/collect'), path.line);
  assert.equal(path.untilWhat, 'last request');
  assert.match(path.line, /no onLoad in the HAR: the chain ends at the last request that is not a beacon/);
});

test('medium — findings add up: no millisecond of the path is claimed twice (enorm-magazin.de, h2o), off-path findings rank last', () => {
  const H2O = corpusFile('chrome_h2_h2o.examp1e.net.har');
  for (const [file, page] of [
    [ENORM, 'page_1'],
    [H2O, 'page_1'],
  ] as const) {
    const insights = pageInsights(waterfallOf(file, page));
    const onPath = insights.findings.filter((f) => f.onCriticalPath);
    const claimed = onPath.reduce((sum, f) => sum + f.savingMs, 0);
    const pageMs = insights.criticalPath.untilMs;
    assert.ok(claimed <= pageMs + onPath.length, `${file.name}: ${claimed} ms claimed on a ${pageMs} ms page`);
    const firstOff = insights.findings.findIndex((f) => !f.onCriticalPath || f.savingMs === 0);
    if (firstOff >= 0)
      assert.ok(
        insights.findings.slice(firstOff).every((f) => !f.onCriticalPath || f.savingMs === 0),
        `${file.name}: a finding that moves onLoad ranks after one that does not`,
      );
  }
  const enorm = pageInsights(waterfallOf(ENORM, 'page_1')).findings;
  const setup = enorm.find((f) => f.rule === 'connectionSetup');
  const redirects = enorm.find((f) => f.rule === 'redirects');
  assert.ok(setup && redirects, 'both findings are there');
  assert.ok(setup.savingMs + redirects.savingMs < 2840 + 2700 - 2000, 'the redirects’ setup is counted once');
});

test('every page of the corpus: each saving within the page time, the path’s findings together too', () => {
  for (const file of corpusFiles())
    for (const page of file.doc.pages) {
      const insights = pageInsights(waterfallOf(file, page.id));
      const pageMs = Math.max(0, insights.criticalPath.untilMs);
      const onPath = insights.findings.filter((f) => f.onCriticalPath);
      for (const f of insights.findings) assert.ok(f.savingMs <= pageMs + 1, `${file.name} ${page.id} ${f.rule}`);
      const claimed = onPath.reduce((sum, f) => sum + f.savingMs, 0);
      assert.ok(claimed <= pageMs + onPath.length, `${file.name} ${page.id}: ${claimed} ms of ${pageMs} ms claimed`);
    }
});

test("low — the waterfall's time split does not call the lead-in before the first request idle: github.com on WebPageTest", () => {
  const waterfall = waterfallOf(GITHUB_WPT, 'page_1_0');
  const first = Math.min(...waterfall.rows.map((row) => row.offsetMs));
  assert.ok(first >= 100, `the document starts ${first} ms into the run`);
  const split = timeSplit(waterfall);
  assert.ok(
    split.gaps.every((gap) => gap.startMs >= first),
    JSON.stringify(split.gaps),
  );
  assert.ok(split.networkMs + split.blockedMs + split.idleMs <= split.untilMs - first + 1, split.line);
});
