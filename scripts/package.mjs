// `npm run package`: production build, then a bundled .vsix (vsce --no-dependencies: the
// bundles need no node_modules). Prints what went in and the sizes that matter, and fails
// when one passes its budget (scripts/size-budget.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './vscode-server.mjs';
import { SIZE_BUDGETS_KIB, budgetReport, checkBudgets, topContributors } from './size-budget.mjs';

const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const vsix = `${manifest.name}-${manifest.version}.vsix`;
const vsce = join(REPO_ROOT, 'node_modules/.bin/vsce');

const METAFILES = 'out/package-metafiles';
run(process.execPath, ['esbuild.mjs', '--production', '--metafile', METAFILES]);
// stdin closed: vsce asks y/N on manifest warnings; in a script that must fail, not hang.
run(vsce, ['package', '--no-dependencies', '--out', vsix]);
const files = run(vsce, ['ls', '--no-dependencies'], 'pipe').trim().split('\n');

const kb = (path) => (statSync(join(REPO_ROOT, path)).size / 1024).toFixed(1);
console.log(`\n${vsix}: ${files.length} files`);
for (const file of files) console.log(`  ${file.padEnd(40)} ${kb(file).padStart(8)} KB`);
console.log(`\n.vsix size: ${kb(vsix)} KB`);
console.log(`dist/extension.js: ${kb('dist/extension.js')} KB (minified)\n`);

const sizes = Object.fromEntries(
  Object.keys(SIZE_BUDGETS_KIB).map((name) => [name, sizeOf(name === 'vsix' ? vsix : name)]),
);
const report = budgetReport(checkBudgets(sizes), (name) =>
  name === 'vsix' ? largestFiles(files) : contributorsOf(name),
);
for (const line of report.lines) (report.ok ? console.log : console.error)(line);
if (!report.ok) process.exit(1);

function sizeOf(path) {
  return existsSync(join(REPO_ROOT, path)) ? statSync(join(REPO_ROOT, path)).size : undefined;
}

/** What weighs most in a bundle, from the metafile of the target that wrote it. */
function contributorsOf(outfile) {
  for (const name of readdirSync(join(REPO_ROOT, METAFILES))) {
    const metafile = JSON.parse(readFileSync(join(REPO_ROOT, METAFILES, name), 'utf8'));
    if (metafile.outputs[outfile]) return topContributors(metafile, outfile);
  }
  return [];
}

/** The .vsix's heaviest files (uncompressed: their share of it). */
function largestFiles(paths) {
  return paths
    .map((path) => ({ group: path, bytes: sizeOf(path) ?? 0 }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
}

function run(command, args, stdout = 'inherit') {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: ['ignore', stdout, 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result.stdout ?? '';
}
