// The one way the CLI writes a file it was asked to produce (`-o`): never through a symlink
// planted at the destination, never over an existing file without `--force`, and always
// whole (a temporary file in the same folder, then a rename), so a reader never sees half
// a report and an interrupted run leaves the old file as it was.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fsyncSync, lstatSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

export class OutputFileError extends Error {}

export interface WriteOutputOptions { force?: boolean }

export function writeOutputFile(path: string, data: string | Uint8Array, options: WriteOutputOptions = {}): void {
  const target = resolve(path);
  const existing = statOrUndefined(target);
  if (existing?.isSymbolicLink()) throw new OutputFileError(`${path} is a symbolic link: refusing to write through it (remove the link or choose another -o)`);
  if (existing && !existing.isFile()) throw new OutputFileError(`${path} exists and is not a regular file`);
  if (existing && !options.force) throw new OutputFileError(`${path} already exists: pass --force to overwrite it`);
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  // O_EXCL: the temporary name cannot be a planted file or link either.
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o644);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function statOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
