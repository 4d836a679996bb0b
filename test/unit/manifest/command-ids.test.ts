// Command ids are written once, in package.json: the code names them by the generated constants,
// so a renamed or removed command fails to compile instead of failing at a click.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module of the build scripts, without types
import { GENERATED, commandIdsSource, readManifest } from '../../../scripts/generate-command-ids.mjs';

const manifest = readManifest() as { contributes: { commands: { command: string }[] } };
const contributed = new Set(manifest.contributes.commands.map((c) => c.command));

test('src/vscode/command-ids.generated.ts is what package.json contributes (regenerate it when they differ)', () => {
  assert.equal(readFileSync(GENERATED, 'utf8'), commandIdsSource(manifest));
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

test('no code of src/vscode spells a contributed command id as a raw string', () => {
  const raw: string[] = [];
  for (const file of sources('src/vscode')) {
    if (file.endsWith('command-ids.generated.ts')) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const match of line.matchAll(/'(netmon\.[A-Za-z.]+)'/g))
          if (contributed.has(match[1]!)) raw.push(`${file}:${index + 1}: ${match[1]}`);
      });
  }
  assert.deepEqual(raw, []);
});
