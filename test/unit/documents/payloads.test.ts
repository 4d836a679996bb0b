import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'jsonc-parser';
import {
  DocumentShapeError,
  filterRequest,
  instantTestRequest,
  testCreateRequest,
  testUpdateRequest,
} from '../../../src/documents';

const valid = (name: string): unknown => parse(readFileSync(`test/fixtures/documents/valid/${name}`, 'utf8'));

describe('documents map to API requests', () => {
  test('a test document becomes POST /v7/tests/{type} without document-only fields; agent ids as numbers', () => {
    const request = testCreateRequest(valid('portal.netmon-test.json'));
    assert.deepEqual(request, {
      method: 'POST',
      path: '/v7/tests/http-server',
      query: {},
      body: {
        testName: 'Portal availability',
        interval: 120,
        agents: [{ agentId: 1000 }, { agentId: 1074 }],
        url: 'https://portal.example.com/health',
      },
    });
    assert.deepEqual(testCreateRequest(valid('intranet.netmon-test.json')).body, {
      testName: 'Intranet reachability',
      interval: 300,
      agents: [{ agentId: 1000 }, { agentId: 1037 }],
      server: 'intranet.example.com:443',
      enabled: 1,
    });
    assert.deepEqual(
      testCreateRequest(valid('checkout.netmon-test.json')).body['transactionScript'],
      "await driver.get('https://shop.example.com/cart');",
    );
  });

  test('the update body carries only interval, testName and agents', () => {
    assert.deepEqual(testUpdateRequest(valid('portal.netmon-test.json'), 42), {
      method: 'PUT',
      path: '/v7/tests/http-server/42',
      query: {},
      body: { testName: 'Portal availability', interval: 120, agents: [{ agentId: 1000 }, { agentId: 1074 }] },
    });
  });

  test('an instant document becomes POST /v6/endpoint-instant/{type} with every spec field', () => {
    const request = instantTestRequest(valid('laptops-net.netmon-instant.json'));
    assert.equal(request.path, '/v6/endpoint-instant/agent-to-server');
    assert.deepEqual(request.body, {
      testName: 'Intranet from laptops',
      serverName: '10.20.0.1',
      maxMachines: 5000,
      groupId: '12',
      flagPing: true,
      flagTraceroute: true,
      port: 80,
    });
    const http = instantTestRequest(valid('laptops-http.netmon-instant.json'));
    assert.equal(http.path, '/v6/endpoint-instant/http-server');
    assert.deepEqual(Object.keys(http.body).sort(), [
      'authType',
      'flagPing',
      'flagTraceroute',
      'groupId',
      'httpTimeLimit',
      'maxMachines',
      'networkProtocol',
      'password',
      'pathtraceInSession',
      'port',
      'sslVersion',
      'targetResponseTime',
      'tcpProbeMode',
      'testName',
      'url',
      'username',
      'verifyCertHostname',
    ]);
  });

  test('a filter document becomes {target, searchFilters, window | from/to} with aid in the query', () => {
    const sessions = filterRequest(valid('wifi-sessions.netmon-filter.json'));
    assert.equal(sessions.path, '/v6/endpoint-data/user-sessions');
    assert.deepEqual(sessions.range, { window: '12h' });
    assert.deepEqual(sessions.body.searchFilters[0], { key: 'connection', values: ['Wireless'] });
    const network = filterRequest(valid('vpn-net.netmon-filter.json'));
    assert.deepEqual(
      [network.target, network.path, network.query],
      ['network', '/v6/endpoint-data/user-sessions/network', { from: '2026-11-01T08:30:00', aid: '1234' }],
    );
    const web = filterRequest(valid('slow-pages.netmon-filter.json'));
    assert.deepEqual(web.range, { from: '2026-11-01T00:00:00', to: '2026-11-02T00:00:00' });
    assert.equal(filterRequest(valid('topology.netmon-filter.json')).path, '/v6/endpoint-data/network-topology');
  });

  test('a document missing its target is refused rather than sent', () => {
    assert.throws(() => instantTestRequest({ type: 'http-server', testName: 'x', maxMachines: 1 }), DocumentShapeError);
    assert.throws(
      () => testCreateRequest({ type: 'bogus', testName: 'x', interval: 60, agents: [] }),
      DocumentShapeError,
    );
  });
});

test('an instant test asked from an agent does not claim to run from it (the API has no agent selector)', async () => {
  const { instantTestName } = await import('../../../src/documents');
  assert.equal(instantTestName('http-server', 'https://a.example'), 'Instant http-server to https://a.example');
  const named = instantTestName('agent-to-server', 'vpn.example.com', 'MARIA-LAPTOP');
  assert.doesNotMatch(named, /from MARIA-LAPTOP to/);
  assert.match(named, /asked from MARIA-LAPTOP; runs on any agents/);
});
