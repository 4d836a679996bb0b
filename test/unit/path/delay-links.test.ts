// A delay link is a pair of addresses, as mtr shows the jump between two consecutive hops:
// the names of a network and a city only label it. Every link inside one network in one city
// carries the same names, so a jump on one of them must not be summed with its neighbours or
// named after another pair.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localizePathTraces } from '../../../src/analysis/path/localize';
import type { PathHop } from '../../../src/api/types';
import { hop, trace, TARGET_IP } from './traces';

const COMCAST_BOSTON = { network: 'Comcast', location: 'Boston' };

/** +2 ms from 96.120.1.1 to .2.1, +43 ms from .2.1 to .3.1, +1 ms to the target: all "Comcast, Boston" when named. */
const route = (names: boolean): PathHop[] => {
  const named = names ? COMCAST_BOSTON : {};
  return [
    hop(1, '192.168.1.1', 1),
    hop(2, '96.120.1.1', 10, named),
    hop(3, '96.120.2.1', 12, named),
    hop(4, '96.120.3.1', 55, named),
    hop(5, TARGET_IP, 56, named),
  ];
};

for (const names of [true, false]) {
  test(`a +43 ms jump between 96.120.2.1 and 96.120.3.1 is named by that pair, ${names ? 'with' : 'without'} network and city names`, () => {
    const found = localizePathTraces([trace('b1', [route(names)]), trace('b2', [route(names)])]);
    assert.equal(found.delay.length, 1, found.lines.join('\n'));
    const [jump] = found.delay;
    assert.deepEqual([jump!.from.id, jump!.to.id, jump!.increaseMs], ['96.120.2.1', '96.120.3.1', 43]);
    assert.match(jump!.line, /between 96\.120\.2\.1 and 96\.120\.3\.1.* \(\+43 ms, 2 of 2 agents crossing it\)/);
    assert.doesNotMatch(jump!.line, /96\.120\.1\.1/);
    assert.ok(jump!.linkIds.includes('96.120.2.1->96.120.3.1'));
    assert.ok(!jump!.linkIds.includes('96.120.1.1->96.120.2.1'), 'the +2 ms link is not part of the jump');
    assert.match(
      found.verdicts.find((v) => v.kind === 'delay')?.line ?? '',
      /latency added .*96\.120\.2\.1 and 96\.120\.3\.1.* \(\+43 ms\)/,
    );
  });
}

test('two jumps inside one network in one city are two links, each with its own size', () => {
  const named = COMCAST_BOSTON;
  const hops = [
    hop(1, '192.168.1.1', 1),
    hop(2, '96.120.1.1', 30, named),
    hop(3, '96.120.2.1', 32, named),
    hop(4, '96.120.3.1', 62, named),
    hop(5, TARGET_IP, 63, named),
  ];
  const found = localizePathTraces([trace('b1', [hops])]);
  assert.deepEqual(
    found.delay.map((f) => [f.from.id, f.to.id, f.increaseMs]),
    [
      ['96.120.2.1', '96.120.3.1', 30],
      ['192.168.1.1', '96.120.1.1', 29],
    ],
  );
});
