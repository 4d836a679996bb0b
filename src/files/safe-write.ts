// The one way the product writes a file, in the CLI and in the extension alike. A file is
// never written through a symbolic link (at the target, or at any folder between the chosen
// folder and an attachment), always whole (an O_EXCL|O_NOFOLLOW temporary file in the same
// folder, then a rename, so a reader never sees half a file and a failure leaves the old one),
// and a set (a main file and the files written beside it) is checked whole before any of it
// is written. Overwriting: the main file when the caller says the user already agreed (the
// save dialog's own prompt, `--force`); files beside it only when the caller asked about all
// of them at once (`collisions` lists them for that one question).
//
// A set may name a root the caller trusts (the workspace folder in VS Code, the folder
// `netmon mcp` runs in, the CLI's current folder): then every folder from the root down to
// the chosen folder is checked too (checkFolderChain), because a repository can commit
// `out -> ../outside`, and a path that reads as inside then lands elsewhere.
//
// The checks are lstat-then-write: a folder swapped for a link between the two is the one
// race left (node has no openat); the chain is checked again right before each rename, which
// narrows it; the rename itself replaces a link, it never follows one.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  createWriteStream,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  realpathSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';

/**
 * What stopped a write: a link at the file or on the way to a file written beside it, something
 * that is not a file, a file the caller may not replace, a name that leaves the folder, a folder
 * between the set's root and its folder that is a link, a folder outside that root.
 */
export type SafeWriteProblem = 'link' | 'not-a-file' | 'exists' | 'bad-name' | 'linked-folder' | 'outside';

export class SafeWriteError extends Error {
  constructor(
    message: string,
    readonly problem: SafeWriteProblem,
    readonly paths: readonly string[],
  ) {
    super(message);
  }
}

export interface FileToWrite {
  name: string;
  content: string | Uint8Array;
}

/** A main file (a plain name in `folder`) and the files written beside it (relative names, sub-folders allowed). */
export interface FileSet {
  folder: string;
  main?: FileToWrite;
  beside?: readonly FileToWrite[];
  /**
   * A folder the caller trusts: every folder from it down to `folder` must be a real one, and `folder` below it once
   * resolved.
   */
  root?: string;
}

export interface SetPolicy {
  /** The user already agreed to replace the main file (the save dialog asked; the CLI's --force). */
  mainConfirmed?: boolean;
  /** The user agreed to replace every file beside it that exists (asked once for the whole set; --force). */
  replaceBeside?: boolean;
}

export interface SetInspection {
  /** Absolute paths, main first, in the order they would be written. */
  paths: string[];
  /** Names (as given) of existing files this policy may not replace: one question for all of them. */
  collisions: string[];
}

/**
 * Checks a whole set without writing: throws on a link, a non-file or a name outside the folder; lists the collisions.
 */
export function inspectFileSet(set: FileSet, policy: SetPolicy = {}): SetInspection {
  const folder = resolve(set.folder);
  if (set.root !== undefined) checkFolderChain(set.root, folder);
  const paths: string[] = [];
  const collisions: string[] = [];
  const links: string[] = [];
  const note = (name: string, { path, state }: Target, mayReplace: boolean): void => {
    paths.push(path);
    if (state === 'link') links.push(name);
    else if (state === 'file' && !mayReplace) collisions.push(name);
  };
  if (set.main) note(set.main.name, mainTarget(folder, set.main.name), policy.mainConfirmed === true);
  for (const file of set.beside ?? []) note(file.name, besideTarget(folder, file.name), policy.replaceBeside === true);
  if (links.length > 0) {
    throw new SafeWriteError(
      `${links.join(', ')} ${links.length === 1 ? 'is a symbolic link' : 'are symbolic links'}: refusing to ` +
        `write through ${links.length === 1 ? 'it' : 'them'}${linkedFolder(links)}`,
      'link',
      links,
    );
  }
  return { paths, collisions };
}

/** Writes a set checked whole first: nothing is written when any part is refused. Resolves to the written paths. */
export function writeFileSet(set: FileSet, policy: SetPolicy = {}): string[] {
  const { paths, collisions } = inspectFileSet(set, policy);
  if (collisions.length > 0)
    throw new SafeWriteError(
      `${collisions.join(', ')} already ${collisions.length === 1 ? 'exists' : 'exist'}`,
      'exists',
      collisions,
    );
  const files = [...(set.main ? [set.main] : []), ...(set.beside ?? [])];
  // Beside first, main last: the main file refers to the others, so it appears only once they are there.
  const order = files.map((file, index) => ({ file, path: paths[index] ?? '' })).reverse();
  for (const { file, path } of order) {
    makeFolders(resolve(set.folder), path);
    writeWhole(path, file.content, () => {
      if (set.root !== undefined) checkFolderChain(set.root, dirname(path));
    });
  }
  return paths;
}

/**
 * How one file is written: `overwrite` says the user agreed to replace it; `root`, a folder the caller trusts (see
 * FileSet).
 */
export interface WriteOptions {
  overwrite?: boolean;
  root?: string;
}

/** One file: `overwrite` says the user agreed to replace it (never a link, never a non-file). */
export function writeFileSafely(path: string, content: string | Uint8Array, options: WriteOptions = {}): void {
  writeFileSet(oneFile(path, content, options.root), { mainConfirmed: options.overwrite === true });
}

function oneFile(path: string, content: string | Uint8Array, root: string | undefined): FileSet {
  const target = resolve(path);
  return {
    folder: dirname(target),
    main: { name: basename(target), content },
    ...(root !== undefined ? { root } : {}),
  };
}

