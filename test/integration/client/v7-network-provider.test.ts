// v7's `networkProviderInfo` on cloud and enterprise agents (sent live, absent from the
// vendor's OpenAPI 7.0.85; the vendor's later SDK models it as `{ name, asn, type }`): the
// emulator sends it schema-valid, the client keeps it, and the explorer's row tooltip names
// the provider and its AS. Other shapes the service may send (an array, `providerName` /
// `asNumber`, hostile text, garbage) read tolerantly over loopback too.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { enterpriseAgentSummary } from '../../../src/analysis/records/summaries';
import { createNetmonClient, type NetmonClient } from '../../../src/api';
import type { EnterpriseAgent } from '../../../src/api/types';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { conforming, recordsOf } from '../emulator/openapi';
import { vendorBodiesClient, type VendorBodies } from './vendor-bodies';

const NOW_MS = Date.UTC(2026, 10, 18, 14, 2, 0);

const networkFact = (agent: EnterpriseAgent): string | undefined =>
  enterpriseAgentSummary(agent).facts.find(([name]) => name === 'Network')?.[1];

describe('v7 networkProviderInfo on enterprise agents', () => {
  let emulator: RunningEmulator;
  let client: NetmonClient;
  before(async () => {
    emulator = await startEmulator({ port: 0, api: 'v7', now: () => NOW_MS });
    client = createNetmonClient({
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      aid: 1001,
      apiVersion: 'v7',
    });
  });
  after(async () => {
    await client.close();
    await emulator.close();
  });

  test("the emulator's /v7/agents sends it, and the answer still conforms to the vendor's schema", async () => {
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents');
    assert.ok(agents.length > 0);
    for (const agent of agents) {
      const info = agent.networkProviderInfo as Record<string, unknown>;
      assert.equal(typeof info.name, 'string', String(agent.agentId));
      assert.ok(Number.isInteger(info.asn), String(agent.agentId));
    }
    const one = await conforming(emulator, '/agents/{agentId}', `/v7/agents/${String(agents[0]?.agentId)}`);
    assert.deepEqual(one.json.networkProviderInfo, agents[0]?.networkProviderInfo);
  });

  test('the client keeps it and the summary names the provider and its AS', async () => {
    const { records } = await client.enterpriseAgents().collect();
    assert.ok(records.length > 0);
    for (const agent of records) {
      const info = agent.networkProviderInfo as { name: string; asn: number };
      assert.ok(info && info.name !== '' && info.asn > 0, `${agent.agentName} has its provider`);
      assert.equal(networkFact(agent), `${info.name} (AS${info.asn})`);
      assert.match(String(networkFact(agent)), /^\S.* \(AS[0-9]+\)$/);
    }
    const [first] = records;
    const detail = await client.getEnterpriseAgent(first!.agentId);
    assert.deepEqual(detail.networkProviderInfo, first!.networkProviderInfo);
  });
});

describe('v7 networkProviderInfo in the shapes a service may send', () => {
  let bodies: VendorBodies;
  const agent = (agentId: number, extra: Record<string, unknown>): Record<string, unknown> => ({
    agentId: String(agentId),
    agentName: `agent ${agentId}`,
    agentType: 'enterprise',
    ...extra,
  });
  before(async () => {
    bodies = await vendorBodiesClient({
      '/v7/agents': {
        status: 200,
        body: {
          agents: [
            agent(1, { networkProviderInfo: { name: 'Comcast', asn: 7922, type: 'isp' } }),
            agent(2, {
              networkProviderInfo: [
                { providerName: 'Comcast Cable', asNumber: 'AS7922', networkPrefix: '73.0.0.0/8' },
                { providerName: 'Level 3', asNumber: '3356' },
              ],
            }),
            agent(3, { networkProviderInfo: { name: '[run](command:workbench.action.quit) $(alert)', asn: '64500' } }),
            agent(4, { networkProviderInfo: 'Comcast', network: 'AT&T Services, Inc. (AS 7018)' }),
            agent(5, { networkProviderInfo: null }),
            agent(6, { networkProviderInfo: [{ asn: 13335 }, 42, { name: '' }] }),
          ],
        },
      },
    });
  });
  after(() => bodies.close());

  test('an object, an array, hostile text and garbage all read, and nothing else breaks', async () => {
    const { records } = await bodies.client.enterpriseAgents().collect();
    const shown = Object.fromEntries(records.map((a) => [a.agentId, networkFact(a)]));
    assert.equal(shown[1], 'Comcast (AS7922)');
    assert.equal(shown[2], 'Comcast Cable (AS7922), Level 3 (AS3356)');
    assert.match(String(shown[3]), /\(AS64500\)$/);
    assert.doesNotMatch(String(shown[3]), /\]\(|\$\(/, 'no link or icon syntax survives');
    assert.equal(shown[4], 'AT&T Services, Inc. (AS 7018)', 'not an object: the network line');
    assert.equal(shown[5], 'not reported');
    assert.equal(shown[6], 'AS13335');
  });
});
