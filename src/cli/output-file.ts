// The CLI's wording of the one safe writer (src/files/safe-write.ts): never through a symlink
// planted at the destination or on the way to a file written beside it, never over an
// existing file without `--force`, always whole (a temporary file in the same folder, then a
// rename). `--force` is the CLI's answer to the question the extension asks once per set.
// Below the current folder, no folder on the way to -o may be a link either (a repository can
// commit `out -> ../outside`): `--follow-links` is the user saying they mean it.
import {
  inspectFileSet,
  linkedFolder,
  SafeWriteError,
  writeFileSet,
  writeFileSafely,
  writeStreamSafely,
  type FileSet,
} from '../files/safe-write';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';

export class OutputFileError extends Error {}

export interface WriteOutputOptions {
  force?: boolean;
  /** The folder whose sub-folders on the way to the file must be real folders (see linkCheckRoot). */
  root?: string;
}

/** The usage line of the flag, the same in every command that takes -o. */
export const FOLLOW_LINKS_USAGE =
  '  --follow-links     write through a symbolic link among the folders of the output below the current\n' +
  '                     folder (refused otherwise: a repository can commit one that points elsewhere)';

/**
 * The root of the folder-chain check for an output path the user named: the current folder
 * when the file goes below it, unless --follow-links. A path outside it (/tmp/x.har,
 * ../x.har) was typed as such: only the file itself is checked, as before.
 */
export function linkCheckRoot(path: string, followLinks: boolean, cwd: string = process.cwd()): string | undefined {
  if (followLinks) return undefined;
  const inside = relative(resolve(cwd), dirname(resolve(cwd, path)));
  return inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside) ? undefined : cwd;
}

export function writeOutputFile(path: string, data: string | Uint8Array, options: WriteOutputOptions = {}): void {
  inCliWords(() => writeFileSafely(path, data, writeOptions(options)), path);
}

function writeOptions(options: WriteOutputOptions): { overwrite: boolean; root?: string } {
  return { overwrite: options.force === true, ...(options.root !== undefined ? { root: options.root } : {}) };
}

/** A stream written whole to `path` (see writeStreamSafely); resolves to its size. */
export async function writeOutputStream(
  path: string,
  produce: (sink: Writable) => Promise<void>,
  options: WriteOutputOptions = {},
): Promise<number> {
  try {
    return await writeStreamSafely(path, produce, writeOptions(options));
  } catch (error) {
    throw error instanceof SafeWriteError ? new OutputFileError(cliMessage(error, path)) : error;
  }
}

/** The checks of a write made before the work, so a refusal costs nothing: every set whole, none written. */
export function checkOutputSets(sets: readonly FileSet[], options: WriteOutputOptions = {}): void {
  for (const set of sets) {
    const { collisions } = inCliWords(
      () => inspectFileSet(set, { mainConfirmed: options.force === true, replaceBeside: options.force === true }),
      set.folder,
    );
    const one = collisions.length === 1;
    if (!one && collisions.length > 0)
      throw new OutputFileError(
        `${collisions.map((name) => join(set.folder, name)).join(', ')} already exist: pass --force to overwrite them`,
      );
    if (one)
      throw new OutputFileError(
        `${join(set.folder, collisions[0] ?? '')} already exists: pass --force to overwrite it`,
      );
  }
}

/** Sets checked whole (all of them) before any is written. */
export function writeOutputSets(sets: readonly FileSet[], options: WriteOutputOptions = {}): string[] {
  checkOutputSets(sets, options);
  const policy = { mainConfirmed: options.force === true, replaceBeside: options.force === true };
  return sets.flatMap((set) => inCliWords(() => writeFileSet(set, policy), set.folder));
}

function inCliWords<T>(write: () => T, path: string): T {
  try {
    return write();
  } catch (error) {
    throw error instanceof SafeWriteError ? new OutputFileError(cliMessage(error, path)) : error;
  }
}

function cliMessage(error: SafeWriteError, path: string): string {
  const one = error.paths.length === 1;
  // A single file is named as the user gave it (-o), files beside one by their names.
  const named = one && error.paths[0] === basename(path) ? path : error.paths.join(', ');
  if (error.problem === 'link')
    return (
      `${named} ${one ? 'is a symbolic link' : 'are symbolic links'}: refusing to write through ` +
      `${one ? 'it' : 'them'}${linkedFolder(error.paths)} (remove the link or choose another name)`
    );
  if (error.problem === 'exists')
    return `${named} already ${one ? 'exists' : 'exist'}: pass --force to overwrite ${one ? 'it' : 'them'}`;
  if (error.problem === 'linked-folder')
    return (
      `${error.paths[0] ?? ''} is a symbolic link among the folders of the output: refusing to write where it ` +
      `points (pass --follow-links if you mean that, or choose another folder)`
    );
  return error.message;
}
