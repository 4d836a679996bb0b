import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointTest } from '../../../src/api/types';
import { demoGroup, lastHours, NOW } from './helpers';

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const { world, group } = demoGroup(21);
const range = lastHours(12);

describe('details regenerate from ids alone', () => {
  test('a user session id yields the listed session with its details, in a fresh world too', () => {
    const listed = [...group.userSessions(range)].map((s) => s.record);
    const fresh = demoGroup(21).group;
    for (const record of listed.slice(0, 30)) {
      const detail = fresh.userSession(record.userSessionId);
      assert.ok(detail);
      const { browser, coordinates, pages, network, ...listFields } = detail;
      assert.deepEqual(listFields, record);
      assert.equal(pages.length, record.numberOfPages);
      assert.equal(pages[0]?.id, record.pageId);
      assert.ok(browser.name && coordinates.location && network.networkProfile.ipAddress);
    }
  });

  test('made-up, altered or foreign ids find nothing', () => {
    const id = [...group.userSessions(lastHours(1))][0]?.record.userSessionId ?? '';
    assert.equal(group.userSession('not-an-id'), undefined);
    assert.equal(group.userSession(id.slice(0, -1) + (id.endsWith('0') ? '1' : '0')), undefined);
    assert.equal(world.group(1002)?.userSession(id), undefined, 'ids belong to their account group');
    assert.equal(demoGroup(22).group.userSession(id), undefined, 'and to their seed');
    assert.equal(group.pageHar(id, 'no-such-page'), undefined);
    assert.equal(group.networkProbe(id), undefined, 'a session id is no probe id');
  });

  test('web sessions, network sessions and probes point at regenerable records', () => {
    for (const { record } of [...group.webSessions(range)].slice(0, 20)) {
      const detail = group.userSession(record.userSessionId);
      const page = detail?.pages.find((p) => p.id === record.pageId);
      assert.ok(page);
      assert.deepEqual(page.pageTimings, record.pageTimings);
      const har = group.pageHar(record.userSessionId, record.pageId);
      assert.equal(har?.log.pages?.[0]?.id, record.pageId);
      assert.deepEqual(
        har?._systemMetrics,
        record.systemMetrics,
        'the HAR and the web session report the same system metrics',
      );
      assert.equal(har?.log.entries[0]?.request.url.startsWith('http'), true);
    }
    for (const { record } of [...group.networkProbes(range)].slice(0, 20)) {
      const { coordinates, networkProfile, ...listFields } = group.networkProbe(record.networkProbeId) ?? {};
      assert.deepEqual(listFields, record);
      assert.ok(coordinates && networkProfile);
    }
  });

  test('agents: details add numberOfClients', () => {
    const [agent] = group.endpointAgents();
    assert.ok(agent);
    const detail = group.endpointAgent(agent.agentId);
    assert.ok(detail && typeof detail.numberOfClients === 'number');
    assert.equal(group.endpointAgent('nope'), undefined);
  });
});

