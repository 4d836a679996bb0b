// The same extension-host suites under @vscode/test-electron, for machines that can
// download VS Code (this one cannot: use scripts/run-vscode-tests.mjs here). The suite
// entry out/test/vscode/index.js is identical for both runners.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildVSCodeTests } from './build-vscode-tests.mjs';
import { REPO_ROOT } from './vscode-server.mjs';

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const { entry } = await buildVSCodeTests();
const workspace = mkdtempSync(join(tmpdir(), 'netmon-electron-'));
try {
  await runTests({
    version: process.env.NETMON_VSCODE_VERSION ?? '1.100.3',
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: entry,
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome'],
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
