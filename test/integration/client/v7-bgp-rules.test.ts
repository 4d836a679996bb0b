// A `bgp` rule replayed over the vendor's own BGP example body (test/fixtures/v7/bgp-results.json,
// from its Python SDK's tests), served over loopback HTTP and read through the client as the
// backtest reads it: the body lists one monitor (281474976710706) twice in round 1384309800, with
// reachability 0, updates 0 and pathChanges 0. So, by hand: the monitor is one source of one
// round; `reachability < 100 %` holds there (one firing, open, from that round, that monitor);
// `pathChanges >= 1` and `updates > 0` never hold.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backtestRule, type BacktestRule, type TestRound } from '../../../src/analysis/alerts/backtest';
import type { MetricRecord, SourceRound } from '../../../src/analysis/alerts/evaluate';
import { parseAlertRule } from '../../../src/documents/alert-rules/parse';
import { backtestDocument } from '../../../src/workflows/backtest';
import { vendorBodiesClient, type VendorBodies } from './vendor-bodies';

const TEST_ID = 281474976710706;
const ROUND = 1384309800;
const MONITOR = '281474976710706';
/** The test as a v7 list would give it: a BGP test linking its BGP results (the example test is agent-to-server). */
const BGP_TESTS = {
  tests: [
    {
      testId: String(TEST_ID),
      testName: 'ThousandEyes Test',
      type: 'bgp',
      _links: { testResults: [{ href: `https://api.thousandeyes.com/v7/test-results/${TEST_ID}/bgp` }] },
    },
  ],
};

const rule = (expression: string): BacktestRule => ({
  alertType: 'bgp',
  expression,
  roundsViolatingMode: 'any',
  roundsViolatingRequired: 1,
  roundsViolatingOutOf: 1,
  minimumSources: 1,
});

describe("bgp rules over the vendor's example BGP results", () => {
  let bodies: VendorBodies;
  before(async () => {
    bodies = await vendorBodiesClient({
      [`/v7/test-results/${TEST_ID}/bgp`]: 'bgp-results.json',
      '/v7/tests': { status: 200, body: BGP_TESTS },
      '/v7/alerts/rules': 'alert-rules.json',
    });
  });
  after(() => bodies.close());

  test('backtestRule over the records the client reads: one firing of the unreachable monitor, no path change', async () => {
    const walk = await bodies.client.testResults('bgp', TEST_ID, { window: '1h' }).collect({ maxRecords: 100 });
    assert.equal(walk.records.length, 2);
    const sources: Record<string, SourceRound> = {};
    for (const record of walk.records) {
      const { agentId, roundId, reachability, updates, pathChanges } = record as Record<string, unknown>;
      assert.equal(roundId, ROUND);
      sources[String(agentId)] = { values: { reachability, updates, pathChanges } as MetricRecord };
    }
    const rounds: TestRound[] = [{ roundId: ROUND, sources }];
    const unreachable = backtestRule(rule('((reachability < 100%))'), [{ testId: String(TEST_ID), rounds }]);
    assert.ok(unreachable.ok);
    assert.deepEqual(unreachable.metricProblems, []);
    assert.deepEqual(unreachable.firings, [
      { testId: String(TEST_ID), startRoundId: ROUND, sources: [MONITOR], rounds: 1 },
    ]);
    for (const expression of ['((pathChanges >= 1))', '((updates > 0))']) {
      const none = backtestRule(rule(expression), [{ testId: String(TEST_ID), rounds }]);
      assert.ok(none.ok);
      assert.equal(none.firingCount, 0, expression);
    }
  });

  test('the backtest of a bgp rule document reads the same: one firing, the monitor by its name', async () => {
    const text = JSON.stringify({
      ...rule('((reachability < 100%))'),
      ruleName: 'Unreachable prefix',
      tests: [TEST_ID],
    });
    const parsed = parseAlertRule(text);
    assert.ok(parsed.ok, JSON.stringify(parsed.problems));
    const account = { client: bodies.client, serviceKey: 'vendor', aidKey: '', requestAid: undefined, label: 'vendor' };
    const report = await backtestDocument(
      { ...account, close: async () => {} },
      { document: parsed.document, days: 1 },
    );
    assert.equal(report.kind, 'bgp');
    assert.equal(report.result.firingCount, 1);
    assert.deepEqual(report.result.firings[0]?.sources, [MONITOR]);
    assert.equal(report.agentNames[MONITOR], 'Vancouver, Canada - Bell Canada (AS 6539)');
    assert.equal(report.deployed, undefined, 'the example rules are named otherwise');
  });
});
