// Loads dist/lmtools-lib.js and the tools' catalogue (in dist/cli-lib.js, which the netmon CLI
// loads too) at the first tool call. The catalogue checks API errors by class (`instanceof`),
// so it must use the very client-lib the connection's client came from: esbuild.mjs leaves
// src/api (and src/documents) out of it, and they are handed in here from the bundles already
// loaded, like the shared modules features-lib takes; the catalogue is handed to lmtools-lib.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { requireBundle } from '../bundle-loader';
import type { ConnectionManager } from '../connection/connection-manager';
import { documentsLibrary, locateDocumentsLibrary } from '../documents/library';
import { sharedModules } from '../shared-modules';
import type { LmToolRunner } from './register';

/** The id a bundle requires a library by; esbuild.mjs (takeLibraries) writes the same. */
const LIBRARY_PREFIX = 'netmon-library:';

export function lazyLmToolRunner(
  extensionPath: string,
  connection: ConnectionManager,
  log: vscode.LogOutputChannel,
): () => LmToolRunner {
  let runner: LmToolRunner | undefined;
  return () => (runner ??= loadRunner(extensionPath, connection, log));
}

function loadRunner(extensionPath: string, connection: ConnectionManager, log: vscode.LogOutputChannel): LmToolRunner {
  const dist = path.join(extensionPath, 'dist');
  locateDocumentsLibrary(extensionPath);
  // The catalogue requires its libraries as siblings (the ids esbuild.mjs writes for netmon mcp).
  const catalogue = requireBundle(path.join(dist, 'cli-lib.js'), undefined, undefined, {
    './client-lib.js': requireBundle(path.join(dist, 'client-lib.js')),
    './documents-lib.js': documentsLibrary(),
  });
  const provided = { ...sharedModules(), [`${LIBRARY_PREFIX}src/tools/library.ts`]: catalogue };
  const bundle = path.join(dist, 'lmtools-lib.js');
  const loaded = requireBundle(bundle, undefined, undefined, provided);
  const create =
    typeof loaded === 'object' && loaded !== null
      ? (loaded as { createLmToolRunner?: unknown }).createLmToolRunner
      : undefined;
  if (typeof create !== 'function')
    throw new Error(`${bundle} does not export createLmToolRunner; rebuild with "npm run build"`);
  return (create as (services: { connection: ConnectionManager; log: vscode.LogOutputChannel }) => LmToolRunner)({
    connection,
    log,
  });
}
