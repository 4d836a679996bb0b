// Results of deployed enterprise tests through the client, against the emulator's v7 world:
// every kind decodes into its domain records (agent ids and names beside the round), pages
// follow the cursor, the seeded loss episode shows in the network results and is localized
// on the enterprise path traces by the same analysis as an endpoint test's, and a v6 account
// is told in one sentence that results need the current API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { readPathRounds, readRoundTraces } from '../../../src/analysis/path/read-rounds';
import { localizePathTraces } from '../../../src/analysis/path/localize';
import { latestHealthByAgent, worstHealth } from '../../../src/analysis/results/health';
import { resultKindsOf, TEST_RESULT_KINDS, type EnterpriseTest, type TestResultKind } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import type { PathEpisode } from '../../../src/emulator/world/path-episodes';

const HOUR = 3600;

describe('enterprise test results (v7)', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = 0;
  let loss: PathEpisode;
  const tests = new Map<string, EnterpriseTest>();

  before(async () => {
    emulator = await startEmulator({ api: 'v7', pageSize: 7, now: () => clock * 1000 });
    const aid = emulator.world.accountGroups[0]?.aid ?? 0;
    const group = emulator.world.group(aid);
    const day = Math.floor(Date.UTC(2026, 10, 20) / 1000);
    const found = group?.pathEpisodes(day, day + 86400).find((e) => e.kind === 'lossEpisode');
    assert.ok(found && group, 'the world seeds a loss episode');
    loss = found;
    // Deployed two hours before the episode; read an hour after it ended.
    clock = loss.startSeconds - 2 * HOUR;
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    const agents = group
      .enterpriseAgents()
      .slice(0, 5)
      .map((a) => ({ agentId: a.agentId }));
    const bodies: [EnterpriseTest['type'] & string, Record<string, unknown>][] = [
      ['agent-to-server', { server: 'outlook.office365.com', port: 443 }],
      ['agent-to-server', { server: 'zoom.us', port: 443 }],
      ['http-server', { url: 'https://github.com/' }],
      ['page-load', { url: 'https://www.office.com/' }],
      ['web-transactions', { url: 'https://acme.atlassian.net/', transactionScript: 'await driver.get(url);' }],
      ['dns-server', { domain: 'example.com', dnsServers: ['ns1.example.net'] }],
      ['dns-trace', { domain: 'example.com' }],
      ['dns-dnssec', { domain: 'example.com' }],
    ];
    for (const [type, target] of bodies) {
      const created = await client.createTest(type as 'http-server', {
        testName: `${type} ${tests.size}`,
        interval: 300,
        agents,
        ...target,
      });
      tests.set(`${type}${[...tests.keys()].filter((k) => k.startsWith(type)).length || ''}`, created);
    }
    clock = loss.endSeconds + HOUR;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  const kindsOf = (t: EnterpriseTest): TestResultKind[] => resultKindsOf(String(t.type));

  test('every kind of every test decodes into records of its agents, paged by cursor since the test was deployed', async () => {
    let kindsSeen = new Set<TestResultKind>();
    for (const created of tests.values()) {
      for (const kind of kindsOf(created)) {
        const walk = client.testResults(kind, created.testId, { window: '6h' });
        let pages = 0;
        const records = [];
        for await (const page of walk.pages()) {
          pages++;
          records.push(...page.records);
          assert.deepEqual(page.problems, []);
        }
        const agentIds = new Set(created.agents.map((a) => String(a.agentId)));
        assert.ok(
          records.length >= 5 * 24,
          `${created.type} ${kind}: rounds of 5 agents since deployment (${records.length})`,
        );
        assert.ok(pages > 1, 'more than one cursor page');
        assert.ok(
          records.every((r) => agentIds.has(r.agentId) && typeof r.agentName === 'string' && r.roundId % 300 === 0),
        );
        assert.ok(
          records.every((r) => r.roundId >= loss.startSeconds - 2 * HOUR - 300),
          'no round before the test existed',
        );
        kindsSeen = new Set([...kindsSeen, kind]);
      }
    }
    // The types only v7 has are read in v7-type-results.test.ts.
    const v7Only = new Set<TestResultKind>(['api', 'ftp-server', 'sip-server', 'rtp-server', 'bgp']);
    assert.deepEqual([...kindsSeen].sort(), TEST_RESULT_KINDS.filter((k) => !v7Only.has(k)).sort());
  });

  test("the seeded loss episode shows in one agent-to-server test's network results and is localized at its hop", async () => {
    const during = { from: new Date(loss.startSeconds * 1000), to: new Date(loss.endSeconds * 1000) };
    const candidates = [tests.get('agent-to-server'), tests.get('agent-to-server1')].filter(
      (t): t is EnterpriseTest => t !== undefined,
    );
    const lossy = [];
    for (const created of candidates) {
      const { records } = await client.testResults('network', created.testId, during).collect();
      if (records.some((r) => r.loss === loss.detail.lossPercent)) lossy.push(created);
    }
    assert.equal(lossy.length, 1, 'one of the two tests crosses the lossy transit');
    const lossTest = lossy[0] as EnterpriseTest;
    const health = latestHealthByAgent(
      'network',
      (await client.testResults('network', lossTest.testId, during).collect()).records,
    );
    assert.equal(worstHealth(health), 'degraded');
    const paths = {
      pathVis: (id: number, o: object) => client.testResults('path-vis', id, o),
      getPathTrace: (id: number, a: string, r: number, o: object) => client.getTestPathTrace(id, a, r, o),
    };
    const rounds = await readPathRounds(paths, lossTest.testId, during);
    const traces = (
      await Promise.all(
        rounds.slice(0, 4).map((round) => readRoundTraces(paths, lossTest.testId, round.agentIds, round.roundId)),
      )
    ).flat();
    assert.ok(traces.every((t) => t.routes[0]?.hops.length));
    const found = localizePathTraces(traces);
    assert.equal(found.loss[0]?.kind, 'forwarding', found.headline);
    assert.equal(found.loss[0]?.at.ip, loss.detail.hopAddress, found.headline);
    assert.ok(found.confident, 'two or more lost traversals');
    const before = await client
      .testResults('network', lossTest.testId, { from: new Date((loss.startSeconds - HOUR) * 1000), to: during.from })
      .collect();
    assert.ok(
      before.records.every((r) => r.loss === 0 || r.loss === 100),
      'no partial loss before the episode',
    );
  });

  test("the seeded route change moves the enterprise path to the other carrier's transit from its time on", async () => {
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    const day = Math.floor(Date.UTC(2026, 10, 21) / 1000);
    const change = group?.pathEpisodes(day, day + 86400).find((e) => e.kind === 'routeChange');
    assert.ok(change && group);
    const saved = clock;
    clock = change.startSeconds - HOUR;
    const agents = group
      .enterpriseAgents()
      .slice(0, 5)
      .map((a) => ({ agentId: a.agentId }));
    // Test ids alternate between the group's two seeded transits: one of two consecutive tests takes the changing one.
    const made = [];
    for (const name of ['change a', 'change b'])
      made.push(
        await client.createTest('agent-to-server', {
          testName: name,
          interval: 300,
          agents,
          server: 'teams.microsoft.com',
          port: 443,
        }),
      );
    clock = change.startSeconds + HOUR;
    try {
      const hopsAt = async (testId: number, roundId: number): Promise<string[]> => {
        const traces = await Promise.all(
          agents.map((a) => client.getTestPathTrace(testId, String(a.agentId), roundId)),
        );
        return traces.flatMap((t) => t.routes.flatMap((r) => r.hops.map((h) => h.ipAddress)));
      };
      const changed = [];
      for (const created of made) {
        const before = await hopsAt(created.testId, change.startSeconds - 600);
        const after = await hopsAt(created.testId, change.startSeconds + 600);
        if (
          before.includes(String(change.detail.oldHopAddress)) &&
          after.includes(String(change.detail.newHopAddress)) &&
          !after.includes(String(change.detail.oldHopAddress))
        )
          changed.push(created.testId);
      }
      assert.equal(changed.length, 1, "one of the two tests crosses the transit that changes, at the episode's time");
    } finally {
      clock = saved;
    }
  });

  test('a page-load round opens with its HAR; path-vis and page-load details name the agent asked', async () => {
    const pageLoad = tests.get('page-load') as EnterpriseTest;
    const { records } = await client.testResults('page-load', pageLoad.testId, { window: '1h' }).collect();
    const newest = records.at(-1);
    assert.ok(newest && typeof newest.pageLoadTime === 'number' && newest.pageLoadTime > 0);
    const detail = await client.getPageLoadDetail(pageLoad.testId, newest.agentId, newest.roundId);
    assert.equal(detail.agentId, newest.agentId);
    assert.equal(detail.pageLoadTime, newest.pageLoadTime);
    assert.ok((detail.har?.log.entries.length ?? 0) > 1, "the waterfall has the page's objects");
    await assert.rejects(
      client.getTestPathTrace(pageLoad.testId, newest.agentId, newest.roundId + 1),
      /404|not found/i,
    );
  });

  test("a web transaction's round lists its pages; the slowest one opens with its HAR, named as the round named it", async () => {
    const tx = tests.get('web-transactions') as EnterpriseTest;
    const { records } = await client.testResults('web-transactions', tx.testId, { window: '1h' }).collect();
    const newest = records.filter((r) => r.errorType === 'None').at(-1);
    assert.ok(newest && typeof newest.transactionTime === 'number' && newest.transactionTime > 0);
    const detail = await client.getWebTransactionDetail(tx.testId, newest.agentId, newest.roundId);
    assert.deepEqual(
      [detail.agentId, detail.agentName, detail.transactionTime],
      [newest.agentId, newest.agentName, newest.transactionTime],
    );
    assert.deepEqual(
      detail.pages.map((p) => p.pageId),
      ['0', '1', '2'],
    );
    const slowest = [...detail.pages].sort((a, b) => Number(b.duration) - Number(a.duration))[0];
    assert.ok(slowest);
    const page = await client.getWebTransactionPage(tx.testId, newest.agentId, newest.roundId, slowest.pageId);
    assert.equal(page.har?.log.pages?.[0]?.title, slowest.pageName);
    assert.equal(page.har?.log.pages?.[0]?.pageTimings.onLoad, slowest.duration);
    await assert.rejects(
      client.getWebTransactionPage(tx.testId, newest.agentId, newest.roundId, '7'),
      /404|not found/i,
    );
  });

  test('on a v6 account, results say in one sentence that they need the current API', async () => {
    const v6 = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v6',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    try {
      await assert.rejects(v6.testResults('network', 1).collect(), {
        name: 'RangeError',
        message: 'results of enterprise tests need the current API (v7); this account speaks API v6',
      });
      await assert.rejects(v6.getWebTransactionDetail(1, '2', 3), {
        name: 'RangeError',
        message: 'results of enterprise tests need the current API (v7); this account speaks API v6',
      });
      await assert.rejects(v6.getWebTransactionPage(1, '2', 3, '0'), {
        name: 'RangeError',
        message: 'results of enterprise tests need the current API (v7); this account speaks API v6',
      });
    } finally {
      await v6.close();
    }
  });
});
