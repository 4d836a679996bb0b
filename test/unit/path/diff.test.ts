// Path diff between two rounds: hops added, removed and changed (AS, prefix), delay and loss
// deltas, and each agent's route change in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffPathTraces, pathDiffText } from '../../../src/analysis/path/diff';
import type { PathHop } from '../../../src/api/types';
import { hop, TARGET_IP, trace } from './traces';

const ARELION = 'Arelion (AS 1299)';
const LUMEN = 'Lumen (AS 3356)';

/** Six hops to the target: LAN, ISP, then transit at hops 3–5 via `transit`, then the target. */
function route(transit: 'arelion' | 'lumen', extraMs = 0, targetLoss = false): PathHop[] {
  const via =
    transit === 'arelion'
      ? [
          hop(3, '62.115.1.1', 12, { network: ARELION, prefix: '62.115.0.0/16' }),
          hop(4, '62.115.9.9', 20, { network: ARELION, prefix: '62.115.0.0/16' }),
          hop(5, '62.115.20.2', 24, { network: ARELION, prefix: '62.115.0.0/16' }),
        ]
      : [
          hop(3, '4.68.1.1', 15 + extraMs, { network: LUMEN, prefix: '4.68.0.0/16' }),
          hop(4, '4.68.9.9', 30 + extraMs, { network: LUMEN, prefix: '4.68.0.0/16' }),
          hop(5, '4.68.20.2', 36 + extraMs, { network: LUMEN, prefix: '4.68.0.0/16' }),
        ];
  return [
    hop(1, '192.168.1.1', 1),
    hop(2, '80.10.0.1', 6, { network: 'Orange (AS 3215)' }),
    ...via,
    ...(targetLoss ? [] : [hop(6, TARGET_IP, transit === 'arelion' ? 30 : 48)]),
  ];
}

test('two of three agents moved from Arelion to Lumen at hop 3: named per agent with the delay change', () => {
  const before = ['a1', 'a2', 'a3'].map((id) => trace(id, [route('arelion')], 100));
  const after = [
    trace('a1', [route('lumen')], 200),
    trace('a2', [route('lumen')], 200),
    trace('a3', [route('arelion')], 200),
  ];
  const diff = diffPathTraces(before, after, { a1: 'London laptop 1', a2: 'London laptop 2' });
  assert.deepEqual(
    diff.agents.map((a) => a.line),
    [
      'London laptop 1: AS1299 → AS3356 at hop 3, +18 ms',
      'London laptop 2: AS1299 → AS3356 at hop 3, +18 ms',
      'a3: same route, +0 ms',
    ],
  );
  const status = (ip: string): string | undefined => diff.nodes.find((n) => n.id === ip)?.status;
  assert.equal(status('62.115.1.1'), 'same', 'a3 still crosses Arelion');
  assert.equal(status('4.68.1.1'), 'added');
  assert.equal(status(TARGET_IP), 'same');
  assert.ok(
    (diff.nodes.find((n) => n.id === TARGET_IP)?.delayDeltaMs ?? 0) > 10,
    'the target answers later on average',
  );
  assert.equal(diff.links.find((l) => l.from === '80.10.0.1' && l.to === '4.68.1.1')?.status, 'added');
  assert.equal(diff.summary, '2 of 3 agents changed route; 3 hops added, 0 removed; 1 slower by 5 ms or more.');
});

test('a hop that answers from the same address in another AS or prefix is "changed", not added', () => {
  const before = [trace('a1', [route('arelion')], 100)];
  const moved = route('arelion').map((h) =>
    h.ipAddress === '62.115.9.9' ? { ...h, network: LUMEN, prefix: '62.115.8.0/22' } : h,
  );
  const diff = diffPathTraces(before, [trace('a1', [moved], 200)]);
  const node = diff.nodes.find((n) => n.id === '62.115.9.9');
  assert.equal(node?.status, 'changed');
  assert.deepEqual(node?.changes, ['AS3356 (was AS1299)', 'prefix 62.115.8.0/22 (was 62.115.0.0/16)']);
  assert.equal(diff.agents[0]?.kind, 'same', 'the same addresses: the route did not change');
});

test('a route that now ends early, stars, and agents traced on one side only', () => {
  const before = [trace('a1', [route('arelion')], 100), trace('gone', [route('arelion')], 100)];
  const starred = route('arelion').filter((h) => h.hop !== 4); // hop 4 stops answering: not a route change
  const after = [
    trace('a1', [route('arelion', 0, true)], 200),
    trace('a1', [starred], 201),
    trace('new', [route('lumen')], 200),
  ];
  const diff = diffPathTraces(before, after);
  const a1 = diff.agents.find((a) => a.agentId === 'a1');
  assert.equal(a1?.kind, 'changed');
  assert.equal(a1?.hop, 6, 'the route ends before the target');
  assert.match(a1?.line ?? '', /^a1: AS|^a1: 203/);
  assert.deepEqual(
    diff.agents.filter((a) => a.kind !== 'changed').map((a) => [a.agentId, a.kind]),
    [
      ['gone', 'onlyBefore'],
      ['new', 'onlyAfter'],
    ],
  );
});

test('the text form lists route changes and changed hops; outside strings cannot act', () => {
  const hostile = '[x](command:workbench.action.terminal.new) \u001b[31m';
  const before = [trace('a1', [route('arelion')], 100)];
  const after = [trace('a1', [route('lumen')], 200)];
  const text = pathDiffText(diffPathTraces(before, after, { a1: hostile }), 'Outlook reachability: 10:00 vs 12:00 UTC');
  assert.match(text, /^Outlook reachability: 10:00 vs 12:00 UTC\n1 of 1 agent changed route; 3 hops added, 3 removed/);
  assert.match(text, /Route changes:\n {2}.*AS1299 → AS3356 at hop 3, \+18 ms/);
  assert.match(text, /4\.68\.1\.1 \(Lumen \(AS 3356\)\): added/);
  assert.ok(!text.includes('](') && !text.includes('\u001b'));
});

test('malformed traces are left out; nothing throws', () => {
  const diff = diffPathTraces([null, 7, { agentId: 'x', routes: 'no' }] as never, [
    trace('a1', [[hop(1, '10.0.0.1', 1), { hop: 'two', ipAddress: 5 } as never]], 1),
  ]);
  assert.equal(diff.agents.find((a) => a.agentId === 'a1')?.kind, 'onlyAfter');
});

test('a change inside one network is named by its addresses', () => {
  const before = [trace('a1', [route('arelion')], 100)];
  const moved = route('arelion').map((h) => (h.ipAddress === '62.115.1.1' ? { ...h, ipAddress: '62.115.1.7' } : h));
  assert.equal(
    diffPathTraces(before, [trace('a1', [moved], 200)]).agents[0]?.line,
    'a1: 62.115.1.1 → 62.115.1.7 at hop 3 (within AS1299), +0 ms',
  );
});
