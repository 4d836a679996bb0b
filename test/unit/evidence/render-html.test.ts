// The HTML bundle with hostile strings everywhere: a strict CSP, no script, no element or
// attribute made from data, links only for http(s) URLs, and the hostile text still readable.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EVIDENCE_CSP, renderEvidenceHtml } from '../../../src/analysis/evidence';
import { hostileDocuments, PWN_IMG, PWN_URL } from '../../fixtures/evidence/hostile';
import { startTags } from './fixtures';

describe('the HTML of hostile data', () => {
  const documents = hostileDocuments();
  const pages = documents.map((doc) => ({ doc, html: renderEvidenceHtml(doc) }));

  test('a strict CSP and no script at all', () => {
    assert.match(EVIDENCE_CSP, /^default-src 'none'; style-src 'unsafe-inline'; img-src data:/);
    for (const { html } of pages) {
      assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${EVIDENCE_CSP}">`));
      assert.doesNotMatch(html, /<script/i);
    }
  });

  test('no element, handler or style block made from data', () => {
    for (const { doc, html } of pages) {
      assert.doesNotMatch(html, /<(img|iframe|object|embed|marquee|b|base|form|link|meta http-equiv="refresh")\b/i);
      assert.deepEqual(
        startTags(html).filter((t) => t.attributes.some((a) => a.startsWith('on'))),
        [],
        'an event handler attribute',
      );
      assert.equal(html.match(/<style>/g)?.length, 1);
      assert.equal(html.match(/<\/style>/g)?.length, 1);
      assert.equal(html.match(/<svg\b/g)?.length ?? 0, doc.images.length, "only the bundle's own images are SVG");
    }
  });

  test('links only for http(s) URLs (and the HAR downloads), attribute values escaped', () => {
    for (const { html } of pages) {
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
        assert.match(
          href!,
          /^(https?:\/\/[^\s<>"']+|data:application\/json;base64,[A-Za-z0-9+/=]+)$/,
          `unexpected link ${href}`,
        );
      }
      assert.doesNotMatch(html, /href="javascript:/i);
    }
    // The javascript: permalink is still shown, as text.
    assert.ok(pages[0]!.html.includes('javascript:document.body.setAttribute(&#39;data-pwned&#39;,&#39;link&#39;)'));
    assert.ok(!pages[0]!.html.includes(PWN_URL));
  });

  test('the hostile strings are shown as text', () => {
    const escaped = PWN_IMG.replace(/&/g, '&#38;')
      .replace(/</g, '&#60;')
      .replace(/>/g, '&#62;')
      .replace(/"/g, '&#34;')
      .replace(/'/g, '&#39;');
    for (const { html } of pages) assert.ok(html.includes(escaped), 'the payload is readable as text');
  });
});
