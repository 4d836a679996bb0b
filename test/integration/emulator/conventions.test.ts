// Conventions every endpoint shares: auth, account groups, formats, error bodies, rate limits.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { ADMIN, VIEWER, arrayOf, call, enterpriseAgentIds, errorOf, withEmulator } from './helpers';

describe('emulator conventions', () => {
  let emulator: RunningEmulator;
  let base: string;
  before(async () => {
    emulator = await withEmulator();
    base = emulator.url;
  });
  after(() => emulator.close());

  describe('authentication', () => {
    test('Bearer, Basic email:token and authToken query all authenticate', async () => {
      const bearer = await call(base, '/v6/endpoint-agents');
      const basic = await call(base, '/v6/endpoint-agents', {
        token: null,
        headers: { authorization: `Basic ${Buffer.from(`admin@demo.netmon:${ADMIN}`).toString('base64')}` },
      });
      const query = await call(base, `/v6/endpoint-agents?authToken=${ADMIN}`, { token: null });
      for (const reply of [bearer, basic, query]) assert.equal(reply.status, 200);
      assert.deepEqual(basic.json, bearer.json);
      assert.deepEqual(query.json, bearer.json);
    });

    test('missing credentials answer 401 naming the accepted schemes', async () => {
      const reply = await call(base, '/v7/endpoint-tests', { token: null });
      assert.equal(reply.status, 401);
      assert.match(errorOf(reply), /Authentication required.*Bearer/);
    });

    test('wrong token, wrong e-mail for the token and an unknown scheme answer 401', async () => {
      const wrongToken = await call(base, '/v7/endpoint-tests', { token: 'nope' });
      const wrongEmail = await call(base, '/v7/endpoint-tests', {
        token: null,
        headers: { authorization: `Basic ${Buffer.from(`viewer@demo.netmon:${ADMIN}`).toString('base64')}` },
      });
      const scheme = await call(base, '/v7/endpoint-tests', { token: null, headers: { authorization: 'Digest abc' } });
      assert.equal(wrongToken.status, 401);
      assert.match(errorOf(wrongToken), /Invalid credentials/);
      assert.equal(wrongEmail.status, 401);
      assert.equal(scheme.status, 401);
      assert.equal(
        errorOf(scheme),
        'Unsupported Authorization scheme: use Bearer or Basic',
        'the header is never repeated: it may be a credential',
      );
    });
  });

  describe('account groups', () => {
    test("GET /v6/account-groups lists the user's groups with current and default flags", async () => {
      const reply = await call(base, '/v6/account-groups?aid=1002');
      const groups = arrayOf<{ aid: number; accountGroupName: string; current: boolean; default: boolean }>(
        reply,
        'accountGroups',
      );
      assert.deepEqual(
        groups.map((g) => [g.aid, g.current, g.default]),
        [
          [1001, false, true],
          [1002, true, false],
        ],
      );
      assert.ok(groups.every((g) => g.accountGroupName.length > 0));
    });

    test('aid scopes the data: two groups hold different agents', async () => {
      const first = arrayOf<{ agentId: string }>(await call(base, '/v6/endpoint-agents?aid=1001'), 'endpointAgents');
      const second = arrayOf<{ agentId: string }>(await call(base, '/v6/endpoint-agents?aid=1002'), 'endpointAgents');
      const overlap = second.filter((a) => first.some((b) => b.agentId === a.agentId));
      assert.equal(overlap.length, 0);
    });

    test('an aid the user is not assigned to answers 400 with a message', async () => {
      const reply = await call(base, '/v6/endpoint-agents?aid=1003');
      assert.equal(reply.status, 400);
      assert.match(errorOf(reply), /aid 1003: user admin@demo\.netmon is not assigned/);
      const viewer = await call(base, '/v6/endpoint-agents?aid=1003', { token: VIEWER });
      assert.equal(viewer.status, 200, 'the viewer is assigned to 1003');
    });

    test('a non-numeric aid answers 400', async () => {
      const reply = await call(base, '/v6/endpoint-agents?aid=abc');
      assert.equal(reply.status, 400);
      assert.match(errorOf(reply), /aid 'abc' must be an account group id/);
    });
  });

  describe('formats', () => {
    test('.json suffix and format=json give the same body as the plain path', async () => {
      const plain = await call(base, '/v6/endpoint-data/networks');
      const suffix = await call(base, '/v6/endpoint-data/networks.json');
      const param = await call(base, '/v6/endpoint-data/networks?format=json');
      assert.match(String(plain.headers['content-type']), /application\/json/);
      assert.deepEqual(suffix.json, plain.json);
      assert.deepEqual(param.json, plain.json);
    });

    test('format=xml renders the same data as XML', async () => {
      const json = arrayOf<{ networkId: string; networkName: string }>(
        await call(base, '/v6/endpoint-data/networks'),
        'privateNetworks',
      );
      const xml = await call(base, '/v6/endpoint-data/networks?format=xml');
      assert.equal(xml.status, 200);
      assert.match(String(xml.headers['content-type']), /application\/xml/);
      assert.ok(
        xml.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<response><privateNetworks><privateNetwork>'),
      );
      const ids = [...xml.text.matchAll(/<networkId>([^<]*)<\/networkId>/g)].map((m) => m[1]);
      assert.deepEqual(
        ids,
        json.map((n) => n.networkId),
      );
      const first = json[0];
      assert.ok(
        first &&
          xml.text.includes(
            `<networkName>${first.networkName.replace(/&/g, '&amp;').replace(/'/g, '&apos;')}</networkName>`,
          ),
      );
    });

    test('XML escapes markup in values', async () => {
      const reply = await call(base, '/v7/tests/http-server?format=xml', {
        json: {
          testName: 'a <b> & "c"',
          interval: 300,
          agents: [{ agentId: enterpriseAgentIds(1001)[0] }],
          url: 'https://x.example',
        },
      });
      assert.equal(reply.status, 201);
      assert.match(reply.text, /<testName>a &lt;b&gt; &amp; &quot;c&quot;<\/testName>/);
    });

    test('errors follow the requested format; an invalid format answers 400', async () => {
      const xmlError = await call(base, '/v6/endpoint-agents/nope?format=xml');
      assert.equal(xmlError.status, 404);
      assert.match(xmlError.text, /<response><errorMessage>Endpoint agent &apos;nope&apos; not found/);
      const bad = await call(base, '/v6/endpoint-agents?format=yaml');
      assert.equal(bad.status, 400);
      assert.equal(errorOf(bad), "format 'yaml' must be json or xml");
      const clash = await call(base, '/v6/endpoint-agents.json?format=xml');
      assert.equal(clash.status, 400);
      assert.match(errorOf(clash), /conflicts with the \.json suffix/);
    });
  });

  describe('errors', () => {
    test('unknown paths answer 404, wrong methods 405 with Allow', async () => {
      const unknown = await call(base, '/v9/nothing');
      assert.equal(unknown.status, 404);
      assert.equal(errorOf(unknown), 'Unknown path /v9/nothing');
      const wrong = await call(base, '/v6/endpoint-agents', { method: 'DELETE' });
      assert.equal(wrong.status, 405);
      assert.equal(wrong.headers.allow, 'GET');
      assert.match(errorOf(wrong), /Method DELETE is not allowed on \/v6\/endpoint-agents; use GET/);
    });

    test('bodies over 1 MB answer 413', async () => {
      const reply = await call(base, '/v7/tests/agent-to-server', {
        rawBody: `{"testName":"${'x'.repeat(1024 * 1024)}"}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(reply.status, 413);
      assert.match(errorOf(reply), /exceeds 1048576 bytes/);
    });

    test('bad percent-encoding in the path answers 400', async () => {
      const reply = await call(base, '/v6/endpoint-agents/%E0%A4%A');
      assert.equal(reply.status, 400);
      assert.match(errorOf(reply), /invalid percent-encoding/);
    });
  });

  describe('rate-limit headers without a configured limit', () => {
    test('every answer, errors included, reports a nominal 10000 per 60 s budget', async () => {
      for (const path of ['/v7/endpoint-tests', '/v9/nothing']) {
        const reply = await call(base, path);
        assert.equal(reply.headers['x-organization-rate-limit-limit'], '10000');
        const reset = Number(reply.headers['x-organization-rate-limit-reset']);
        const now = Date.now() / 1000;
        assert.ok(reset > now && reset <= now + 60, `reset ${reset} is within the next minute`);
      }
      const unauthenticated = await call(base, '/v7/endpoint-tests', { token: null });
      assert.ok(unauthenticated.headers['x-organization-rate-limit-remaining'] !== undefined);
    });
  });
});

describe('rate limits per organization', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await withEmulator({ rateLimit: { limit: 3, windowSeconds: 60 } });
  });
  after(() => emulator.close());

  test('the fourth request in a window answers 429; another organization keeps its own budget', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const reply = await call(emulator.url, '/v6/endpoint-agents');
      assert.equal(reply.status, 200);
      remaining.push(String(reply.headers['x-organization-rate-limit-remaining']));
    }
    assert.deepEqual(remaining, ['2', '1', '0']);
    const over = await call(emulator.url, '/v6/endpoint-agents', { token: VIEWER });
    assert.equal(over.status, 429, 'the viewer shares the ACME budget');
    assert.match(errorOf(over), /Rate limit of 3 requests exceeded for organization ACME/);
    assert.equal(over.headers['x-organization-rate-limit-remaining'], '0');
    assert.ok(Number(over.headers['retry-after']) >= 1 && Number(over.headers['retry-after']) <= 60);
    const globex = await call(emulator.url, '/v6/endpoint-agents', { token: 'globex-admin-token' });
    assert.equal(globex.status, 200);
    assert.equal(globex.headers['x-organization-rate-limit-remaining'], '2');
  });
});
