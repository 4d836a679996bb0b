// Enterprise results as a real service may send them, through the tolerant boundary: agent ids
// as integers, numbers as numeric strings, nulls, unknown fields, a record without an agent
// (reported, the rest kept), and the cursor's next link followed as given.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createNetmonClient, type NetmonClient } from '../../../src/api';

const agent = (agentId: unknown): Record<string, unknown> => ({
  agentId,
  agentName: 'Frankfurt, DE',
  countryId: 'DE',
  location: 'Frankfurt am Main, Hesse, DE',
});

const PAGES: Record<string, unknown> = {
  '/v7/test-results/281474976710655/api': {
    results: [
      {
        agent: agent(3),
        roundId: '1700000100',
        apiTransactionTime: '412.5',
        completion: 100,
        errorType: null,
        newField: { x: 1 },
        _links: { appLink: { href: 'https://app.example/view/1' } },
      },
      { roundId: 1700000100, completion: 50 },
    ],
    test: { testId: '281474976710655', type: 'api' },
    startDate: '2023-11-14T22:00:00Z',
    endDate: '2023-11-14T23:00:00Z',
    _links: { next: { href: '/v7/test-results/281474976710655/api?cursor=b' } },
  },
  '/v7/test-results/281474976710655/api?cursor=b': {
    results: [{ agent: agent('4'), roundId: 1700000400, apiTransactionTime: 380, completion: '75' }],
    _links: {},
  },
  '/v7/test-results/9/dnssec': {
    results: [{ agent: agent(5), roundId: 1700000100, isValid: 'false', errorDetails: 'RRSIG expired' }],
    _links: {},
  },
};

let server: Server;
let client: NetmonClient;
before(async () => {
  server = createServer((req, res) => {
    const body =
      PAGES[(req.url ?? '').replace(/[?&](window|startDate|endDate)=[^&]*/g, '').replace(/^([^?]*)&/, '$1?')];
    res.writeHead(body ? 200 : 404, { 'content-type': body ? 'application/hal+json' : 'application/problem+json' });
    res.end(JSON.stringify(body ?? { title: 'Not Found', status: 404 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createNetmonClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiVersion: 'v7',
    credentials: { kind: 'bearer', token: 't' },
  });
});
after(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

test('api results decode with text agent ids and numbers, the record without an agent reported, the next page followed', async () => {
  const pages = [];
  for await (const page of client.testResults('api', 281474976710655, { window: '1h' }).pages()) pages.push(page);
  const records = pages.flatMap((p) => p.records);
  assert.deepEqual(
    records.map((r) => [r.agentId, r.agentName, r.roundId, r.apiTransactionTime, r.completion]),
    [
      ['3', 'Frankfurt, DE', 1700000100, 412.5, 100],
      ['4', 'Frankfurt, DE', 1700000400, 380, 75],
    ],
  );
  assert.equal(records[0]?.errorType, undefined, 'null is absent');
  assert.deepEqual(records[0]?.newField, { x: 1 }, 'unknown fields are kept');
  assert.equal(records[0]?.permalink, 'https://app.example/view/1');
  assert.equal(pages[0]?.problems.length, 1);
  assert.match(pages[0]?.problems[0]?.message ?? '', /has no agentId/);
  assert.equal(pages[0]?.response.from, '2023-11-14T22:00:00Z', 'the stated range is read back');
});

test('dnssec: "false" is false', async () => {
  const { records } = await client.testResults('dnssec', 9).collect();
  assert.equal(records[0]?.isValid, false);
  assert.equal(records[0]?.errorDetails, 'RRSIG expired');
});
