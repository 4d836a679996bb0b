// Enterprise test management: create/update/delete of all eight types, v7 and older forms,
// roles, validation messages.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { EDITOR, VIEWER, arrayOf, call, enterpriseAgentIds, errorOf, withEmulator } from './helpers';

interface Test {
  testId: number;
  testName: string;
  type: string;
  interval: number;
  server?: string;
  url?: string;
  agents: {
    agentId: number;
    agentName: string;
    location: string;
    countryId: string;
    ipAddress: string;
    prefix: string;
    network: string;
    public: number;
  }[];
  createdBy: string;
  createdDate: string;
  modifiedBy?: string;
  modifiedDate?: string;
  [k: string]: unknown;
}

describe('test management', () => {
  let emulator: RunningEmulator;
  let base: string;
  const [agentA = 0, agentB = 0] = enterpriseAgentIds(1001);
  before(async () => {
    emulator = await withEmulator();
    base = emulator.url;
  });
  after(() => emulator.close());

  const targets: Record<string, Record<string, unknown>> = {
    'agent-to-server': { server: 'www.example.com' },
    'agent-to-agent': { targetAgentId: agentB },
    'dns-trace': { domain: 'example.com' },
    'dns-server': { domain: 'example.com', dnsServers: ['ns1.example.com'] },
    'dns-dnssec': { domain: 'example.com' },
    'http-server': { url: 'https://www.example.com/health' },
    'page-load': { url: 'https://www.example.com/' },
    'web-transactions': { url: 'https://www.example.com/', transactionScript: 'await driver.get(url);' },
  };

  async function create(type: string, extra: Record<string, unknown> = {}, path = `/v7/tests/${type}`): Promise<Test> {
    const reply = await call(base, path, {
      json: { testName: `${type} test`, interval: 300, agents: [{ agentId: agentA }], ...targets[type], ...extra },
    });
    assert.equal(reply.status, 201, reply.text);
    const [created] = arrayOf<Test>(reply, 'test');
    assert.ok(created);
    return created;
  }

  test('creates all eight types with their target, expanded agents and createdBy', async () => {
    for (const type of Object.keys(targets)) {
      const created = await create(type);
      assert.equal(created.type, type);
      assert.equal(created.interval, 300);
      assert.equal(created.createdBy, 'Admin User (admin@demo.netmon)');
      assert.match(created.createdDate, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const [agent] = created.agents;
      assert.ok(
        agent && agent.agentId === agentA && agent.agentName && agent.location && /^[A-Z]{2}$/.test(agent.countryId),
      );
      assert.match(agent.prefix, /\/\d+$/);
      for (const [field, value] of Object.entries(targets[type] ?? {})) {
        if (field !== 'server') assert.deepEqual(created[field], value, `${type}.${field}`);
      }
    }
  });

  test('server gains :80 without a port and keeps an explicit one; agents accept numeric strings', async () => {
    assert.equal((await create('agent-to-server')).server, 'www.example.com:80');
    assert.equal((await create('agent-to-server', { server: 'www.example.com:8443' })).server, 'www.example.com:8443');
    const fromStrings = await create('agent-to-server', { agents: [{ agentId: String(agentA) }, { agentId: agentB }] });
    assert.deepEqual(
      fromStrings.agents.map((a) => a.agentId),
      [agentA, agentB],
    );
  });

  test('the older POST /tests/{type}/new form creates the same shape', async () => {
    const created = await create('http-server', {}, '/tests/http-server/new');
    assert.equal(created.url, 'https://www.example.com/health');
  });

  const invalid: [string, string, Record<string, unknown>, RegExp][] = [
    ['http-server without url', 'http-server', { url: undefined }, /^url is required to create an http-server test$/],
    [
      'http-server with server and port',
      'http-server',
      { server: 'a.example', port: 80 },
      /Field 'server' belongs to agent-to-server tests, not http-server/,
    ],
    [
      'agent-to-server with url',
      'agent-to-server',
      { url: 'https://x.example' },
      /Field 'url' belongs to http-server\/page-load\/web-transactions tests/,
    ],
    [
      'web-transactions without script',
      'web-transactions',
      { transactionScript: undefined },
      /transactionScript is required/,
    ],
    [
      'agent-to-agent with unknown target',
      'agent-to-agent',
      { targetAgentId: 42 },
      /targetAgentId 42 is not an enterprise agent/,
    ],
    [
      'dns-trace with a bad domain',
      'dns-trace',
      { domain: 'not a domain' },
      /domain 'not a domain' must be a domain name/,
    ],
    ['unknown field', 'dns-dnssec', { colour: 'red' }, /Field 'colour' is not accepted by dns-dnssec tests/],
    [
      'bad interval',
      'page-load',
      { interval: 45 },
      /interval must be one of 60, 120, 300, 600, 900, 1800, 3600 seconds/,
    ],
    ['missing testName', 'page-load', { testName: undefined }, /testName is required to create a page-load test/],
    ['empty agents', 'page-load', { agents: [] }, /agents must be a non-empty array/],
    [
      'unknown agent',
      'page-load',
      { agents: [{ agentId: 999999999 }] },
      /agents\[0\]\.agentId 999999999 is not an enterprise agent of account group 1001/,
    ],
    [
      'non-numeric agent',
      'page-load',
      { agents: [{ agentId: 'abc' }] },
      /agents\[0\]\.agentId must be an integer or a numeric string/,
    ],
    ['bad url', 'page-load', { url: 'ftp://x.example' }, /url 'ftp:\/\/x\.example' must use http or https/],
    ['port out of range', 'agent-to-server', { port: 70000 }, /port 70000 is out of range 1\.\.65535/],
    ['server with protocol', 'agent-to-server', { server: 'https://x.example' }, /must be a host name or IP address/],
  ];
  for (const [name, type, change, message] of invalid) {
    test(`400 for ${name}`, async () => {
      const reply = await call(base, `/v7/tests/${type}`, {
        json: { testName: 'x', interval: 300, agents: [{ agentId: agentA }], ...targets[type], ...change },
      });
      assert.equal(reply.status, 400, reply.text);
      assert.match(errorOf(reply), message);
    });
  }

  test('406 for invalid JSON and single-quoted strings, 415 without JSON Content-Type, 400 for a non-object', async () => {
    const quoted = await call(base, '/v7/tests/agent-to-server', {
      rawBody: "{'testName': 'x'}",
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(quoted.status, 406);
    assert.match(errorOf(quoted), /strings must be enclosed in double quotes/);
    const broken = await call(base, '/v7/tests/agent-to-server', {
      rawBody: '{"testName": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(broken.status, 406);
    assert.match(errorOf(broken), /^Invalid JSON/);
    const plain = await call(base, '/v7/tests/agent-to-server', {
      rawBody: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(plain.status, 415);
    assert.match(errorOf(plain), /Content-Type: application\/json/);
    const array = await call(base, '/v7/tests/agent-to-server', { json: [1] });
    assert.equal(array.status, 400);
    assert.match(errorOf(array), /needs a JSON object body, not an array/);
  });

  test('unknown test type answers 404 naming the valid types', async () => {
    const reply = await call(base, '/v7/tests/ping', { json: {} });
    assert.equal(reply.status, 404);
    assert.match(errorOf(reply), /Unknown test type 'ping'; use one of agent-to-server, agent-to-agent/);
  });

  test('writes without Account Admin answer 403 for viewer and editor', async () => {
    const created = await create('agent-to-server');
    for (const token of [VIEWER, EDITOR]) {
      const post = await call(base, '/v7/tests/agent-to-server', { token, json: { testName: 'x' } });
      assert.equal(post.status, 403);
      assert.match(errorOf(post), /^creating tests needs Account Admin/);
      const put = await call(base, `/v7/tests/agent-to-server/${created.testId}`, {
        token,
        method: 'PUT',
        json: { testName: 'y' },
      });
      assert.equal(put.status, 403);
      assert.match(errorOf(put), /^updating tests needs Account Admin/);
      const del = await call(base, `/v7/tests/agent-to-server/${created.testId}`, { token, method: 'DELETE' });
      assert.equal(del.status, 403);
      assert.match(errorOf(del), /^deleting tests needs Account Admin/);
    }
  });

  test('update changes interval, testName and agents and adds modifiedBy/modifiedDate (v7 and older form)', async () => {
    const created = await create('http-server');
    const put = await call(base, `/v7/tests/http-server/${created.testId}`, {
      method: 'PUT',
      json: { interval: 600, testName: 'renamed', agents: [{ agentId: String(agentB) }] },
    });
    assert.equal(put.status, 200, put.text);
    const [updated] = arrayOf<Test>(put, 'test');
    assert.equal(updated?.interval, 600);
    assert.equal(updated?.testName, 'renamed');
    assert.deepEqual(
      updated?.agents.map((a) => a.agentId),
      [agentB],
    );
    assert.equal(updated?.modifiedBy, 'Admin User (admin@demo.netmon)');
    assert.match(updated?.modifiedDate ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(updated?.url, created.url);
    const old = await call(base, `/tests/http-server/${created.testId}/update`, { json: { interval: 900 } });
    assert.equal(old.status, 200);
    assert.equal(arrayOf<Test>(old, 'test')[0]?.interval, 900);
    const read = await call(base, `/v7/tests/http-server/${created.testId}`);
    assert.equal(arrayOf<Test>(read, 'test')[0]?.interval, 900);
  });

  test('update rejects fields other than interval, testName, agents and empty bodies', async () => {
    const created = await create('agent-to-server');
    const path = `/v7/tests/agent-to-server/${created.testId}`;
    const server = await call(base, path, { method: 'PUT', json: { server: 'other.example' } });
    assert.equal(server.status, 400);
    assert.equal(errorOf(server), "Field 'server' cannot be updated; only testName, interval, agents can");
    const empty = await call(base, path, { method: 'PUT', json: {} });
    assert.equal(empty.status, 400);
    assert.match(errorOf(empty), /Nothing to update/);
    const interval = await call(base, path, { method: 'PUT', json: { interval: 7 } });
    assert.equal(interval.status, 400);
    assert.match(errorOf(interval), /interval must be one of/);
  });

  test('delete removes the test (v7 DELETE and POST …/delete); unknown ids and wrong types answer 404/400', async () => {
    const first = await create('dns-trace');
    const del = await call(base, `/v7/tests/dns-trace/${first.testId}`, { method: 'DELETE' });
    assert.equal(del.status, 200);
    assert.deepEqual(del.json, {});
    const again = await call(base, `/v7/tests/dns-trace/${first.testId}`, { method: 'DELETE' });
    assert.equal(again.status, 404);
    assert.match(errorOf(again), new RegExp(`Test ${first.testId} not found in account group 1001`));
    const second = await call(base, '/tests/dns-server/new', {
      json: { testName: 'd', interval: 60, agents: [{ agentId: agentA }], domain: 'example.org' },
    });
    const secondId = arrayOf<Test>(second, 'test')[0]?.testId;
    const wrongType = await call(base, `/tests/dns-trace/${secondId}/delete`, {
      rawBody: '',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(wrongType.status, 400);
    assert.match(errorOf(wrongType), /is a dns-server test, not dns-trace/);
    const oldDelete = await call(base, `/tests/dns-server/${secondId}/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(oldDelete.status, 200);
    const gone = await call(base, `/v7/tests/dns-server/${secondId}`);
    assert.equal(gone.status, 404);
  });

  test('created tests are scoped to their account group', async () => {
    const created = await create('agent-to-server');
    const inOther = await call(base, `/v7/tests/agent-to-server/${created.testId}?aid=1002`);
    assert.equal(inOther.status, 404);
    const list = arrayOf<Test>(await call(base, '/v7/tests?aid=1002'), 'test');
    assert.ok(!list.some((t) => t.testId === created.testId));
    const foreignAgent = await call(base, '/v7/tests/agent-to-server?aid=1002', {
      json: { testName: 'x', interval: 300, agents: [{ agentId: agentA }], server: 'a.example' },
    });
    const agentsOf1002 = enterpriseAgentIds(1002);
    if (!agentsOf1002.includes(agentA)) {
      assert.equal(foreignAgent.status, 400);
      assert.match(errorOf(foreignAgent), /is not an enterprise agent of account group 1002/);
    }
  });
});
