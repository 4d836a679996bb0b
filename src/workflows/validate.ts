// Documents validated as the editor validates them, for `netmon validate` and the
// validate_documents tool: each file read, its kind known by its name, and checked against its
// schema and Netmon's rules (with a live catalog, ids unknown to it too).
import { readFile } from 'node:fs/promises';
import {
  DOCUMENT_SUFFIXES,
  documentKindOf,
  validateDocuments,
  type DocumentDiagnostic,
  type LiveCatalog,
} from '../documents';

/** Every kind of Netmon document, below a folder. */
export const DOCUMENT_GLOB = `**/*{${Object.values(DOCUMENT_SUFFIXES).join(',')}}`;

/**
 * One file as validated: `document` false when it is not named like any Netmon document (its kind unknown, it is not
 * checked).
 */
export interface ValidatedFile {
  name: string;
  document: boolean;
  problems: DocumentDiagnostic[];
}

/**
 * `files` read and validated, in their order; `name` is how each is called in the result (relative to the workspace,
 * say).
 */
export async function validateFiles(
  files: readonly string[],
  name: (file: string) => string,
  catalog?: LiveCatalog,
): Promise<ValidatedFile[]> {
  const names = files.map(name);
  const documents: { uri: string; text: string }[] = [];
  for (const [index, file] of files.entries())
    if (documentKindOf(file)) documents.push({ uri: names[index]!, text: await readFile(file, 'utf8') });
  const results = validateDocuments(documents, catalog ? { catalog } : {});
  return files.map((file, index) => ({
    name: names[index]!,
    document: documentKindOf(file) !== undefined,
    problems: results.get(names[index]!) ?? [],
  }));
}
