// What the routes share: the world, the created-test store and the run's settings.
import type { PageIds } from '../http/page-id';
import type { RateLimiter } from '../http/rate-limit';
import type { World } from '../world/model';
import type { TestStore } from '../persistence';
import type { AlertConfigStore } from '../alert-config';

export interface EmulatorState {
  world: World;
  store: TestStore;
  /** Alert rules and suppression windows per group (in memory, seeded rules first). */
  alertConfig: AlertConfigStore;
  pageSize: number;
  /** Records per page of the inventory lists (agents, networks, endpoint tests). */
  inventoryPageSize: number;
  /** Writes and checks their opaque pageIds. */
  pageIds: PageIds;
  instantTestDelaySeconds: number;
  /** Ids for instant tests, above every id the world hands out. */
  nextInstantTestId(): number;
  /** Instant tests are readable by id but are not scheduled tests, so lists leave them out. */
  instantTestIds: Set<number>;
  /** v7's separate instant-test budget (`X-Instant-Test-Rate-Limit-*`), per organization. */
  instantTestLimiter: RateLimiter;
}
