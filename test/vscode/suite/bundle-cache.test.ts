// The lazily loaded bundles (client-lib, emulator-lib, documents-lib) compile from a V8 code
// cache after the first load: the next window's first tree data does not pay for compiling
// undici again. Runs in the extension host, whose Node and V8 the cache is made for.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'mocha';
import { loadWithCodeCache, requireBundle } from '../../../src/vscode/bundle-loader';

describe('bundle code cache', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'netmon-bundle-cache-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  function writeBundle(name: string, body: string): string {
    const file = join(scratch, name);
    writeFileSync(file, `"use strict";\nconst path = require('node:path');\n${body}\nmodule.exports.where = path.basename(__filename);\n`);
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
    assert.equal(readdirSync(cacheDir).filter((name) => name.startsWith('lib-b.js-')).length, 1, 'the old build\'s cache is gone');
  });

  it('never uses a cache folder that others may write, and still loads the bundle', () => {
    const shared = join(scratch, 'shared');
    const file = writeBundle('lib-c.js', 'module.exports.ok = true;');
    loadWithCodeCache(file, shared, 60_000); // creates the folder
    chmodSync(shared, 0o777);
    assert.throws(() => loadWithCodeCache(file, shared, 0), /not a private folder/);
    assert.equal((requireBundle(file, shared) as { ok: boolean }).ok, true);
  });
});
