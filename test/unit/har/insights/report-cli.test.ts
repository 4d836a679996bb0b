// `netmon har report` prints, after writing the file, why the page was slow: the findings
// ranked by saving, each with the requests it names, the time it costs and what to do, named
// as the redacted report names them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHar } from '../../../../src/cli/har-report';
import { ensureBuilt } from '../../../webview/helpers/panel';
import { rawHar } from './build-har';

const doc = { url: 'https://example.com/', at: 0, timings: { wait: 100, receive: 10 }, headers: { etag: '"1"' } };
const get = (path: string, at: number, wait: number, more: Record<string, unknown> = {}) => ({
  url: `https://example.com/${path}`,
  at,
  timings: { wait },
  headers: { etag: '"1"', 'content-encoding': 'br' },
  ...more,
});

test('`netmon har report` prints the ranked findings: requests named (redacted), time each costs, what to do', async () => {
  ensureBuilt('har');
  const dir = mkdtempSync(join(tmpdir(), 'netmon-report-insights-'));
  try {
    const har = rawHar(
      [
        doc,
        get('a.js', 120, 80),
        get('b.js', 121, 90),
        get('api/profile?access_token=s3cr3tT0ken', 250, 1100),
        get('missing.png', 300, 30, { status: 404 }),
      ],
      { onLoad: 1500 },
    );
    writeFileSync(join(dir, 'in.har'), JSON.stringify(har));
    const out: string[] = [];
    const io = { stdout: (l: string) => out.push(...l.split('\n')), stderr: (l: string) => out.push(`ERR ${l}`) };
    assert.equal(await runHar(['report', join(dir, 'in.har'), '-o', join(dir, 'out.html')], io), 0);
    assert.match(out.at(-1)!, /^wrote .*out\.html/, 'the last line says what was written');
    assert.match(out[0]!, /^Why it was slow \(findings ranked by the time fixing them saves/);
    const text = out.join('\n');
    assert.match(text, /critical path document 110 ms .* → profile\?access_token=\S+ 1\.10 s \(server wait 1\.10 s\)/);
    const first = out.findIndex((l) => /^ {2}1\. /.test(l));
    assert.match(
      out[first]!,
      /^ {2}1\. Slow server response — saves ~1\.01 s: profile\?access_token=\S+ waited 1\.10 s for the server/,
    );
    assert.match(out[first + 1]!, /^ {5}requests: profile\?access_token=\S+ 1\.01 s \(critical\)$/);
    assert.match(out[first + 2]!, /^ {5}estimate: server wait beyond the page's median/);
    assert.match(out[first + 3]!, /^ {5}do: Find what the server does before answering/);
    assert.match(
      text,
      /^ {2}2\. Failed requests — saves ~30 ms: 1 request failed \(404\)\n {5}requests: missing\.png 30 ms/m,
    );
    assert.ok(!text.includes('s3cr3tT0ken'), 'the token in the URL is printed redacted, as the report embeds it');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('`netmon har report --page` prints that page only; a HAR without requests prints no findings', async () => {
  ensureBuilt('har');
  const dir = mkdtempSync(join(tmpdir(), 'netmon-report-insights-'));
  try {
    const two = rawHar([doc, get('api/slow', 250, 1100)], { onLoad: 1500 }) as {
      log: { pages: { id: string; title: string }[] };
    };
    two.log.pages.push({ ...two.log.pages[0]!, id: 'p2', title: 'Empty second page' });
    writeFileSync(join(dir, 'two.har'), JSON.stringify(two));
    const out: string[] = [];
    const io = { stdout: (l: string) => out.push(...l.split('\n')), stderr: (l: string) => out.push(`ERR ${l}`) };
    assert.equal(await runHar(['report', join(dir, 'two.har'), '-o', join(dir, 'a.html'), '--page', 'p1'], io), 0);
    assert.ok(out.includes('Home') && !out.includes('Empty second page'), out.join('\n'));
    out.length = 0;
    writeFileSync(join(dir, 'none.har'), JSON.stringify({ log: { pages: [], entries: [] } }));
    assert.equal(await runHar(['report', join(dir, 'none.har'), '-o', join(dir, 'b.html')], io), 0);
    assert.deepEqual(out.length, 1, out.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
