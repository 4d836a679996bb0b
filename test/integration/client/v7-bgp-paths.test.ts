// A BGP test's AS paths from the vendor's own example bodies (test/fixtures/v7/bgp-*.json,
// from its Python SDK's tests), served over loopback HTTP and read through the client as
// `netmon results` reads them: the monitor (listed twice, with the same route twice) is one
// monitor, unreachable as its result says, its route prepended; the round before is asked
// for and, gone (404), leaves the comparison out and the report in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readResultsSummary } from '../../../src/analysis/results/read';
import { resultsText } from '../../../src/analysis/results/text';
import type { EnterpriseTest } from '../../../src/api/types';
import { vendorBodiesClient, type VendorBodies } from './vendor-bodies';

const TEST_ID = 281474976710706;
const ROUND = 1384309800;
const BGP_TEST = { testId: TEST_ID, testName: 'ThousandEyes Test', type: 'bgp', interval: 60 } as EnterpriseTest;

describe("AS paths of a BGP test, from the vendor's example bodies", () => {
  let bodies: VendorBodies;
  before(async () => {
    bodies = await vendorBodiesClient({
      [`/v7/test-results/${TEST_ID}/bgp`]: 'bgp-results.json',
      [`/v7/test-results/${TEST_ID}/bgp/routes/prefix/215/round/${ROUND}`]: 'bgp-routes.json',
    });
  });
  after(() => bodies.close());

  test('one monitor, unreachable, its AS path prepended; the round before asked for and left out', async () => {
    const summary = await readResultsSummary(bodies.client, BGP_TEST, { window: '1h' });
    const [report] = summary.bgpPaths ?? [];
    assert.ok(report, 'a report for the prefix of the newest round');
    assert.equal(summary.bgpPaths?.length, 1);
    assert.deepEqual(
      [report.prefixId, report.prefix, report.roundId, report.previousRoundId],
      ['215', '99.128.0.0/11', ROUND, undefined],
    );
    assert.deepEqual(
      report.monitors.map((m) => [m.monitorId, m.monitorName, m.reachability, m.reachable, m.change]),
      [['281474976710706', 'Vancouver, Canada - Bell Canada (AS 6539)', 0, false, 'same']],
    );
    assert.deepEqual(report.monitors[0]?.path, [
      { asn: 852, asName: 'Telus Advanced Communications' },
      { asn: 852, asName: 'Telus Advanced Communications' },
    ]);
    assert.deepEqual(
      bodies.server
        .paths()
        .filter((path) => path.includes('/routes/'))
        .sort(),
      [
        `GET /v7/test-results/${TEST_ID}/bgp/routes/prefix/215/round/${ROUND - 60}`,
        `GET /v7/test-results/${TEST_ID}/bgp/routes/prefix/215/round/${ROUND}`,
      ],
    );
    const text = resultsText(summary);
    assert.match(
      text,
      /\nAS paths to 99\.128\.0\.0\/11 \(round 2013-11-13 02:30 UTC\): 0 of 1 monitor reach 99\.128\.0\.0\/11; no route changed\n/,
    );
    assert.match(
      text,
      /\n {2}UNREACHABLE Vancouver, Canada - Bell Canada \(AS 6539\) {4}0% {2}AS 852 Telus Advanced Communications ×2$/,
    );
  });
});
