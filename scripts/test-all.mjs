// The one test command (npm test): build, static checks, then every suite.
// Each step prints its own summary; the first failure stops the run with its exit code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  ['build', 'node', ['esbuild.mjs']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['typecheck webview', 'npx', ['tsc', '--noEmit', '-p', 'webview']],
  ['lint', 'npx', ['eslint', '.']],
  ['unit + integration', 'node', ['scripts/run-node-tests.mjs', 'test/unit', 'test/integration']],
];
if (existsSync('test/webview')) steps.push(['webview (headless Chromium)', 'node', ['scripts/run-node-tests.mjs', 'test/webview']]);
if (existsSync('test/vscode')) steps.push(['extension host (offline VS Code)', 'node', ['scripts/run-vscode-tests.mjs']]);

for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
