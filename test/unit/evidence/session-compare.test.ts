// The evidence of two sessions side by side: the compare panel's summary is the verdict,
// segments and differing fields are tables marked ≠, and hostile SSIDs stay text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderEvidenceHtml, renderEvidenceMarkdown, sessionCompareEvidence } from '../../../src/analysis/evidence';
import { compareSessions } from '../../../src/analysis/session/compare';
import { healthySession, weakWifiSession } from '../session/fixtures';
import { GENERATED_AT, PWN, startTags } from './fixtures';

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
