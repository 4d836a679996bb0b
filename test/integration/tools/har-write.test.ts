// write_redacted_har through the catalogue's one call (callTool): a write like apply_documents
// (refused unless writes are allowed), a new file below the workspace through real folders
// only, and the question VS Code asks first naming the exact file, or saying it will be refused.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Account } from '../../../src/workflows/account';
import { callTool, toolNamed } from '../../../src/tools/catalogue';
import type { ToolContext } from '../../../src/tools/types';
import { FIXTURE_DIR } from '../../fixtures/har-redact/expectations';

/** A repository with `out -> ../outside`, `reports/` and a.har; the tool needs no account. */
function planted(allowWrites: boolean): { ctx: ToolContext; repository: string; outside: string } & Disposable {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-har-write-'));
  const repository = join(dir, 'repository');
  const outside = join(dir, 'outside');
  mkdirSync(join(repository, 'reports'), { recursive: true });
  mkdirSync(outside);
  symlinkSync('../outside', join(repository, 'out'));
  copyFileSync(join(FIXTURE_DIR, 'chrome.har'), join(repository, 'a.har'));
  const ctx: ToolContext = { account: {} as Account, cwd: repository, allowWrites, now: () => Date.now() };
  return { ctx, repository, outside, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('write_redacted_har', () => {
  test('refused unless writes are allowed, in the same words as every write', async () => {
    using p = planted(false);
    const outcome = await callTool('write_redacted_har', { file: 'a.har', output: 'reports/x.har' }, p.ctx);
    assert.equal(outcome.isError, true);
    assert.match(outcome.text, /^write_redacted_har writes a file in the workspace, and writes are not allowed here/);
    assert.deepEqual(readdirSync(join(p.repository, 'reports')), []);
  });

  test('through a folder link, a link at the name, an existing file or out of the workspace: refused, nothing written', async () => {
    using p = planted(true);
    symlinkSync(join(p.outside, 'victim.har'), join(p.repository, 'reports', 'linked.har'));
    copyFileSync(join(p.repository, 'a.har'), join(p.repository, 'reports', 'taken.har'));
    for (const [output, said] of [
      ['out/x.har', /goes through out, a symbolic link in the workspace/],
      ['reports/linked.har', /reports\/linked\.har is a symbolic link: a file is never written through one/],
      ['reports/taken.har', /already exists, and a file is never replaced/],
      ['../outside/x.har', /outside the workspace folder/],
    ] as const) {
      const outcome = await callTool('write_redacted_har', { file: 'a.har', output }, p.ctx);
      assert.equal(outcome.isError, true, output);
      assert.match(outcome.text, said);
    }
    assert.deepEqual(readdirSync(p.outside), []);
    assert.equal(
      readFileSync(join(p.repository, 'reports', 'taken.har'), 'utf8'),
      readFileSync(join(p.repository, 'a.har'), 'utf8'),
    );
  });

  test('in a real folder: written, redacted, and named in the answer', async () => {
    using p = planted(true);
    const outcome = await callTool('write_redacted_har', { file: 'a.har', output: 'reports/x.har' }, p.ctx);
    assert.equal(outcome.isError, false, outcome.text);
    assert.equal(outcome.data['written'], 'reports/x.har');
    assert.ok(existsSync(join(p.repository, 'reports', 'x.har')));
  });

  test('the question asked first names the exact file, what is kept, and says when it will be refused', async () => {
    using p = planted(true);
    const describe = toolNamed('write_redacted_har')?.describeWrite;
    assert.ok(describe, 'the write tool has its own question');
    const asked = await describe({ file: 'a.har', output: 'reports/./x.har', keepCookies: true }, p.ctx);
    assert.equal(asked.title, 'Write a redacted copy of a HAR file?');
    assert.match(
      asked.message,
      /^Writes a\.har, redacted \(keeping its cookie values\), to the new file reports\/x\.har \(workspace folder /,
    );
    const refused = await describe({ file: 'a.har', output: 'out/x.har' }, p.ctx);
    assert.match(refused.message, /to out\/x\.har; it will be refused: out\/x\.har goes through out, a symbolic link/);
  });
});
