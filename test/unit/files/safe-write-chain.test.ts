// The safe writer's folder chain (src/files/safe-write.ts, checkFolderChain): with a root the
// caller trusts, every folder from it down to the file's own folder must be a real folder and
// stay below the root once resolved. The planted link of the security review: a repository
// commits `out -> ../outside`, and "out/x.har" reads as inside while it lands outside.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  checkFolderChain,
  inspectFileSet,
  SafeWriteError,
  writeFileSafely,
  writeFileSet,
  writeStreamSafely,
} from '../../../src/files/safe-write';

/** A repository folder and a sibling outside it, `repository/out -> ../outside` planted. */
function planted(): { repository: string; outside: string; [Symbol.dispose](): void } {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-chain-'));
  const repository = join(dir, 'repository');
  const outside = join(dir, 'outside');
  mkdirSync(repository);
  mkdirSync(outside);
  symlinkSync('../outside', join(repository, 'out'));
  return { repository, outside, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

const refused =
  (kind: SafeWriteError['problem'], name?: string) =>
  (error: unknown): boolean =>
    error instanceof SafeWriteError && error.problem === kind && (name === undefined || error.paths[0] === name);

describe('the folder chain below a trusted root', () => {
  test("a link as the file's own folder is refused, and nothing appears where it points", () => {
    using p = planted();
    assert.throws(
      () => writeFileSafely(join(p.repository, 'out', 'x.har'), '{}', { root: p.repository }),
      refused('linked-folder', 'out'),
    );
    assert.deepEqual(readdirSync(p.outside), []);
  });

  test('a link further up is refused too, named from the root', () => {
    using p = planted();
    mkdirSync(join(p.outside, 'deeper'));
    assert.throws(
      () => writeFileSafely(join(p.repository, 'out', 'deeper', 'x.har'), '{}', { root: p.repository }),
      refused('linked-folder', 'out'),
    );
    assert.deepEqual(readdirSync(join(p.outside, 'deeper')), []);
  });

  test('without a root the old rule holds: only the file itself and the files beside it are checked', () => {
    using p = planted();
    writeFileSafely(join(p.repository, 'out', 'x.har'), '{}');
    assert.ok(existsSync(join(p.outside, 'x.har')), 'a caller that names no root chose the folder itself');
  });

  test('real folders below the root are fine, however deep, and the file is written', () => {
    using p = planted();
    mkdirSync(join(p.repository, 'a', 'b'), { recursive: true });
    writeFileSafely(join(p.repository, 'a', 'b', 'x.har'), '{}', { root: p.repository });
    assert.ok(existsSync(join(p.repository, 'a', 'b', 'x.har')));
  });

  test('the root itself may be reached through a link: the user chose it, not the repository', () => {
    using p = planted();
    const alias = join(p.outside, 'alias-of-repository');
    symlinkSync(p.repository, alias);
    mkdirSync(join(p.repository, 'reports'));
    writeFileSafely(join(alias, 'reports', 'x.har'), '{}', { root: alias });
    assert.ok(existsSync(join(p.repository, 'reports', 'x.har')));
  });

  test('a folder named outside the root, or leaving it by "..", is refused as outside', () => {
    using p = planted();
    assert.throws(() => writeFileSafely(join(p.outside, 'x.har'), '{}', { root: p.repository }), refused('outside'));
    assert.throws(() => checkFolderChain(p.repository, join(p.repository, '..', 'outside')), refused('outside'));
    assert.deepEqual(readdirSync(p.outside), []);
  });

  test('a file where a folder should be is said as such', () => {
    using p = planted();
    writeFileSync(join(p.repository, 'plain'), '');
    assert.throws(() => checkFolderChain(p.repository, join(p.repository, 'plain', 'sub')), refused('not-a-file'));
  });

  test('a folder not made yet ends the check (the write then fails on its own, outside nothing)', () => {
    using p = planted();
    checkFolderChain(p.repository, join(p.repository, 'not-yet', 'deeper'));
    assert.throws(() => writeFileSafely(join(p.repository, 'not-yet', 'x.har'), '{}', { root: p.repository }), {
      code: 'ENOENT',
    });
  });

  test('a set with a root is refused whole: the main file and every file beside it stay unwritten', () => {
    using p = planted();
    const set = {
      folder: join(p.repository, 'out'),
      main: { name: 'evidence.md', content: '# x' },
      beside: [{ name: 'evidence-1.svg', content: '<svg/>' }],
      root: p.repository,
    };
    assert.throws(() => inspectFileSet(set), refused('linked-folder', 'out'));
    assert.throws(() => writeFileSet(set), refused('linked-folder', 'out'));
    assert.deepEqual(readdirSync(p.outside), []);
  });

  test('the stream writer checks the chain before it starts and produces nothing', async () => {
    using p = planted();
    let produced = false;
    await assert.rejects(
      writeStreamSafely(
        join(p.repository, 'out', 'x.har'),
        async (sink) => {
          produced = true;
          await pipeline(['{}'], sink);
        },
        { root: p.repository },
      ),
      refused('linked-folder', 'out'),
    );
    assert.equal(produced, false);
    assert.deepEqual(readdirSync(p.outside), []);
  });

  test('a folder swapped for a link while the file is written is caught before the rename', async () => {
    using p = planted();
    const real = join(p.repository, 'reports');
    mkdirSync(real);
    await assert.rejects(
      writeStreamSafely(
        join(real, 'x.har'),
        async (sink) => {
          await pipeline(['{}'], sink);
          // The race the lstat-then-write order leaves: the folder moves outside mid-write, a link to it in its place.
          renameSync(real, join(p.outside, 'moved'));
          symlinkSync('../outside/moved', real);
        },
        { root: p.repository },
      ),
      refused('linked-folder', 'reports'),
    );
    assert.deepEqual(readdirSync(join(p.outside, 'moved')), [], 'no file (nor temporary file) left where it points');
  });
});
