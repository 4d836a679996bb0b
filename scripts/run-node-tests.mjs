// Runs node's built-in test runner (with the tsx loader) over every *.test.ts below the
// given folders. Node 20's --test takes no globs, so the files are listed here.
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { clockEnvironment } from './test-instants.mjs';

const roots = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const extra = process.argv.slice(2).filter((a) => a.startsWith('--'));
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'fixtures') walk(path);
    } else if (name.endsWith('.test.ts')) files.push(path);
  }
};
for (const root of roots)
  if (existsSync(root)) {
    if (statSync(root).isDirectory()) walk(root);
    else files.push(root);
  }
if (files.length === 0) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
// A test that hangs fails by name after this long instead of stalling the whole run.
const perTestTimeout = extra.some((a) => a.startsWith('--test-timeout')) ? [] : ['--test-timeout=180000'];
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...perTestTimeout, ...extra, ...files],
  {
    stdio: 'inherit',
    env: clockEnvironment(process.env, pathToFileURL(join(import.meta.dirname, 'test-clock.mjs')).href),
  },
);
process.exit(result.status ?? 1);
