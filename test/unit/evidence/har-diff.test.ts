// The evidence of a HAR comparison: the page timing deltas and largest regressions as the
// verdict, the diff's text, both waterfalls, and both HARs attached redacted — also when the
// caller's diff was made of the HARs as recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { harDiffEvidence, renderEvidenceHtml, renderEvidenceMarkdown } from '../../../src/analysis/evidence';
import { diffHar } from '../../../src/analysis/har/diff';
import { BEARER_SECRET, COOKIE_SECRET, embeddedHars, GENERATED_AT, harWithSecrets, readRealHar } from './fixtures';

/** The after HAR calls an API with a token in its query string. */
function afterWithTokenInUrl(): ReturnType<typeof readRealHar> {
  const har = harWithSecrets('chrome-after.har');
  const entry = har.log.entries[1] as { request: { url: string } };
  entry.request.url = `${entry.request.url}${entry.request.url.includes('?') ? '&' : '?'}access_token=${BEARER_SECRET}`;
  return har;
}

test('the verdict, the diff text and both waterfalls, with both HARs redacted', () => {
  const doc = harDiffEvidence({
    before: { name: 'before.har', har: harWithSecrets() },
    after: { name: 'after.har', har: afterWithTokenInUrl() },
    generatedAt: GENERATED_AT,
  });
  assert.match(doc.title, /^HAR diff: before\.har → after\.har$/);
  assert.match(doc.verdict.lines[0]!, /^Load: 1\.45 s → [\d.]+ s \([+-]/);
  assert.ok(doc.verdict.lines.some((l) => /^Requests: /.test(l)));
  const text = doc.sections.find((s) => s.kind === 'pre');
  assert.ok(text?.kind === 'pre');
  assert.match(text.text, /^HAR diff: before\.har → after\.har\n {2}before: page 1 of 1/);
  assert.equal(doc.images.length, 2);
  assert.deepEqual(
    doc.attachments.map((a) => a.name),
    ['before.har', 'after.har'],
  );
  const html = renderEvidenceHtml(doc);
  const { markdown, files } = renderEvidenceMarkdown(doc);
  for (const output of [html, markdown, ...files.map((f) => String(f.content))]) {
    assert.ok(!output.includes(COOKIE_SECRET) && !output.includes(BEARER_SECRET), 'a secret leaked');
  }
  assert.deepEqual(
    embeddedHars(html).map((h) => h.har.log.entries.length),
    [13, readRealHar('chrome-after.har').log.entries.length],
  );
});

test('a diff made of the raw HARs: its text is redacted line by line', () => {
  const before = harWithSecrets();
  const after = afterWithTokenInUrl();
  const raw = diffHar(before, after, { minDeltaMs: 0, minRelativeDelta: 0 });
  assert.ok(
    raw.rows.some((r) => r.key.includes(BEARER_SECRET)),
    'the fixture must put the token in a diff row',
  );
  const doc = harDiffEvidence({
    before: { name: 'a', har: before },
    after: { name: 'b', har: after },
    diff: raw,
    generatedAt: GENERATED_AT,
  });
  const html = renderEvidenceHtml(doc);
  assert.ok(!html.includes(BEARER_SECRET));
  assert.match(html, /access_token=REDACTED-query/);
});
