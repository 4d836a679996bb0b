// What the routes share: the world, the created-test store and the run's settings.
import type { World } from '../world/model';
import type { TestStore } from '../persistence';

export interface EmulatorState {
  world: World;
  store: TestStore;
  pageSize: number;
  instantTestDelaySeconds: number;
  /** Ids for instant tests, above every id the world hands out. */
  nextInstantTestId(): number;
  /** Instant tests are readable by id but are not scheduled tests, so lists leave them out. */
  instantTestIds: Set<number>;
}
