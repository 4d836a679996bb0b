// The one safe writer (src/files/safe-write.ts): no write goes through a link, at the target
// or on the way to a file written beside it; a set is refused whole; temporary files never stay.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  inspectFileSet,
  SafeWriteError,
  writeFileSafely,
  writeFileSet,
  writeStreamSafely,
} from '../../../src/files/safe-write';

function scratch(): { dir: string; [Symbol.dispose](): void } {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-safe-write-'));
  return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

const problem =
  (kind: SafeWriteError['problem']) =>
  (error: unknown): boolean =>
    error instanceof SafeWriteError && error.problem === kind;

describe('writeFileSafely', () => {
  test('a symlink at the target is refused even when overwriting was agreed; its target stays untouched', () => {
    using s = scratch();
    const victim = join(s.dir, 'bashrc');
    writeFileSync(victim, 'original');
    symlinkSync(victim, join(s.dir, 'out.md'));
    assert.throws(() => writeFileSafely(join(s.dir, 'out.md'), 'evil', { overwrite: true }), problem('link'));
    assert.equal(readFileSync(victim, 'utf8'), 'original');
    assert.ok(lstatSync(join(s.dir, 'out.md')).isSymbolicLink());
  });

  test('a dangling symlink at the target is refused too (it would create the file it points to)', () => {
    using s = scratch();
    symlinkSync(join(s.dir, 'created-elsewhere'), join(s.dir, 'out.md'));
    assert.throws(() => writeFileSafely(join(s.dir, 'out.md'), 'evil'), problem('link'));
    assert.equal(existsSync(join(s.dir, 'created-elsewhere')), false);
  });

  test('an existing file is kept unless overwriting was agreed; then it is replaced whole and no temporary file stays', () => {
    using s = scratch();
    const out = join(s.dir, 'out.txt');
    writeFileSafely(out, 'first');
    assert.throws(() => writeFileSafely(out, 'second'), problem('exists'));
    assert.equal(readFileSync(out, 'utf8'), 'first');
    writeFileSafely(out, 'second', { overwrite: true });
    assert.equal(readFileSync(out, 'utf8'), 'second');
    assert.deepEqual(readdirSync(s.dir), ['out.txt']);
  });

  test('a folder at the target is refused', () => {
    using s = scratch();
    mkdirSync(join(s.dir, 'out.txt'));
    assert.throws(() => writeFileSafely(join(s.dir, 'out.txt'), 'x', { overwrite: true }), problem('not-a-file'));
  });
});

describe('writeFileSet', () => {
  test('a symlinked attachment stops the whole set: nothing is written, the link target is untouched', () => {
    using s = scratch();
    const victim = join(s.dir, 'bashrc');
    writeFileSync(victim, 'original');
    symlinkSync(victim, join(s.dir, 'evidence-after.har'));
    symlinkSync(join(s.dir, 'missing'), join(s.dir, 'evidence-before.har'));
    const set = {
      folder: s.dir,
      main: { name: 'evidence.md', content: '# x' },
      beside: [
        { name: 'evidence-before.har', content: 'b' },
        { name: 'evidence-after.har', content: 'a' },
      ],
    };
    assert.throws(
      () => writeFileSet(set, { mainConfirmed: true, replaceBeside: true }),
      (error: unknown) => {
        assert.ok(error instanceof SafeWriteError && error.problem === 'link');
        assert.deepEqual(
          error.paths,
          ['evidence-before.har', 'evidence-after.har'],
          'every link is named, for one message',
        );
        return true;
      },
    );
    assert.equal(readFileSync(victim, 'utf8'), 'original');
    assert.equal(existsSync(join(s.dir, 'missing')), false);
    assert.equal(existsSync(join(s.dir, 'evidence.md')), false, 'the main file is not written either');
  });

  test('a symlinked sub-folder on the way to an attachment is refused', () => {
    using s = scratch();
    const elsewhere = join(s.dir, 'elsewhere');
    mkdirSync(elsewhere);
    const chosen = join(s.dir, 'chosen');
    mkdirSync(chosen);
    symlinkSync(elsewhere, join(chosen, 'images'));
    assert.throws(
      () =>
        writeFileSet({
          folder: chosen,
          main: { name: 'a.md', content: 'x' },
          beside: [{ name: 'images/a.png', content: 'png' }],
        }),
      problem('link'),
    );
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  test('a sub-folder that does not exist yet is created; the file lands inside the chosen folder', () => {
    using s = scratch();
    writeFileSet({
      folder: s.dir,
      main: { name: 'a.md', content: 'x' },
      beside: [{ name: 'images/a.png', content: 'png' }],
    });
    assert.equal(readFileSync(join(s.dir, 'images/a.png'), 'utf8'), 'png');
  });

  test('names that leave the folder are refused: .., absolute, empty components', () => {
    using s = scratch();
    const chosen = join(s.dir, 'chosen');
    mkdirSync(chosen);
    for (const name of ['../escape.har', 'a/../../escape.har', '/etc/passwd', 'a//b', './a', '']) {
      assert.throws(
        () => writeFileSet({ folder: chosen, beside: [{ name, content: 'x' }] }),
        problem('bad-name'),
        name,
      );
    }
    assert.throws(
      () => writeFileSet({ folder: chosen, main: { name: '../up.md', content: 'x' } }),
      problem('bad-name'),
    );
    assert.deepEqual(readdirSync(s.dir), ['chosen']);
  });

  test('existing attachments are one collision listed together; the main file the user confirmed is not one of them', () => {
    using s = scratch();
    for (const name of ['e.md', 'e-1.png', 'e-2.har']) writeFileSync(join(s.dir, name), 'old');
    const set = {
      folder: s.dir,
      main: { name: 'e.md', content: 'new' },
      beside: [
        { name: 'e-1.png', content: 'new' },
        { name: 'e-2.har', content: 'new' },
        { name: 'e-3.har', content: 'new' },
      ],
    };
    assert.deepEqual(inspectFileSet(set, { mainConfirmed: true }).collisions, ['e-1.png', 'e-2.har']);
    assert.deepEqual(inspectFileSet(set).collisions, ['e.md', 'e-1.png', 'e-2.har']);
    assert.throws(
      () => writeFileSet(set, { mainConfirmed: true }),
      (error: unknown) =>
        error instanceof SafeWriteError && error.problem === 'exists' && error.paths.join() === 'e-1.png,e-2.har',
    );
    assert.deepEqual(
      readdirSync(s.dir)
        .sort()
        .map((name) => `${name}=${readFileSync(join(s.dir, name), 'utf8')}`),
      ['e-1.png=old', 'e-2.har=old', 'e.md=old'],
      'nothing written',
    );
    writeFileSet(set, { mainConfirmed: true, replaceBeside: true });
    assert.deepEqual(
      readdirSync(s.dir)
        .sort()
        .map((name) => `${name}=${readFileSync(join(s.dir, name), 'utf8')}`),
      ['e-1.png=new', 'e-2.har=new', 'e-3.har=new', 'e.md=new'],
    );
  });
});

describe('writeStreamSafely', () => {
  test('a failing producer leaves no temporary file and the old file as it was', async () => {
    using s = scratch();
    const out = join(s.dir, 'out.har');
    writeFileSync(out, 'old');
    await assert.rejects(
      writeStreamSafely(
        out,
        async (sink: Writable) => {
          await new Promise<void>((resolve) => sink.write('half of it', () => resolve()));
          sink.destroy();
          throw new Error('input broke');
        },
        { overwrite: true },
      ),
      /input broke/,
    );
    assert.deepEqual(readdirSync(s.dir), ['out.har']);
    assert.equal(readFileSync(out, 'utf8'), 'old');
  });

  test('a symlink at the target is refused before the producer runs', async () => {
    using s = scratch();
    const victim = join(s.dir, 'victim');
    writeFileSync(victim, 'keep');
    symlinkSync(victim, join(s.dir, 'out.har'));
    let ran = false;
    await assert.rejects(
      writeStreamSafely(
        join(s.dir, 'out.har'),
        async () => {
          ran = true;
        },
        { overwrite: true },
      ),
      problem('link'),
    );
    assert.equal(ran, false);
    assert.equal(readFileSync(victim, 'utf8'), 'keep');
  });
});
