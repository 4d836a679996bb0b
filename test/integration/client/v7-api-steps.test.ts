// An API test's steps from the vendor's own example bodies (test/fixtures/v7/api-*.json, from
// its Python SDK's tests), served over loopback HTTP and read through the client as `netmon
// results` reads them: the round's two requests in order with their times, none failing, the
// slowest named with its share of the transaction time, and as the waterfall draws them; on v6
// the read says it needs v7.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient } from '../../../src/api';
import { readHar } from '../../../src/analysis/har';
import { apiRoundHar } from '../../../src/analysis/results/api-steps-har';
import { readResultsSummary } from '../../../src/analysis/results/read';
import { resultsText } from '../../../src/analysis/results/text';
import { RESULTS_NEED_V7, type EnterpriseTest } from '../../../src/api/types';
import { vendorBodiesClient, type VendorBodies } from './vendor-bodies';

const TEST_ID = 281474976710706;
const AGENT = '281474976710706';
const ROUND = 1384309800;
const ROUND_PATH = `/v7/test-results/${TEST_ID}/api/agent/${AGENT}/round/${ROUND}`;
const API_TEST = { testId: TEST_ID, testName: 'ThousandEyes Test', type: 'api', interval: 60 } as EnterpriseTest;

describe("an API test's steps, from the vendor's example bodies", () => {
  let bodies: VendorBodies;
  before(async () => {
    bodies = await vendorBodiesClient({
      [`/v7/test-results/${TEST_ID}/api`]: 'api-results.json',
      [ROUND_PATH]: 'api-round.json',
    });
  });
  after(() => bodies.close());

  test('the round names its agent and transaction time, and its steps in order with their phases', async () => {
    const detail = await bodies.client.getApiTestDetail(String(TEST_ID), AGENT, ROUND);
    assert.deepEqual(
      [detail.agentId, detail.agentName, detail.roundId, detail.apiTransactionTime, detail.completion],
      [AGENT, 'thousandeyes-stg-va-254', ROUND, 990.1, 100],
    );
    assert.deepEqual(
      detail.requests.map((s) => [
        s.stepNumber,
        s.name,
        s.stepTime,
        s.apiCallTime,
        s.waitTime,
        s.assertErrorCount,
        s.assertions?.length,
      ]),
      [
        [1, 'First Step to Acquire Token', 990.1, 900.9, 18.1, 0, 2],
        [1, 'First Step to Acquire Token', 990.1, 900.9, 18.1, 0, 2],
      ],
    );
    assert.equal(bodies.server.paths().at(-1), `GET ${ROUND_PATH}`);
  });

  test("results of the API test name the slowest step of the agent's newest round, in text and in the summary model", async () => {
    const summary = await readResultsSummary(bodies.client, API_TEST, { window: '1h' });
    const [round] = summary.apiSteps ?? [];
    assert.ok(round, "the steps of the agent's newest round");
    assert.deepEqual(
      [round.agentName, round.roundId, round.transactionTime, round.steps.length, round.culprit],
      ['thousandeyes-stg-va-254', ROUND, 990.1, 2, { stepNumber: 1, why: 'slowest' }],
    );
    assert.ok(round.steps.every((s) => !s.failed && s.time === 990.1));
    const text = resultsText(summary);
    assert.match(
      text,
      /\nAPI steps of thousandeyes-stg-va-254 \(round 2013-11-13 02:30 UTC\): slowest step 1 'First Step to Acquire Token': 990 ms of 990 ms\n {3}1\. ok {5}First Step to Acquire Token {3}990 ms\n {3}1\. ok {5}First Step to Acquire Token {3}990 ms$/,
    );
  });

  test("the round as the waterfall draws it: its two steps one after the other from the round's start, with their phases, both passed", async () => {
    const doc = readHar(
      apiRoundHar(await bodies.client.getApiTestDetail(TEST_ID, AGENT, ROUND), { testName: API_TEST.testName }),
    );
    assert.deepEqual(
      doc.pages.map((p) => p.title),
      ['ThousandEyes Test · thousandeyes-stg-va-254 · 2013-11-13 02:30 UTC'],
    );
    assert.deepEqual(
      doc.entries.map((e) => [e.method, e.url, e.status, e.startMs - ROUND * 1000, e.totalMs]),
      // The test server names itself where the example names the vendor; a HAR's start has whole milliseconds.
      [
        ['GET', `${bodies.server.url}/v7/status`, 200, 0, 900.9],
        ['GET', `${bodies.server.url}/v7/status`, 200, 990, 900.9],
      ],
    );
    assert.deepEqual(doc.entries[0]?.phases, {
      blocked: 49.9,
      dns: 11.1,
      connect: 12.1,
      ssl: 0,
      send: 8.1,
      wait: 18.1,
      receive: 224.1,
    });
  });

  test('on an API v6 account the read says it needs v7', async () => {
    const v6 = createNetmonClient({
      baseUrl: bodies.server.url,
      credentials: { kind: 'basic', email: 'a@example.com', token: 't' },
      apiVersion: 'v6',
    });
    try {
      await assert.rejects(
        v6.getApiTestDetail(TEST_ID, AGENT, ROUND),
        (error: Error) => error.message === RESULTS_NEED_V7,
      );
    } finally {
      await v6.close();
    }
  });
});

describe("an API test's round as a service may send it", () => {
  let bodies: VendorBodies;
  const steps = Array.from({ length: 150 }, (_, index) => ({
    stepNumber: index === 1 ? null : String(index + 1),
    name: `s${index + 1}`,
    stepTime: String(index),
    completion: 100,
  }));
  before(async () => {
    bodies = await vendorBodiesClient({
      '/v7/test-results/5/api/agent/9/round/60': {
        status: 200,
        body: { results: [{ agent: { agentId: 9 }, roundId: '60', apiTransactionTime: '12.5', requests: steps }] },
      },
      '/v7/test-results/5/api/agent/9/round/120': {
        status: 200,
        body: { results: [{ roundId: 120, requests: 'none' }] },
      },
    });
  });
  after(() => bodies.close());

  test('ids and numbers as integers or text, a step without its number numbered by its place, at most 100 steps read; no steps is an empty list', async () => {
    const detail = await bodies.client.getApiTestDetail(5, '9', 60);
    assert.deepEqual(
      [detail.agentId, detail.roundId, detail.apiTransactionTime, detail.requests.length],
      ['9', 60, 12.5, 100],
    );
    assert.deepEqual(
      detail.requests.slice(0, 3).map((s) => [s.stepNumber, s.name, s.stepTime]),
      [
        [1, 's1', 0],
        [2, 's2', 1],
        [3, 's3', 2],
      ],
    );
    const bare = await bodies.client.getApiTestDetail(5, '9', 120);
    assert.deepEqual([bare.agentId, bare.requests], ['9', []]);
  });
});
