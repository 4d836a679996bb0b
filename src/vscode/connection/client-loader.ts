// Loads the typed client from its own bundle (dist/client-lib.js) at the first connection:
// undici alone is about 0.5 MB minified, which would triple dist/extension.js and slow
// every activation, also the ones that only show the welcome view.
import * as path from 'node:path';
import type { NetmonClient, NetmonClientOptions } from '../../api';

export type ClientFactory = (options: NetmonClientOptions) => NetmonClient;

export function lazyClientFactory(extensionPath: string): ClientFactory {
  let factory: ClientFactory | undefined;
  return (options) => {
    factory ??= loadFactory(extensionPath);
    return factory(options);
  };
}

function loadFactory(extensionPath: string): ClientFactory {
  const bundle = path.join(extensionPath, 'dist', 'client-lib.js');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a computed runtime require keeps the client out of the bundle
  const loaded: unknown = require(bundle);
  const create = typeof loaded === 'object' && loaded !== null ? (loaded as { createNetmonClient?: unknown }).createNetmonClient : undefined;
  if (typeof create !== 'function') throw new Error(`${bundle} does not export createNetmonClient; rebuild with "npm run build"`);
  return (options) => (create as ClientFactory)(options);
}
