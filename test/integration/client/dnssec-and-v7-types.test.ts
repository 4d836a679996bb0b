// DNSSEC under either name, and the test types only v7 has, through the client over loopback
// HTTP in both dialects: a document of type `dnssec` or `dns-dnssec` creates the test under the
// name the account's API uses (v6 `dns-dnssec`, v7 `dnssec`); a v7-only type on a v6 account is
// one sentence saying it needs the current API, from the client and from the emulator alike.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CREDENTIALS } from '../../../src/emulator';
import { testCreateRequest, testTypeOf } from '../../../src/documents';
import { bothDialects, rejection } from './helpers';

const NOW_MS = Date.UTC(2026, 10, 20, 16, 0, 0);

describe('dnssec and the v7-only types in both dialects', () => {
  const { emulators, clients } = bothDialects(NOW_MS);

  test('a dnssec or dns-dnssec document creates the test under the name each API uses', async () => {
    for (const [index, expected] of [
      [0, 'dns-dnssec'],
      [1, 'dnssec'],
    ] as const) {
      for (const documentType of ['dnssec', 'dns-dnssec']) {
        const document = {
          type: documentType,
          testName: `Chain ${documentType} ${expected}`,
          interval: 300,
          agents: [{ agentId: 1000 }],
          domain: 'example.net',
        };
        const created = await clients[index]!.createTest(testTypeOf(document), testCreateRequest(document).body);
        const listed = (await clients[index]!.listEnterpriseTests()).find((t) => t.testId === created.testId);
        assert.equal(listed?.type, expected, `${documentType} on ${expected === 'dnssec' ? 'v7' : 'v6'}`);
      }
    }
  });

  test('on v6 a v7-only type is refused before sending, in one sentence', async () => {
    const body = { testName: 'Prefix', prefix: '192.0.2.0/24' };
    const error = await rejection(clients[0]!.createTest('bgp', body));
    assert.ok(error instanceof Error);
    assert.equal(error.message, 'bgp tests need the current API (v7); this account speaks API v6');
    const created = await clients[1]!.createTest('bgp', body);
    assert.equal((await clients[1]!.listEnterpriseTests()).find((t) => t.testId === created.testId)?.type, 'bgp');
  });

  test('the v6 emulator answers a v7-only type with the API it needs', async () => {
    const response = await fetch(`${emulators[0]!.url}/v7/tests/api`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_CREDENTIALS.admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        testName: 'A',
        interval: 300,
        agents: [{ agentId: 1000 }],
        url: 'https://a.example/',
        requests: [],
      }),
    });
    assert.equal(response.status, 404);
    assert.match(await response.text(), /Test type 'api' needs the current API \(v7\); this is API v6/);
  });
});

describe('a document in v7 spelling on a v6 account', () => {
  const { clients } = bothDialects(NOW_MS);

  test('booleans and lower-case enums are sent as v6 takes them (0/1, ICMP), and read back alike', async () => {
    const document = {
      type: 'agent-to-server',
      testName: 'Gateway in v7 words',
      interval: 300,
      agents: [{ agentId: 1000 }],
      server: 'gw.example.com',
      enabled: true,
      alertsEnabled: false,
      protocol: 'icmp',
    };
    for (const client of clients) {
      const created = await client.createTest(testTypeOf(document), testCreateRequest(document).body);
      const listed = (await client.listEnterpriseTests()).find((t) => t.testId === created.testId);
      assert.equal(String(listed?.['protocol']).toLowerCase(), 'icmp');
      assert.equal(listed?.enabled, 1);
      assert.equal(listed?.['alertsEnabled'], 0);
    }
  });
});
