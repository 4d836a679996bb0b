// Every operation the product uses, against a v7 service answering with bodies written from
// the vendor's OpenAPI (test/fixtures/v7): each request goes where v7 has the resource, with
// v7's body and Accept, and each answer decodes into the same domain record the views read.
import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { V7Server, V7_IDS } from './v7-server';

describe('v7 operations', () => {
  let server: V7Server;
  let client: NetmonClient;
  before(async () => {
    server = await V7Server.start();
    client = createNetmonClient({
      baseUrl: server.url,
      credentials: { kind: 'bearer', token: 't' },
      apiVersion: 'v7',
      aid: 1234,
    });
  });
  afterEach(() => server.reset());
  after(async () => {
    await client.close();
    await server.close();
  });

  test('endpoint agents: list (cursor pages), detail with the v7 extras a troubleshooter needs', async () => {
    const { records } = await client.endpointAgents().collect();
    assert.deepEqual(
      records.map((a) => [a.agentId, a.agentName, a.numberOfClients, a.deleted]),
      [
        [V7_IDS.agent, 'Office Printer', 3, false],
        ['3fde6422-f119-40e1-ae32-d08a1243c038', 'Kitchen laptop', 2, false],
      ],
    );
    assert.equal(records[1]?.location?.latitude, 46.0552778, 'a numeric string is a number');
    const agent = await client.getEndpointAgent(V7_IDS.agent);
    assert.equal(agent.agentId, V7_IDS.agent);
    assert.equal(agent.computerName, 'DESKJET-123');
    assert.equal(agent.lastSeen, '2022-05-26T23:37:16Z');
    assert.equal(agent.publicIP, '88.45.2.123');
    assert.equal(agent.location?.locationName, 'London');
    assert.deepEqual(agent.vpnProfiles?.[0]?.vpnClientAddresses, ['10.100.0.10']);
    const { endpointAgents } = await client.listEndpointAgents();
    assert.deepEqual(
      endpointAgents.map((a) => a.agentId),
      [V7_IDS.agent],
      'the first page in the domain envelope',
    );
    assert.ok(server.requests.every((r) => r.accept === 'application/json, application/hal+json'));
    assert.equal(server.requests[0]?.query['aid'], '1234');
    assert.deepEqual(server.requests[1]?.query, { max: '1', cursor: 'c2' }, 'the next link is followed as given');
  });

  test('user sessions: the real-user-tests filter with the v7 map and dates, and the detail', async () => {
    const from = new Date('2022-07-17T22:00:54.123Z');
    const to = new Date('2022-07-18T22:00:54Z');
    const walk = client.userSessions({
      from,
      to,
      filters: [
        { key: 'connection', values: ['Wireless'] },
        { key: 'platform', values: ['Mac', 'roomos'] },
      ],
    });
    const pages = [];
    for await (const page of walk.pages()) pages.push(page);
    const sent = server.requests[0];
    assert.equal(sent?.path, '/v7/endpoint/test-results/real-user-tests/filter');
    assert.deepEqual(sent?.body, { searchFilters: { connection: ['wireless'], platform: ['mac', 'roomos'] } });
    assert.equal(sent?.query['startDate'], '2022-07-17T22:00:54Z');
    assert.equal(sent?.query['endDate'], '2022-07-18T22:00:54Z');
    assert.equal(sent?.contentType, 'application/json');
    const records = pages.flatMap((page) => page.records);
    assert.deepEqual(
      records.map((s) => s.userSessionId),
      [V7_IDS.session, '07625:1490529540:h3qJQTpl', '07625:1490529600:zzzzzzzz'],
    );
    assert.equal(records[0]?.sourceAddr, '84.255.241.1');
    assert.equal(records[0]?.orgName, 'T-2 Access Network');
    assert.equal(records[1]?.roundId, 1384309860);
    assert.equal(records[1]?.experienceScore, undefined, 'null is absent');
    assert.equal(pages[0]?.response.from, '2022-07-17T22:00:54Z', 'the stated range is read back');
    assert.equal(pages[0]?.response.to, '2022-07-18T22:00:54Z');
    assert.deepEqual(server.requests[1]?.body, server.requests[0]?.body, 'the next page re-POSTs the same filters');

    const detail = await client.getUserSession(V7_IDS.session);
    assert.equal(detail.userSessionId, V7_IDS.session);
    assert.deepEqual(
      detail.pages.map((p) => [p.id, p.title, p.responseCode]),
      [
        ['C31gBrYJ', 'Network Performance Resources | ThousandEyes', 200],
        ['281474976710706', 'Dashboard', 200],
      ],
    );
    assert.equal(detail.pages[0]?.startedDateTime, '2022-07-17T22:00:54Z');
    assert.deepEqual(detail.network.connect, { rtt: 77.777 });
    assert.equal(detail.network.icmpBlocked, true);
    assert.equal(detail.network.ping, 'An operation timed out.', 'a failed measurement is its error');
    assert.equal(typeof detail.network.gatewayPing === 'object' && detail.network.gatewayPing.avgRtt, 7);
    assert.deepEqual(
      typeof detail.network.traceroute === 'object' && detail.network.traceroute.hops.map((h) => h.delay),
      [5, 9],
    );
    assert.equal(detail.network.networkProfile.wirelessProfile?.ssid, 'Internet for the masses');
  });

  test('pages: the filter map is the body itself (its schema), and the page HAR with systemMetrics', async () => {
    const { records } = await client
      .webSessions({ window: '12h', filters: [{ key: 'visitedSite', values: ['app.thousandeyes.com'] }] })
      .collect();
    assert.deepEqual(server.requests[0]?.body, { visitedSite: ['app.thousandeyes.com'] });
    assert.equal(server.requests[0]?.query['window'], '12h');
    assert.deepEqual(
      records.map((p) => [p.pageId, p.userSessionId, p.responseTime, p.roundId]),
      [
        ['C31gBrYJ', V7_IDS.session, 240, 1384309800],
        ['281474976710706', V7_IDS.session, 310, 1384309800],
      ],
    );
    assert.equal(records[0]?.date, '2022-07-17T22:00:54Z');
    const har = await client.getPageDetails(V7_IDS.session, V7_IDS.page);
    assert.equal(har.log.entries.length, 1);
    assert.equal(har._systemMetrics?.physicalMemoryTotalBytes, 1024, 'v7 systemMetrics reads as the HAR custom field');
  });

  test('network sessions and local-network topologies, with the per-segment scores', async () => {
    const network = await client.networkSessions({ window: '1d' }).collect();
    assert.equal(server.requests[0]?.path, '/v7/endpoint/test-results/real-user-tests/networks/filter');
    assert.deepEqual(server.requests[0]?.body, {});
    assert.equal(network.records[0]?.userSessionId, V7_IDS.session);
    assert.equal(network.records[0]?.destination.latency, 150);
    const probes = await client
      .networkProbes({ window: '1d', filters: [{ key: 'type', values: ['dns', 'vpn'] }] })
      .collect();
    assert.deepEqual(server.requests[1]?.body, { searchFilters: { type: ['dns', 'vpn'] } });
    assert.deepEqual(
      probes.records.map((p) => [p.networkProbeId, p.type, p.icmpBlocked]),
      [
        [V7_IDS.topology, 'vpn', false],
        ['00160:54c3a4b180c6:1490536500:dns00001', 'dns', true],
      ],
    );
    assert.deepEqual(probes.records[0]?.vpnScore, { score: 42.5, quality: 'poor' });
    assert.equal(probes.records[0]?.proxyScore?.score, 88);
    const probe = await client.getNetworkProbe(V7_IDS.topology);
    assert.equal(probe.networkProbeId, V7_IDS.topology);
    assert.equal(probe.networkProfile.gateway, '10.0.0.1');
    assert.equal(probe.gatewayScore?.quality, 'great');
  });

  test('local networks', async () => {
    const { privateNetworks } = await client.listNetworks();
    assert.deepEqual(
      privateNetworks.map((n) => n.networkId),
      ['006c4fa7a054', '660134109'],
    );
    assert.equal(server.paths()[0], 'GET /v7/endpoint/test-results/local-networks');
  });

  test('endpoint scheduled tests: list, by type, and by id through the type the list gave', async () => {
    const { endpointTest } = await client.listEndpointTests();
    assert.deepEqual(
      endpointTest.map((t) => [t.testId, t.type, t.enabled, t.interval]),
      [
        [202701, 'agent-to-server', 1, 300],
        [281474976710706, 'http-server', 1, 60],
      ],
    );
    const byType = await client.endpointTests({ type: 'http-server' }).collect();
    assert.deepEqual(
      byType.records.map((t) => t.testId),
      [281474976710706],
    );
    const fresh = createNetmonClient({
      baseUrl: server.url,
      credentials: { kind: 'bearer', token: 't' },
      apiVersion: 'v7',
    });
    server.reset();
    const one = await fresh.getEndpointTest(281474976710706);
    await fresh.close();
    assert.equal(one.testName, 'Example web');
    assert.equal(one.verifyCertificate, 1);
    assert.deepEqual(server.paths(), [
      'GET /v7/endpoint/tests/scheduled-tests',
      'GET /v7/endpoint/tests/scheduled-tests/http-server/281474976710706',
    ]);
  });

  test('instant tests: v7 paths and bodies, answered by the test', async () => {
    const web = await client.createInstantTest('http-server', {
      testName: 'instant web',
      url: 'https://example.org',
      maxMachines: 3,
      flagPing: true,
      groupId: 5,
    });
    assert.equal(web.testId, 281474976710800);
    assert.equal(web.type, 'http-server');
    assert.deepEqual(server.requests[0]?.body, {
      testName: 'instant web',
      url: 'https://example.org',
      maxMachines: 3,
      hasPing: true,
      agentSelectorType: 'agent-labels',
      endpointAgentLabels: ['5'],
    });
    const net = await client.createInstantTest('agent-to-server', {
      testName: 'instant net',
      serverName: 'example.org',
      maxMachines: 2,
    });
    assert.equal(net.testId, 281474976710801);
    assert.deepEqual(server.requests[1]?.body, { testName: 'instant net', maxMachines: 2, server: 'example.org' });
    assert.deepEqual(server.paths(), [
      'POST /v7/endpoint/tests/scheduled-tests/http-server/instant',
      'POST /v7/endpoint/tests/scheduled-tests/agent-to-server/instant',
    ]);
  });

  test("scheduled-test results: network filter, path-vis, one round's traces, http-server", async () => {
    const metrics = await client.netMetrics(V7_IDS.netTest, { window: '1h' }).collect();
    assert.equal(server.requests[0]?.method, 'POST');
    assert.deepEqual(
      metrics.records.map((m) => [m.agentId, m.avgLatency, m.loss, m.roundId]),
      [
        [V7_IDS.agent, 167.04, 0, 1384309800],
        ['3fde6422-f119-40e1-ae32-d08a1243c038', 171.5, 2.5, 1384309800],
      ],
    );
    const summaries = await client.pathVis(V7_IDS.netTest, { window: '1h' }).collect();
    assert.equal(summaries.records[0]?.endpoints[0]?.numberOfHops, 15);
    assert.equal(summaries.records[0]?.location, 'San Francisco Area');
    const trace = await client.getPathTrace(V7_IDS.netTest, V7_IDS.agent, V7_IDS.round);
    assert.equal(trace.agentId, V7_IDS.agent);
    assert.deepEqual(
      trace.routes[0]?.hops.map((h) => [h.hop, h.responseTime]),
      [
        [1, 1],
        [3, 12],
      ],
    );
    assert.equal(trace.vpnRoutes?.[0]?.hops[0]?.ipAddress, '120.98.134.7');
    const http = await client.httpServerResults(V7_IDS.webTest, { window: '1h' }).collect();
    assert.equal(http.records[0]?.wireSize, 9993);
    assert.match(http.records[0]?.responseHeaders ?? '', /^HTTP\/1\.1 200 OK/);
  });

  test('enterprise tests: POST answers the test itself, PUT, DELETE, and dns-dnssec is dnssec', async () => {
    const created = await client.createTest('agent-to-server', {
      testName: 'v7 probe',
      interval: 300,
      agents: [{ agentId: 1000 }],
      server: 'example.com',
    });
    assert.deepEqual([created.testId, created.enabled, created.agents[0]?.agentId], [281474976710706, 1, 1000]);
    assert.deepEqual(server.requests[0]?.body, {
      testName: 'v7 probe',
      interval: 300,
      agents: [{ agentId: '1000' }],
      server: 'example.com',
    });
    const updated = await client.updateTest('agent-to-server', created.testId, {
      testName: 'v7 probe renamed',
      interval: 600,
    });
    assert.deepEqual([updated.testName, updated.interval, updated.enabled], ['v7 probe renamed', 600, 0]);
    await client.deleteTest('agent-to-server', created.testId);
    await client.createTest('dns-dnssec', {
      testName: 'dnssec',
      interval: 300,
      agents: [{ agentId: 1000 }],
      domain: 'example.com',
    });
    assert.deepEqual(server.paths(), [
      'POST /v7/tests/agent-to-server',
      'PUT /v7/tests/agent-to-server/281474976710706',
      'DELETE /v7/tests/agent-to-server/281474976710706',
      'POST /v7/tests/dnssec',
    ]);
    await assert.rejects(
      client.createTest('http-server', { testName: 'x', interval: 60, agents: [] }, { legacyPaths: true }),
      /API v6.*speaks API v7/,
    );
    const listed = await client.listEnterpriseTests();
    assert.deepEqual(
      listed.map((t) => [t.testId, t.type, t.interval, t.enabled]),
      [
        [281474976710706, 'agent-to-server', 300, 1],
        [1040, 'dnssec', 600, 0],
      ],
    );
  });

  test('enterprise agents and account groups', async () => {
    const { records } = await client.enterpriseAgents({ agentTypes: ['ENTERPRISE', 'CLOUD'] }).collect();
    assert.equal(server.requests[0]?.query['agentTypes'], 'enterprise,cloud');
    assert.deepEqual(
      records.map((a) => [a.agentId, a.agentType, a.enabled]),
      [
        [281474976710706, 'Enterprise', true],
        [1000, 'Cloud', true],
      ],
    );
    const agent = await client.getEnterpriseAgent(281474976710706);
    assert.equal(agent.agentName, 'thousandeyes-stg-va-254');
    const { accountGroups } = await client.listAccountGroups();
    assert.deepEqual(
      accountGroups.map((g) => [g.aid, g.accountGroupName, g.current, g.default]),
      [
        [1234, 'Account A', true, true],
        [5678, 'Account B', false, false],
      ],
    );
  });
});
