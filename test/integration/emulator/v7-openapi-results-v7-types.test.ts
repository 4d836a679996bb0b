// v7 results of the types only v7 has (ftp-server, sip-server and their network layer, a voice
// test's rtp-server, bgp) validate against the vendor's OpenAPI schemas (test/fixtures/openapi): each list page by
// page, a round per agent (per BGP monitor) since the test was created, and a BGP test's AS
// path per monitor, which takes the other carrier on the round its seeded route change begins.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { resultKindsOf } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator/index';
import { withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const RESULTS = '/test-results/{testId}';
const HOUR_MS = 3_600_000;
type Json = Record<string, unknown>;

describe('emulator v7: results of the types only v7 has match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let clock = NOW_MS - 27 * HOUR_MS;
  const created: { testId: string; type: string }[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => clock, pageSize: 10 });
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents')
      .slice(0, 4)
      .map((a) => ({ agentId: String(a.agentId) }));
    const scheduled = { interval: 300, agents: agents.slice(0, 3) };
    const bodies: [string, Json][] = [
      [
        'ftp-server',
        {
          ...scheduled,
          url: 'ftp://ftp.example.com/a.txt',
          requestType: 'download',
          username: 'u',
          password: 'secret',
        },
      ],
      [
        'sip-server',
        { ...scheduled, targetSipCredentials: { sipRegistrar: 'sip.example.com', port: 5060, protocol: 'udp' } },
      ],
      ['voice', { ...scheduled, targetAgentId: agents[3]?.agentId, codecId: '0', duration: 10 }],
      // Two BGP tests: the group's two seeded episodes fall on consecutive tests, one of them a route change.
      ['bgp', { prefix: '192.0.2.0/24' }],
      ['bgp', { prefix: '198.51.100.0/24' }],
    ];
    for (const [type, body] of bodies) {
      const reply = await conforming(
        emulator,
        `/tests/${type}`,
        `/v7/tests/${type}`,
        { json: { testName: `results ${type}`, ...body } },
        201,
      );
      created.push({ testId: String(reply.json.testId), type });
    }
    clock = NOW_MS;
  });
  after(() => emulator.close());

  const walk = async (testId: string, kind: string, window: string): Promise<Json[]> => {
    let path: string | undefined = `/v7/test-results/${testId}/${kind}?window=${window}`;
    const records: Json[] = [];
    for (let pages = 0; path && pages < 400; pages++) {
      const reply = await conforming(emulator, `${RESULTS}/${kind}`, path);
      assert.equal((reply.json.test as { testId: string }).testId, testId);
      records.push(...recordsOf(reply));
      const next = (reply.json._links as { next?: { href: string } }).next?.href;
      path = next === undefined ? undefined : next.slice(emulator.url.length);
    }
    assert.equal(path, undefined, 'the cursor walk ends');
    return records;
  };

  it("answers ftp-server, sip-server and a voice test's rtp-server results: a round per agent, each measured", async () => {
    const expected: Record<string, [string, string]> = {
      'ftp-server': ['ftp-server', 'totalTime'],
      'sip-server': ['sip-server', 'totalTime'],
      voice: ['rtp-server', 'mos'],
    };
    for (const { testId, type } of created.filter((t) => t.type !== 'bgp')) {
      const [kind, measure] = expected[type] as [string, string];
      assert.deepEqual(resultKindsOf(type)[0], kind);
      const records = await walk(testId, kind, '1h');
      assert.equal(records.length, 3 * 12, `${type}: 3 agents × the hour's 12 rounds`);
      assert.equal(new Set(records.map((r) => (r.agent as Json).agentId)).size, 3);
      const measured = records.filter((r) => typeof r[measure] === 'number' && (r[measure] as number) > 0);
      assert.ok(measured.length >= 30, `${type}: ${measure} in most rounds (a failed round has none)`);
    }
  });

  it('answers the network layer of FTP and SIP server tests: loss, latency and path traces to the server, a round per agent', async () => {
    for (const { testId, type } of created.filter((t) => t.type === 'ftp-server' || t.type === 'sip-server')) {
      assert.deepEqual(resultKindsOf(type), [type, 'network', 'path-vis']);
      const network = await walk(testId, 'network', '1h');
      assert.equal(network.length, 3 * 12, `${type}: 3 agents × the hour's 12 rounds`);
      const port = type === 'ftp-server' ? 21 : 5060;
      assert.ok(
        network.every((r) => r.server === `${type === 'ftp-server' ? 'ftp' : 'sip'}.example.com:${port}`),
        `${type}: measured to its server's port`,
      );
      assert.ok(network.filter((r) => (r.avgLatency as number) > 0).length >= 30, `${type}: latency in most rounds`);
      const summaries = await walk(testId, 'path-vis', '1h');
      assert.equal(summaries.length, 3 * 12);
      const first = summaries[0] as { agent: { agentId: string }; roundId: number };
      const trace = await conforming(
        emulator,
        `${RESULTS}/path-vis/agent/{agentId}/round/{roundId}`,
        `/v7/test-results/${testId}/path-vis/agent/${first.agent.agentId}/round/${first.roundId}`,
      );
      const hops = (recordsOf(trace)[0]?.pathTraces as { hops: unknown[] }[])[0]?.hops ?? [];
      assert.ok(hops.length >= 3, `${type}: the hops to the server`);
    }
    const voice = created.find((t) => t.type === 'voice');
    await conforming(emulator, `${RESULTS}/network`, `/v7/test-results/${voice?.testId}/network`, {}, 404);
  });

  it('answers no network layer for an FTP server test that does not measure the network, saying why', async () => {
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents')
      .slice(0, 2)
      .map((a) => ({ agentId: String(a.agentId) }));
    const reply = await conforming(
      emulator,
      '/tests/ftp-server',
      '/v7/tests/ftp-server',
      {
        json: {
          testName: 'no network layer',
          interval: 300,
          agents,
          url: 'ftp://ftp.example.com/b.txt',
          requestType: 'download',
          username: 'u',
          password: 'p',
          networkMeasurements: false,
        },
      },
      201,
    );
    const testId = String(reply.json.testId);
    const missing = await conforming(emulator, `${RESULTS}/network`, `/v7/test-results/${testId}/network`, {}, 404);
    assert.match(JSON.stringify(missing.json), /network measurements are off/);
    await conforming(emulator, `${RESULTS}/path-vis`, `/v7/test-results/${testId}/path-vis`, {}, 404);
    await conforming(emulator, `${RESULTS}/ftp-server`, `/v7/test-results/${testId}/ftp-server`);
  });

  it("answers each BGP monitor's view of the prefix; the route change shows as path changes and another transit AS", async () => {
    const bgp = created.filter((t) => t.type === 'bgp');
    let changed = 0;
    for (const { testId } of bgp) {
      const records = await walk(testId, 'bgp', '1d');
      const monitors = new Set(records.map((r) => (r.monitor as Json).monitorId));
      assert.ok(monitors.size >= 4, 'the public monitors');
      assert.equal(records.length, monitors.size * 288, 'a round every 5 minutes of the day per monitor');
      const change = records.find((r) => (r.pathChanges as number) > 0);
      if (!change) continue;
      changed++;
      const route = async (roundId: number): Promise<Json[]> =>
        recordsOf(
          await conforming(
            emulator,
            `${RESULTS}/bgp/routes/prefix/{prefixId}/round/{roundId}`,
            `/v7/test-results/${testId}/bgp/routes/prefix/${String(change.prefixId)}/round/${roundId}`,
          ),
        );
      const asPath = (routes: Json[]): string =>
        routes.map((r) => (r.hops as { asn: number }[]).map((h) => h.asn).join(' ')).join(' | ');
      const roundId = change.roundId as number;
      assert.notEqual(
        asPath(await route(roundId)),
        asPath(await route(roundId - 300)),
        'the AS paths before and after the change differ',
      );
    }
    assert.equal(changed, 1, 'one of the two BGP tests crosses the seeded route change');
    await conforming(
      emulator,
      `${RESULTS}/bgp/routes/prefix/{prefixId}/round/{roundId}`,
      `/v7/test-results/${bgp[0]?.testId}/bgp/routes/prefix/1/round/1`,
      {},
      404,
    );
    await conforming(emulator, `${RESULTS}/bgp`, `/v7/test-results/${created[0]?.testId}/bgp`, {}, 404);
  });
});
