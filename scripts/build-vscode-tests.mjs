// Bundles the extension-host suites (test/vscode/**) to out/test/vscode/: index.js (the
// entry any runner loads — code-server here, @vscode/test-electron elsewhere) and one
// <dir>/<name>.test.js per suite file (dir: suite, or restricted for Restricted Mode). `vscode` and `mocha` stay external: the host
// provides the first, the repo's node_modules the second (one shared mocha instance).
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './vscode-server.mjs';

export const VSCODE_TESTS_OUT = join(REPO_ROOT, 'out/test/vscode');
export const VSCODE_TESTS_ENTRY = join(VSCODE_TESTS_OUT, 'index.js');
/** suite/: the normal workbench; restricted/: a workbench whose folder is not trusted. */
export const SUITE_DIRS = ['suite', 'restricted'];

export async function buildVSCodeTests() {
  const suites = SUITE_DIRS.flatMap((dir) => {
    const suiteDir = join(REPO_ROOT, 'test/vscode', dir);
    return readdirSync(suiteDir)
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => join(suiteDir, name));
  });
  rmSync(VSCODE_TESTS_OUT, { recursive: true, force: true }); // no stale bundles of deleted suites
  await esbuild.build({
    entryPoints: [join(REPO_ROOT, 'test/vscode/index.ts'), ...suites],
    outbase: join(REPO_ROOT, 'test/vscode'),
    outdir: VSCODE_TESTS_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return { entry: VSCODE_TESTS_ENTRY, suites: suites.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { entry, suites } = await buildVSCodeTests();
  console.log(`built ${entry} (${suites} suite files)`);
}
