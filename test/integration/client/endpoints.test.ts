// Every method of the client against the emulator: right path, right query, typed result.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { NetmonClient } from '../../../src/api';
import { TestBed } from './helpers';

describe('NetmonClient endpoints', () => {
  let bed: TestBed;
  let client: NetmonClient;
  before(async () => {
    bed = await TestBed.start({ pageSize: 20, instantTestDelaySeconds: 0 });
    client = bed.client('admin');
  });
  after(() => bed.close());

  test('lists the account groups the user can pick an aid from', async () => {
    const { accountGroups } = await client.listAccountGroups();
    assert.ok(accountGroups.length >= 2);
    assert.equal(accountGroups.filter((group) => group.default).length, 1);
    assert.ok(accountGroups.every((group) => typeof group.aid === 'number' && group.accountGroupName !== ''));
  });

  test('creates, updates and deletes a test on the v7 paths', async () => {
    const created = await client.createTest('agent-to-server', {
      testName: 'v7 probe',
      interval: 300,
      agents: [{ agentId: ENTERPRISE_AGENT_ID }],
      server: 'example.com',
    });
    const test = created;
    assert.equal(test.server, 'example.com:80');
    assert.match(test.createdBy, /\(admin@demo\.netmon\)$/);
    const updated = await client.updateTest('agent-to-server', test.testId, {
      testName: 'v7 probe renamed',
      interval: 600,
    });
    assert.equal(updated.testName, 'v7 probe renamed');
    assert.equal(updated.interval, 600);
    assert.ok(updated.modifiedDate);
    await client.deleteTest('agent-to-server', test.testId);
    const methods = (await bed.requests())
      .filter((r) => r.path.startsWith('/v7/tests'))
      .map((r) => `${r.method} ${r.status}`);
    assert.deepEqual(methods.slice(-3), ['POST 201', 'PUT 200', 'DELETE 200']);
  });

  test('creates, updates and deletes a test on the older unversioned paths', async () => {
    const created = await client.createTest(
      'http-server',
      {
        testName: 'legacy web',
        interval: 60,
        agents: [{ agentId: String(ENTERPRISE_AGENT_ID) }],
        url: 'https://example.com',
      },
      { legacyPaths: true },
    );
    const testId = created.testId;
    assert.ok(testId);
    await client.updateTest('http-server', testId, { interval: 120 }, { legacyPaths: true });
    await client.deleteTest('http-server', testId, { legacyPaths: true });
    const paths = (await bed.requests())
      .filter((r) => r.path.startsWith('/tests/'))
      .map((r) => `${r.method} ${r.path} ${r.status}`);
    assert.deepEqual(paths.slice(-3), [
      'POST /tests/http-server/new 201',
      `POST /tests/http-server/${testId}/update 200`,
      `POST /tests/http-server/${testId}/delete 200`,
    ]);
  });

  test('lists endpoint tests, by type, and one by id', async () => {
    const all = (await client.listEndpointTests()).endpointTest;
    assert.ok(all.some((t) => t.type === 'http-server') && all.some((t) => t.type === 'agent-to-server'));
    assert.ok(all.every((t) => t.savedEvent === 0));
    const http = (await client.listEndpointTests({ type: 'http-server' })).endpointTest;
    assert.ok(http.length > 0 && http.every((t) => t.type === 'http-server'));
    const one = await client.getEndpointTest(http[0]?.testId ?? 0);
    assert.equal(one.testId, http[0]?.testId);
  });

  test('runs instant tests of both types and answers with the definition', async () => {
    const web = await client.createInstantTest('http-server', {
      testName: 'instant web',
      url: 'https://example.org',
      maxMachines: 3,
    });
    assert.equal(web?.type, 'http-server');
    assert.ok(web?.apiLinks.some((link) => link.rel === 'data'));
    const net = await client.createInstantTest('agent-to-server', {
      testName: 'instant net',
      serverName: 'example.org',
      maxMachines: 2,
    });
    assert.equal(net?.type, 'agent-to-server');
    const created = (await bed.requests())
      .filter((r) => r.path.startsWith('/v6/endpoint-instant/'))
      .map((r) => r.status);
    assert.deepEqual(created.slice(-2), [201, 201]);
  });

  test('walks scheduled-test data and reads one path trace', async () => {
    const tests = (await client.listEndpointTests()).endpointTest;
    const network = tests.find((t) => t.type === 'agent-to-server');
    const web = tests.find((t) => t.type === 'http-server');
    assert.ok(network && web);
    const metrics = await client.netMetrics(network.testId, { window: '2h' }).collect();
    assert.ok(metrics.complete && metrics.records.length > 20, 'more than one page of metrics');
    assert.ok(metrics.records.every((m) => typeof m.avgLatency === 'number' && typeof m.roundId === 'number'));
    const paths = await client.pathVis(network.testId, { window: '1h' }).collect({ maxRecords: 5 });
    const summary = paths.records[0];
    assert.ok(summary);
    const trace = await client.getPathTrace(network.testId, String(summary.agentId), summary.roundId);
    assert.ok(trace.routes.length > 0);
    const http = await client.httpServerResults(web.testId, { window: '1h' }).collect();
    assert.ok(http.records.length > 0 && http.records.every((r) => typeof r.responseCode === 'number'));
  });

  test('sends from/to as UTC YYYY-mm-ddTHH:MM:SS', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 3 * 3600_000);
    await client.userSessions({ from, to }).collect({ maxRecords: 1 });
    const sent = (await bed.requests()).filter((r) => r.path === '/v6/endpoint-data/user-sessions').at(-1);
    assert.equal(sent?.query['from'], from.toISOString().slice(0, 19));
    assert.equal(sent?.query['to'], to.toISOString().slice(0, 19));
    assert.match(sent?.query['from'] ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  });

  test('walks the four endpoint-data lists and reads their details', async () => {
    const sessions = await client.userSessions({ window: '2h' }).collect();
    assert.ok(sessions.records.length > 20);
    const session = sessions.records[0];
    assert.ok(session);
    const detail = await client.getUserSession(session.userSessionId);
    assert.equal(detail?.userSessionId, session.userSessionId);
    const pageId = detail?.pages[0]?.id;
    assert.ok(pageId);
    const har = await client.getPageDetails(session.userSessionId, pageId);
    assert.ok(har.log.entries.length > 0);
    const web = await client.webSessions({ window: '1h' }).collect();
    assert.ok(web.records.every((w) => typeof w.pageUrl === 'string'));
    const network = await client.networkSessions({ window: '1h' }).collect();
    assert.ok(network.records.every((n) => typeof n.destination.target === 'string'));
    const probes = await client.networkProbes({ window: '1h' }).collect();
    const probe = probes.records[0];
    assert.ok(probe);
    const probeDetail = await client.getNetworkProbe(probe.networkProbeId);
    assert.equal(probeDetail?.networkProbeId, probe.networkProbeId);
    assert.ok(probeDetail?.networkProfile);
  });

  test('lists networks and endpoint agents, and reads one agent', async () => {
    const { privateNetworks } = await client.listNetworks();
    assert.ok(privateNetworks.length > 0 && privateNetworks.every((n) => n.networkId && n.localPrefix));
    const { endpointAgents } = await client.listEndpointAgents();
    const agent = endpointAgents[0];
    assert.ok(agent);
    const detail = await client.getEndpointAgent(agent.agentId);
    assert.equal(detail?.agentId, agent.agentId);
    assert.equal(typeof detail?.numberOfClients, 'number');
  });

  test('reads one page by path or by a pages.next URL', async () => {
    const first = await client.userSessions({ window: '2h' }).pages().next();
    assert.ok(!first.done && first.value.next);
    const second = (await client.getPage(first.value.next)) as { pages: { current: number } };
    assert.equal(second.pages.current, 2);
    const byPath = (await client.getPage('/v6/endpoint-agents')) as { endpointAgents: unknown[] };
    assert.ok(byPath.endpointAgents.length > 0);
  });

  test('keeps fields and enum values the spec does not list', async () => {
    // apiLinks, protocol and direction are not part of the spec's enterprise test table.
    const created = await client.createTest('agent-to-agent', {
      testName: 'a2a extras',
      interval: 300,
      agents: [{ agentId: ENTERPRISE_AGENT_ID }],
      targetAgentId: 1037,
    });
    const test = created;
    assert.ok(Array.isArray(test['apiLinks']));
    assert.equal(test['direction'], 'TO_TARGET');
    assert.equal(test.type, 'agent-to-agent');
    await client.deleteTest('agent-to-agent', test.testId);
  });
});

/** The emulator's first enterprise agents are visible in every account group. */
const ENTERPRISE_AGENT_ID = 1000;