describe('record fields', () => {
  test('dateTimes are "yyyy-MM-dd HH:mm:ss" UTC and roundIds are round starts', () => {
    for (const { record } of group.userSessions(range)) {
      assert.match(record.date, DATE_TIME);
      assert.match(record.committed, DATE_TIME);
      assert.equal(record.roundId % world.roundSeconds, 0);
      const dateSeconds = Date.parse(record.date.replace(' ', 'T') + 'Z') / 1000;
      assert.ok(dateSeconds >= record.roundId && dateSeconds < record.roundId + world.roundSeconds);
      assert.ok(record.experienceScore !== undefined && record.experienceScore >= 0 && record.experienceScore <= 1);
    }
  });

  test('session details show wireless and wired profiles, proxies, ping and traceroute failures', () => {
    const details = [...group.userSessions(lastHours(48))].map((s) => group.userSession(s.record.userSessionId));
    const networks = details.map((d) => d?.network);
    assert.ok(
      networks.some((n) => n?.networkProfile.wirelessProfile) &&
        networks.some((n) => n?.networkProfile.type === 'wired'),
    );
    assert.ok(networks.some((n) => n?.networkProfile.proxyProfile?.proxies.length));
    assert.ok(
      networks.some((n) => typeof n?.gatewayPing === 'string') && networks.some((n) => typeof n?.ping === 'string'),
    );
    assert.ok(networks.some((n) => typeof n?.traceroute === 'string'));
    assert.ok(networks.some((n) => n?.icmpBlocked) && networks.some((n) => (n?.errors.length ?? 0) > 0));
    const hops = networks.flatMap((n) => (n && typeof n.traceroute !== 'string' ? n.traceroute.hops : []));
    assert.ok(hops.some((h) => h.mpls?.length));
    for (const hop of hops) {
      const isPrivate = /^(10\.|192\.168\.|127\.)/.test(hop.ipAddress);
      assert.equal(hop.asn === undefined, isPrivate, `asn only on public hop ${hop.ipAddress}`);
    }
  });

  test('endpoint tests carry every spec field and links to their data', () => {
    for (const t of group.endpointTests()) {
      for (const key of [
        'testId',
        'testName',
        'type',
        'alertsEnabled',
        'bandwidthMeasurements',
        'bgpMeasurements',
        'networkMeasurements',
        'mtuMeasurements',
        'usePublicBgp',
        'enabled',
        'savedEvent',
        'interval',
        'port',
        'protocol',
        'server',
        'createdBy',
        'createdDate',
      ]) {
        assert.ok(key in t, `${t.testName} lacks ${key}`);
      }
      assert.equal(t.port === -1, t.protocol === 'ICMP');
      assert.deepEqual(
        t.apiLinks.find((l) => l.rel === 'self'),
        { rel: 'self', href: `/v7/endpoint-tests/${t.testId}` },
      );
      assert.ok(t.apiLinks.some((l) => l.rel === 'data' && l.href.startsWith('/v7/endpoint-data/tests/')));
      if (t.type === 'http-server') {
        for (const key of [
          'authType',
          'contentRegex',
          'followRedirects',
          'httpTargetTime',
          'httpTimeLimit',
          'httpVersion',
          'postBody',
          'sslVersionId',
          'sslVersion',
          'url',
          'useNtlm',
          'userAgent',
          'username',
          'verifyCertificate',
        ]) {
          assert.ok(key in t, `${t.testName} lacks ${key}`);
        }
      }
      assert.equal(group.endpointTest(t.testId), t);
    }
  });

  test('http-server results: phases add up, CRLF headers, some errors', () => {
    const httpTests = group.endpointTests().filter((t) => t.type === 'http-server');
    const results = httpTests.flatMap((t) => [...group.httpServer(t.testId, lastHours(48))].map((e) => e.record));
    assert.ok(results.length > 100);
    for (const r of results) {
      assert.equal(r.totalTime, r.responseTime + r.receiveTime);
      assert.equal(r.responseTime, r.dnsTime + r.connectTime + r.sslTime + r.waitTime + r.redirectTime);
      if (r.responseCode) assert.match(r.responseHeaders, /^HTTP\/1\.1 \d{3} .*\r\n(.+: .+\r\n)+$/);
    }
    assert.ok(results.some((r) => r.errorType !== 'None' && r.errorDetails));
    assert.ok(results.some((r) => r.numRedirects > 0 && r.redirectTime > 0));
    assert.deepEqual(
      [...group.httpServer(group.endpointTests().find((t) => t.type === 'agent-to-server')?.testId ?? 0, range)],
      [],
    );
  });

  test('network metrics: one per agent per round, errors now and then', () => {
    const t = group.endpointTests()[0];
    assert.ok(t);
    const metrics = [...group.netMetrics(t.testId, lastHours(48))].map((e) => e.record);
    const rounds = new Set(metrics.map((m) => m.roundId));
    assert.equal(rounds.size, (48 * 3600) / t.interval);
    assert.equal(metrics.length % rounds.size, 0);
    assert.ok(metrics.some((m) => m.errorDetails));
    for (const m of metrics)
      if (!m.errorDetails) assert.ok(m.minLatency <= m.avgLatency && m.avgLatency <= m.maxLatency);
  });
});

describe('instant tests', () => {
  test('run once: one round (the one holding readyAt) on at most maxMachines agents, none before readyAt', () => {
    const { group: fresh } = demoGroup(21);
    const readyAt = NOW - 1000;
    const readyRound = readyAt - (readyAt % 300);
    const instant: EndpointTest = {
      ...(fresh.endpointTests().find((t) => t.type === 'http-server') as EndpointTest),
      testId: 555001,
      testName: 'Instant check',
      url: 'https://example.org/health',
      server: 'example.org',
      savedEvent: 0,
      maxMachines: 2,
    };
    fresh.addInstantTest(instant, readyAt);
    assert.equal(fresh.endpointTest(555001)?.testName, 'Instant check');
    assert.deepEqual([...fresh.netMetrics(555001, { from: NOW - 7200, to: readyAt })], []);
    const results = [...fresh.httpServer(555001, { from: NOW - 7200, to: NOW })].map((e) => e.record);
    assert.ok(results.length > 0 && results.length <= 2, `one result per agent of the run (${results.length})`);
    assert.deepEqual(new Set(results.map((r) => r.roundId)), new Set([readyRound]), 'no new round every 5 minutes');
    const pathVis = [...fresh.pathVis(555001, { from: NOW - 7200, to: NOW })].map((e) => e.record);
    const first = pathVis[0];
    assert.ok(first && fresh.pathTrace(555001, first.agentId, first.roundId, NOW));
    assert.equal(
      fresh.pathTrace(555001, first.agentId, first.roundId, readyAt - 1),
      undefined,
      'no trace before readyAt',
    );
    assert.equal(fresh.pathTrace(555001, first.agentId, first.roundId + 300, NOW), undefined, 'no later round');
    assert.equal(fresh.pathTrace(555001, first.agentId, first.roundId - 3600, NOW), undefined);
  });
});
