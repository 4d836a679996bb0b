// Loads the typed client from its own bundle (dist/client-lib.js) at the first connection:
// undici alone is about 0.5 MB minified, which would triple dist/extension.js and slow
// every activation, also the ones that only show the welcome view.
import * as path from 'node:path';
import type { NetmonClient, NetmonClientOptions } from '../../api';
import { requireBundle } from '../bundle-loader';

export interface ClientFactory {
  (options: NetmonClientOptions): NetmonClient;
  /**
   * Loads the client's code now, e.g. while the demo emulator binds its port, so the first request does not wait for
   * it.
   */
  preload?(): void;
}

export function lazyClientFactory(extensionPath: string): ClientFactory {
  let factory: ClientFactory | undefined;
  const preload = (): ClientFactory => (factory ??= loadFactory(extensionPath));
  return Object.assign((options: NetmonClientOptions) => preload()(options), { preload: () => void preload() });
}

function loadFactory(extensionPath: string): ClientFactory {
  const bundle = path.join(extensionPath, 'dist', 'client-lib.js');
  // A runtime load of a computed path keeps the client out of dist/extension.js.
  const loaded = requireBundle(bundle);
  const create =
    typeof loaded === 'object' && loaded !== null
      ? (loaded as { createNetmonClient?: unknown }).createNetmonClient
      : undefined;
  if (typeof create !== 'function')
    throw new Error(`${bundle} does not export createNetmonClient; rebuild with "npm run build"`);
  return (options) => (create as ClientFactory)(options);
}
