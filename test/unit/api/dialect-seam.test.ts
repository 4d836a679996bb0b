// The dialect seam: views, commands, analyses, documents and the emulator speak to the client's
// contract only; no module outside src/api imports a dialect (src/api/v6, src/api/v7). The one
// exception is the decode-overhead bench, which times the v7 mapping step on its own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const REPO = join(__dirname, '..', '..', '..');
const DIALECT_IMPORT =
  /from\s+['"][^'"]*\/api\/v[67](?:\/[^'"]*)?['"]|import\(\s*['"][^'"]*\/api\/v[67](?:\/[^'"]*)?['"]\s*\)/;

function sources(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') sources(path, found);
    } else if (/\.(ts|tsx|mjs)$/.test(name)) found.push(path);
  }
  return found;
}

describe('dialect seam', () => {
  test('the pattern catches a dialect import (so the check below can fail)', () => {
    assert.match("import { v7 } from '../../api/v7';", DIALECT_IMPORT);
    assert.match("import { fromHar } from '../api/v7/from';", DIALECT_IMPORT);
    assert.doesNotMatch("import type { Har } from '../api/types';", DIALECT_IMPORT);
  });

  test('nothing outside src/api imports src/api/v6 or src/api/v7', () => {
    const measuresTheMapping = join('bench', '_decode-overhead.ts');
    const outside = ['src', 'webview', 'bench']
      .flatMap((root) => sources(join(REPO, root)))
      .filter(
        (file) => !relative(REPO, file).startsWith(join('src', 'api')) && relative(REPO, file) !== measuresTheMapping,
      );
    const offenders = outside
      .filter((file) => DIALECT_IMPORT.test(readFileSync(file, 'utf8')))
      .map((file) => relative(REPO, file));
    assert.ok(outside.length > 100, 'the walk found the sources');
    assert.deepEqual(offenders, []);
  });
});
