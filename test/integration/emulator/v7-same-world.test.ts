// One world, two dialects: for a fixed clock and seed, the v7 answers name the same agents,
// sessions, pages, network sessions, topology probes, tests and path traces as v6's (ids
// equal, in the same order), filters included, and walking v7's cursor links covers the same
// records as walking v6's pages.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { call, withEmulator, type CallOptions } from './helpers';
import { NOW_MS } from './openapi';

type Row = Record<string, unknown>;

/** Where each dialect says the next page is: v6 `pages.next`, v7 `_links.next.href`. */
const NEXT_OF = {
  v6: (json: Row): string | undefined => (json['pages'] as { next?: string } | undefined)?.next,
  v7: (json: Row): string | undefined => (json['_links'] as { next?: { href: string } } | undefined)?.next?.href,
};

/** Every record of a list, page by page as the dialect links them. */
async function allRecords(
  api: keyof typeof NEXT_OF,
  emulator: RunningEmulator,
  path: string,
  key: string,
  options: CallOptions = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  let next: string | undefined = path;
  for (let guard = 0; next !== undefined && guard < 100; guard++) {
    const reply = await call(emulator.url, next, options);
    assert.equal(reply.status, 200, reply.text.slice(0, 200));
    rows.push(...(reply.json[key] as Row[]));
    next = NEXT_OF[api](reply.json);
  }
  return rows;
}
const allV6 = (emulator: RunningEmulator, path: string, key: string, options?: CallOptions): Promise<Row[]> =>
  allRecords('v6', emulator, path, key, options);
const allV7 = (emulator: RunningEmulator, path: string, key: string, options?: CallOptions): Promise<Row[]> =>
  allRecords('v7', emulator, path, key, options);

const ids = (rows: Row[], ...keys: string[]): string[] => rows.map((r) => keys.map((k) => String(r[k])).join('/'));

describe('emulator: v6 and v7 serve the same world', () => {
  let v6: RunningEmulator;
  let v7: RunningEmulator;
  before(async () => {
    const options = { now: () => NOW_MS, seed: 7, pageSize: 40, inventoryPageSize: 5 };
    v6 = await withEmulator({ ...options, api: 'v6' });
    v7 = await withEmulator({ ...options, api: 'v7' });
  });
  after(async () => {
    await v6.close();
    await v7.close();
  });

  it('the same endpoint agents', async () => {
    const six = await allV6(v6, '/v6/endpoint-agents', 'endpointAgents');
    const seven = await allV7(v7, '/v7/endpoint/agents?includeDeleted=true', 'agents');
    assert.ok(six.length > 5);
    assert.deepEqual(ids(seven, 'id'), ids(six, 'agentId'));
    assert.deepEqual(ids(seven, 'name'), ids(six, 'computerName'));
  });

  it('the same sessions, pages, network sessions and topology probes, paged and filtered', async () => {
    const window = 'window=45m';
    const lists: [string, string, string, string[], string[], unknown][] = [
      [
        `/v6/endpoint-data/user-sessions?${window}`,
        'userSessions',
        `/v7/endpoint/test-results/real-user-tests/filter?${window}`,
        ['userSessionId'],
        ['id'],
        {},
      ],
      [
        `/v6/endpoint-data/user-sessions/web?${window}`,
        'webSessions',
        `/v7/endpoint/test-results/real-user-tests/pages/filter?${window}`,
        ['userSessionId', 'pageId'],
        ['id', 'pageId'],
        {},
      ],
      [
        `/v6/endpoint-data/user-sessions/network?${window}`,
        'networkSessions',
        `/v7/endpoint/test-results/real-user-tests/networks/filter?${window}`,
        ['userSessionId'],
        ['id'],
        {},
      ],
      [
        `/v6/endpoint-data/network-topology?${window}`,
        'networkProbes',
        `/v7/endpoint/test-results/local-networks/topologies/filter?${window}`,
        ['networkProbeId'],
        ['networkTopologyId'],
        {},
      ],
    ];
    for (const [sixPath, sixKey, sevenPath, sixIds, sevenIds, body] of lists) {
      const six = await allV6(v6, sixPath, sixKey);
      const seven = await allV7(v7, sevenPath, 'results', { json: body });
      assert.ok(six.length > 40, `${sixKey} spans several pages (${six.length})`);
      assert.deepEqual(ids(seven, ...sevenIds), ids(six, ...sixIds), sixKey);
    }
    const sixWireless = await allV6(v6, `/v6/endpoint-data/user-sessions?${window}`, 'userSessions', {
      json: {
        searchFilters: [
          { key: 'connection', values: ['Wireless'] },
          { key: 'platform', values: ['Mac'] },
        ],
      },
    });
    const sevenWireless = await allV7(v7, `/v7/endpoint/test-results/real-user-tests/filter?${window}`, 'results', {
      json: { searchFilters: { connection: ['wireless'], platform: ['mac'] } },
    });
    assert.ok(sixWireless.length > 0);
    assert.deepEqual(ids(sevenWireless, 'id'), ids(sixWireless, 'userSessionId'));
  });

  it('the same scheduled tests and path traces', async () => {
    const six = await allV6(v6, '/v7/endpoint-tests', 'endpointTest');
    const seven = (await call(v7.url, '/v7/endpoint/tests/scheduled-tests')).json.tests as Row[];
    assert.deepEqual(
      ids(seven, 'testId'),
      ids(
        six.filter((t) => t.savedEvent !== 1),
        'testId',
      ),
    );
    const testId = String(seven[0]?.testId);
    const sixVis = (await call(v6.url, `/v7/endpoint-data/tests/net/path-vis/${testId}?window=15m`)).json
      .endpointNet as { pathVis: Row[] };
    const sevenVis = await allV7(
      v7,
      `/v7/endpoint/test-results/scheduled-tests/${testId}/path-vis?window=15m`,
      'results',
    );
    assert.deepEqual(ids(sevenVis, 'agentId', 'roundId'), ids(sixVis.pathVis, 'agentId', 'roundId'));
    const first = sixVis.pathVis[0] as Row;
    const sixTrace = (
      await call(v6.url, `/v7/endpoint-data/tests/net/path-vis/${testId}/${first.agentId}/${first.roundId}`)
    ).json.endpointNet as { pathVis: { routes: { pathId: string }[] }[] };
    const sevenTrace = (
      await call(
        v7.url,
        `/v7/endpoint/test-results/scheduled-tests/${testId}/path-vis/agent/${first.agentId}/round/${first.roundId}`,
      )
    ).json.results as { pathTraces: { pathId: string }[] }[];
    assert.deepEqual(
      sevenTrace[0]?.pathTraces.map((p) => p.pathId),
      sixTrace.pathVis[0]?.routes.map((r) => r.pathId),
    );
  });
});
