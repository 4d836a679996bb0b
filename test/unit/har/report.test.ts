import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedJson, renderHarReport, runHar } from '../../../src/cli/har-report';
import { ensureBuilt } from '../../webview/helpers/panel';

const har = {
  log: {
    pages: [
      {
        id: 'p',
        title: '</script><script>alert(1)</script>',
        startedDateTime: '2026-01-01T00:00:00Z',
        pageTimings: {},
      },
    ],
    entries: [],
  },
};

test('embeds the HAR as JSON that cannot close its script element', () => {
  const html = renderHarReport(har, { bundle: 'void 0;', nonce: 'abc' });
  const json = /<script type="application\/json" id="har-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
  assert.ok(!json.includes('<'));
  assert.equal((JSON.parse(json) as { har: typeof har }).har.log.pages[0]?.title, har.log.pages[0]?.title);
  assert.equal(embedJson('\u2028<'), '"\\u2028\\u003c"');
});

test('escapes the title, allows only the nonce script, and neutralizes </script in the bundle', () => {
  const html = renderHarReport(har, { bundle: 'const s = "</script><!--";', nonce: 'abc' });
  assert.match(html, /<title>&#60;\/script&#62;&#60;script&#62;alert\(1\)&#60;\/script&#62;<\/title>/);
  assert.match(html, /content="default-src &#39;none&#39;; script-src &#39;nonce-abc&#39;; img-src data:;/);
  assert.match(html, /<script nonce="abc">const s = "\\x3C\/script>\\x3C!--";<\/script>/);
  assert.equal(html.match(/<script/g)?.length, 2);
});

test('`netmon har report in.har -o out.html` writes the report; bad input exits 2', async () => {
  ensureBuilt('har');
  const dir = mkdtempSync(join(tmpdir(), 'netmon-har-cli-'));
  try {
    writeFileSync(join(dir, 'in.har'), JSON.stringify(har));
    const out: string[] = [];
    const io = { stdout: (l: string) => out.push(l), stderr: (l: string) => out.push(l) };
    assert.equal(
      await runHar(['report', join(dir, 'in.har'), '-o', join(dir, 'out.html'), '--title', 'Ticket 42'], io),
      0,
    );
    const html = readFileSync(join(dir, 'out.html'), 'utf8');
    assert.match(html, /<title>Ticket 42<\/title>/);
    assert.ok(html.length > 20_000, 'the panel bundle is inlined');
    writeFileSync(join(dir, 'bad.har'), '{ not json');
    assert.equal(await runHar(['report', join(dir, 'bad.har'), '-o', join(dir, 'x.html')], io), 2);
    assert.match(out.at(-1) ?? '', /cannot read .*bad\.har as JSON/);
    assert.equal(await runHar(['report', join(dir, 'in.har')], io), 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
