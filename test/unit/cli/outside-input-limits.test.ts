// Outside input decides nothing about our resource use: a 100,000-level JSON gets a clear
// message (not "Maximum call stack size exceeded"), and a HAR above the editor's size limit
// is refused by the CLI with the same limit, before it is read.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HAR_SIZE_LIMIT_BYTES } from '../../../src/analysis/har/limits';
import { MAX_JSON_DEPTH } from '../../../src/api/types';

const netmon = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/netmon.ts', ...args], { encoding: 'utf8' });
const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;

describe('netmon on hostile input', () => {
  test('validate: a deeply nested document is one clear problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netmon-deep-'));
    try {
      writeFileSync(join(dir, 'deep.netmon-test.json'), deep);
      const run = netmon('validate', join(dir, 'deep.netmon-test.json'));
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stdout, new RegExp(`The document is nested deeper than ${MAX_JSON_DEPTH} levels`));
      assert.doesNotMatch(run.stdout + run.stderr, /call stack/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('har report: deep nesting and a file above the size limit are refused with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netmon-deep-'));
    try {
      writeFileSync(join(dir, 'deep.har'), deep);
      const nested = netmon('har', 'report', join(dir, 'deep.har'), '-o', join(dir, 'deep.html'));
      assert.equal(nested.status, 2);
      assert.match(nested.stderr, new RegExp(`deep\\.har is nested deeper than ${MAX_JSON_DEPTH} levels`));
      // A sparse file: its size is over the limit without writing 150 MB.
      const fd = openSync(join(dir, 'huge.har'), 'w');
      ftruncateSync(fd, HAR_SIZE_LIMIT_BYTES + 1);
      closeSync(fd);
      const huge = netmon('har', 'report', join(dir, 'huge.har'), '-o', join(dir, 'huge.html'));
      assert.equal(huge.status, 2);
      assert.match(huge.stderr, /huge\.har is 150\.0 MB, more than the limit of 150\.0 MB/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
