// No input makes the emulator answer 5xx: seeded random paths, methods, queries and bodies.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { call, enterpriseAgentIds, withEmulator, type CallOptions } from './helpers';

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PATHS = [
  '/v7/tests/{type}',
  '/v7/tests/{type}/{id}',
  '/tests/{type}/new',
  '/tests/{type}/{id}/update',
  '/tests/{type}/{id}/delete',
  '/v7/endpoint-tests',
  '/v7/endpoint-tests/{type}',
  '/v7/endpoint-tests/{id}',
  '/v6/endpoint-instant/{type}',
  '/v7/endpoint-data/tests/net/metrics/{id}',
  '/v7/endpoint-data/tests/net/path-vis/{id}',
  '/v7/endpoint-data/tests/net/path-vis/{id}/{word}/{id}',
  '/v7/endpoint-data/tests/web/http-server/{id}',
  '/v6/endpoint-data/user-sessions',
  '/v6/endpoint-data/user-sessions/{word}',
  '/v6/endpoint-data/user-sessions/web',
  '/v6/endpoint-data/user-sessions/{word}/page/{word}',
  '/v6/endpoint-data/user-sessions/network',
  '/v6/endpoint-data/network-topology',
  '/v6/endpoint-data/network-topology/{word}',
  '/v6/endpoint-data/networks',
  '/v6/endpoint-agents',
  '/v6/endpoint-agents/{word}',
  '/v6/account-groups',
  '/{word}',
  '/v6/{word}/{word}',
  '/v6/tests/{type}/new.json',
  '/v6/tests/{type}/{id}/update.json',
  '/v6/tests/{type}/{id}/delete.json',
  '/v6/endpoint-tests/{id}',
  '/v6/endpoint-data/tests/net/metrics/{id}',
  '/v6/endpoint-data/tests/net/path-vis/{id}/{word}/{id}',
];
const TYPES = [
  'agent-to-server',
  'agent-to-agent',
  'dns-trace',
  'dns-server',
  'dns-dnssec',
  'http-server',
  'page-load',
  'web-transactions',
  'x',
  '',
];
const WORDS = [
  'a',
  '%00',
  '..',
  '%2e%2e',
  'ü',
  '9999999999999999999999',
  '-1',
  '1e3',
  'null',
  '%F0%9F%98%80',
  'a.json',
  '.json',
  'x'.repeat(300),
];
const IDS = ['100101', '1000001', '0', '-5', '1.5', '99999999999999999999', 'abc', '1795000200'];
const QUERIES = [
  'window=1h',
  'window=',
  'window=99999999999999999w',
  'from=2026-11-20T00:00:00',
  'to=2026-11-20T00:00:00',
  'from=9999-99-99T99:99:99',
  'aid=1002',
  'aid=1003',
  'aid=-1',
  'aid=',
  'page=2',
  'page=99999999',
  'page=-1',
  'format=xml',
  'format=',
  'asOf=1',
  'asOf=999999999999',
  'authToken=x',
  'window=1h&window=2h',
];
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  'x',
  '60',
  [],
  [1],
  {},
  { agentId: 1 },
  'x'.repeat(10_000),
];
const FIELDS = [
  'testName',
  'interval',
  'agents',
  'server',
  'url',
  'domain',
  'targetAgentId',
  'transactionScript',
  'port',
  'maxMachines',
  'serverName',
  'networkProtocol',
  'tcpProbeMode',
  'authType',
  'username',
  'searchFilters',
  'sslVersion',
  'constructor',
  '__proto__',
];

describe('fuzz', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await withEmulator({ rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
  });
  after(() => emulator.close());

  test('600 random requests never answer 5xx, and every error carries an errorMessage', async () => {
    const random = mulberry32(20261122);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const [agentId] = enterpriseAgentIds(1001);
    const VALUE_POOL = [...VALUES, agentId, [{ agentId }], [{ key: 'agentId', values: ['x'] }]];
    for (let i = 0; i < 600; i++) {
      const path = pick(PATHS)
        .replace(/\{type\}/g, () => pick(TYPES))
        .replace(/\{id\}/g, () => pick(IDS))
        .replace(/\{word\}/g, () => pick(WORDS));
      const query = Array.from({ length: Math.floor(random() * 3) }, () => pick(QUERIES)).join('&');
      const method = pick(['GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH'] as const);
      const options: CallOptions = { method };
      const bodyKind = random();
      if (method !== 'GET' && bodyKind < 0.6) {
        const body: Record<string, unknown> = {};
        for (let f = Math.floor(random() * 6); f > 0; f--) body[pick(FIELDS)] = pick(VALUE_POOL);
        options.json = body;
      } else if (method !== 'GET' && bodyKind < 0.8) {
        options.rawBody = pick(["{'a':1}", '{"a":', '[]', '"x"', '\u0000', '{"a":1}{', 'null']);
        options.headers = {
          'content-type': pick(['application/json', 'text/plain', 'application/json; charset=utf-8']),
        };
      }
      if (random() < 0.1) options.token = pick([null, 'demo-viewer-token', 'demo-editor-token', 'bad']);
      const target = `${path}${query ? `?${query}` : ''}`;
      const reply = await call(emulator.url, target, options);
      assert.ok(
        reply.status < 500,
        `${method} ${target} ${JSON.stringify(options.json ?? options.rawBody)} → ${reply.status} ${reply.text.slice(0, 300)}`,
      );
      if (reply.status >= 400 && !target.includes('format=xml')) {
        assert.equal(
          typeof reply.json.errorMessage,
          'string',
          `${method} ${target} → ${reply.status} ${reply.text.slice(0, 200)}`,
        );
      }
    }
  });
});
