// The set-up of the client tests that read the vendor's own example bodies (test/fixtures/v7,
// from its Python SDK's tests): a V7Server on loopback answering the test's paths, and a v7
// client of it. The examples' `next` links all point at one placeholder; it is answered as
// the last page, empty, so a paged read of an example ends where the example does.
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { V7Server, type Answer } from './v7-server';

const PLACEHOLDER_NEXT = '/v7/link/to/resource/id';

/** What answers each path (any method): a fixture file of test/fixtures/v7, or a whole answer. */
export type VendorRoutes = Readonly<Record<string, string | Answer>>;

export interface VendorBodies {
  readonly server: V7Server;
  readonly client: NetmonClient;
  close(): Promise<void>;
}

export async function vendorBodiesClient(routes: VendorRoutes): Promise<VendorBodies> {
  const server = await V7Server.start();
  server.use((request) => {
    const route = routes[request.path];
    if (typeof route === 'string') return { status: 200, file: route };
    if (route) return route;
    if (request.path === PLACEHOLDER_NEXT) return { status: 200, body: { results: [] } };
    return undefined;
  });
  const client = createNetmonClient({
    baseUrl: server.url,
    credentials: { kind: 'bearer', token: 't' },
    apiVersion: 'v7',
  });
  return {
    server,
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
