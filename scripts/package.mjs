// `npm run package`: production build, then a bundled .vsix (vsce --no-dependencies: the
// bundles need no node_modules). Prints what went in and the sizes that matter.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './vscode-server.mjs';

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const vsix = `${manifest.name}-${manifest.version}.vsix`;
const vsce = join(REPO_ROOT, 'node_modules/.bin/vsce');

run(process.execPath, ['esbuild.mjs', '--production']);
// stdin closed: vsce asks y/N on manifest warnings; in a script that must fail, not hang.
run(vsce, ['package', '--no-dependencies', '--out', vsix]);
const files = run(vsce, ['ls', '--no-dependencies'], 'pipe').trim().split('\n');

const kb = (path) => (statSync(join(REPO_ROOT, path)).size / 1024).toFixed(1);
console.log(`\n${vsix}: ${files.length} files`);
for (const file of files) console.log(`  ${file.padEnd(40)} ${kb(file).padStart(8)} KB`);
console.log(`\n.vsix size: ${kb(vsix)} KB`);
console.log(`dist/extension.js: ${kb('dist/extension.js')} KB (minified)`);

function run(command, args, stdout = 'inherit') {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: ['ignore', stdout, 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result.stdout ?? '';
}
