// The CLI's wording of the one safe writer (src/files/safe-write.ts): never through a symlink
// planted at the destination or on the way to a file written beside it, never over an
// existing file without `--force`, always whole (a temporary file in the same folder, then a
// rename). `--force` is the CLI's answer to the question the extension asks once per set.
import {
  inspectFileSet,
  linkedFolder,
  SafeWriteError,
  writeFileSet,
  writeFileSafely,
  writeStreamSafely,
  type FileSet,
} from '../files/safe-write';
import { basename, join } from 'node:path';
import type { Writable } from 'node:stream';

export class OutputFileError extends Error {}

export interface WriteOutputOptions {
  force?: boolean;
}

export function writeOutputFile(path: string, data: string | Uint8Array, options: WriteOutputOptions = {}): void {
  inCliWords(() => writeFileSafely(path, data, { overwrite: options.force === true }), path);
}

/** A stream written whole to `path` (see writeStreamSafely); resolves to its size. */
export async function writeOutputStream(
  path: string,
  produce: (sink: Writable) => Promise<void>,
  options: WriteOutputOptions = {},
): Promise<number> {
  try {
    return await writeStreamSafely(path, produce, { overwrite: options.force === true });
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
    return `${named} ${one ? 'is a symbolic link' : 'are symbolic links'}: refusing to write through ${one ? 'it' : 'them'}${linkedFolder(error.paths)} (remove the link or choose another name)`;
  if (error.problem === 'exists')
    return `${named} already ${one ? 'exists' : 'exist'}: pass --force to overwrite ${one ? 'it' : 'them'}`;
  return error.message;
}
