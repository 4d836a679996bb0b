// Loads the documents layer (src/documents: jsonc-parser, ajv and the schemas, ~200 KB
// minified) from its own bundle, dist/documents-lib.js, the first time a Netmon document
// or command needs it: activations that only browse the tree do not pay for it.
import * as path from 'node:path';
import type * as DocumentsLayer from '../../documents';
import { requireBundle } from '../bundle-loader';

export type DocumentsLibrary = typeof DocumentsLayer;

let bundlePath: string | undefined;
let loaded: DocumentsLibrary | undefined;

export function locateDocumentsLibrary(extensionPath: string): void {
  bundlePath = path.join(extensionPath, 'dist', 'documents-lib.js');
}

export function documentsLibrary(): DocumentsLibrary {
  if (loaded) return loaded;
  if (!bundlePath) throw new Error('The documents library was used before activation');
  // A runtime load of a computed path keeps the library out of dist/extension.js.
  const candidate = requireBundle(bundlePath);
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof (candidate as { validateParsed?: unknown }).validateParsed !== 'function'
  ) {
    throw new Error(`${bundlePath} does not export the documents layer; rebuild with "npm run build"`);
  }
  loaded = candidate as DocumentsLibrary;
  return loaded;
}
