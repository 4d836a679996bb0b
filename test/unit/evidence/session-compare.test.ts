// The evidence of two sessions side by side: the compare panel's summary is the verdict,
// segments and differing fields are tables marked ≠, and hostile SSIDs stay text; given the
// sessions' pages (Share for a Ticket…), their HARs are attached redacted, within the bundle's limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EVIDENCE_LIMITS,
  renderEvidenceHtml,
  renderEvidenceMarkdown,
  sessionCompareEvidence,
} from '../../../src/analysis/evidence';
import { compareSessions } from '../../../src/analysis/session/compare';
import { healthySession, weakWifiSession } from '../session/fixtures';
import {
  BEARER_SECRET,
  COOKIE_SECRET,
  GENERATED_AT,
  PWN,
  SET_COOKIE_SECRET,
  embeddedHars,
  harOfSize,
  harWithSecrets,
  startTags,
} from './fixtures';

test('the summary is the verdict; Wi-Fi differs and is marked; the reason the second was chosen is said', () => {
  const comparison = compareSessions(healthySession(), weakWifiSession('Office'));
  const doc = sessionCompareEvidence({
    comparison,
    matchedOn: 'the best-scored session of portal.example.com',
    generatedAt: GENERATED_AT,
    permalinks: { a: 'https://app.example.com/s/1' },
  });
  assert.equal(doc.kind, 'session-compare');
  assert.equal(doc.verdict.lines[0], comparison.summary);
  assert.match(doc.verdict.lines[1] ?? '', /^Second session: the best-scored session/);
  assert.notEqual(doc.verdict.grade, 'ok');
  const segments = doc.sections.find((s) => s.heading === 'Segments');
  assert.ok(
    segments?.kind === 'table' && segments.rows.some((r) => r[0] === 'Wi-Fi' && r[3] === '≠'),
    JSON.stringify(segments),
  );
  assert.deepEqual(doc.links, [{ label: 'Session us-4f2a9c', url: 'https://app.example.com/s/1' }]);
});

test('a hostile SSID stays text in the HTML and the Markdown', () => {
  const doc = sessionCompareEvidence({
    comparison: compareSessions(healthySession(), weakWifiSession(PWN)),
    generatedAt: GENERATED_AT,
  });
  const html = renderEvidenceHtml(doc);
  assert.ok(!startTags(html).some((t) => t.tag === 'img'), 'no element made from data');
  assert.ok(html.includes('&#60;img src=x onerror='), 'shown as the characters it is');
  const { markdown } = renderEvidenceMarkdown(doc);
  assert.ok(markdown.includes('\\<img') && !/(^|[^\\])<img/.test(markdown), 'the tag is escaped in the Markdown');
});

test("given the sessions' pages (Share for a Ticket…), their HARs are attached redacted, named after each session", () => {
  const page = (n: number): { pageId: string; title: string; har: unknown } => ({
    pageId: 'page_1',
    title: `Page ${n}`,
    har: harWithSecrets(),
  });
  const doc = sessionCompareEvidence({
    comparison: compareSessions(healthySession(), weakWifiSession('Office')),
    generatedAt: GENERATED_AT,
    pages: { a: [page(1), page(2)], b: [page(1)] },
  });
  assert.deepEqual(
    doc.attachments.map((a) => a.name),
    ['session-us-4f2a9c-page-1.har', 'session-us-4f2a9c-page-2.har', 'session-us-second-page-1.har'],
  );
  for (const attachment of doc.attachments)
    for (const secret of [COOKIE_SECRET, BEARER_SECRET, SET_COOKIE_SECRET])
      assert.ok(!attachment.json.includes(secret), `${attachment.name} holds no secret of the recorded HAR`);
  assert.deepEqual(doc.omissions, []);
  const html = renderEvidenceHtml(doc);
  assert.equal(embeddedHars(html).length, 3, 'the HTML offers each redacted HAR');
  assert.equal(
    sessionCompareEvidence({
      comparison: compareSessions(healthySession(), weakWifiSession('Office')),
      generatedAt: GENERATED_AT,
    }).attachments.length,
    0,
    'Export Evidence… gives no pages: no HAR',
  );
});

test('at most maxHars HARs of the two sessions: half each, what one leaves unused the other takes; the rest is said', () => {
  const pages = (count: number): { pageId: string; har: unknown }[] =>
    Array.from({ length: count }, () => ({ pageId: 'page_1', har: harOfSize(2) }));
  const attached = (a: number, b: number): { a: number; b: number; omissions: string[] } => {
    const doc = sessionCompareEvidence({
      comparison: compareSessions(healthySession(), weakWifiSession('Office')),
      generatedAt: GENERATED_AT,
      pages: { a: pages(a), b: pages(b) },
    });
    const count = (id: string): number => doc.attachments.filter((x) => x.name.startsWith(`session-${id}-`)).length;
    return { a: count('us-4f2a9c'), b: count('us-second'), omissions: doc.omissions };
  };
  const max = EVIDENCE_LIMITS.maxHars;
  assert.deepEqual(attached(max + 2, max + 2), {
    a: max / 2,
    b: max / 2,
    omissions: [
      `${max / 2 + 2} of ${max + 2} pages of the first session left out (at most ${max} HARs per bundle).`,
      `${max / 2 + 2} of ${max + 2} pages of the second session left out (at most ${max} HARs per bundle).`,
    ],
  });
  assert.deepEqual(attached(max + 2, 1), {
    a: max - 1,
    b: 1,
    omissions: [`3 of ${max + 2} pages of the first session left out (at most ${max} HARs per bundle).`],
  });
  assert.deepEqual(attached(2, max), {
    a: 2,
    b: max - 2,
    omissions: [`2 of ${max} pages of the second session left out (at most ${max} HARs per bundle).`],
  });
});
