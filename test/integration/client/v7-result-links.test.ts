// A test's result lists come from its v7 body's `_links.testResults` (Tests_API_TestLinks):
// over loopback HTTP, the v7 emulator links (and serves) BGP results of an agent-to-agent or
// HTTP server test with `bgpMeasurements`, and not of one without; a vendor-shaped body
// (test/fixtures/v7/tests.json) that links fewer lists than the type table wins over it; links
// the client cannot read leave the type table to decide, with no error; v6 has no links.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import { readResultsSummary } from '../../../src/analysis/results/read';
import { resultKindsOf, resultKindsOfTest, type EnterpriseTest } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { vendorBodiesClient } from './vendor-bodies';

const NOW = Math.floor(Date.UTC(2026, 10, 20, 16, 0, 0) / 1000);

async function emulatorClient(
  api: 'v6' | 'v7',
  now: () => number,
): Promise<{ emulator: RunningEmulator; client: NetmonClient; agents: number[] }> {
  const emulator = await startEmulator({ api, pageSize: 50, now: () => now() * 1000 });
  const aid = emulator.world.accountGroups[0]?.aid ?? 0;
  const agents = (emulator.world.group(aid)?.enterpriseAgents() ?? []).slice(0, 3).map((a) => a.agentId);
  const client = createNetmonClient({
    baseUrl: emulator.url,
    apiVersion: api,
    credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
  });
  return { emulator, client, agents };
}

