// `netmon har report` on the review's gzip bomb (issue #27, row 7: 95 KB inflating to 148 MB
// took 1.4 GB and wrote a 98 MB page), through the real entry point in a child process: the
// HAR is read as a stream and the report is capped, so it stops with its reason and writes
// nothing. bench/redact measures the child's peak memory (bomb_rss_mb).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGzipBomb } from '../../fixtures/har-redact/crafted';

describe('netmon har report on a gzip bomb', () => {
  test('stops at the report cap with its reason, writes no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'netmon-bomb-'));
    try {
      const bomb = join(dir, 'bomb.har.gz');
      await writeGzipBomb(bomb);
      assert.ok(statSync(bomb).size < 400 * 1024, `${statSync(bomb).size} bytes of gzip`);
      const out = join(dir, 'out.html');
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/cli/netmon.ts', 'har', 'report', bomb, '-o', out],
        { encoding: 'utf8', timeout: 170_000 },
      );
      assert.equal(run.status, 2, run.stderr);
      assert.match(
        run.stderr,
        /^netmon har report: bomb\.har\.gz holds more than 64\.0 MB of HAR after redaction, too much for one report page: export a single page, or use `netmon har redact`/,
      );
      assert.ok(!existsSync(out), 'no report is written');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
