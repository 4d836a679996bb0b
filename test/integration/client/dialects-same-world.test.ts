// The client reads the same world through either dialect: what the explorer lists does not
// depend on which API the account speaks (v7 lists deleted agents only when asked to).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bothDialects } from './helpers';

const NOW_MS = Date.UTC(2026, 10, 18, 14, 2, 0);

describe('the same endpoint agents through v6 and v7', () => {
  const { clients } = bothDialects(NOW_MS);

  test('every agent, deleted ones included, with the same ids and names', async () => {
    const [v6, v7] = await Promise.all(clients.map((c) => c.endpointAgents().collect()));
    const view = (records: { agentId: string; computerName?: string | undefined; deleted?: unknown }[]): string[] =>
      records.map((a) => `${a.agentId} ${a.computerName ?? ''} ${String(a.deleted)}`).sort();
    assert.ok(v6!.records.length > 0);
    assert.deepEqual(view(v7!.records), view(v6!.records));
    assert.ok(
      v7!.records.every((agent) => !('_links' in agent)),
      'HAL links stay in the answer, not in the record',
    );
  });

  test('a page HAR carries its system metrics beside the log, once, in either dialect', async () => {
    const [v6, v7] = await Promise.all(
      clients.map(async (client) => {
        const { records } = await client.webSessions({ window: '1d' }).collect({ maxRecords: 1 });
        const page = records[0]!;
        return client.getPageDetails(page.userSessionId, page.pageId);
      }),
    );
    assert.ok(v6!._systemMetrics !== undefined, 'the emulator records system metrics');
    assert.deepEqual(v7!._systemMetrics, v6!._systemMetrics);
    assert.equal(v7!.log['systemMetrics'], undefined);
    assert.equal(v7!.log.entries.length, v6!.log.entries.length);
  });

  test('an agent-to-server test reads back as host:port in either dialect (v7 names the port apart)', async () => {
    const read = await Promise.all(
      clients.map(async (client) => {
        const created = await client.createTest('agent-to-server', {
          testName: 'VPN gateway',
          interval: 300,
          agents: [{ agentId: 1000 }],
          server: 'vpn.example.com',
        });
        const listed = (await client.listEnterpriseTests()).find((test) => test.testId === created.testId);
        return [created, listed].map((test) => [test?.server, test?.port]);
      }),
    );
    assert.deepEqual(read, [
      [
        ['vpn.example.com:80', undefined],
        ['vpn.example.com:80', undefined],
      ],
      [
        ['vpn.example.com:80', undefined],
        ['vpn.example.com:80', undefined],
      ],
    ]);
  });
});
