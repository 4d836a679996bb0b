// A network test with `bgpMeasurements` in the v7 emulator, against the vendor's OpenAPI
// schemas (test/fixtures/openapi): its body links each result list it has
// (`_links.testResults`, BGP's too), and the BGP list and a round's AS paths it links are
// served for it, of its target's prefix; without the flag there is no BGP link and a 404.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

const RESULTS = '/test-results/{testId}';
const HOUR_MS = 3_600_000;
type Json = Record<string, unknown>;

describe('emulator v7: BGP results of a network test with bgpMeasurements match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let clock = NOW_MS - 2 * HOUR_MS;
  const ids: Record<'with' | 'without', string> = { with: '', without: '' };
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => clock, pageSize: 20 });
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents')
      .slice(0, 3)
      .map((a) => ({ agentId: String(a.agentId) }));
    for (const [key, extra] of [
      ['with', { bgpMeasurements: true }],
      ['without', {}],
    ] as const) {
      const reply = await conforming(
        emulator,
        '/tests/agent-to-agent',
        '/v7/tests/agent-to-agent',
        {
          json: {
            testName: `a2a ${key} BGP`,
            interval: 300,
            agents: agents.slice(0, 2),
            targetAgentId: agents[2]?.agentId,
            ...extra,
          },
        },
        201,
      );
      ids[key] = String(reply.json.testId);
    }
    clock = NOW_MS;
  });
  after(() => emulator.close());

  const linkedKinds = (body: Json): string[] =>
    ((body._links as { testResults?: { href: string }[] }).testResults ?? []).map((l) => l.href.split('/').pop()!);

  it("links BGP among the test's result lists only with the flag", async () => {
    const withBgp = await conforming(
      emulator,
      '/tests/agent-to-agent/{testId}',
      `/v7/tests/agent-to-agent/${ids.with}`,
    );
    assert.deepEqual(linkedKinds(withBgp.json), ['network', 'path-vis', 'bgp']);
    assert.equal(withBgp.json.bgpMeasurements, true);
    assert.ok(
      ((withBgp.json._links as { testResults: { href: string }[] }).testResults[2]?.href ?? '').startsWith(
        `${emulator.url}/v7/test-results/${ids.with}/bgp`,
      ),
    );
    const without = await conforming(
      emulator,
      '/tests/agent-to-agent/{testId}',
      `/v7/tests/agent-to-agent/${ids.without}`,
    );
    assert.deepEqual(linkedKinds(without.json), ['network', 'path-vis']);
    const listed = recordsOf(await conforming(emulator, '/tests', '/v7/tests'), 'tests');
    assert.deepEqual(linkedKinds(listed.find((t) => t.testId === ids.with)!), ['network', 'path-vis', 'bgp']);
  });

  it('serves the linked BGP list and AS paths, of the target’s prefix; 404 without the flag', async () => {
    const page = await conforming(emulator, `${RESULTS}/bgp`, `/v7/test-results/${ids.with}/bgp?window=1h`);
    const records = recordsOf(page);
    assert.ok(records.length > 0, 'the monitors report each round');
    const prefixes = new Set(records.map((r) => String(r.prefix)));
    assert.equal(prefixes.size, 1);
    assert.match([...prefixes][0]!, /^[0-9.]+\/[0-9]+$/);
    assert.notEqual([...prefixes][0], '0.0.0.0/0', 'the target’s network, not a placeholder');
    const first = records[0]!;
    const routes = recordsOf(
      await conforming(
        emulator,
        `${RESULTS}/bgp/routes/prefix/{prefixId}/round/{roundId}`,
        `/v7/test-results/${ids.with}/bgp/routes/prefix/${String(first.prefixId)}/round/${String(first.roundId)}`,
      ),
    );
    assert.ok(routes.length > 0 && routes.every((r) => (r.hops as unknown[]).length > 0));
    const again = recordsOf(await conforming(emulator, `${RESULTS}/bgp`, `/v7/test-results/${ids.with}/bgp?window=1h`));
    assert.deepEqual(again, records, 'deterministic');
    const missing = await conforming(emulator, `${RESULTS}/bgp`, `/v7/test-results/${ids.without}/bgp`, {}, 404);
    assert.match(JSON.stringify(missing.json), /bgpMeasurements/);
  });
});
