// Loads HAR redaction and the evidence bundles (src/analysis/sharing.ts) from their own
// bundle, dist/sharing-lib.js, the first time something is exported: activations that only
// browse and troubleshoot do not pay for the PNG encoder, the renderers and the rules.
import * as path from 'node:path';
import type * as SharingLayer from '../../analysis/sharing';
import { requireBundle } from '../bundle-loader';

export type SharingLibrary = typeof SharingLayer;

let bundlePath: string | undefined;
let workerPath: string | undefined;
let loaded: SharingLibrary | undefined;

export function locateSharingLibrary(extensionPath: string): void {
  bundlePath = path.join(extensionPath, 'dist', 'sharing-lib.js');
  workerPath = path.join(extensionPath, 'dist', 'redact-worker.js');
}

/** The bundled worker that redacts exports off the host's thread (redact-worker.ts). */
export function redactWorkerPath(): string {
  if (!workerPath) throw new Error('The redaction worker was used before activation');
  return workerPath;
}

export function sharingLibrary(): SharingLibrary {
  if (loaded) return loaded;
  if (!bundlePath) throw new Error('The sharing library was used before activation');
  // A runtime load of a computed path keeps the library out of dist/extension.js.
  const candidate = requireBundle(bundlePath);
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof (candidate as { redactHar?: unknown }).redactHar !== 'function'
  ) {
    throw new Error(`${bundlePath} does not export the sharing layer; rebuild with "npm run build"`);
  }
  loaded = candidate as SharingLibrary;
  return loaded;
}
