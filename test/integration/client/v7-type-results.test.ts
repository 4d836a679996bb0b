// Results of the types only v7 has, through the client over loopback HTTP against the v7
// emulator: ftp-server, sip-server and a voice test's rtp-server decode into records of their
// agents with the numbers the health reads, and FTP and SIP tests' network layer (network, path-vis,
// a path trace) reads like a network test's; a BGP test's monitors stand where agents do (and
// each one's AS path of a round reads back); the
// summary `netmon results` prints judges each; a voice document run now is waited for on its
// RTP stream, and a BGP test is refused a run in one sentence before anything is sent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { runKindOf, waitForRun } from '../../../src/analysis/instant/enterprise-run';
import { latestHealthByAgent } from '../../../src/analysis/results/health';
import { readResultsSummary } from '../../../src/analysis/results/read';
import { resultsText } from '../../../src/analysis/results/text';
import type { EnterpriseTest, EnterpriseTestCreate, EnterpriseTestType } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

const NOW = Math.floor(Date.UTC(2026, 10, 20, 16, 0, 0) / 1000);

describe('results of the types only v7 has, through the client', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = NOW - 7200;
  let agents: { agentId: number; agentName: string }[] = [];
  const tests = new Map<string, EnterpriseTest>();

  before(async () => {
    emulator = await startEmulator({ api: 'v7', pageSize: 7, now: () => clock * 1000, instantTestDelaySeconds: 2 });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    agents = (group?.enterpriseAgents() ?? []).slice(0, 4).map((a) => ({ agentId: a.agentId, agentName: a.agentName }));
    client = createNetmonClient({
      baseUrl: emulator.url,
      apiVersion: 'v7',
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
    });
    const scheduled = { interval: 300, agents: agents.slice(0, 3).map((a) => ({ agentId: a.agentId })) };
    const bodies: [EnterpriseTestType, Record<string, unknown>][] = [
      [
        'ftp-server',
        { ...scheduled, url: 'ftp://ftp.example.com/a.txt', requestType: 'download', username: 'u', password: 'p' },
      ],
      [
        'sip-server',
        { ...scheduled, targetSipCredentials: { sipRegistrar: 'sip.example.com', port: 5060, protocol: 'udp' } },
      ],
      ['voice', { ...scheduled, targetAgentId: agents[3]?.agentId, codecId: '0', duration: 10 }],
      ['bgp', { prefix: '192.0.2.0/24' }],
    ];
    for (const [type, body] of bodies)
      tests.set(
        type,
        await client.createTest(type, { testName: `Results of ${type}`, ...body } as EnterpriseTestCreate),
      );
    clock = NOW;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('ftp-server, sip-server and rtp-server records name their agents and carry what the health reads', async () => {
    const names = new Set(agents.slice(0, 3).map((a) => a.agentName));
    const cases = [
      ['ftp-server', 'ftp-server', /^FTP 226, total \d+ ms$/],
      ['sip-server', 'sip-server', /^SIP 200, total \d+ ms$/],
      ['voice', 'rtp-server', /^MOS \d\.\d\d, 0% loss, latency \d+ ms$/],
    ] as const;
    for (const [type, kind, reason] of cases) {
      const { records } = await client.testResults(kind, tests.get(type)!.testId, { window: '1h' }).collect();
      assert.equal(records.length, 3 * 12, `${kind}: 3 agents × 12 rounds`);
      assert.ok(
        records.every((r) => names.has(String(r.agentName)) && typeof r.permalink === 'string'),
        kind,
      );
      const health = latestHealthByAgent(kind, records);
      assert.equal(health.length, 3);
      for (const agent of health.filter((a) => a.health === 'ok')) assert.match(agent.reason, reason, kind);
      assert.ok(
        health.some((a) => a.health === 'ok'),
        `${kind}: ${JSON.stringify(health)}`,
      );
    }
  });

  test("FTP and SIP server tests' network layer: each agent's loss and latency to the server, its path trace, and the summary's path localization", async () => {
    for (const [type, server] of [
      ['ftp-server', 'ftp.example.com:21'],
      ['sip-server', 'sip.example.com:5060'],
    ] as const) {
      const test = tests.get(type)!;
      const { records } = await client.testResults('network', test.testId, { window: '1h' }).collect();
      assert.equal(records.length, 3 * 12, `${type}: 3 agents × 12 rounds`);
      assert.ok(
        records.every((r) => r.server === server && typeof r.avgLatency === 'number'),
        `${type}: ${JSON.stringify(records[0])}`,
      );
      const summaries = (await client.testResults('path-vis', test.testId, { window: '10m' }).collect()).records;
      const newest = summaries[summaries.length - 1]!;
      const trace = await client.getTestPathTrace(test.testId, newest.agentId, newest.roundId, {});
      const hops = trace.routes[0]?.hops ?? [];
      assert.ok(hops.length >= 3, `${type}: hops to the server`);
      const summary = await readResultsSummary(client, test, { window: '15m' });
      assert.deepEqual(
        summary.kinds.map((k) => [k.kind, k.agents.length]),
        [
          [type, 3],
          ['network', 3],
          ['path-vis', 3],
        ],
      );
      assert.ok(
        summary.localization && summary.localization.rounds.length > 0,
        `${type}: the newest rounds' path traces localized`,
      );
      assert.match(resultsText(summary), /\n\nPath \(3 newest rounds\): /);
    }
  });

  test("a BGP test's monitors stand where agents do, and the summary says each one's reachability", async () => {
    const bgp = tests.get('bgp')!;
    const { records } = await client.testResults('bgp', bgp.testId, { window: '10m' }).collect();
    assert.ok(records.length >= 8, 'the public monitors, each round');
    assert.ok(
      records.every((r) => /^[A-Za-z ]+-\d+$/.test(String(r.agentName)) && r.prefix === '192.0.2.0/24'),
      JSON.stringify(records[0]),
    );
    const summary = await readResultsSummary(client, bgp, { window: '10m' });
    assert.deepEqual(
      summary.kinds.map((k) => k.kind),
      ['bgp'],
    );
    assert.equal(summary.kinds[0]?.agents.length, 8);
    const text = resultsText(summary);
    assert.match(text, /^Results of bgp \(bgp test \d+\): (ok|DEGRADED)\n\nbgp: (ok|DEGRADED) \(8 agents/);
    assert.match(text, /100% reachable, \d path changes?, \d+ updates/);
    const newest = records[records.length - 1]!;
    const routes = await client.getBgpRoutes(bgp.testId, String(newest.prefixId), newest.roundId);
    assert.deepEqual(
      routes.map((r) => r.agentName).sort(),
      [...new Set(records.map((r) => r.agentName))].sort(),
      'a route per monitor',
    );
    for (const route of routes) {
      assert.ok(
        (route.hops?.length ?? 0) >= 2 &&
          route.hops?.every((hop) => Number.isInteger(hop.asn) && typeof hop.asName === 'string'),
        JSON.stringify(route),
      );
      assert.ok(String(route.agentName).endsWith(`-${route.hops?.[0]?.asn}`), "the monitor's own AS first");
    }
    await assert.rejects(client.getBgpRoutes(bgp.testId, '1', newest.roundId), /404|not found|No BGP routes/i);
  });

  test('a voice document run now is waited for on its RTP stream; a BGP test is refused a run before anything is sent', async () => {
    const voice = await client.runInstantTest('voice', {
      testName: 'Call quality now',
      interval: 300,
      agents: agents.slice(0, 2).map((a) => ({ agentId: a.agentId })),
      targetAgentId: agents[3]?.agentId,
      codecId: '0',
      duration: 10,
    } as EnterpriseTestCreate);
    const since = clock;
    let reads = 0;
    const outcome = await waitForRun(
      client,
      voice,
      agents.slice(0, 2).map((a) => String(a.agentId)),
      since,
      {
        now: () => clock * 1000,
        firstDelayMs: 5,
        maxDelayMs: 5,
        timeoutMs: 10_000,
        onProgress: () => {
          reads++;
          clock += 1;
        },
      },
    );
    assert.equal(outcome.kind, 'rtp-server');
    assert.deepEqual(outcome.missing, []);
    assert.equal(outcome.agents.length, 2);
    assert.ok(reads >= 2, 'the first read came before the round answered');
    assert.throws(() => runKindOf('bgp'), /^RangeError: bgp tests have no instant run; deploy it to see its results$/);
  });
});
