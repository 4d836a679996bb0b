// The documents a use case works on (validate, plan, apply, from the CLI or a tool): files named
// directly, documents below folders, and glob matches; sorted and unique. Shown relative to the
// working directory.
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import fastGlob from 'fast-glob';

export async function expandDocuments(
  patterns: readonly string[],
  cwd: string,
  documentGlob: string,
): Promise<string[]> {
  return [...(await expandWithBases(patterns, cwd, documentGlob)).keys()].sort();
}

/**
 * Each document with the folder the user named to reach it: the folder given, a glob's fixed
 * leading folders, or undefined for a file named directly. (What `netmon plan` leaves out of
 * example folders is judged below that folder, as the editor judges it below the folder planned.)
 */
export async function expandWithBases(
  patterns: readonly string[],
  cwd: string,
  documentGlob: string,
): Promise<Map<string, string | undefined>> {
  const files = new Map<string, string | undefined>();
  for (const pattern of patterns) {
    const base = resolve(cwd, pattern);
    const info = await stat(base).catch(() => undefined);
    if (info?.isFile()) files.set(base, undefined);
    else if (info?.isDirectory()) {
      for (const file of await fastGlob(documentGlob, { cwd: base, absolute: true, ignore: ['**/node_modules/**'] }))
        if (!files.has(resolve(file))) files.set(resolve(file), base);
    } else {
      const globBase = resolve(cwd, globParent(pattern));
      for (const file of await fastGlob(pattern, { cwd, absolute: true, ignore: ['**/node_modules/**'] }))
        if (!files.has(resolve(file))) files.set(resolve(file), globBase);
    }
  }
  return files;
}

/** The leading folders of a glob before its first segment with a glob character. */
function globParent(pattern: string): string {
  const segments = pattern.split('/');
  const fixed = segments.findIndex((segment) => /[*?[\]{}()!]/.test(segment));
  return (fixed < 0 ? segments.slice(0, -1) : segments.slice(0, fixed)).join('/') || '.';
}

export function displayPath(file: string, cwd: string): string {
  const path = relative(cwd, file);
  return (path.startsWith('..') ? file : path).split(sep).join('/');
}
