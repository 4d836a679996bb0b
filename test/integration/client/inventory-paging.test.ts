// Agents, networks and endpoint tests are paged on real accounts (pages.next with an opaque
// pageId). The client walks them like every list: all records once, with the rate limiter.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createNetmonClient, type RequestEvent } from '../../../src/api';
import { DEMO_CREDENTIALS, startEmulator, type RunningEmulator } from '../../../src/emulator';

describe('inventory lists page by pageId', () => {
  let large: RunningEmulator;
  let small: RunningEmulator;
  before(async () => {
    large = await startEmulator({ port: 0, preset: 'large' });
    small = await startEmulator({ port: 0, inventoryPageSize: 2 });
  });
  after(async () => {
    await large.close();
    await small.close();
  });

  const clientOf = (emulator: RunningEmulator, events: RequestEvent[] = []) =>
    createNetmonClient({
      apiVersion: 'v6',
      baseUrl: emulator.url,
      credentials: { kind: 'bearer', token: DEMO_CREDENTIALS.admin.token },
      onRequest: (e) => events.push(e),
    });

  test('10,000 agents of the large preset, each once, one request per server page', async () => {
    const events: RequestEvent[] = [];
    const client = clientOf(large, events);
    try {
      const { records, complete } = await client.endpointAgents().collect();
      assert.ok(complete);
      assert.equal(records.length, 10_000);
      assert.equal(new Set(records.map((a) => a.agentId)).size, 10_000);
      assert.equal(events.length, 10);
      assert.ok(events.slice(1).every((e) => /[?&]pageId=/.test(e.path)));
    } finally {
      await client.close();
    }
  });

  test('networks and endpoint tests walk every page too', async () => {
    const client = clientOf(small);
    try {
      const networks = await client.networks().collect();
      const tests = await client.endpointTests().collect();
      const headers = { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}` };
      const firstNetworks = (await (await fetch(`${small.url}/v6/endpoint-data/networks`, { headers })).json()) as {
        privateNetworks: unknown[];
        pages?: { next?: string };
      };
      assert.ok(firstNetworks.pages?.next, 'a page size of 2 pages the demo networks');
      assert.ok(networks.records.length > firstNetworks.privateNetworks.length);
      assert.ok(tests.records.length > 2);
      assert.equal(new Set(tests.records.map((t) => t.testId)).size, tests.records.length);
    } finally {
      await client.close();
    }
  });
});
