// Every v7 answer of the emulator validates against the vendor's published OpenAPI schemas
// (test/fixtures/openapi): each operation's 2xx body and media type, and problem+json errors,
// over loopback HTTP, with records of the featured agents' seeded episodes among them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import type { EmulatorState } from '../../../src/emulator/routes/state';
import { v7Routes } from '../../../src/emulator/routes/v7/index';
import { INSTANT_TEST_TYPES, SERVED_TEST_TYPES } from '../../../src/emulator/routes/v7/test-management';
import { ENDPOINT_TEST_TYPES } from '../../../src/api/types';
import { call, withEmulator } from './helpers';
import { NOW_MS, conforming, openApiSpec, recordsOf } from './openapi';

const spec = openApiSpec();

describe('emulator v7: endpoint agents, real-user tests and local networks match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let featured: string[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS, inventoryPageSize: 4 });
    const aid = emulator.world.accountGroups[0]?.aid ?? 0;
    featured =
      emulator.world
        .group(aid)
        ?.featuredAgents()
        .map((f) => f.agentId) ?? [];
  });
  after(() => emulator.close());

  it('states its dialect', () => assert.equal(emulator.api, 'v7'));

  it('serves only operations the spec describes', () => {
    const shape = (path: string): string => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}');
    const paths = spec.document.paths as Record<string, Record<string, unknown>>;
    const documented = new Set(
      Object.entries(paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((m) => `${m.toUpperCase()} ${shape(path)}`),
      ),
    );
    // Routes are only built here, never called: the state is not read. A type in the path
    // stands for each type served, as the spec lists one path per type.
    const typesOf: Record<string, readonly string[]> = { ':type': ENDPOINT_TEST_TYPES, ':testType': SERVED_TEST_TYPES };
    for (const route of v7Routes({} as EmulatorState)) {
      const typeParam = Object.keys(typesOf).find((p) => route.pattern.split('/').includes(p));
      const types =
        typeParam === ':testType' && route.pattern.endsWith('/instant')
          ? INSTANT_TEST_TYPES
          : (typesOf[typeParam ?? ''] ?? []);
      const patterns = typeParam ? types.map((t) => route.pattern.replace(typeParam, t)) : [route.pattern];
      for (const method of Object.keys(route.methods)) {
        for (const pattern of patterns) {
          const served = `${method} ${shape(pattern.replace(/^\/v7/, ''))}`;
          assert.ok(documented.has(served), `${served} is not in the spec`);
        }
      }
    }
  });

  it('lists, pages, filters and reads endpoint agents', async () => {
    const first = await conforming(emulator, '/endpoint/agents', '/v7/endpoint/agents?max=3');
    assert.equal(recordsOf(first, 'agents').length, 3);
    const next = (first.json._links as { next?: { href: string } }).next?.href;
    assert.ok(next, 'a next link while agents remain');
    const second = await conforming(emulator, '/endpoint/agents', next);
    assert.notDeepEqual(
      recordsOf(second, 'agents').map((a) => a.id),
      recordsOf(first, 'agents').map((a) => a.id),
    );
    const filtered = await conforming(emulator, '/endpoint/agents/filter', '/v7/endpoint/agents/filter', {
      json: { searchFilters: { id: featured.slice(0, 2) } },
    });
    assert.deepEqual(
      recordsOf(filtered, 'agents')
        .map((a) => a.id)
        .sort(),
      featured.slice(0, 2).sort(),
    );
    const one = await conforming(emulator, '/endpoint/agents/{agentId}', `/v7/endpoint/agents/${featured[0]}`);
    assert.equal(one.json.id, featured[0]);
    assert.match(String((one.json.location as { locationName?: string }).locationName), /, /);
    assert.ok(typeof one.json.publicIP === 'string');
  });

  it('answers real-user tests, their details, pages, HARs and network sessions of the featured agents', async () => {
    const filter = { searchFilters: { agentId: featured } };
    const sessions = await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/filter',
      '/v7/endpoint/test-results/real-user-tests/filter?window=1h',
      { json: filter },
    );
    const records = recordsOf(sessions);
    assert.ok(records.length >= 10, `featured agents have sessions every round (${records.length})`);
    assert.ok(records.every((r) => featured.includes(String(r.agentId))));
    for (const record of records.slice(0, 6)) {
      const detail = await conforming(
        emulator,
        '/endpoint/test-results/real-user-tests/{id}',
        `/v7/endpoint/test-results/real-user-tests/${record.id}`,
      );
      const pages = recordsOf(detail)[0]?.pages as { pageId: string }[];
      await conforming(
        emulator,
        '/endpoint/test-results/real-user-tests/{id}/pages/{pageId}',
        `/v7/endpoint/test-results/real-user-tests/${record.id}/pages/${pages[0]?.pageId}`,
      );
    }
    const pages = await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/pages/filter',
      '/v7/endpoint/test-results/real-user-tests/pages/filter?window=30m',
      { json: { agentId: featured, connection: ['wireless', 'ethernet'] } },
    );
    assert.ok(recordsOf(pages).length > 0);
    const networks = await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/networks/filter',
      '/v7/endpoint/test-results/real-user-tests/networks/filter?window=30m',
      { json: filter },
    );
    assert.ok(recordsOf(networks).length > 0);
  });

  it('encodes every seeded episode of the last day within the spec: sessions, details, pages, networks, topologies', async () => {
    const aid = emulator.world.accountGroups[0]?.aid ?? 0;
    const nowSeconds = NOW_MS / 1000;
    const episodes =
      emulator.world
        .group(aid)
        ?.episodes(nowSeconds - 86_400, nowSeconds)
        .filter((e) => e.endSeconds <= nowSeconds) ?? [];
    assert.ok(episodes.length >= 5, `one episode of each kind (${episodes.length})`);
    const iso = (seconds: number): string => `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
    let vpnScores = 0;
    for (const episode of episodes) {
      const range = `startDate=${iso(episode.startSeconds)}&endDate=${iso(episode.endSeconds)}`;
      const only = { searchFilters: { agentId: [episode.agentId] } };
      const sessions = recordsOf(
        await conforming(
          emulator,
          '/endpoint/test-results/real-user-tests/filter',
          `/v7/endpoint/test-results/real-user-tests/filter?${range}`,
          { json: only },
        ),
      );
      assert.ok(sessions.length > 0, `${episode.kind} episode has sessions`);
      for (const session of sessions.slice(0, 3)) {
        await conforming(
          emulator,
          '/endpoint/test-results/real-user-tests/{id}',
          `/v7/endpoint/test-results/real-user-tests/${session.id}`,
        );
      }
      await conforming(
        emulator,
        '/endpoint/test-results/real-user-tests/pages/filter',
        `/v7/endpoint/test-results/real-user-tests/pages/filter?${range}`,
        { json: only.searchFilters },
      );
      await conforming(
        emulator,
        '/endpoint/test-results/real-user-tests/networks/filter',
        `/v7/endpoint/test-results/real-user-tests/networks/filter?${range}`,
        { json: only },
      );
      const probes = recordsOf(
        await conforming(
          emulator,
          '/endpoint/test-results/local-networks/topologies/filter',
          `/v7/endpoint/test-results/local-networks/topologies/filter?${range}`,
          { json: only },
        ),
      );
      for (const probe of probes.slice(0, 3)) {
        await conforming(
          emulator,
          '/endpoint/test-results/local-networks/topologies/{networkTopologyId}',
          `/v7/endpoint/test-results/local-networks/topologies/${probe.networkTopologyId}`,
        );
      }
      if (episode.kind === 'vpn')
        vpnScores += probes.filter(
          (p) => p.type === 'vpn' && (p.vpnScore as { quality?: string } | undefined)?.quality !== 'great',
        ).length;
    }
    assert.ok(vpnScores > 0, 'the VPN episode lowers the VPN score');
  });

  it('pages a long range by _links.next.href, re-posting the same filter', async () => {
    const path = '/v7/endpoint/test-results/real-user-tests/filter?window=1d';
    const first = await conforming(emulator, '/endpoint/test-results/real-user-tests/filter', path, { json: {} });
    const href = (first.json._links as { next?: { href: string } }).next?.href;
    assert.ok(href?.startsWith(`${emulator.url}/v7/endpoint/test-results/real-user-tests/filter?`), String(href));
    const second = await conforming(emulator, '/endpoint/test-results/real-user-tests/filter', href ?? '', {
      json: {},
    });
    assert.equal(second.json.startDate, first.json.startDate);
    assert.notEqual(recordsOf(second)[0]?.id, recordsOf(first)[0]?.id);
  });

  it('reads startDate/endDate as ISO 8601 and states the range it covers', async () => {
    const path =
      '/v7/endpoint/test-results/real-user-tests/filter?startDate=2026-11-20T15:00:00Z&endDate=2026-11-20T15:10:00.000Z';
    const reply = await conforming(emulator, '/endpoint/test-results/real-user-tests/filter', path, { json: {} });
    assert.deepEqual([reply.json.startDate, reply.json.endDate], ['2026-11-20T15:00:00Z', '2026-11-20T15:10:00Z']);
    assert.ok(
      recordsOf(reply).every(
        (r) => String(r.date) >= '2026-11-20T15:00:00Z' && String(r.date) < '2026-11-20T15:10:00Z',
      ),
    );
    const wrong = await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/filter',
      '/v7/endpoint/test-results/real-user-tests/filter?startDate=2026-11-20 15:00:00',
      { json: {} },
      400,
    );
    assert.deepEqual(
      (wrong.json.errors as { field: string }[]).map((e) => e.field),
      ['startDate'],
    );
  });

  it('answers topologies with segment scores, their details and the local networks', async () => {
    const topologies = await conforming(
      emulator,
      '/endpoint/test-results/local-networks/topologies/filter',
      '/v7/endpoint/test-results/local-networks/topologies/filter?window=30m',
      { json: { searchFilters: { agentId: featured, type: ['gateway', 'vpn', 'proxy', 'dns'] } } },
    );
    const records = recordsOf(topologies);
    assert.ok(
      records.some((r) => r.type === 'vpn' && r.vpnScore !== undefined) ||
        records.some((r) => r.type === 'vpn' && r.isIcmpBlocked === true),
    );
    assert.ok(
      records
        .filter((r) => r.type === 'gateway')
        .every((r) => r.gatewayScore !== undefined || r.isIcmpBlocked === true),
    );
    for (const record of records.slice(0, 4)) {
      await conforming(
        emulator,
        '/endpoint/test-results/local-networks/topologies/{networkTopologyId}',
        `/v7/endpoint/test-results/local-networks/topologies/${record.networkTopologyId}`,
      );
    }
    const networks = await conforming(
      emulator,
      '/endpoint/test-results/local-networks',
      '/v7/endpoint/test-results/local-networks',
    );
    assert.ok(recordsOf(networks, 'localNetworks').length > 0);
  });

  it('answers problem+json errors as the spec writes them', async () => {
    await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/{id}',
      '/v7/endpoint/test-results/real-user-tests/000000000000000000000000',
      {},
      404,
    );
    const invalid = await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/filter',
      '/v7/endpoint/test-results/real-user-tests/filter',
      { json: { searchFilters: { connection: ['Wireless'] } } },
      400,
    );
    assert.deepEqual(
      (invalid.json.errors as { field: string }[]).map((e) => e.field),
      ['searchFilters.connection[0]'],
    );
    await conforming(emulator, '/endpoint/agents', '/v7/endpoint/agents', { token: 'not-a-token' }, 401);
    const foreign = await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/filter',
      '/v7/endpoint/test-results/real-user-tests/filter?aid=999999',
      { json: {} },
      400,
    );
    assert.deepEqual(
      (foreign.json.errors as { field: string }[]).map((e) => e.field),
      ['aid'],
    );
    assert.match(String(foreign.json.detail), /GET \/v7\/account-groups lists yours/);
    const xml = await conforming(
      emulator,
      '/endpoint/test-results/real-user-tests/filter',
      '/v7/endpoint/test-results/real-user-tests/filter?format=xml',
      { json: {} },
      400,
    );
    assert.match(String(xml.json.detail), /JSON only/);
  });

  it('has a harness that rejects what v7 does not write (a v6 session record, a wrong agent selector)', async () => {
    const v6 = await withEmulator({ now: () => NOW_MS });
    try {
      const reply = await call(v6.url, '/v6/endpoint-data/user-sessions?window=10m');
      const answer = spec.answer('POST', '/endpoint/test-results/real-user-tests/filter', 200);
      assert.equal(answer.validate({ results: reply.json.userSessions }), false);
      // A discriminated oneOf checks the alternative its mapping names (here: agent ids are UUIDs).
      const instant = spec.answer('POST', '/endpoint/tests/scheduled-tests/agent-to-server/instant', 201);
      const selector = (config: unknown): boolean =>
        instant.validate({ type: 'agent-to-server', agentSelectorConfig: config });
      assert.equal(
        selector({ agentSelectorType: 'specific-agents', agents: ['1bfc88ec-9e7a-4073-ad4d-67a20eb7efca'] }),
        true,
      );
      assert.equal(selector({ agentSelectorType: 'specific-agents', agents: ['agent-1'] }), false);
      assert.equal(selector({ agentSelectorType: 'some-agents' }), false);
    } finally {
      await v6.close();
    }
  });
});
