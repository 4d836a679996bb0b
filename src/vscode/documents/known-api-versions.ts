// Lenses are drawn synchronously; a client learns its dialect with one request. The Update lens
// needs it (v7 updates in place what v6 replaces), so the first drawing asks, and the lenses are
// drawn again once the answer is in. Until then a change reads as v6 would plan it: the modal asks.
import type { ApiVersion } from '../../api/client';

interface VersionedClient {
  apiVersion(): Promise<ApiVersion>;
}

export class KnownApiVersions {
  private readonly known = new WeakMap<VersionedClient, ApiVersion>();
  private readonly asking = new WeakSet<VersionedClient>();

  constructor(private readonly onLearned: () => void) {}

  /** The client's dialect when known; otherwise undefined, and asked once in the background. */
  of(client: VersionedClient): ApiVersion | undefined {
    const known = this.known.get(client);
    if (known || this.asking.has(client)) return known;
    this.asking.add(client);
    client.apiVersion().then(
      (version) => {
        this.known.set(client, version);
        this.onLearned();
      },
      // Not learned (offline, signed out): the lenses keep asking through the modal; a later drawing tries again.
      () => this.asking.delete(client),
    );
    return undefined;
  }
}
