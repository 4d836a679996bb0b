// Property: a route that reaches the target is never a routing loop, whatever it repeats on the
// way (routers answering several TTLs, the same address at distant hops, stars between them).
// Only routes that stop short of the target may loop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { localizePathTraces } from '../../../src/analysis/path/localize';
import type { PathHop } from '../../../src/api/types';
import { hop, trace, TARGET_IP } from './traces';

/** A few routers, so repeats are common. */
const ROUTERS = ['198.51.100.1', '198.51.100.7', '198.51.100.9', '192.0.2.33', '192.0.2.34'];

/** Hops before the target: an address of ROUTERS, or a star (a hop that did not answer). */
const middle = fc.array(fc.option(fc.constantFrom(...ROUTERS), { nil: undefined, freq: 5 }), {
  minLength: 1,
  maxLength: 28,
});

function reachingRoute(addresses: (string | undefined)[]): PathHop[] {
  const hops: PathHop[] = [hop(1, '10.0.0.1', 1)];
  addresses.forEach((address, i) => {
    if (address !== undefined) hops.push(hop(i + 2, address, 5 + i));
  });
  hops.push(hop(addresses.length + 2, TARGET_IP, 10 + addresses.length));
  return hops;
}

test('no route that reaches the target yields a routing loop finding (300 random routes per agent set)', () => {
  fc.assert(
    fc.property(fc.array(middle, { minLength: 1, maxLength: 4 }), (routes) => {
      const traces = routes.map((addresses, i) => trace(`a${i}`, [reachingRoute(addresses)]));
      const found = localizePathTraces(traces);
      assert.deepEqual(found.routingLoops, [], found.lines.join('\n'));
      assert.ok(!found.lines.some((line) => /routing loop/i.test(line)), found.lines.join('\n'));
      assert.equal(found.reachedTarget, routes.length);
    }),
    { numRuns: 300, seed: 20261129 },
  );
});
