// The v7 answers (fixtures written from the vendor's OpenAPI) through the client and on into
// the analyses the views draw: summaries of every list, the session overview and verdict,
// the page waterfall, the merged path and its localization. Nothing shows undefined or NaN.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildWaterfall, readHar } from '../../../src/analysis/har';
import { localizePathTraces, mergePathTraces } from '../../../src/analysis/path';
import * as summaries from '../../../src/analysis/records/summaries';
import type { RecordSummary } from '../../../src/analysis/records/summaries';
import { sessionOverview, sessionVerdict } from '../../../src/analysis/session';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { V7Server, V7_IDS } from './v7-server';

const SHOWN_WRONG = /undefined|NaN|\[object Object\]/;

function assertShowable(summary: RecordSummary): void {
  const shown = [summary.label, summary.description, summary.title, ...summary.facts.flat()].join('\n');
  assert.doesNotMatch(shown, SHOWN_WRONG, shown);
}

describe('v7 answers through the analyses', () => {
  let server: V7Server;
  let client: NetmonClient;
  before(async () => {
    server = await V7Server.start();
    client = createNetmonClient({ baseUrl: server.url, credentials: { kind: 'bearer', token: 't' } });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  test('every list summarises without a hole', async () => {
    const now = new Date('2022-07-18T00:00:00Z');
    for (const session of (await client.userSessions({ window: '1d' }).collect()).records)
      assertShowable(summaries.userSessionSummary(session, now));
    for (const network of (await client.networkSessions({ window: '1d' }).collect()).records)
      assertShowable(summaries.networkSessionSummary(network, now));
    for (const probe of (await client.networkProbes({ window: '1d' }).collect()).records)
      assertShowable(summaries.probeSummary(probe, now));
    for (const agent of (await client.endpointAgents().collect()).records)
      assertShowable(summaries.agentSummary(agent, now.getTime()));
    for (const network of (await client.networks().collect()).records)
      assertShowable(summaries.networkSummary(network));
    for (const endpointTest of (await client.endpointTests().collect()).records)
      assertShowable(summaries.endpointTestSummary(endpointTest));
    for (const metric of (await client.netMetrics(V7_IDS.netTest, { window: '1d' }).collect()).records)
      assertShowable(summaries.metricSummary(metric));
    for (const summary of (await client.pathVis(V7_IDS.netTest, { window: '1d' }).collect()).records)
      assertShowable(summaries.pathVisRecordSummary(summary));
    for (const result of (await client.httpServerResults(V7_IDS.webTest, { window: '1d' }).collect()).records)
      assertShowable(summaries.httpServerSummary(result));
    for (const agent of (await client.enterpriseAgents().collect()).records)
      assertShowable(summaries.enterpriseAgentSummary(agent));
    const detail = await client.getUserSession(V7_IDS.session);
    for (const page of detail.pages) assertShowable(summaries.pageSummary(page));
  });

  test('a v7 session reads as an overview with its pages, Wi-Fi and a verdict', async () => {
    const detail = await client.getUserSession(V7_IDS.session);
    const overview = sessionOverview(detail, 'Office Printer');
    assert.equal(overview.userSessionId, V7_IDS.session);
    assert.equal(overview.connection, 'wireless');
    assert.equal(overview.pages.length, 2);
    assert.ok(overview.wireless.some((field) => JSON.stringify(field).includes('Internet for the masses')));
    const verdict = sessionVerdict(detail);
    assert.doesNotMatch(verdict.line, SHOWN_WRONG);
    assert.ok(verdict.segments.length > 0);
  });

  test('a v7 page HAR draws its waterfall', async () => {
    const har = readHar(await client.getPageDetails(V7_IDS.session, V7_IDS.page));
    const waterfall = buildWaterfall(har, har.pages[0]?.id ?? '');
    assert.equal(waterfall.rows.length, 1);
    assert.doesNotMatch(JSON.stringify(waterfall.rows), /NaN|undefined/);
  });

  test("a v7 round's traces merge into a path and localize", async () => {
    const trace = await client.getPathTrace(V7_IDS.netTest, V7_IDS.agent, V7_IDS.round);
    const graph = mergePathTraces([trace]);
    assert.ok(graph.nodes.length >= 2, 'the hops of the trace');
    const found = localizePathTraces([trace]);
    assert.doesNotMatch(found.headline, SHOWN_WRONG);
  });
});
