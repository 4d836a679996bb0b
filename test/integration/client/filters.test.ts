// Search filters: POSTed to the four lists, AND across keys and OR within values, the body
// re-POSTed to every next page, and keys or values an endpoint does not take rejected
// before anything is sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidFilterError, type NetmonClient } from '../../../src/api';
import type { SearchFilter } from '../../../src/api/types';
import { TestBed, drain, rejection } from './helpers';

describe('search filters', () => {
  let bed: TestBed;
  let client: NetmonClient;
  before(async () => {
    // A clock that stands still mid-round: counts taken a few requests apart must cover the same rounds.
    bed = await TestBed.start({ pageSize: 25, now: () => Date.UTC(2026, 10, 20, 14, 2, 30) });
    client = bed.client('admin');
  });
  after(() => bed.close());

  const window = '6h';
  const count = async (filters: SearchFilter[]): Promise<number> =>
    (await client.userSessions({ window, filters }).collect()).records.length;

  test('values of one filter are ORed, filters are ANDed', async () => {
    const all = (await client.userSessions({ window }).collect()).records.length;
    const mac = await count([{ key: 'platform', values: ['Mac'] }]);
    const windows = await count([{ key: 'platform', values: ['Windows'] }]);
    const either = await count([{ key: 'platform', values: ['Mac', 'Windows'] }]);
    assert.ok(mac > 0 && windows > 0);
    assert.equal(either, mac + windows, 'OR within a filter');
    assert.equal(either, all, 'every session runs on Mac or Windows');
    const wireless = await count([
      { key: 'platform', values: ['Mac'] },
      { key: 'connection', values: ['Wireless'] },
    ]);
    const wired = await count([
      { key: 'platform', values: ['Mac'] },
      { key: 'connection', values: ['Ethernet', 'Loopback'] },
    ]);
    assert.ok(wireless > 0 && wireless < mac, 'AND narrows');
    assert.equal(wireless + wired, mac);
  });

  test('a filtered walk re-POSTs the same body to every pages.next', async () => {
    await bed.clearRequests();
    const filters = [{ key: 'trigger', values: ['auto', 'user'] }];
    const records = await drain(client.webSessions({ window, filters }));
    const sent = await bed.requests();
    assert.ok(sent.length > 3, 'several pages');
    assert.equal(records.length, new Set(records.map((r) => `${r.userSessionId}/${r.pageId}`)).size);
    for (const request of sent) {
      assert.equal(request.method, 'POST');
      assert.equal(request.path, '/v6/endpoint-data/user-sessions/web');
      assert.deepEqual(request.body, { searchFilters: filters });
    }
  });

  test('filters on agentId and on the topology-only type key match the records', async () => {
    const sessions = await client.networkSessions({ window }).collect({ maxRecords: 1 });
    const agentId = sessions.records[0]?.agentId;
    assert.ok(agentId);
    const mine = await client.networkSessions({ window, filters: [{ key: 'agentId', values: [agentId] }] }).collect();
    assert.ok(mine.records.length > 0 && mine.records.every((r) => r.agentId === agentId));
    const vpn = await client.networkProbes({ window, filters: [{ key: 'type', values: ['vpn', 'proxy'] }] }).collect();
    assert.ok(vpn.records.length > 0 && vpn.records.every((r) => r.type === 'vpn' || r.type === 'proxy'));
  });

  test('keys and values an endpoint does not accept are rejected before sending', async () => {
    await bed.clearRequests();
    const cases: [string, () => AsyncIterable<unknown>][] = [
      ['type', () => client.userSessions({ filters: [{ key: 'type', values: ['vpn'] }] })],
      ['domain', () => client.webSessions({ filters: [{ key: 'domain', values: ['example.com'] }] })],
      ['visitedSite', () => client.networkSessions({ filters: [{ key: 'visitedSite', values: ['example.com'] }] })],
      ['destinationIp', () => client.networkProbes({ filters: [{ key: 'destinationIp', values: ['10.0.0.1'] }] })],
      ['platform', () => client.userSessions({ filters: [{ key: 'platform', values: ['Linux'] }] })],
      ['connection', () => client.networkProbes({ filters: [{ key: 'connection', values: [] }] })],
      ['type', () => client.networkProbes({ filters: [{ key: 'type', values: ['router'] }] })],
    ];
    for (const [key, walk] of cases) {
      const error = await rejection(drain(walk()));
      assert.ok(error instanceof InvalidFilterError, `${key} rejected`);
      assert.equal(error.filterKey, key);
      assert.equal(error.method, 'POST');
    }
    assert.deepEqual(await bed.requests(), [], 'nothing reached the server');
  });

  test('keys an endpoint does accept pass the check', async () => {
    const domain = await client.userSessions({ window, filters: [{ key: 'domain', values: ['slack.com'] }] }).collect();
    assert.ok(domain.records.length > 0);
    assert.ok(domain.records.every((r) => r.visitedSite.endsWith('slack.com')));
  });
});
