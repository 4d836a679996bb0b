// `npm start`: build the extension, start the offline VS Code (installed on first use)
// with Netmon Workbench installed and demo mode on, print the URL, run until Ctrl-C.
//
//   npm start [-- --port 8080] [-- --folder path/to/workspace]
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { REPO_ROOT, ensureVSCodeInstalled, startVSCodeServer } from './vscode-server.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

console.log('Preparing the offline VS Code (the first run installs it, ~300 MB, a few minutes)…');
const root = ensureVSCodeInstalled();
const folder = option('--folder');
const server = await startVSCodeServer({
  root,
  port: Number(option('--port') ?? 0),
  workspace: folder ? resolve(folder) : undefined,
  installedExtensions: [REPO_ROOT], // a link to this clone: rebuild, then "Developer: Reload Window"
  settings: { 'netmon.startInDemoMode': true },
});

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping VS Code…');
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

console.log(`
Netmon Workbench in the offline VS Code 1.100.3 (demo mode):

    ${server.workbenchUrl()}

Open it in a browser on this machine. Ctrl-C stops VS Code and removes its temporary profile.`);
