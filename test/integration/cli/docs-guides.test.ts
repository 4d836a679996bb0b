// The guides in docs/ show netmon's output: each `node dist/netmon.js …` command a guide shows is
// run (through the same entry point), and its printed answer must be the text the guide shows
// after it, so a guide never shows what the product no longer says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { netmon } from './run-netmon';

const DOCS = join(__dirname, '..', '..', '..', 'docs');
/** A shown command and the output block right after it. */
const SHOWN = /```sh\nnode dist\/netmon\.js ([^\n]+)\n```\n\n```text\n([\s\S]*?)\n```/g;

for (const guide of readdirSync(DOCS).filter((name) => name.endsWith('.md'))) {
  const examples = [...readFileSync(join(DOCS, guide), 'utf8').matchAll(SHOWN)];
  for (const [, command = '', shown = ''] of examples) {
    test(`docs/${guide}: netmon ${command.slice(0, 60)} prints what the guide shows`, async () => {
      const result = await netmon(command.split(' '), { cwd: join(DOCS, '..') });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout.trimEnd(), shown.trimEnd());
    });
  }
}