describe('result lists from the v7 emulator’s _links.testResults', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  let clock = NOW - 7200;
  const created = new Map<string, EnterpriseTest>();

  before(async () => {
    let agents: number[];
    ({ emulator, client, agents } = await emulatorClient('v7', () => clock));
    const scheduled = { interval: 300, agents: agents.slice(0, 2).map((agentId) => ({ agentId })) };
    const toAgent = { ...scheduled, targetAgentId: agents[2] };
    const http = { ...scheduled, url: 'https://portal.example.com/health' };
    const bodies: [string, 'agent-to-agent' | 'http-server', Record<string, unknown>][] = [
      ['a2a bgp', 'agent-to-agent', { ...toAgent, bgpMeasurements: true }],
      ['a2a', 'agent-to-agent', toAgent],
      ['http bgp', 'http-server', { ...http, bgpMeasurements: true }],
      ['http bgp, no network', 'http-server', { ...http, bgpMeasurements: true, networkMeasurements: false }],
    ];
    for (const [name, type, body] of bodies)
      created.set(name, await client.createTest(type, { testName: name, ...body } as never));
    clock = NOW;
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  const listed = async (name: string): Promise<EnterpriseTest> => {
    const test = (await client.listEnterpriseTests()).find((t) => t.testId === created.get(name)?.testId);
    assert.ok(test, name);
    return test;
  };

  test('an agent-to-agent test with bgpMeasurements lists BGP, and its BGP results and AS paths read', async () => {
    const test = await listed('a2a bgp');
    assert.deepEqual(test['resultLinks'], ['network', 'path-vis', 'bgp']);
    assert.deepEqual(resultKindsOfTest(test), ['network', 'path-vis', 'bgp']);
    const { records } = await client.testResults('bgp', test.testId, { window: '1h' }).collect();
    assert.ok(records.length > 0, 'the monitors report the target’s prefix');
    assert.ok(records.every((r) => typeof r['prefix'] === 'string' && r['prefix'] !== '0.0.0.0/0'));
    assert.equal(new Set(records.map((r) => r['prefix'])).size, 1, 'one prefix: the target’s network');
    const summary = await readResultsSummary(client, test, { window: '1h' });
    assert.deepEqual(
      summary.kinds.map((k) => k.kind),
      ['network', 'path-vis', 'bgp'],
    );
    const [paths] = summary.bgpPaths ?? [];
    assert.ok(paths && paths.monitors.length > 0, 'the newest round’s AS paths read back');
    assert.ok(paths.monitors.every((m) => (m.path?.length ?? 0) > 0));
  });

  test('the same type without the flag lists no BGP, and the emulator serves none', async () => {
    const test = await listed('a2a');
    assert.deepEqual(test['resultLinks'], ['network', 'path-vis']);
    assert.deepEqual(resultKindsOfTest(test), resultKindsOf('agent-to-agent'));
    await assert.rejects(client.testResults('bgp', test.testId, { window: '1h' }).collect(), /bgpMeasurements/);
  });

  test('an HTTP server test measures BGP beside its network layer, not without it', async () => {
    assert.deepEqual(resultKindsOfTest(await listed('http bgp')), ['http-server', 'network', 'path-vis', 'bgp']);
    assert.deepEqual(resultKindsOfTest(created.get('http bgp')!), ['http-server', 'network', 'path-vis', 'bgp']);
    const { records } = await client.testResults('bgp', created.get('http bgp')!.testId, { window: '1h' }).collect();
    assert.ok(records.length > 0);
    assert.deepEqual(resultKindsOfTest(await listed('http bgp, no network')), ['http-server']);
  });
});

describe('result lists of a v6 test: the type table', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  before(async () => {
    ({ emulator, client } = await emulatorClient('v6', () => NOW));
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test('no links are read, the type decides', async () => {
    const made = await client.createTest('agent-to-server', {
      testName: 'v6 probe',
      interval: 300,
      agents: [{ agentId: 1000 }],
      server: 'vpn.example.com',
    });
    const test = (await client.listEnterpriseTests()).find((t) => t.testId === made.testId);
    assert.ok(test);
    assert.equal(test['resultLinks'], undefined);
    assert.deepEqual(resultKindsOfTest(test), ['network', 'path-vis']);
  });
});

describe('result lists from vendor-shaped test bodies', () => {
  const fixture = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'v7', 'tests.json'), 'utf8')) as {
    tests: Record<string, unknown>[];
  };
  const probe = fixture.tests[0]!;
  const withLinks = (testResults: unknown): Record<string, unknown> => ({
    ...probe,
    _links: { ...(probe['_links'] as object), testResults },
  });

  const listOf = async (tests: Record<string, unknown>[]): Promise<EnterpriseTest[]> => {
    const bodies = await vendorBodiesClient({ '/v7/tests': { status: 200, body: { ...fixture, tests } } });
    try {
      return await bodies.client.listEnterpriseTests();
    } finally {
      await bodies.close();
    }
  };

  test('the vendor’s example links read as the lists they name', async () => {
    const [probeTest, dnssec] = await listOf(fixture.tests);
    assert.deepEqual(probeTest?.['resultLinks'], ['network', 'path-vis']);
    assert.deepEqual(resultKindsOfTest(probeTest!), ['network', 'path-vis']);
    assert.equal(dnssec?.['resultLinks'], undefined, 'a body without testResults');
    assert.deepEqual(resultKindsOfTest(dnssec!), ['dnssec']);
    assert.ok(!('_links' in probeTest!), 'HAL links stay in the answer');
  });

  test('links naming fewer lists than the type table win over it', async () => {
    const [only] = await listOf([
      withLinks([{ href: 'https://api.thousandeyes.com/v7/test-results/281474976710706/network' }]),
    ]);
    assert.deepEqual(resultKindsOfTest(only!), ['network']);
  });

  test('links the client cannot read leave the type table to decide, with no error', async () => {
    const malformed = [
      withLinks({ href: 'https://api.thousandeyes.com/v7/test-results/281474976710706/network' }),
      withLinks('network'),
      withLinks([{ href: 42 }, { href: null }, 'network', null, { link: '/v7/test-results/1/network' }]),
      withLinks([{ href: '/v7/test-results/281474976710706/waterfall' }, { href: '/v7/tests/agent-to-server/1' }]),
      { ...probe, _links: 'self' },
    ];
    const tests = await listOf(malformed);
    assert.equal(tests.length, malformed.length);
    for (const test of tests) {
      assert.equal(test['resultLinks'], undefined);
      assert.deepEqual(resultKindsOfTest(test), resultKindsOf('agent-to-server'));
    }
  });
});
