// Endpoint data (v6): the four lists, their details, HAR pages, networks, agents and the
// search filters (AND across keys, OR within values, per-endpoint keys).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { arrayOf, call, errorOf, pagesOf, withEmulator } from './helpers';

const NOW = Date.UTC(2026, 10, 20, 10, 2, 0);
type Row = Record<string, unknown>;

describe('endpoint data', () => {
  let emulator: RunningEmulator;
  let base: string;
  before(async () => {
    emulator = await withEmulator({ now: () => NOW, pageSize: 5000 });
    base = emulator.url;
  });
  after(() => emulator.close());

  const list = async (path: string, filters?: unknown): Promise<{ rows: Row[]; json: Row }> => {
    const reply = await call(base, path, filters === undefined ? {} : { json: { searchFilters: filters } });
    assert.equal(reply.status, 200, reply.text);
    const key = Object.keys(reply.json).find((k) => Array.isArray(reply.json[k])) ?? '';
    return { rows: arrayOf(reply, key), json: reply.json };
  };

  test('the four lists hold their arrays and pages, with the newer fields', async () => {
    const sessions = await list('/v6/endpoint-data/user-sessions?window=2h');
    assert.ok(sessions.rows.length > 0 && 'userSessions' in sessions.json);
    assert.equal(pagesOf({ json: sessions.json } as never).current, 1);
    assert.ok(
      sessions.rows.every(
        (s) =>
          typeof s.experienceScore === 'number' &&
          (s.experienceScore as number) >= 0 &&
          (s.experienceScore as number) <= 1,
      ),
    );
    const web = await list('/v6/endpoint-data/user-sessions/web?window=2h');
    assert.ok('webSessions' in web.json && web.rows.some((w) => typeof w.systemMetrics === 'object'));
    const network = await list('/v6/endpoint-data/user-sessions/network?window=2h');
    assert.ok('networkSessions' in network.json && network.rows.every((n) => typeof n.destination === 'object'));
    const probes = await list('/v6/endpoint-data/network-topology?window=2h');
    assert.ok('networkProbes' in probes.json && probes.rows.every((p) => typeof p.icmpPing === 'object'));
  });

  test("session details, their pages' HAR and probe details", async () => {
    const [session] = (await list('/v6/endpoint-data/user-sessions?window=1h')).rows;
    const id = String(session?.userSessionId);
    const detail = await call(base, `/v6/endpoint-data/user-sessions/${id}`);
    const [full] = arrayOf<Row & { pages: { id: string }[]; network: { systemMetrics?: unknown } }>(
      detail,
      'userSessions',
    );
    assert.equal(full?.userSessionId, id);
    assert.ok(full && full.pages.length > 0 && full.browser && full.coordinates && full.network.systemMetrics);
    const pageId = full.pages[0]?.id ?? '';
    const har = await call(base, `/v6/endpoint-data/user-sessions/${id}/page/${pageId}`);
    assert.equal(har.status, 200);
    const log = har.json.har as { log: { entries: unknown[] }; _systemMetrics?: unknown };
    assert.ok(log.log.entries.length >= 1 && log._systemMetrics);
    const [probe] = (await list('/v6/endpoint-data/network-topology?window=1h')).rows;
    const probeDetail = await call(base, `/v6/endpoint-data/network-topology/${String(probe?.networkProbeId)}`);
    const [probeFull] = arrayOf<Row>(probeDetail, 'networkProbes');
    assert.ok(probeFull?.networkProfile && probeFull.coordinates);
  });

  test('unknown session, page, probe and agent ids answer 404 with messages', async () => {
    const cases: [string, RegExp][] = [
      ['/v6/endpoint-data/user-sessions/0000', /User session '0000' not found in account group 1001/],
      ['/v6/endpoint-data/user-sessions/0000/page/1', /User session '0000' not found/],
      ['/v6/endpoint-data/network-topology/xyz', /Network probe 'xyz' not found/],
      ['/v6/endpoint-agents/xyz', /Endpoint agent 'xyz' not found/],
    ];
    for (const [path, message] of cases) {
      const reply = await call(base, path);
      assert.equal(reply.status, 404, path);
      assert.match(errorOf(reply), message);
    }
    const [session] = (await list('/v6/endpoint-data/user-sessions?window=1h')).rows;
    const page = await call(base, `/v6/endpoint-data/user-sessions/${String(session?.userSessionId)}/page/nope`);
    assert.equal(page.status, 404);
    assert.match(errorOf(page), /Page 'nope' not found in user session/);
  });

  test('networks, agents and agent details (details add numberOfClients)', async () => {
    const networks = arrayOf<Row>(await call(base, '/v6/endpoint-data/networks'), 'privateNetworks');
    assert.ok(networks.length > 0 && networks.every((n) => n.networkId && n.localPrefix));
    const agents = arrayOf<Row>(await call(base, '/v6/endpoint-agents'), 'endpointAgents');
    assert.ok(agents.length > 0 && agents.every((a) => a.numberOfClients === undefined));
    const [detail] = arrayOf<Row>(
      await call(base, `/v6/endpoint-agents/${String(agents[0]?.agentId)}`),
      'endpointAgents',
    );
    assert.equal(detail?.agentId, agents[0]?.agentId);
    assert.equal(typeof detail?.numberOfClients, 'number');
  });

  describe('search filters', () => {
    const path = '/v6/endpoint-data/user-sessions?window=1d';
    let all: Row[];
    before(async () => {
      all = (await list(path)).rows;
    });

    test('a POST without body equals the GET; filtered answers carry from/to', async () => {
      const reply = await call(base, path, { method: 'POST', headers: { 'content-type': 'application/json' } });
      assert.deepEqual(arrayOf(reply, 'userSessions'), all);
      const filtered = await list(path, []);
      assert.deepEqual(filtered.rows, all);
      assert.equal(filtered.json.from, '2026-11-19 10:02:00');
      assert.equal(filtered.json.to, '2026-11-20 10:02:00');
    });

    test('OR within one key, AND across keys, empty when nothing matches', async () => {
      const agentA = String(all[0]?.agentId);
      const agentB = String(all.find((s) => s.agentId !== agentA)?.agentId);
      const onlyA = (await list(path, [{ key: 'agentId', values: [agentA] }])).rows;
      const onlyB = (await list(path, [{ key: 'agentId', values: [agentB] }])).rows;
      const either = (await list(path, [{ key: 'agentId', values: [agentA, agentB] }])).rows;
      assert.ok(onlyA.length > 0);
      assert.deepEqual(
        onlyA,
        all.filter((s) => s.agentId === agentA),
        "the agent's every session, and no other",
      );
      assert.equal(either.length, onlyA.length + onlyB.length);
      const site = String(onlyA[0]?.visitedSite);
      const both = (
        await list(path, [
          { key: 'agentId', values: [agentA] },
          { key: 'visitedSite', values: [site] },
        ])
      ).rows;
      assert.deepEqual(
        both,
        onlyA.filter((s) => s.visitedSite === site),
      );
      const none = await list(path, [{ key: 'agentId', values: ['no-such-agent'] }]);
      assert.deepEqual(none.rows, []);
      assert.deepEqual(none.json.pages, { current: 1 });
    });

    test('two entries with the same key are two filters, both of which must hold (AND)', async () => {
      const agentA = String(all[0]?.agentId);
      const agentB = String(all.find((s) => s.agentId !== agentA)?.agentId);
      const apart = await list(path, [
        { key: 'agentId', values: [agentA] },
        { key: 'agentId', values: [agentB] },
      ]);
      assert.deepEqual(apart.rows, [], 'no session has two agents');
      const onlyA = (await list(path, [{ key: 'agentId', values: [agentA] }])).rows;
      assert.ok(onlyA.length > 0);
      assert.deepEqual(
        (
          await list(path, [
            { key: 'agentId', values: [agentA] },
            { key: 'agentId', values: [agentA] },
          ])
        ).rows,
        onlyA,
      );
      const overlapping = await list(path, [
        { key: 'agentId', values: [agentA, agentB] },
        { key: 'agentId', values: [agentA] },
      ]);
      assert.deepEqual(overlapping.rows, onlyA);
      for (const target of ['/v6/endpoint-data/user-sessions/web', '/v6/endpoint-data/network-topology']) {
        const connections = await list(`${target}?window=2h`, [
          { key: 'connection', values: ['Wireless'] },
          { key: 'connection', values: ['Ethernet'] },
        ]);
        assert.deepEqual(connections.rows, [], `${target}: one connection per record`);
      }
    });

    test('enumerated keys split the data: connection values partition the sessions', async () => {
      const counts = await Promise.all(
        ['Ethernet', 'Loopback', 'Wireless'].map(
          async (c) => (await list(path, [{ key: 'connection', values: [c] }])).rows.length,
        ),
      );
      assert.equal(
        counts.reduce((a, b) => a + b, 0),
        all.length,
      );
      const platforms = await Promise.all(
        ['Mac', 'Windows'].map(async (p) => (await list(path, [{ key: 'platform', values: [p] }])).rows.length),
      );
      assert.equal(
        platforms.reduce((a, b) => a + b, 0),
        all.length,
      );
    });

    test('type filters network-topology probes', async () => {
      const probes = (await list('/v6/endpoint-data/network-topology?window=1d')).rows;
      const gateways = (
        await list('/v6/endpoint-data/network-topology?window=1d', [{ key: 'type', values: ['gateway'] }])
      ).rows;
      assert.ok(gateways.length > 0 && gateways.length < probes.length);
      assert.ok(gateways.every((p) => p.type === undefined || p.type === 'gateway'));
    });

    const invalid: [string, string, unknown, RegExp, number][] = [
      [
        'domain on /user-sessions/web',
        '/v6/endpoint-data/user-sessions/web',
        { searchFilters: [{ key: 'domain', values: ['x'] }] },
        /searchFilters\[0\]\.key 'domain' does not apply to \/user-sessions\/web/,
        400,
      ],
      [
        'type on /user-sessions',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: [{ key: 'type', values: ['vpn'] }] },
        /key 'type' does not apply to \/user-sessions; allowed keys: location/,
        400,
      ],
      [
        'visitedSite on /network-topology',
        '/v6/endpoint-data/network-topology',
        { searchFilters: [{ key: 'visitedSite', values: ['x'] }] },
        /does not apply to \/network-topology/,
        400,
      ],
      [
        'unknown key',
        '/v6/endpoint-data/user-sessions/network',
        { searchFilters: [{ key: 'colour', values: ['x'] }] },
        /key 'colour' does not apply/,
        400,
      ],
      [
        'bad connection value',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: [{ key: 'connection', values: ['Carrier pigeon'] }] },
        /'Carrier pigeon' is not a valid connection; use one of Ethernet, Loopback, Wireless/,
        400,
      ],
      [
        'empty values',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: [{ key: 'platform', values: [] }] },
        /searchFilters\[0\]\.values must be a non-empty array/,
        400,
      ],
      [
        'missing key',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: [{ values: ['x'] }] },
        /searchFilters\[0\]\.key is required/,
        400,
      ],
      [
        'object value',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: [{ key: 'agentId', values: [{}] }] },
        /values\[0\] must be a string or number/,
        400,
      ],
      [
        'searchFilters not an array',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: {} },
        /searchFilters is required and must be an array/,
        400,
      ],
      [
        'extra body field',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: [], window: '1h' },
        /Unknown body field 'window'/,
        400,
      ],
      [
        'extra filter field',
        '/v6/endpoint-data/user-sessions',
        { searchFilters: [{ key: 'agentId', values: ['a'], op: 'or' }] },
        /searchFilters\[0\]\.op is not a filter field/,
        400,
      ],
    ];
    for (const [name, target, body, message, status] of invalid) {
      test(`filter error: ${name}`, async () => {
        const reply = await call(base, target, { json: body });
        assert.equal(reply.status, status, reply.text);
        assert.match(errorOf(reply), message);
      });
    }

    test('filter bodies need JSON: 415 without Content-Type, 406 for single quotes', async () => {
      const plain = await call(base, path, { rawBody: '{"searchFilters":[]}' });
      assert.equal(plain.status, 415);
      const quoted = await call(base, path, {
        rawBody: "{'searchFilters':[]}",
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(quoted.status, 406);
    });
  });
});
