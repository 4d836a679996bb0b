// Filters and seeks go through per-round indexes instead of generating records: they must
// give exactly what generating every record and testing its facets gives.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type {
  FacetFilter,
  Facets,
  ListEntry,
  ListName,
  ListPosition,
  TimeRange,
} from '../../../src/emulator/world/index';
import { demoGroup, lastHours } from './helpers';

const { group } = demoGroup(5);
const range = lastHours(6);
const testId = group.endpointTests().find((t) => t.type === 'http-server')?.testId ?? 0;

type Filterable = (range: TimeRange, start?: ListPosition, filter?: FacetFilter) => Iterable<ListEntry<unknown>>;
const lists: [ListName, Filterable][] = [
  ['user-sessions', (r, s, f) => group.userSessions(r, s, f)],
  ['web-sessions', (r, s, f) => group.webSessions(r, s, f)],
  ['network-sessions', (r, s, f) => group.networkSessions(r, s, f)],
  ['network-probes', (r, s, f) => group.networkProbes(r, s, f)],
];

function holds(filter: FacetFilter, facets: Facets): boolean {
  return filter.every(({ key, values }) => {
    const value = (facets as unknown as Record<string, unknown>)[key];
    return value !== undefined && values.has(String(value));
  });
}

const position = (entry: ListEntry<unknown>): ListPosition => ({
  round: entry.round,
  index: entry.index,
  part: entry.part,
});
const f = (...conditions: [string, string[]][]): FacetFilter =>
  conditions.map(([key, values]) => ({ key, values: new Set(values) }));

const all = new Map(lists.map(([name, list]) => [name, [...list(range)]]));
const sample = all.get('user-sessions')?.[3]?.facets;
assert.ok(sample);
const filters: FacetFilter[] = [
  f(['connection', ['Wireless']]),
  f(['trigger', ['user']], ['platform', ['Mac']]),
  f(['agentId', [sample.agentId]]),
  f(['agentId', [sample.agentId]], ['trigger', [sample.trigger === 'auto' ? 'user' : 'auto']]),
  f(['visitedSite', [sample.visitedSite ?? '']], ['location', [sample.location]]),
  f(['domain', [sample.domain ?? '']]),
  f(['type', ['vpn', 'proxy']]),
  f(['agentId', ['no-such-agent']]),
  f(['connection', ['Wireless']], ['connection', ['Ethernet']]),
  f(['networkId', [sample.networkId]], ['trigger', ['auto']]),
];

describe('filtered lists through the round index', () => {
  for (const [name, list] of lists) {
    test(`${name}: every filter keeps exactly the records whose facets match`, () => {
      const everything = all.get(name) ?? [];
      for (const filter of filters) {
        const expected = everything.filter((entry) => holds(filter, entry.facets)).map((e) => JSON.stringify(e.record));
        const actual = [...list(range, undefined, filter)].map((e) => JSON.stringify(e.record));
        assert.deepEqual(actual, expected, JSON.stringify(filter.map((c) => [c.key, [...c.values]])));
      }
    });
  }
});

describe('seek', () => {
  for (const [name] of lists) {
    test(`${name}: record number N, with and without a filter, is the N-th record listed`, () => {
      for (const filter of [undefined, ...filters.slice(0, 3)]) {
        const everything = (all.get(name) ?? []).filter((entry) => !filter || holds(filter, entry.facets));
        for (const skip of [0, 1, Math.floor(everything.length / 2), everything.length - 1]) {
          const entry = everything[skip];
          if (!entry) continue;
          assert.deepEqual(
            group.seek(name, range, skip, filter ? { filter } : {}),
            { found: position(entry) },
            `${name} skip ${skip}`,
          );
        }
        assert.deepEqual(group.seek(name, range, everything.length, filter ? { filter } : {}), {
          total: everything.length,
        });
      }
    });
  }

  test('test results: net-metrics, path-vis and http-server', () => {
    for (const [name, list] of [
      ['net-metrics', group.netMetrics(testId, range)],
      ['path-vis', group.pathVis(testId, range)],
      ['http-server', group.httpServer(testId, range)],
    ] as const) {
      const everything = [...list];
      assert.ok(everything.length > 10);
      for (const skip of [0, 7, everything.length - 1]) {
        const entry = everything[skip];
        assert.ok(entry);
        assert.deepEqual(group.seek(name, range, skip, { testId }), {
          found: { round: entry.round, index: entry.index, part: entry.part },
        });
      }
      assert.deepEqual(group.seek(name, range, everything.length, { testId }), { total: everything.length });
    }
  });
});
