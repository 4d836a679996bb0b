// What v7 tells about an endpoint agent that v6 does not (when it last checked in, where it
// works from, its public address, its VPN profiles) reaches the domain record; v6 leaves
// those fields absent. Finding agents asks v7's filter operation with its schema's body, and
// matches the agent list on v6, which refuses in one sentence what its records cannot answer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, InvalidFilterError, type NetmonClient, type RequestEvent } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';
import { rejection } from './helpers';

const NOW_MS = Date.UTC(2026, 10, 18, 14, 2, 0);
const APIS = ['v6', 'v7'] as const;

describe('endpoint agent fields and agent search in both dialects', () => {
  const emulators: RunningEmulator[] = [];
  const clients: NetmonClient[] = [];
  const events: RequestEvent[][] = [[], []];
  let vpnAgent = '';
  let vpnTarget = '';
  before(async () => {
    for (const [index, api] of APIS.entries()) {
      const emulator = await startEmulator({ port: 0, api, now: () => NOW_MS });
      emulators.push(emulator);
      clients.push(
        createNetmonClient({
          baseUrl: emulator.url,
          credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
          aid: 1001,
          apiVersion: api,
          onRequest: (event) => events[index]!.push(event),
        }),
      );
    }
    const now = NOW_MS / 1000;
    const episode = emulators[1]!.world
      .group(1001)
      ?.episodes(now - 3 * 86_400, now)
      .find((e) => e.kind === 'vpn');
    vpnAgent = episode?.agentId ?? '';
    vpnTarget = String(episode?.detail.vpnTarget ?? '');
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(emulators.map((e) => e.close()));
  });

  test("v7 decodes the VPN episode's agent with its VPN profile, last check-in, location and public IP; v6 has none of them", async () => {
    const [v6, v7] = await Promise.all(clients.map((c) => c.getEndpointAgent(vpnAgent)));
    assert.equal(v7!.agentId, vpnAgent);
    assert.equal(v7!.vpnProfiles?.[0]?.vpnGatewayAddress, vpnTarget);
    assert.equal(
      new Date(String(v7!.lastSeen)).getTime(),
      Math.floor(NOW_MS / 300_000) * 300_000,
      'an active agent checked in this round',
    );
    assert.match(String(v7!.location?.locationName), /, /);
    assert.match(String(v7!.publicIP), /^\d+\.\d+\.\d+\.\d+$/);
    for (const field of ['vpnProfiles', 'lastSeen', 'location', 'publicIP'])
      assert.equal(v6![field], undefined, `v6 has no ${field}`);
    const listed = (await clients[1]!.endpointAgents().collect()).records.find((a) => a.agentId === vpnAgent);
    assert.equal(
      listed?.vpnProfiles?.[0]?.vpnGatewayAddress,
      vpnTarget,
      'the list carries VPN profiles too (the explorer shows them)',
    );
  });

  test('finds an agent by computer name through POST /v7/endpoint/agents/filter on v7 and the agent list on v6', async () => {
    const name = String((await clients[1]!.getEndpointAgent(vpnAgent)).computerName);
    events.forEach((list) => {
      list.length = 0;
    });
    const found = await Promise.all(
      clients.map((c) => c.findEndpointAgents({ filters: { computerName: [name] }, sort: [{ key: 'name' }] })),
    );
    assert.deepEqual(
      found.map((agents) => agents.map((a) => a.agentId)),
      [[vpnAgent], [vpnAgent]],
    );
    assert.deepEqual(
      events[1]!.map((e) => `${e.method} ${e.path.split('?')[0]}`),
      ['POST /v7/endpoint/agents/filter'],
    );
    assert.ok(
      events[0]!.every((e) => e.path.startsWith('/v6/')),
      'v6 keeps to its own paths',
    );
  });

  test('v7 finds the agents quiet since a moment (thresholdFilter); v6 says in one sentence that it needs v7, sending nothing', async () => {
    const dayAgo = new Date(NOW_MS - 86_400_000);
    const quiet = await clients[1]!.findEndpointAgents({ seenBefore: dayAgo });
    assert.ok(
      quiet.length > 0 && quiet.every((a) => a.deleted === true || a.status === 'disabled'),
      'only agents that stopped checking in',
    );
    events[0]!.length = 0;
    const refused = await rejection(clients[0]!.findEndpointAgents({ seenBefore: dayAgo }));
    assert.ok(refused instanceof InvalidFilterError);
    assert.match(refused.message, /last check-in needs API v7 .*this account speaks API v6/);
    assert.equal(events[0]!.length, 0);
  });

  test('a key outside the schema is refused before anything is sent', async () => {
    events[1]!.length = 0;
    const refused = await rejection(clients[1]!.findEndpointAgents({ filters: { hostname: ['x'] } as never }));
    assert.ok(refused instanceof InvalidFilterError);
    assert.match(refused.message, /"hostname": not an endpoint agent filter/);
    assert.equal(events[1]!.length, 0);
  });
});
