// v7 endpoint agents as a troubleshooter reads them: when each last checked in, where it works
// from, its VPN profile (the VPN episode's agent tunnels through the concentrator its episode
// is about), and the agent filter with its whole body (searchFilters, thresholdFilter,
// searchSort) — every answer checked against the vendor's OpenAPI schemas.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

type Json = Record<string, unknown>;
const FILTER = '/endpoint/agents/filter';

describe('emulator v7: endpoint agents carry lastSeen, location, publicIP and VPN profiles, and filter by the whole search body', () => {
  let emulator: RunningEmulator;
  let vpnAgent = '';
  let vpnTarget = '';
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS });
    const group = emulator.world.group(emulator.world.accountGroups[0]?.aid ?? 0);
    const now = NOW_MS / 1000;
    const episode = group?.episodes(now - 3 * 86_400, now).find((e) => e.kind === 'vpn');
    vpnAgent = episode?.agentId ?? '';
    vpnTarget = String(episode?.detail.vpnTarget ?? '');
    assert.ok(vpnAgent && vpnTarget, 'the demo world plays a VPN episode');
  });
  after(() => emulator.close());

  const all = async (query = ''): Promise<Json[]> =>
    recordsOf(
      await conforming(emulator, '/endpoint/agents', `/v7/endpoint/agents?includeDeleted=true&max=1000${query}`),
      'agents',
    );

  it("gives the VPN episode's agent a VPN profile naming its concentrator, only when vpnProfiles is expanded", async () => {
    const plain = await conforming(emulator, '/endpoint/agents/{agentId}', `/v7/endpoint/agents/${vpnAgent}`);
    assert.equal(plain.json.vpnProfiles, undefined, 'not populated by default');
    const expanded = await conforming(
      emulator,
      '/endpoint/agents/{agentId}',
      `/v7/endpoint/agents/${vpnAgent}?expand=vpnProfiles`,
    );
    const [profile] = expanded.json.vpnProfiles as Json[];
    assert.equal(profile?.vpnGatewayAddress, vpnTarget);
    assert.match(String((profile?.vpnClientAddresses as string[])[0]), /^10\.100\./);
    const wired = (await all('&expand=vpnProfiles')).filter((a) => (a.vpnProfiles as Json[]).length === 0);
    assert.ok(wired.length > 0, 'agents without a VPN list none');
  });

  it('says when each agent last checked in: active ones this round, disabled and deleted ones days ago', async () => {
    const agents = await all();
    const ageHours = (a: Json): number => (NOW_MS - Date.parse(String(a.lastSeen))) / 3_600_000;
    for (const agent of agents) {
      assert.ok(
        typeof agent.publicIP === 'string' && typeof (agent.location as Json).locationName === 'string',
        `${String(agent.id)} is located`,
      );
      const quiet = agent.deleted === true || agent.status === 'disabled';
      assert.ok(
        quiet ? ageHours(agent) >= 24 : ageHours(agent) < 5 / 60 + 1e-9,
        `${String(agent.id)} (${String(agent.status)}) last seen ${String(agent.lastSeen)}`,
      );
    }
  });

  it('filters by last check-in and sorts as the body says', async () => {
    const hourAgo = NOW_MS - 3_600_000;
    const seen = recordsOf(
      await conforming(emulator, FILTER, '/v7/endpoint/agents/filter?includeDeleted=true&max=1000', {
        json: {
          thresholdFilter: {
            filters: [{ name: 'last-seen-ms', value: hourAgo, operator: 'gte' }],
            conditionalOperator: 'and',
          },
          searchSort: [{ sort: 'name', order: 'desc' }],
        },
      }),
      'agents',
    );
    const expected = (await all())
      .filter((a) => Date.parse(String(a.lastSeen)) >= hourAgo)
      .map((a) => String(a.name))
      .sort((a, b) => b.localeCompare(a));
    assert.ok(expected.length > 0 && expected.length < (await all()).length);
    assert.deepEqual(
      seen.map((a) => String(a.name)),
      expected,
    );
    const quiet = recordsOf(
      await conforming(emulator, FILTER, '/v7/endpoint/agents/filter?includeDeleted=true&max=1000', {
        json: {
          searchFilters: { platform: ['mac', 'windows'] },
          thresholdFilter: { filters: [{ name: 'last-seen-ms', value: hourAgo, operator: 'lte' }] },
        },
      }),
      'agents',
    );
    assert.ok(quiet.length > 0 && quiet.every((a) => a.deleted === true || a.status === 'disabled'));
  });

  it('refuses a threshold or sort outside the schema as problem+json', async () => {
    const badName = await conforming(
      emulator,
      FILTER,
      '/v7/endpoint/agents/filter',
      { json: { thresholdFilter: { filters: [{ name: 'cpu', value: 1, operator: 'gte' }] } } },
      400,
    );
    assert.match(JSON.stringify(badName.json), /last-seen-ms/);
    const badSort = await conforming(
      emulator,
      FILTER,
      '/v7/endpoint/agents/filter',
      { json: { searchSort: [{ sort: 'lastSeen' }] } },
      400,
    );
    assert.match(JSON.stringify(badSort.json), /searchSort\[0\]\.sort/);
  });
});
