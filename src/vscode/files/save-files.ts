// How the extension writes a user's file: through src/files/safe-write.ts for `file:` URIs
// (no link followed, at the target or on the way to a file beside it; written whole), and,
// for other schemes, through workspace.fs only after its stat says no link is on the way.
// The save dialog's own prompt counts for the one file the user named, never for the files
// written beside it: those that exist are asked about once, together.
import * as vscode from 'vscode';
import { basename, dirname } from 'node:path';
import {
  besideNameParts,
  inspectFileSet,
  linkedFolder,
  SafeWriteError,
  writeFileSet,
  type FileSet,
  type FileToWrite,
} from '../../files/safe-write';
import type { Prompts } from '../ui/prompts';

export const REPLACE_ALL = 'Replace Them';

export interface ChosenFiles {
  /** The file the user named in a save dialog. */
  destination: vscode.Uri;
  content: string | Uint8Array;
  /** Files written beside it (names relative to its folder). */
  beside?: readonly FileToWrite[];
  /** False when the user picked a folder, not this file: an existing one is asked about with the files beside it. */
  mainConfirmed?: boolean;
}

/** Writes what the user chose to save; resolves to false (having told the user why) when nothing was written. */
export async function saveChosenFiles(prompts: Prompts, chosen: ChosenFiles): Promise<boolean> {
  const beside = chosen.beside ?? [];
  const mainConfirmed = chosen.mainConfirmed !== false;
  let inspection: { collisions: string[] };
  try {
    inspection = await inspect(chosen, mainConfirmed);
  } catch (error) {
    if (!(error instanceof SafeWriteError) || error.problem === 'exists') throw error;
    await prompts.confirm(
      `Nothing was written: ${error.paths.join(', ')} ${refusal(error)}`,
      refusalDetail(error, basename(chosen.destination.path)),
    );
    return false;
  }
  if (inspection.collisions.length > 0) {
    const names = inspection.collisions;
    const where = mainConfirmed
      ? `beside ${basename(chosen.destination.path)}`
      : `in ${dirname(chosen.destination.fsPath)}`;
    const answer = await prompts.confirm(
      `Replace ${names.length} file${names.length === 1 ? '' : 's'} ${where}?`,
      `${names.length === 1 ? 'This file exists' : 'These files exist'} in ` +
        `${dirname(chosen.destination.fsPath)} and would be replaced:\n` +
        names.map((name) => `• ${name}`).join('\n'),
      REPLACE_ALL,
    );
    if (answer !== REPLACE_ALL) return false;
  }
  // The main file is replaced only when the dialog or the question above agreed to it.
  await write(chosen, beside.length > 0, mainConfirmed || inspection.collisions.length > 0);
  return true;
}

/**
 * A file that must not exist yet (a new document); throws SafeWriteError when something (a file, a link) is in the way.
 */
export async function writeNewFile(uri: vscode.Uri, content: string | Uint8Array): Promise<void> {
  const { collisions } = await inspect({ destination: uri, content }, false);
  if (collisions.length > 0)
    throw new SafeWriteError(`${basename(uri.path)} already exists`, 'exists', [basename(uri.path)]);
  await write({ destination: uri, content }, false, false);
}

function fileSet(chosen: ChosenFiles): FileSet {
  return {
    folder: dirname(chosen.destination.fsPath),
    main: { name: basename(chosen.destination.fsPath), content: chosen.content },
    beside: chosen.beside ?? [],
  };
}

async function inspect(chosen: ChosenFiles, mainConfirmed = true): Promise<{ collisions: string[] }> {
  if (chosen.destination.scheme === 'file') return inspectFileSet(fileSet(chosen), { mainConfirmed });
  return inspectRemote(chosen, mainConfirmed);
}

async function write(chosen: ChosenFiles, replaceBeside: boolean, mainConfirmed = true): Promise<void> {
  if (chosen.destination.scheme === 'file') {
    writeFileSet(fileSet(chosen), { mainConfirmed, replaceBeside });
    return;
  }
  // Checked again right before: the question may have taken a while.
  const { collisions } = await inspectRemote(chosen, mainConfirmed);
  if (collisions.length > 0 && !replaceBeside)
    throw new SafeWriteError(`${collisions.join(', ')} already exist`, 'exists', collisions);
  const folder = vscode.Uri.joinPath(chosen.destination, '..');
  for (const file of chosen.beside ?? [])
    // eslint-disable-next-line no-restricted-syntax -- not a file: URI: checked for links through stat just above
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder, ...besideNameParts(file.name)),
      bytes(file.content),
    );
  // eslint-disable-next-line no-restricted-syntax -- the same
  await vscode.workspace.fs.writeFile(chosen.destination, bytes(chosen.content));
}

/** Other file systems (remote, virtual): the same checks through workspace.fs.stat's SymbolicLink bit. */
async function inspectRemote(chosen: ChosenFiles, mainConfirmed: boolean): Promise<{ collisions: string[] }> {
  const folder = vscode.Uri.joinPath(chosen.destination, '..');
  const links: string[] = [];
  const collisions: string[] = [];
  const main = basename(chosen.destination.path);
  const entries: { name: string; parts: string[]; mayReplace: boolean }[] = [
    { name: main, parts: [main], mayReplace: mainConfirmed },
    ...(chosen.beside ?? []).map((file) => ({ name: file.name, parts: besideNameParts(file.name), mayReplace: false })),
  ];
  for (const entry of entries) {
    const states = await Promise.all(
      entry.parts.map((_, i) => fileType(vscode.Uri.joinPath(folder, ...entry.parts.slice(0, i + 1)))),
    );
    const last = states.at(-1);
    if (states.some((type) => type !== undefined && (type & vscode.FileType.SymbolicLink) !== 0))
      links.push(entry.name);
    else if (last !== undefined && (last & vscode.FileType.File) === 0)
      throw new SafeWriteError(`${entry.name} exists and is not a regular file`, 'not-a-file', [entry.name]);
    else if (last !== undefined && !entry.mayReplace) collisions.push(entry.name);
  }
  if (links.length > 0)
    throw new SafeWriteError(
      `${links.join(', ')} ${links.length === 1 ? 'is a symbolic link' : 'are symbolic links'}`,
      'link',
      links,
    );
  return { collisions };
}

async function fileType(uri: vscode.Uri): Promise<vscode.FileType | undefined> {
  try {
    return (await vscode.workspace.fs.stat(uri)).type;
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
    throw error;
  }
}

function refusal(error: SafeWriteError): string {
  if (error.problem === 'link')
    return `${error.paths.length === 1 ? 'is a symbolic link' : 'are symbolic links'}${linkedFolder(error.paths)}`;
  if (error.problem === 'bad-name') return 'would leave the chosen folder';
  return 'is not a regular file';
}

function refusalDetail(error: SafeWriteError, main: string): string {
  if (error.problem !== 'link') return `Choose another name or folder for ${main}.`;
  return (
    'Netmon never writes through a symbolic link: it could point anywhere (a shell profile, another project). ' +
    `Nothing was written, ${main} included. Remove the link${error.paths.length === 1 ? '' : 's'} or choose ` +
    'another name or folder.'
  );
}

function bytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}
