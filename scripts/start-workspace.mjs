// Where `npm start` keeps the user's work: a persistent folder by default (printed at start),
// so stopping VS Code never takes a document with it. With --temporary, a throwaway folder
// whose files, if the user created any, are copied to a kept folder before it is removed.
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
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
 * Copies what the user created in a temporary workspace to `keptRoot/<time>` before the
 * folder goes; returns where they went (undefined when there was nothing).
 */
export function rescueUserFiles(workspace, keptRoot, now = new Date()) {
  const files = filesIn(workspace);
  if (files.length === 0) return undefined;
  const kept = join(keptRoot, `netmon-workspace-${now.toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(kept, { recursive: true });
  for (const file of files) cpSync(join(workspace, file), join(kept, file), { recursive: true });
  return { kept, files };
}
