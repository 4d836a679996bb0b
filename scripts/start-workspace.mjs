// Where `npm start` keeps the user's work: a persistent folder by default (printed at start),
// so stopping VS Code never takes a document with it. With --temporary, a throwaway folder
// whose files, if the user created any, are copied to a kept folder before it is removed.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** NETMON_WORKSPACE, else ~/netmon-workspace; created when missing. */
export function persistentWorkspace(env = process.env) {
  const folder = resolve(env.NETMON_WORKSPACE || join(homedir(), 'netmon-workspace'));
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Files below `folder`, relative, sorted (VS Code's own state folder aside). */
export function filesIn(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name).slice(folder.length + 1))
    .filter((path) => !path.startsWith('.vscode/'))
    .sort();
}

/**
 * Puts the example documents in `workspace/examples/` so a newcomer sees authoring at once.
 * A file already there (the user's, or edited) is never overwritten; returns what was added.
 */
export function seedExamples(workspace, examplesDir) {
  const added = [];
  for (const file of filesIn(examplesDir)) {
    const target = join(workspace, 'examples', file);
    if (existsSync(target)) continue;
    mkdirSync(join(target, '..'), { recursive: true });
    cpSync(join(examplesDir, file), target);
    added.push(join('examples', file));
  }
  return added;
}

/** True when `file` of the workspace is an example exactly as it was seeded. */
function isUnchangedExample(workspace, file, examplesDir) {
  if (!examplesDir || !file.startsWith('examples/')) return false;
  const source = join(examplesDir, file.slice('examples/'.length));
  return existsSync(source) && readFileSync(source).equals(readFileSync(join(workspace, file)));
}

/**
 * Copies what the user created in a temporary workspace to `keptRoot/<time>` before the
 * folder goes (examples left as seeded are not the user's work); returns where they went
 * (undefined when there was nothing).
 */
export function rescueUserFiles(workspace, keptRoot, now = new Date(), examplesDir = undefined) {
  const files = filesIn(workspace).filter((file) => !isUnchangedExample(workspace, file, examplesDir));
  if (files.length === 0) return undefined;
  const kept = join(keptRoot, `netmon-workspace-${now.toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(kept, { recursive: true });
  for (const file of files) cpSync(join(workspace, file), join(kept, file), { recursive: true });
  return { kept, files };
}
