// The vendor's public v6 Postman collection: v6 forms of the spec's v7 endpoint-test reads,
// and /v6/tests/{type}/new.json, …/update.json, …/delete.json for test management, with the
// bodies that collection sends.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { arrayOf, call, enterpriseAgentIds, withEmulator } from './helpers';

describe('v6 aliases', () => {
  let emulator: RunningEmulator;
  let base: string;
  const [agentId = 0] = enterpriseAgentIds(1001);
  const NOW = Date.UTC(2026, 10, 20, 10, 2, 0);
  before(async () => {
    emulator = await withEmulator({ now: () => NOW });
    base = emulator.url;
  });
  after(() => emulator.close());

  const same = async (v7: string, v6: string): Promise<void> => {
    const [a, b] = await Promise.all([call(base, v7), call(base, v6)]);
    assert.equal(a.status, 200, `${v7}: ${a.text.slice(0, 200)}`);
    assert.equal(b.status, 200, `${v6}: ${b.text.slice(0, 200)}`);
    assert.deepEqual(b.json, a.json, v6);
  };

  test('endpoint tests and their data answer on /v6 as on /v7 (with and without .json)', async () => {
    const tests = arrayOf<{ testId: number; type: string }>(await call(base, '/v7/endpoint-tests'), 'endpointTest');
    const network = tests.find((t) => t.type === 'agent-to-server');
    const http = tests.find((t) => t.type === 'http-server');
    assert.ok(network && http);
    const paths = [
      '/endpoint-tests',
      '/endpoint-tests/agent-to-server',
      `/endpoint-tests/${network.testId}`,
      `/endpoint-data/tests/net/metrics/${network.testId}?window=1h`,
      `/endpoint-data/tests/net/path-vis/${network.testId}?window=1h`,
      `/endpoint-data/tests/web/http-server/${http.testId}?window=1h`,
    ];
    for (const path of paths) {
      await same(`/v7${path}`, `/v6${path}`);
      const [route, query = ''] = path.split('?');
      await same(`/v7${path}`, `/v6${route}.json${query ? `?${query}` : ''}`);
    }
    const summaries = (await call(base, `/v7/endpoint-data/tests/net/path-vis/${network.testId}?window=1h`)).json
      .endpointNet as { pathVis: { agentId: string; roundId: number }[] };
    const [first] = summaries.pathVis;
    assert.ok(first);
    await same(
      `/v7/endpoint-data/tests/net/path-vis/${network.testId}/${first.agentId}/${first.roundId}`,
      `/v6/endpoint-data/tests/net/path-vis/${network.testId}/${first.agentId}/${first.roundId}.json`,
    );
  });

  // The collection's bodies, as sent.
  const createBody = (name: string): Record<string, unknown> => ({
    interval: 120,
    agents: [{ agentId }],
    testName: name,
    url: 'https://www.example.com/',
    port: 443,
    alertsEnabled: 0,
    enabled: 1,
  });

  const forms: [string, (id?: number) => { create: string; update: string; delete: [string, 'POST' | 'DELETE'] }][] = [
    [
      'v6',
      (id) => ({
        create: '/v6/tests/http-server/new.json',
        update: `/v6/tests/http-server/${id}/update.json`,
        delete: [`/v6/tests/http-server/${id}/delete.json`, 'POST'],
      }),
    ],
    [
      'unversioned',
      (id) => ({
        create: '/tests/http-server/new',
        update: `/tests/http-server/${id}/update`,
        delete: [`/tests/http-server/${id}/delete`, 'POST'],
      }),
    ],
    [
      'v7',
      (id) => ({
        create: '/v7/tests/http-server',
        update: `/v7/tests/http-server/${id}`,
        delete: [`/v7/tests/http-server/${id}`, 'DELETE'],
      }),
    ],
  ];
  for (const [name, paths] of forms) {
    test(`${name}: an http-server test with port, alertsEnabled and enabled is created, updated and deleted (empty-bodied delete)`, async () => {
      const created = await call(base, paths().create, { json: createBody(`collection ${name}`) });
      assert.equal(created.status, 201, created.text);
      const [test] = arrayOf<{
        testId: number;
        port: number;
        alertsEnabled: number;
        enabled: number;
        interval: number;
        url: string;
      }>(created, 'test');
      assert.ok(test);
      assert.deepEqual(
        [test.port, test.alertsEnabled, test.enabled, test.interval, test.url],
        [443, 0, 1, 120, 'https://www.example.com/'],
      );
      const {
        update,
        delete: [deletePath, method],
      } = paths(test.testId);
      const updated = await call(base, update, {
        method: method === 'DELETE' ? 'PUT' : 'POST',
        json: { testName: `collection ${name} renamed`, interval: 300 },
      });
      assert.equal(updated.status, 200, updated.text);
      const removed = await call(base, deletePath, { method, headers: { 'content-type': 'application/json' } });
      assert.equal(removed.status, 200, removed.text);
      assert.deepEqual(removed.json, {});
      assert.equal((await call(base, `/v7/tests/http-server/${test.testId}`)).status, 404);
    });
  }

  test('a port that contradicts the url is refused, naming both', async () => {
    const reply = await call(base, '/v6/tests/http-server/new.json', {
      json: { ...createBody('conflict'), url: 'https://www.example.com:8443/' },
    });
    assert.equal(reply.status, 400);
    assert.match(
      String(reply.json.errorMessage),
      /url 'https:\/\/www\.example\.com:8443\/' already names port 8443, which conflicts with port 443/,
    );
  });
});
