// The documents a command works on: files named directly, documents below folders, and
// glob matches; sorted and unique. Shown relative to the working directory.
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import fastGlob from 'fast-glob';

export async function expandDocuments(patterns: readonly string[], cwd: string, documentGlob: string): Promise<string[]> {
  const files = new Set<string>();
  const globs: string[] = [];
  for (const pattern of patterns) {
    const info = await stat(resolve(cwd, pattern)).catch(() => undefined);
    if (info?.isFile()) files.add(resolve(cwd, pattern));
    else if (info?.isDirectory()) {
      for (const file of await fastGlob(documentGlob, { cwd: resolve(cwd, pattern), absolute: true, ignore: ['**/node_modules/**'] })) files.add(resolve(file));
    } else globs.push(pattern);
  }
  if (globs.length > 0) {
    for (const file of await fastGlob(globs, { cwd, absolute: true, ignore: ['**/node_modules/**'] })) files.add(resolve(file));
  }
  return [...files].sort();
}

export function displayPath(file: string, cwd: string): string {
  const path = relative(cwd, file);
  return (path.startsWith('..') ? file : path).split(sep).join('/');
}
