// The security review's HAR (131 KB of gzip, 45 million empty entries, 135 MB inflated, under
// the size limit) ran `netmon har insights` and `har diff` out of memory at 3–5 GB. Through the
// CLI's own entry, in a child process whose peak memory is its own: both stop at the entry
// limit with its message, in seconds and bounded memory. The MCP tools' reader (readHarFile)
// and `har report` stop at the same limits.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HAR_ENTRY_LIMIT, HAR_PAGE_LIMIT, HAR_SIZE_LIMIT_BYTES } from '../../../src/analysis/har/limits';
import { readHarFile, readHarFileAsync } from '../../../src/workflows/har-file';
import { compareHars, redactHarTool } from '../../../src/tools/hars';
import type { ToolContext } from '../../../src/tools/types';
import { buildHarCliChild, runHarCliChild } from '../../fixtures/har/cli-child';
import { writeManyEntriesHar } from '../../fixtures/har/many-entries';

const MB = 1024 * 1024;
/** Far below the 3–5 GB the whole read took; node alone is ~45 MB. */
const BOUNDED_RSS = 300 * MB;
/** Far below the minutes the whole read took, on a shared and busy machine. */
const QUICK_MS = 15_000;
const LIMIT_MESSAGE = /many-entries\.har\.gz holds more than the limit of 200,000 entries for a HAR read whole/;

describe('netmon har on a HAR of 45 million entries', () => {
  let dir = '';
  let bomb = '';
  let child = '';
  const portal = join(__dirname, '..', '..', 'fixtures', 'vscode', 'portal.har');
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'netmon-many-entries-'));
    bomb = join(dir, 'many-entries.har.gz');
    const inflated = await writeManyEntriesHar(bomb);
    assert.ok(statSync(bomb).size < 200 * 1024, `${statSync(bomb).size} bytes of gzip`);
    assert.ok(
      inflated > 125 * MB && inflated < HAR_SIZE_LIMIT_BYTES,
      `${inflated} bytes inflated: under the size limit`,
    );
    child = await buildHarCliChild(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const args of [
    ['insights', 'BOMB'],
    ['diff', 'PORTAL', 'BOMB'],
    ['report', 'BOMB', '-o', 'OUT'],
  ]) {
    test(`har ${args[0]} exits 2 with the entry limit, quickly and in bounded memory`, () => {
      const named = args.map((arg) => ({ BOMB: bomb, PORTAL: portal, OUT: join(dir, 'out.html') })[arg] ?? arg);
      const run = runHarCliChild(child, named, 4 * QUICK_MS);
      assert.equal(run.code, 2, run.stderr);
      assert.match(run.stderr, new RegExp(`^netmon har ${args[0]}: `));
      assert.match(run.stderr, LIMIT_MESSAGE);
      assert.ok(run.ms < QUICK_MS, `${run.ms.toFixed(0)} ms`);
      assert.ok(run.peakRss < BOUNDED_RSS, `peak RSS ${(run.peakRss / MB).toFixed(0)} MB`);
    });
  }

  test('the MCP tools (their reader, readHarFile) and the streaming reader refuse it too', async () => {
    assert.throws(() => readHarFile(bomb), { name: 'HarLimitError', message: LIMIT_MESSAGE });
    await assert.rejects(readHarFileAsync(bomb), { name: 'HarLimitError', message: LIMIT_MESSAGE });
    // The tools need no account to read a workspace file.
    const ctx = { cwd: dir, allowWrites: false, now: () => 0 } as unknown as ToolContext;
    for (const [tool, args] of [
      [compareHars, { before: 'many-entries.har.gz', after: 'many-entries.har.gz' }],
      [redactHarTool, { file: 'many-entries.har.gz' }],
    ] as const)
      await assert.rejects(tool.run(args, ctx), {
        message: new RegExp(`^cannot read many-entries\\.har\\.gz: ${LIMIT_MESSAGE.source}`),
      });
  });

  test('entries and pages up to their limits are read; one more is refused with its message', async () => {
    const har = (entries: number, pages: number): string =>
      JSON.stringify({
        log: { pages: Array.from({ length: pages }, (_, i) => ({ id: `p${i}` })), entries: Array(entries).fill({}) },
      });
    const file = join(dir, 'limits.har');
    writeFileSync(file, har(HAR_ENTRY_LIMIT, HAR_PAGE_LIMIT));
    const read = (await readHarFileAsync(file)) as { log: { entries: unknown[]; pages: unknown[] } };
    assert.equal(read.log.entries.length, HAR_ENTRY_LIMIT);
    assert.equal(read.log.pages.length, HAR_PAGE_LIMIT);
    writeFileSync(file, har(HAR_ENTRY_LIMIT + 1, 1));
    await assert.rejects(readHarFileAsync(file), {
      message: 'limits.har holds more than the limit of 200,000 entries for a HAR read whole',
    });
    writeFileSync(file, har(1, HAR_PAGE_LIMIT + 1));
    await assert.rejects(readHarFileAsync(file), {
      message: 'limits.har holds more than the limit of 1,000 pages for a HAR read whole',
    });
    // Empty objects where no reader looks cost JSON.parse just as much.
    writeFileSync(file, `[${Array(5_000_001).fill('{}').join(',')}]`);
    assert.throws(() => readHarFile(file), {
      message: 'limits.har holds more than the limit of 10,000,000 JSON values for a HAR read whole',
    });
  });
});
