// List positions as paging cursors: resuming from any entry's position gives exactly the
// rest of the list, for every time-ranged list.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { ListPosition, Positioned, TimeRange } from '../../../src/emulator/world/index';
import { demoGroup, lastHours } from './helpers';

const { group } = demoGroup(11);
const range = lastHours(3);
const testId = group.endpointTests().find((t) => t.type === 'http-server')?.testId ?? 0;

const lists: [string, (range: TimeRange, start?: ListPosition) => Iterable<Positioned<unknown>>][] = [
  ['user sessions', (r, s) => group.userSessions(r, s)],
  ['web sessions', (r, s) => group.webSessions(r, s)],
  ['network sessions', (r, s) => group.networkSessions(r, s)],
  ['network probes', (r, s) => group.networkProbes(r, s)],
  ['net metrics', (r, s) => group.netMetrics(testId, r, s)],
  ['path-vis', (r, s) => group.pathVis(testId, r, s)],
  ['http-server', (r, s) => group.httpServer(testId, r, s)],
];

describe('list positions', () => {
  for (const [name, list] of lists) {
    test(`${name}: resuming at an entry's position yields the rest of the list`, () => {
      const all = [...list(range)];
      assert.ok(all.length > 10, `${name} has records (${all.length})`);
      const records = all.map((entry) => JSON.stringify(entry.record));
      for (const at of [1, Math.floor(all.length / 3), all.length - 1]) {
        const entry = all[at] as Positioned<unknown>;
        const start = { round: entry.round, index: entry.index, part: entry.part };
        const resumed = [...list(range, start)].map((e) => JSON.stringify(e.record));
        assert.deepEqual(resumed, records.slice(at));
      }
    });
  }
});
