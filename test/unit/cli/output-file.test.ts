import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeOutputFile } from '../../../src/cli/output-file';
import { ensureBuilt } from '../../webview/helpers/panel';

function scratch(): { dir: string; [Symbol.dispose](): void } {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-out-'));
  return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('writeOutputFile', () => {
  test('a symlink at the destination is refused and its target stays untouched', () => {
    using s = scratch();
    const victim = join(s.dir, 'bashrc');
    writeFileSync(victim, 'original');
    symlinkSync(victim, join(s.dir, 'report.html'));
    assert.throws(() => writeOutputFile(join(s.dir, 'report.html'), 'evil', { force: true }), /symbolic link/);
    assert.equal(readFileSync(victim, 'utf8'), 'original');
    assert.ok(lstatSync(join(s.dir, 'report.html')).isSymbolicLink());
  });

  test('an existing file needs force; with it, the file is replaced whole and no temporary file is left', () => {
    using s = scratch();
    const out = join(s.dir, 'out.txt');
    writeOutputFile(out, 'first');
    assert.throws(() => writeOutputFile(out, 'second'), /already exists: pass --force/);
    assert.equal(readFileSync(out, 'utf8'), 'first');
    writeOutputFile(out, 'second', { force: true });
    assert.equal(readFileSync(out, 'utf8'), 'second');
    assert.deepEqual(readdirSync(s.dir), ['out.txt']);
  });
});

describe('netmon har report -o (real entry point)', () => {
  const netmon = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/netmon.ts', ...args], { encoding: 'utf8' });

  test('refuses a symlink planted at -o, and an existing file without --force', () => {
    ensureBuilt('har');
    using s = scratch();
    const input = join(s.dir, 'in.har');
    writeFileSync(input, JSON.stringify({ log: { pages: [], entries: [] } }));
    const victim = join(s.dir, 'victim');
    writeFileSync(victim, 'keep me');
    symlinkSync(victim, join(s.dir, 'report.html'));

    const linked = netmon('har', 'report', input, '-o', join(s.dir, 'report.html'), '--force');
    assert.equal(linked.status, 2, linked.stderr);
    assert.match(linked.stderr, /symbolic link/);
    assert.equal(readFileSync(victim, 'utf8'), 'keep me');

    const fresh = join(s.dir, 'fresh.html');
    assert.equal(netmon('har', 'report', input, '-o', fresh).status, 0);
    const again = netmon('har', 'report', input, '-o', fresh);
    assert.equal(again.status, 2);
    assert.match(again.stderr, /already exists: pass --force/);
    assert.equal(netmon('har', 'report', input, '-o', fresh, '--force').status, 0);
    assert.ok(existsSync(fresh));
  });
});