/** The same rules for a file produced as a stream (a redacted HAR of any size); resolves to its size in bytes. */
export async function writeStreamSafely(
  path: string,
  produce: (sink: Writable) => Promise<void>,
  options: WriteOptions = {},
): Promise<number> {
  const target = resolve(path);
  const { collisions } = inspectFileSet(oneFile(path, '', options.root), { mainConfirmed: options.overwrite === true });
  if (collisions.length > 0) throw new SafeWriteError(`${path} already exists`, 'exists', [path]);
  const temporary = temporaryBeside(target);
  try {
    const handle = await open(temporary, EXCLUSIVE, 0o644);
    await produce(createWriteStream('', { fd: handle, highWaterMark: 1 << 16 }));
    const again = await open(temporary, constants.O_RDWR | NOFOLLOW);
    try {
      await again.sync();
    } finally {
      await again.close();
    }
    const { size } = await stat(temporary);
    if (options.root !== undefined) checkFolderChain(options.root, dirname(target));
    await rename(temporary, target);
    return size;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Throws unless every folder from `root` down to `folder` (the folder itself included) is a real
 * folder or not made yet, and `folder`, resolved, is below `root`. The root itself may be reached
 * through a link (a home folder on another disk, macOS's /tmp): the user chose it, not the
 * repository. Names in the error are relative to the root, with `/`.
 */
export function checkFolderChain(root: string, folder: string): void {
  const rootPath = resolve(root);
  const rootReal = realpathSync(rootPath);
  const wanted = resolve(folder);
  // The folder may be named from the root as given or as resolved (a tool resolves the root first).
  const base = below(rootPath, wanted) !== undefined ? rootPath : rootReal;
  const inside = below(base, wanted);
  if (inside === undefined) throw outsideRoot(folder, root);
  const parts = inside === '' ? [] : inside.split(sep);
  let path = base;
  let existing = base;
  for (const [index, part] of parts.entries()) {
    path = join(path, part);
    const stats = lstatOrUndefined(path);
    if (!stats) break; // made later, by us, as a real folder; or never, and the write fails on its own
    const name = parts.slice(0, index + 1).join('/');
    if (stats.isSymbolicLink())
      throw new SafeWriteError(
        `${name} is a symbolic link: refusing to write through it to where it points`,
        'linked-folder',
        [name],
      );
    if (!stats.isDirectory()) throw new SafeWriteError(`${name} exists and is not a folder`, 'not-a-file', [name]);
    existing = path;
  }
  // With no link on the way this holds; checked anyway, for what lstat does not call a link.
  if (below(rootReal, realpathSync(existing)) === undefined) throw outsideRoot(folder, root);
}

/** `path` relative to `root` when it is below it (or is it), else undefined. */
function below(root: string, path: string): string | undefined {
  const inside = relative(root, path);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
  return inside;
}

function outsideRoot(folder: string, root: string): SafeWriteError {
  return new SafeWriteError(`${folder} is not below ${root}`, 'outside', [folder]);
}

/** The components of a name written beside the main file; throws when it is absolute or leaves the folder. */
export function besideNameParts(name: string): string[] {
  const parts = name.split(/[/\\]/);
  if (
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.includes('\0') ||
    parts.some((part) => part === '' || part === '.' || part === '..')
  )
    throw badName(name);
  return parts;
}

type TargetState = 'absent' | 'file' | 'link';
interface Target {
  path: string;
  state: TargetState;
}

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;

function mainTarget(folder: string, name: string): Target {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) throw badName(name);
  const path = join(folder, name);
  return { path, state: targetState(path) };
}

/**
 * Every component below `folder` is checked with lstat: a link anywhere on the way is refused like a link at the end.
 */
function besideTarget(folder: string, name: string): Target {
  const parts = besideNameParts(name);
  let path = folder;
  for (const part of parts.slice(0, -1)) {
    path = join(path, part);
    const stats = lstatOrUndefined(path);
    if (!stats) break; // created later, by us, as a folder
    if (stats.isSymbolicLink()) return { path: join(folder, ...parts), state: 'link' };
    if (!stats.isDirectory())
      throw new SafeWriteError(`${name}: ${part} exists and is not a folder`, 'not-a-file', [name]);
  }
  const target = join(folder, ...parts);
  return { path: target, state: targetState(target) };
}

function targetState(path: string): TargetState {
  const stats = lstatOrUndefined(path);
  if (!stats) return 'absent';
  if (stats.isSymbolicLink()) return 'link';
  if (!stats.isFile()) throw new SafeWriteError(`${path} exists and is not a regular file`, 'not-a-file', [path]);
  return 'file';
}

function makeFolders(folder: string, path: string): void {
  let current = folder;
  for (const part of dirname(path).slice(folder.length).split(/[/\\]/).filter(Boolean)) {
    current = join(current, part);
    try {
      mkdirSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !lstatSync(current).isDirectory()) throw error;
    }
  }
}

/** `beforeRename` checks again what may have changed while the file was written (the folder chain). */
function writeWhole(target: string, content: string | Uint8Array, beforeRename: () => void): void {
  const temporary = temporaryBeside(target);
  // O_EXCL|O_NOFOLLOW: the temporary name cannot be a planted file or link either.
  const fd = openSync(temporary, EXCLUSIVE, 0o644);
  try {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
    fsyncSync(fd);
    closeSync(fd);
  } catch (error) {
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
    rmSync(temporary, { force: true });
    throw error;
  }
  try {
    beforeRename();
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function temporaryBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Said when a name has folders: the link may be one of them rather than the file. */
export function linkedFolder(names: readonly string[]): string {
  return names.some((name) => /[/\\]/.test(name)) ? ' (the file, or a folder on its way)' : '';
}

function badName(name: string): SafeWriteError {
  return new SafeWriteError(
    `${JSON.stringify(name.slice(0, 80))} is not a plain name below the chosen folder`,
    'bad-name',
    [name],
  );
}
