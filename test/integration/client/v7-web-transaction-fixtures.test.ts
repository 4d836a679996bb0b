// A web transaction's round and one of its pages from the vendor's own example bodies
// (test/fixtures/v7/web-transaction-*.json, from its Python SDK's tests), served over loopback
// HTTP and read through the client: the agent beside the round, the pages named by their
// number, the script's markers, and the page's HAR whole enough for its waterfall.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildWaterfall } from '../../../src/analysis/har/waterfall';
import { readHar } from '../../../src/analysis/har/reader';
import { vendorBodiesClient, type VendorBodies } from './vendor-bodies';

const TEST_ID = '281474976710706';
const AGENT = '281474976710706';
const ROUND = 1384309800;
const ROUND_PATH = `/v7/test-results/${TEST_ID}/web-transactions/agent/${AGENT}/round/${ROUND}`;

describe("a web transaction's round and page, from the vendor's example bodies", () => {
  let bodies: VendorBodies;
  before(async () => {
    bodies = await vendorBodiesClient({
      [ROUND_PATH]: 'web-transaction-round.json',
      [`${ROUND_PATH}/page/0`]: 'web-transaction-page.json',
    });
  });
  after(() => bodies.close());

  test('the round names its agent, its transaction time, its pages by number and its markers', async () => {
    const detail = await bodies.client.getWebTransactionDetail(TEST_ID, AGENT, ROUND);
    assert.deepEqual(
      [
        detail.agentId,
        detail.agentName,
        detail.roundId,
        detail.transactionTime,
        detail.componentErrors,
        detail.errorType,
      ],
      [AGENT, 'thousandeyes-stg-va-254', ROUND, 2379, 5, 'None'],
    );
    assert.deepEqual(
      detail.pages.map((p) => [p.pageId, p.pageName, p.componentCount, p.errorCount, p.duration]),
      [
        ['0', 'Google', 136, 0, 1117.5660001039505],
        ['0', 'Google', 136, 0, 1117.5660001039505],
      ],
    );
    assert.deepEqual(
      detail.markers?.map((m) => [m.name, m.duration]),
      [
        ['SearchForWebdriver', 1360],
        ['SearchForWebdriver', 1360],
      ],
    );
    assert.match(
      String(detail.permalink),
      /^http:\/\/127\.0\.0\.1:\d+\/v7\/link\/to\/resource\/id$/,
      "the result's link in the app",
    );
  });

  test('a page of the round comes with its HAR, and its waterfall draws the redirect and the page it led to', async () => {
    const page = await bodies.client.getWebTransactionPage(TEST_ID, AGENT, ROUND, '0');
    assert.deepEqual([page.agentId, page.roundId, page.pages.length], [AGENT, ROUND, 2]);
    assert.ok(page.har, "the page's HAR");
    const doc = readHar(page.har);
    const waterfall = buildWaterfall(doc, 'page_0');
    assert.deepEqual(
      waterfall.rows.map((row) => [row.entry.url, row.entry.status]),
      [
        ['https://google.com/', 301],
        ['https://www.google.com/', 200],
      ],
    );
    assert.equal(bodies.server.paths().at(-1), `GET ${ROUND_PATH}/page/0`);
  });
});
