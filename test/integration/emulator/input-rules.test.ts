// Small input rules from the hardening review: credentials are never echoed, malformed
// Authorization headers, asOf, field lengths, URL schemes, delete bodies, UTF-8, links
// without authToken, and messages that read right.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { ADMIN, arrayOf, call, enterpriseAgentIds, errorOf, pagesOf, withEmulator } from './helpers';

describe('input rules', () => {
  let emulator: RunningEmulator;
  let base: string;
  const [agentId = 0] = enterpriseAgentIds(1001);
  const NOW = Date.UTC(2026, 10, 20, 10, 0, 10);
  before(async () => {
    emulator = await withEmulator({ now: () => NOW });
    base = emulator.url;
  });
  after(() => emulator.close());

  const httpTest = (extra: Record<string, unknown>): Record<string, unknown> => ({
    testName: 'rules',
    interval: 300,
    agents: [{ agentId }],
    url: 'https://www.example.com/',
    ...extra,
  });

  test('a 401 never echoes the Authorization value', async () => {
    for (const value of ['sk_live_abc', 'Token sk_live_abc', 'sk_live_abc def']) {
      const reply = await call(base, '/v6/endpoint-agents', { token: null, headers: { authorization: value } });
      assert.equal(reply.status, 401);
      assert.ok(!reply.text.includes('sk_live_abc'), reply.text);
    }
  });

  test('Bearer <token> followed by anything else is rejected', async () => {
    const reply = await call(base, '/v6/endpoint-agents', {
      token: null,
      headers: { authorization: `Bearer ${ADMIN} extra` },
    });
    assert.equal(reply.status, 401);
    assert.ok(!reply.text.includes(ADMIN));
    assert.equal(
      (await call(base, '/v6/endpoint-agents', { token: null, headers: { authorization: `Bearer   ${ADMIN} ` } }))
        .status,
      200,
      'spacing around the token is fine',
    );
  });

  test('asOf must lie within the retention window', async () => {
    const now = Math.floor(NOW / 1000);
    for (const asOf of [now + 3600, now - 8 * 86400, 1]) {
      const reply = await call(base, `/v6/endpoint-data/user-sessions?asOf=${asOf}`);
      assert.equal(reply.status, 400);
      assert.equal(
        errorOf(reply),
        `asOf ${asOf} is outside the 7-day retention window: use epoch seconds from ${now - 7 * 86400} to ${now} (it comes from a pages.next link)`,
      );
    }
    assert.equal((await call(base, `/v6/endpoint-data/user-sessions?asOf=${now - 86400}`)).status, 200);
  });

  test('string fields have length limits, named with the field in a 400', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        '/v7/tests/http-server',
        httpTest({ testName: 'x'.repeat(1024 * 1000) }),
        'testName must be at most 255 characters (it has 1024000)',
      ],
      [
        '/v7/tests/http-server',
        httpTest({ url: `https://example.com/${'a'.repeat(2048)}` }),
        'url must be at most 2048 characters (it has 2068)',
      ],
      [
        '/v7/tests/agent-to-server',
        { testName: 'rules', interval: 300, agents: [{ agentId }], server: `${'a'.repeat(2049)}` },
        'server must be at most 2048 characters (it has 2049)',
      ],
      [
        '/v6/endpoint-instant/agent-to-server',
        { testName: 'y'.repeat(256), maxMachines: 1, serverName: 'example.com' },
        'testName must be at most 255 characters (it has 256)',
      ],
    ];
    for (const [path, json, message] of cases) {
      const reply = await call(base, path, { json });
      assert.equal(reply.status, 400, reply.text.slice(0, 200));
      assert.equal(errorOf(reply), message);
    }
    const longest = await call(base, '/v7/tests/http-server', { json: httpTest({ testName: 'z'.repeat(255) }) });
    assert.equal(longest.status, 201);
  });

  test('a url must be http(s) and carry no user:pass@', async () => {
    const cases: [string, RegExp][] = [
      ['mailto:a@b.c', /^url 'mailto:a@b\.c' must use http or https$/],
      ['javascript:alert(1)', /must use http or https$/],
      ['https://user:pass@example.com/', /^url must not contain credentials \(user:pass@\)$/],
      ['http://user@example.com/', /^url must not contain credentials/],
    ];
    for (const [url, message] of cases) {
      for (const [path, json] of [
        ['/v7/tests/http-server', httpTest({ url })],
        ['/v6/endpoint-instant/http-server', { testName: `u ${url}`, maxMachines: 1, url }],
      ] as const) {
        const reply = await call(base, path, { json });
        assert.equal(reply.status, 400, `${path} ${url}: ${reply.text}`);
        assert.match(errorOf(reply), message);
        assert.ok(!errorOf(reply).includes('@example.com'), 'the credentials are not echoed');
      }
    }
    const hostAndPort = await call(base, '/v7/tests/http-server', {
      json: httpTest({ url: 'example.com:8080/health' }),
    });
    assert.equal(hostAndPort.status, 201, hostAndPort.text);
    assert.equal(arrayOf<{ url: string }>(hostAndPort, 'test')[0]?.url, 'https://example.com:8080/health');
  });

  test('a delete with a non-empty body that is not JSON is rejected; an empty body is fine', async () => {
    const created = async (): Promise<number> =>
      arrayOf<{ testId: number }>(await call(base, '/v7/tests/http-server', { json: httpTest({}) }), 'test')[0]
        ?.testId ?? 0;
    const json = { 'content-type': 'application/json' };
    for (const path of [`/v7/tests/http-server/${await created()}`, `/tests/http-server/${await created()}/delete`]) {
      const method = path.startsWith('/v7') ? 'DELETE' : 'POST';
      const bad = await call(base, path, { method, rawBody: 'not json', headers: json });
      assert.equal(bad.status, 406, bad.text);
      assert.match(errorOf(bad), /^Invalid JSON/);
      assert.equal(
        (await call(base, path, { method, headers: json })).status,
        200,
        'the empty-bodied delete stays valid',
      );
    }
  });

  test('invalid UTF-8 in a body answers 400', async () => {
    const { request } = await import('undici');
    const body = Buffer.concat([Buffer.from('{"testName":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const response = await request(`${base}/v7/tests/http-server`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    });
    const reply = (await response.body.json()) as { errorMessage?: string };
    assert.equal(response.statusCode, 400);
    assert.equal(reply.errorMessage, 'The request body is not valid UTF-8');
  });

  test('pages.next never carries authToken', async () => {
    const reply = await call(base, `/v6/endpoint-data/user-sessions?window=1d&authToken=${ADMIN}`, { token: null });
    assert.equal(reply.status, 200);
    const next = pagesOf(reply).next ?? '';
    assert.ok(next !== '', 'there is a next page');
    assert.ok(!next.includes('authToken') && !next.includes(ADMIN), next);
  });

  test('a null body says null', async () => {
    const reply = await call(base, '/v7/tests/http-server', {
      rawBody: 'null',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(reply.status, 400);
    assert.equal(errorOf(reply), 'Creating an http-server test needs a JSON object body, not null');
  });

  test('messages use "an" before agent-to-server and http-server', async () => {
    const reply = await call(base, '/v7/tests/agent-to-server', {
      json: { testName: 'x', interval: 300, agents: [{ agentId }] },
    });
    assert.equal(errorOf(reply), 'server is required to create an agent-to-server test');
    const dns = await call(base, '/v7/tests/dns-trace', {
      json: { testName: 'x', interval: 300, agents: [{ agentId }] },
    });
    assert.equal(errorOf(dns), 'domain is required to create a dns-trace test');
  });
});
