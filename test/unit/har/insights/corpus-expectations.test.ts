// Each page of the real-HAR corpus against what a reader of the HAR expects, written by hand
// in test/fixtures/har-corpus/<name>.expect.json with one line of why per claim: which request
// is the navigation, where the document is drawn, how the critical path starts (and where it
// must not end), which findings must appear and which must not. Known wrong answers left for
// later are reported as to-do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageInsights, type Finding } from '../../../../src/analysis/har/insights';
import { corpusFile, expectations, waterfallOf, type FindingClaim } from './corpus';

const matches = (finding: Finding, claim: FindingClaim) =>
  finding.rule === claim.rule &&
  (claim.summaryIncludes === undefined || finding.summary.includes(claim.summaryIncludes)) &&
  (claim.names === undefined || finding.requests.some((r) => r.url === claim.names));

const describeClaim = (claim: FindingClaim) =>
  `${claim.rule}${claim.summaryIncludes ? ` "${claim.summaryIncludes}"` : ''}${claim.names ? ` naming ${claim.names}` : ''}`;

for (const { file, expect } of expectations()) {
  const har = corpusFile(expect.har);
  for (const page of expect.pages) {
    const where = `${expect.har} page ${JSON.stringify(page.page)}`;
    test(`${where} (${expect.exporter})`, (t) => {
      assert.ok(
        har.doc.pages.some((p) => p.id === page.page),
        `${file}: no page ${page.page}`,
      );
      const waterfall = waterfallOf(har, page.page);
      const insights = pageInsights(waterfall);
      const path = insights.criticalPath;
      assert.deepEqual(
        path.navigation.map((row) => row.entry.url),
        page.navigation,
        `${where}: the navigation (${page.navigationWhy})`,
      );
      if (page.documentMs) {
        const document = path.navigation[path.navigation.length - 1]!;
        assert.deepEqual(
          [Math.round(document.offsetMs), Math.round(document.endMs)],
          page.documentMs,
          `${where}: the document's place (${page.documentWhy})`,
        );
      }
      if (page.criticalPath) {
        const urls = path.links.map((link) => link.row.entry.url);
        assert.deepEqual(
          urls.slice(0, page.criticalPath.startsWith.length),
          page.criticalPath.startsWith,
          `${where}: the critical path starts (${page.criticalPath.why}); it is ${path.line}`,
        );
        if (page.criticalPath.notEndingAt)
          assert.ok(
            !urls[urls.length - 1]!.includes(page.criticalPath.notEndingAt),
            `${where}: the path must not end at ${page.criticalPath.notEndingAt} (${page.criticalPath.why}); it is ${path.line}`,
          );
      }
      const summaries = insights.findings.map((f) => `${f.rule}: ${f.summary}`).join('\n  ');
      for (const claim of page.mustFind ?? [])
        assert.ok(
          insights.findings.some((f) => matches(f, claim)),
          `${where}: ${describeClaim(claim)} must be found (${claim.why}); found:\n  ${summaries}`,
        );
      for (const claim of page.mustNotFind ?? [])
        assert.ok(
          !insights.findings.some((f) => matches(f, claim)),
          `${where}: ${describeClaim(claim)} must not be found (${claim.why}); found:\n  ${summaries}`,
        );
      for (const claim of page.todo ?? []) {
        const found = insights.findings.some((f) => matches(f, claim));
        if (found !== (claim.kind === 'mustFind'))
          t.todo(`${describeClaim(claim)} ${claim.kind === 'mustFind' ? 'is missing' : 'is found'}: ${claim.why}`);
      }
    });
  }
}
