// The lazily loaded bundles (client-lib, emulator-lib, documents-lib) compile from a V8 code
// cache after the first load: the next window's first tree data does not pay for compiling
// undici again. Runs in the extension host, whose Node and V8 the cache is made for.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  chmodSync,
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
import { after, describe, it } from 'mocha';
import { isPrivateCacheDir, loadWithCodeCache, requireBundle } from '../../../src/vscode/bundle-loader';

describe('bundle code cache', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'netmon-bundle-cache-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  function writeBundle(name: string, body: string): string {
    const file = join(scratch, name);
    writeFileSync(
      file,
      `"use strict";\nconst path = require('node:path');\n${body}\nmodule.exports.where = path.basename(__filename);\n`,
    );
    return file;
  }

  it('writes a cache after the first load and compiles the next load from it, with the same exports', async () => {
    const file = writeBundle('lib-a.js', 'module.exports.answer = () => 42;');
    const cacheDir = join(scratch, 'cache-a');
    const first = loadWithCodeCache(file, cacheDir, 0);
    assert.equal(first.fromCache, false);
    await first.cacheWritten;
    assert.equal(readdirSync(cacheDir).filter((name) => name.startsWith('lib-a.js-')).length, 1);
    const second = loadWithCodeCache(file, cacheDir, 0);
    assert.equal(second.fromCache, true);
    const exports = second.exports as { answer(): number; where: string };
    assert.equal(exports.answer(), 42);
    assert.equal(exports.where, 'lib-a.js');
  });

  it('a changed bundle ignores the old cache and replaces it', async () => {
    const cacheDir = join(scratch, 'cache-b');
    const file = writeBundle('lib-b.js', 'module.exports.version = 1;');
    await loadWithCodeCache(file, cacheDir, 0).cacheWritten;
    writeBundle('lib-b.js', 'module.exports.version = 2; // rebuilt');
    const rebuilt = loadWithCodeCache(file, cacheDir, 0);
    assert.equal(rebuilt.fromCache, false);
    assert.equal((rebuilt.exports as { version: number }).version, 2);
    await rebuilt.cacheWritten;
    assert.equal(
      readdirSync(cacheDir).filter((name) => name.startsWith('lib-b.js-')).length,
      1,
      "the old build's cache is gone",
    );
  });

  it('never uses a cache folder that others may write, and still loads the bundle', () => {
    const shared = join(scratch, 'shared');
    const file = writeBundle('lib-c.js', 'module.exports.ok = true;');
    loadWithCodeCache(file, shared, 60_000); // creates the folder
    chmodSync(shared, 0o777);
    assert.throws(() => loadWithCodeCache(file, shared, 0), /not a private folder/);
    assert.equal((requireBundle(file, shared) as { ok: boolean }).ok, true);
  });

  it('a cache file holding garbage is ignored and replaced; the bundle still loads', async () => {
    const cacheDir = join(scratch, 'cache-d');
    mkdirSync(cacheDir, { mode: 0o700 });
    // A source this isolate never compiled (V8's in-memory cache would skip the file otherwise),
    // with garbage already at the cache file's name (the loader's key: V8 version, arch, source).
    const file = writeBundle('lib-d.js', `module.exports.value = "d-${Date.now()}";`);
    const source = readFileSync(file, 'utf8');
    const key = createHash('sha256')
      .update(process.versions.v8)
      .update('\0')
      .update(process.arch)
      .update('\0')
      .update(source)
      .digest('hex')
      .slice(0, 32);
    const cacheFile = join(cacheDir, `lib-d.js-${key}.bin`);
    writeFileSync(cacheFile, 'not a V8 code cache at all');
    const loaded = loadWithCodeCache(file, cacheDir, 0);
    assert.equal(loaded.fromCache, false);
    assert.match((loaded.exports as { value: string }).value, /^d-\d+$/);
    await loaded.cacheWritten;
    assert.notEqual(readFileSync(cacheFile, 'utf8'), 'not a V8 code cache at all', 'a real cache replaced the garbage');
  });

  it('refuses a cache folder owned by another user, or reached through a symlink', () => {
    const uid = process.getuid?.();
    if (uid === undefined) return; // no owners to compare on Windows: the cache is not used there at all
    const own = join(scratch, 'own');
    mkdirSync(own, { mode: 0o700 });
    assert.equal(isPrivateCacheDir(own), true);
    assert.equal(isPrivateCacheDir(own, uid + 1), false, 'a folder of another user is refused');
    const link = join(scratch, 'link-to-own');
    symlinkSync(own, link);
    assert.equal(isPrivateCacheDir(link), false, 'a symlink is refused even to a private folder');
    const file = writeBundle('lib-e.js', 'module.exports.ok = true;');
    assert.throws(() => loadWithCodeCache(file, link, 0), /not a private folder/);
  });
});
