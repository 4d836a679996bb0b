// The CLI's -o below the current folder, through the real entry point in a cloned repository
// that commits `out -> ../outside`: `har redact`, `har report` and `evidence har-diff` refuse
// a link among the output's folders (naming it and the flag), write nothing anywhere, and
// write where the link points only with --follow-links. A path typed outside the current
// folder is the user's own choice, as before.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVIDENCE_USAGE } from '../../../src/cli/evidence';
import { HAR_REDACT_USAGE } from '../../../src/cli/har-redact';
import { HAR_REPORT_USAGE } from '../../../src/cli/har-report';
import { FIXTURE_DIR } from '../../fixtures/har-redact/expectations';
import { ensureBuilt } from '../../webview/helpers/panel';
import { netmon } from './run-netmon';

const REFUSED =
  /out is a symbolic link among the folders of the output: refusing to write where it points \(pass --follow-links/;

describe('-o through a folder link below the current folder', () => {
  let dir: string;
  let repository: string;
  let outside: string;
  const run = (...args: string[]): ReturnType<typeof netmon> => netmon(args, { cwd: repository });

  before(() => {
    ensureBuilt('har');
    dir = mkdtempSync(join(tmpdir(), 'netmon-output-links-'));
    repository = join(dir, 'repository');
    outside = join(dir, 'outside');
    mkdirSync(join(repository, 'real'), { recursive: true });
    mkdirSync(outside);
    symlinkSync('../outside', join(repository, 'out'));
    copyFileSync(join(FIXTURE_DIR, 'chrome.har'), join(repository, 'in.har'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('har redact: refused with the link and the flag named; nothing is written where it points', async () => {
    const result = await run('har', 'redact', 'in.har', '-o', 'out/x.har');
    assert.equal(result.code, 2, result.stdout);
    assert.match(result.stderr, REFUSED);
    assert.deepEqual(readdirSync(outside), []);
  });

  test('har redact: a --report through the link stops the run before the output is written', async () => {
    const result = await run('har', 'redact', 'in.har', '-o', 'real/x.har', '--report', 'out/report.json');
    assert.equal(result.code, 2, result.stdout);
    assert.match(result.stderr, REFUSED);
    assert.equal(existsSync(join(repository, 'real', 'x.har')), false);
    assert.deepEqual(readdirSync(outside), []);
  });

  test('har report: refused the same way', async () => {
    const result = await run('har', 'report', 'in.har', '-o', 'out/report.html');
    assert.equal(result.code, 2, result.stdout);
    assert.match(result.stderr, REFUSED);
    assert.deepEqual(readdirSync(outside), []);
  });

  test('evidence har-diff: -o and --markdown through the link are refused, the whole set unwritten', async () => {
    for (const output of [
      ['-o', 'out/evidence.html'],
      ['-o', 'real/evidence.html', '--markdown', 'out/evidence.md'],
    ]) {
      const result = await run('evidence', 'har-diff', 'in.har', 'in.har', ...output);
      assert.equal(result.code, 2, result.stdout);
      assert.match(result.stderr, REFUSED);
      assert.equal(existsSync(join(repository, 'real', 'evidence.html')), false, 'nothing of the set was written');
    }
    assert.deepEqual(readdirSync(outside), []);
  });

  test('--follow-links: the user means it, and each command writes where the link points', async () => {
    for (const args of [
      ['har', 'redact', 'in.har', '-o', 'out/x.har', '--report', 'out/report.json'],
      ['har', 'report', 'in.har', '-o', 'out/report.html'],
      ['evidence', 'har-diff', 'in.har', 'in.har', '-o', 'out/evidence.html', '--markdown', 'out/evidence.md'],
    ]) {
      const result = await run(...args, '--follow-links');
      assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    }
    for (const name of ['x.har', 'report.json', 'report.html', 'evidence.html', 'evidence.md'])
      assert.ok(existsSync(join(outside, name)), name);
  });

  test('a path typed outside the current folder is written as named: only folders below it are checked', async () => {
    const result = await run('har', 'redact', 'in.har', '-o', '../outside/typed.har');
    assert.equal(result.code, 0, result.stderr);
    assert.ok(existsSync(join(outside, 'typed.har')));
  });

  test('the usage of each command with -o names --follow-links', () => {
    for (const usage of [HAR_REDACT_USAGE, HAR_REPORT_USAGE, EVIDENCE_USAGE])
      assert.match(usage, /--follow-links +write through a symbolic link among the folders of/);
  });
});
