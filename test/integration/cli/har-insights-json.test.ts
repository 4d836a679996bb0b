// `netmon har insights --json` on real HARs of the corpus: a script reads what the text says —
// the navigation (redirects included), what the chain rests on, and whether each finding's
// saving is time of the critical path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { netmon } from './run-netmon';

const CORPUS = join(__dirname, '..', '..', 'fixtures', 'har-corpus');

interface PageJson {
  criticalPath: { notes: string[]; navigation: { url: string; status: number }[] };
  findings: { rule: string; savingMs: number; onCriticalPath: boolean }[];
}

async function insightsOf(file: string): Promise<PageJson[]> {
  const result = await netmon(['har', 'insights', '--json', join(CORPUS, file)]);
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as PageJson[];
}

test('the navigation with its redirect, and the note that the HAR has no onLoad (capture-har, cnn.com)', async () => {
  const [page] = await insightsOf('capture-har_cnn.har');
  assert.deepEqual(
    page!.criticalPath.navigation.map((n) => `${n.status} ${n.url}`),
    ['301 http://cnn.com/', '200 http://www.cnn.com/'],
  );
  assert.ok(
    page!.criticalPath.notes.some((note) => /^no onLoad in the HAR/.test(note)),
    page!.criticalPath.notes.join(),
  );
});

test('each finding says whether its saving is critical-path time (WebPageTest, github.com)', async () => {
  const [page] = await insightsOf('wpt_github.com.151226_X7_b43d35e592fab70e0ba012fe11a41020.har');
  assert.deepEqual(
    page!.criticalPath.navigation.map((n) => n.url),
    ['https://github.com/'],
  );
  assert.ok(page!.findings.length > 0);
  for (const finding of page!.findings) assert.equal(typeof finding.onCriticalPath, 'boolean', finding.rule);
});
