// `npm start`: build the extension, start the offline VS Code (installed on first use)
// with Netmon Workbench installed and demo mode on, print the URL, run until Ctrl-C.
//
//   npm start [-- --port 8080] [-- --folder path/to/workspace] [-- --temporary]
//
// The workspace is ~/netmon-workspace (or NETMON_WORKSPACE, or --folder) and survives
// Ctrl-C; --temporary uses a throwaway one, whose files are copied aside before it goes.
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { persistentWorkspace, rescueUserFiles, seedExamples } from './start-workspace.mjs';
import { REPO_ROOT, ensureVSCodeInstalled, startVSCodeServer } from './vscode-server.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

console.log('Preparing the offline VS Code (the first run installs it, ~300 MB, a few minutes)…');
const root = ensureVSCodeInstalled();
const folder = option('--folder');
const temporary = args.includes('--temporary');
const workspace = folder ? resolve(folder) : temporary ? undefined : persistentWorkspace();
const server = await startVSCodeServer({
  root,
  port: Number(option('--port') ?? 0),
  workspace,
  installedExtensions: [REPO_ROOT], // a link to this clone: rebuild, then "Developer: Reload Window"
  settings: { 'netmon.startInDemoMode': true },
});

// The example documents, for a newcomer to see authoring at once (never into a --folder of the user's own).
const EXAMPLES = join(REPO_ROOT, 'examples');
const seeded = folder ? [] : seedExamples(server.workspace, EXAMPLES);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping VS Code…');
  if (!workspace) {
    // The temporary workspace goes with the profile: what the user made there is kept.
    const rescued = rescueUserFiles(server.workspace, join(homedir(), 'netmon-workspace-kept'), new Date(), EXAMPLES);
    if (rescued)
      console.log(
        `Your ${rescued.files.length} file(s) in the temporary workspace were copied to ${rescued.kept} before it was removed.`,
      );
  }
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

console.log(`
Netmon Workbench in the offline VS Code 1.100.3 (demo mode):

    ${server.workbenchUrl()}

Workspace: ${server.workspace}${workspace ? ' (kept when VS Code stops)' : ' (temporary: files you create are copied aside when VS Code stops)'}${
  seeded.length > 0
    ? `
Examples:  ${seeded.length} example documents added under examples/ (a test of each common type, an instant test, a filter)`
    : ''
}

Open it in a browser on this machine. Ctrl-C stops VS Code and removes its temporary profile.`);
