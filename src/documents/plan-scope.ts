// Which documents a plan of a folder takes in. Example documents are for reading and
// copying, not for deploying by accident: a document under a folder named in the exclusions
// (by default `examples`) is left out, and said to be, unless the user planned that folder
// (or a folder inside it) itself — asking for it by name is the explicit include.

export const DEFAULT_PLAN_EXCLUDED_FOLDERS: readonly string[] = ['examples'];

export interface PlanScope<T> {
  included: T[];
  excluded: T[];
}

/**
 * `relativePath(document)` is the document's path under the planned folder, `/`-separated;
 * only its folder segments are compared (case-sensitively, as names are in the workspace).
 */
export function planScope<T>(
  documents: readonly T[],
  relativePath: (document: T) => string,
  excludedFolders: readonly string[],
): PlanScope<T> {
  const names = new Set(excludedFolders.filter((name) => name.length > 0));
  const scope: PlanScope<T> = { included: [], excluded: [] };
  for (const document of documents) {
    const folders = relativePath(document).split('/').slice(0, -1);
    (folders.some((folder) => names.has(folder)) ? scope.excluded : scope.included).push(document);
  }
  return scope;
}

/** The plan's line about what was left out, or nothing. */
export function excludedLine(excluded: readonly string[], setting: string): string {
  if (excluded.length === 0) return '';
  const shown = excluded.slice(0, 6).join(', ');
  const more = excluded.length > 6 ? ` and ${excluded.length - 6} more` : '';
  return `Left out (example folders, setting "${setting}"): ${shown}${more}. Plan that folder itself to include them.`;
}
