// The Markdown bundle with hostile strings: rendered by a CommonMark renderer with raw HTML
// and autolinks on (as ticket systems do), nothing becomes a javascript: link, an image or
// an HTML element; code blocks cannot be closed from inside.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { markdownCode, markdownText, renderEvidenceMarkdown } from '../../../src/analysis/evidence';
import { hostileDocuments, PWN_IMG, PWN_MD } from '../../fixtures/evidence/hostile';
import { startTags } from './fixtures';

type Renderer = { render(markdown: string): string };
const load = createRequire(__filename);
/** markdown-it, as a CommonMark renderer close to GitHub's (raw HTML and autolinks on). */
function commonMark(): Renderer | undefined {
  try {
    const MarkdownIt = load('markdown-it') as new (options: object) => Renderer;
    return new MarkdownIt({ html: true, linkify: true });
  } catch {
    return undefined;
  }
}
const md = commonMark();

describe('the Markdown of hostile data', { skip: md ? false : 'markdown-it is not installed' }, () => {
  const bundles = hostileDocuments().map((doc) => ({ doc, ...renderEvidenceMarkdown(doc, { filePrefix: '../x y' }) }));

  test('rendered, no element, handler or javascript: link comes from data', () => {
    for (const { markdown } of bundles) {
      const html = md!.render(markdown);
      assert.doesNotMatch(html, /<(script|iframe|svg|style|b)\b/i);
      assert.deepEqual(
        startTags(html).filter((t) => t.attributes.some((a) => a.startsWith('on'))),
        [],
        'an event handler attribute',
      );
      for (const [, src] of html.matchAll(/<img src="([^"]*)"/g))
        assert.match(src!, /^x-y-waterfall-\d\.(svg|png)$/, 'images are only our own files');
      for (const [, href] of html.matchAll(/href="([^"]*)"/g))
        assert.match(href!, /^(https?:\/\/|x-y-)/, `unexpected link ${href}`);
    }
  });

  test('the hostile strings read as they were', () => {
    const html = md!.render(bundles[0]!.markdown);
    assert.ok(
      html.includes(PWN_IMG.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')),
    );
    assert.ok(md!.render(markdownText(PWN_MD)).includes('[click](javascript:document.body.setAttribute'));
  });

  test('file names are ours: the prefix cannot leave the folder', () => {
    for (const { files } of bundles) for (const file of files) assert.match(file.name, /^x-y-[A-Za-z0-9._-]+$/);
  });
});

describe('Markdown escaping', () => {
  test('a code block is fenced longer than any backtick run inside it', () => {
    const block = markdownCode('a\n````\nb ``````` c\n```');
    assert.match(block, /^`{8}text\na\n````\nb ``````` c\n```\n`{8}$/);
    assert.match(markdownCode('plain'), /^```text\nplain\n```$/);
  });

  test('starts that would make a list or a heading are escaped at a block start only', () => {
    assert.equal(markdownText('1. first'), '1\\. first');
    assert.equal(markdownText('- item'), '\\- item');
    assert.equal(markdownText('203.0.113.1', false), '203.0.113.1');
    assert.equal(markdownText('# x | y'), '\\# x \\| y');
  });
});
