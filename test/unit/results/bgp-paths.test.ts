// A BGP test's AS paths in its newest round, on hand-built routes: each monitor's route, who
// reaches the prefix, which routes changed since the round before (from the previous round's
// routes, or from the round's superseded route as the service sends it in the round of a
// change), the ASes that left and joined, and the text `netmon results` prints.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BgpResult, BgpRoute } from '../../../src/api/types';
import { bgpPathReport, MAX_AS_HOPS } from '../../../src/analysis/results/bgp-paths';
import { asPathText, bgpPathLines } from '../../../src/analysis/results/bgp-text';

const ROUND = 1_763_654_400;
const BEFORE = ROUND - 300;
const LEVEL3 = { asn: 3356, asName: 'Level 3' };
const COGENT = { asn: 174, asName: 'Cogent' };
const TELIA = { asn: 1299, asName: 'Telia' };
const DEST = { asn: 64500, asName: 'Example Org' };

const route = (
  monitor: string,
  roundId: number,
  hops: { asn: number; asName: string }[],
  isActive = true,
): BgpRoute => ({
  agentId: monitor,
  agentName: `Monitor ${monitor}`,
  roundId,
  prefixId: '215',
  prefix: '192.0.2.0/24',
  isActive,
  hops,
});
const result = (monitor: string, roundId: number, reachability: number, pathChanges = 0): BgpResult => ({
  agentId: monitor,
  agentName: `Monitor ${monitor}`,
  roundId,
  prefixId: '215',
  prefix: '192.0.2.0/24',
  reachability,
  pathChanges,
  updates: pathChanges * 2,
});

test('against the round before: a changed route with the one it replaced, the same route, a new monitor, a withdrawn one', () => {
  const report = bgpPathReport({
    prefixId: '215',
    roundId: ROUND,
    routes: [
      route('1', ROUND, [LEVEL3, COGENT, DEST]),
      route('2', ROUND, [TELIA, DEST]),
      route('3', ROUND, [COGENT, DEST]),
    ],
    results: [result('1', ROUND, 100, 1), result('2', ROUND, 100), result('3', ROUND, 100), result('4', ROUND, 0)],
    previous: {
      roundId: BEFORE,
      routes: [
        route('1', BEFORE, [LEVEL3, TELIA, DEST]),
        route('2', BEFORE, [TELIA, DEST]),
        route('4', BEFORE, [LEVEL3, DEST]),
      ],
    },
  });
  assert.equal(report.prefix, '192.0.2.0/24');
  assert.equal(report.previousRoundId, BEFORE);
  assert.deepEqual(
    report.monitors.map((m) => [m.monitorId, m.reachable, m.change]),
    [
      ['4', false, 'withdrawn'],
      ['1', true, 'changed'],
      ['3', true, 'new'],
      ['2', true, 'same'],
    ],
  );
  assert.deepEqual(
    report.monitors[1]?.previous?.map((hop) => hop.asn),
    [3356, 1299, 64500],
  );
  assert.deepEqual(
    report.monitors[0]?.previous?.map((hop) => hop.asn),
    [3356, 64500],
  );
  assert.equal(report.reached, 3);
  assert.equal(report.changed, 2);
  assert.deepEqual(
    report.left.map((hop) => hop.asn),
    [1299],
    "Telia left monitor 1's route; Level 3 is still on it",
  );
  assert.deepEqual(
    report.joined.map((hop) => hop.asn),
    [174],
  );
});

test('the round of a change: the superseded (inactive) route is the one before, with no previous round read', () => {
  const report = bgpPathReport({
    prefixId: '215',
    roundId: ROUND,
    routes: [
      route('1', ROUND, [LEVEL3, TELIA, DEST], false),
      route('1', ROUND, [LEVEL3, COGENT, DEST]),
      route('2', ROUND, [TELIA, DEST]),
    ],
    results: [result('1', ROUND, 100, 2), result('2', ROUND, 100, 0)],
  });
  assert.deepEqual(
    report.monitors.map((m) => [m.monitorId, m.change, m.path.map((hop) => hop.asn)]),
    [
      ['1', 'changed', [3356, 174, 64500]],
      ['2', 'same', [1299, 64500]],
    ],
  );
  assert.deepEqual(
    report.monitors[0]?.previous?.map((hop) => hop.asn),
    [3356, 1299, 64500],
  );
  assert.equal(report.previousRoundId, undefined);
});

test('nothing to compare with: the change is unknown and the headline says only who reaches the prefix', () => {
  const report = bgpPathReport({
    prefixId: '215',
    prefix: '192.0.2.0/24',
    roundId: ROUND,
    routes: [route('1', ROUND, [LEVEL3, DEST])],
  });
  assert.equal(report.monitors[0]?.change, 'unknown');
  assert.equal(report.monitors[0]?.reachable, true);
  const lines = bgpPathLines(report);
  assert.match(
    lines[0] ?? '',
    /^AS paths to 192\.0\.2\.0\/24 \(round 2025-11-20 16:00 UTC\): 1 of 1 monitor reach 192\.0\.2\.0\/24$/,
  );
});

test("text: each monitor's route, the replaced one beneath, prepending counted, names neutralised and bounded", () => {
  assert.equal(asPathText([LEVEL3, DEST, DEST, DEST]), 'AS 3356 Level 3 → AS 64500 Example Org ×3');
  assert.equal(asPathText([]), 'no route');
  const report = bgpPathReport({
    prefixId: '215',
    roundId: ROUND,
    routes: [
      route('1', ROUND, [LEVEL3, COGENT, DEST]),
      route('2', ROUND, [{ asn: 65001, asName: 'Evil [run](command:x)\u001b[31m' }]),
    ],
    results: [result('1', ROUND, 100, 1), result('2', ROUND, 0)],
    previous: { roundId: BEFORE, routes: [route('1', BEFORE, [LEVEL3, TELIA, DEST])] },
  });
  const lines = bgpPathLines(report);
  assert.equal(
    lines[0],
    'AS paths to 192.0.2.0/24 (round 2025-11-20 16:00 UTC, compared with 2025-11-20 15:55 UTC): 1 of 2 monitors reach 192.0.2.0/24; 1 route changed (AS 1299 Telia left; AS 174 Cogent joined)',
  );
  assert.match(lines[1] ?? '', /^ {2}UNREACHABLE Monitor 2 {4}0% {2}AS 65001 Evil \[run\]\u200b\(command:x\)\[31m$/);
  assert.match(
    lines[2] ?? '',
    /^ {2}CHANGED {5}Monitor 1 {2}100% {2}AS 3356 Level 3 → AS 174 Cogent → AS 64500 Example Org$/,
  );
  assert.match(lines[3] ?? '', /^ {31}was AS 3356 Level 3 → AS 1299 Telia → AS 64500 Example Org$/);
  const long = bgpPathReport({
    prefixId: '215',
    roundId: ROUND,
    routes: [
      route(
        '1',
        ROUND,
        Array.from({ length: 500 }, (_, i) => ({ asn: i, asName: 'x' })),
      ),
    ],
  });
  assert.equal(long.monitors[0]?.path.length, MAX_AS_HOPS);
});
