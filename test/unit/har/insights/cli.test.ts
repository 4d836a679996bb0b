// `netmon har insights` and the findings part of `netmon har diff`, run as a user would, on
// the real-shaped fixtures: text names the requests, --json parses, --page picks one page,
// bad input exits 2 with a clear message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runHar } from '../../../../src/cli/har-report';

const REAL = join(__dirname, '..', '..', '..', 'fixtures', 'har-real');

async function run(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runHar(args, { stdout: (line) => out.push(line), stderr: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

test('har insights: the critical path, then findings ranked, each with requests, estimate and what to do', async () => {
  const { code, out } = await run('insights', join(REAL, 'firefox-before.har'));
  assert.equal(code, 0);
  const lines = out.split('\n');
  assert.equal(lines[0], 'Example News – Front page');
  assert.match(
    lines[1]!,
    /^ {2}onLoad 1\.21 s; critical path news\.example\.com 113 ms .* → document 210 ms \(server wait 201 ms\) → .*headlines\?PHPSESSID=\S+ 422 ms \(server wait 420 ms\)/,
  );
  assert.match(lines[2]!, /^ {2}1\. Slow server response — saves ~325 ms: headlines\?\S+ waited 420 ms for the server/);
  assert.match(
    out,
    /requests: favicon\.ico 31 ms\n {5}estimate: the time of the failed requests, the largest one; none is on the critical path/,
  );
  assert.match(out, /do: Fix or remove the requests that fail/);
});

test('har insights --json --page 2: only the WebPageTest repeat view, as parseable JSON with entry indices', async () => {
  const { code, out } = await run('insights', join(REAL, 'webpagetest-before.har'), '--json', '--page', '2');
  assert.equal(code, 0);
  const pages = JSON.parse(out) as {
    page: { id: string };
    criticalPath: { links: { index: number; label: string; reason: string }[] };
    findings: { rule: string; requests: { index: number }[] }[];
  }[];
  assert.deepEqual(
    pages.map((p) => p.page.id),
    ['page_1_1_1'],
  );
  assert.deepEqual(
    pages[0]!.criticalPath.links.map((l) => l.label),
    ['document', 'gtm.js?id=GTM-ABC123', 'user?_=1700000004100'],
  );
  assert.ok(
    pages[0]!.findings.length > 0 &&
      pages[0]!.findings.every((f) => f.requests.every((r) => Number.isInteger(r.index))),
  );
});

test('har insights --network says what the network cost the critical requests', async () => {
  const { out } = await run('insights', join(REAL, 'firefox-before.har'), '--network');
  assert.match(out, /Network cost on the critical path — saves ~640 ms/);
});

test('har insights: a page that is not there, a file that is not a HAR, a missing file: exit 2, said plainly', async () => {
  const missingPage = await run('insights', join(REAL, 'chrome-before.har'), '--page', '7');
  assert.equal(missingPage.code, 2);
  assert.match(missingPage.err, /chrome-before\.har has no page 7 \(pages: 1 page_1\)/);
  const dir = mkdtempSync(join(tmpdir(), 'insights-'));
  writeFileSync(join(dir, 'x.har'), '{"log":{}}');
  const empty = await run('insights', join(dir, 'x.har'));
  assert.equal(empty.code, 2);
  assert.match(empty.err, /cannot read .*x\.har: it has no requests/);
  assert.equal((await run('insights', join(dir, 'nope.har'))).code, 2);
  assert.equal((await run('insights')).code, 2);
});

test('har diff says which findings appeared and which went away', async () => {
  const fixed = await run('diff', join(REAL, 'firefox-before.har'), join(REAL, 'firefox-after.har'));
  assert.equal(fixed.code, 0);
  assert.match(
    fixed.out,
    /\nFindings: 0 appeared, 2 went away, 2 in both\n {2}− Slow server response \(was ~325 ms\): headlines\?\S+ waited 420 ms/,
  );
  const broke = await run('diff', join(REAL, 'chrome-before.har'), join(REAL, 'chrome-after.har'), '--json');
  const diff = JSON.parse(broke.out) as { findings: { appeared: { rule: string }[]; wentAway: unknown[] } };
  assert.deepEqual(
    diff.findings.appeared.map((f) => f.rule),
    ['slowServer', 'failed'],
  );
  assert.deepEqual(diff.findings.wentAway, []);
});
