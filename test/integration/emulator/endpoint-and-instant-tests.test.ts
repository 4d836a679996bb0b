// Endpoint scheduled tests (read only) and instant tests: validation, 201 answers, and
// results that appear on the data endpoints once the test has run.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator/index';
import { EDITOR, VIEWER, arrayOf, call, errorOf, withEmulator } from './helpers';

interface EndpointTest {
  testId: number;
  type: string;
  savedEvent: number;
  apiLinks: { rel: string; href: string }[];
  [k: string]: unknown;
}

/** Mid-round, so that a few seconds never cross into the next 5-minute round. */
const START = Date.UTC(2026, 10, 20, 10, 1, 30);

describe('endpoint tests and instant tests', () => {
  let emulator: RunningEmulator;
  let base: string;
  let nowMs = START;
  before(async () => {
    emulator = await withEmulator({ now: () => nowMs, instantTestDelaySeconds: 3 });
    base = emulator.url;
  });
  after(() => emulator.close());

  test('lists scheduled tests without saved events; by type; by id', async () => {
    const all = arrayOf<EndpointTest>(await call(base, '/v7/endpoint-tests'), 'endpointTest');
    assert.ok(all.length > 2);
    assert.ok(all.every((t) => t.savedEvent === 0));
    for (const type of ['agent-to-server', 'http-server']) {
      const byType = arrayOf<EndpointTest>(await call(base, `/v7/endpoint-tests/${type}`), 'endpointTest');
      assert.ok(byType.length > 0);
      assert.deepEqual(
        byType,
        all.filter((t) => t.type === type),
      );
    }
    const first = all[0] as EndpointTest;
    const byId = arrayOf<EndpointTest>(await call(base, `/v7/endpoint-tests/${first.testId}`), 'endpointTest');
    assert.deepEqual(byId, [first]);
    const self = first.apiLinks.find((l) => l.rel === 'self');
    assert.equal(self?.href, `${base}/v7/endpoint-tests/${first.testId}`);
    const followed = await call(base, self?.href ?? '');
    assert.equal(followed.status, 200);
  });

  test('unknown id answers 404, a word that is not a type 400', async () => {
    const missing = await call(base, '/v7/endpoint-tests/123');
    assert.equal(missing.status, 404);
    assert.equal(errorOf(missing), 'Endpoint test 123 not found in account group 1001');
    const word = await call(base, '/v7/endpoint-tests/dns-trace');
    assert.equal(word.status, 400);
    assert.match(
      errorOf(word),
      /'dns-trace' is neither a test id nor an endpoint test type \(agent-to-server, http-server\)/,
    );
  });

  test('an http-server instant test answers 201 with the definition and links; results appear after the delay', async () => {
    const reply = await call(base, '/v6/endpoint-instant/http-server', {
      json: {
        testName: 'Instant portal',
        url: 'portal.example.com/login',
        maxMachines: 3,
        networkProtocol: 'TCP',
        tcpProbeMode: 'SYN',
        port: 8443,
      },
    });
    assert.equal(reply.status, 201, reply.text);
    const [definition] = arrayOf<EndpointTest>(reply, 'endpointTest');
    assert.ok(definition);
    assert.equal(definition.type, 'http-server');
    assert.equal(definition.url, 'https://portal.example.com/login', 'https is used when no protocol is given');
    assert.equal(definition.protocol, 'TCP');
    assert.equal(definition.port, 8443);
    assert.equal(definition.createdBy, 'Admin User (admin@demo.netmon)');
    const rels = definition.apiLinks.map((l) => l.rel);
    assert.ok(rels.includes('self') && rels.includes('data'));
    const metricsLink = definition.apiLinks.find((l) => l.href.includes('/net/metrics/'))?.href ?? '';
    const httpLink = definition.apiLinks.find((l) => l.href.includes('/web/http-server/'))?.href ?? '';
    assert.ok(metricsLink.startsWith(base) && httpLink.startsWith(base));
    const before = await call(base, metricsLink);
    assert.equal(before.status, 200);
    assert.deepEqual((before.json.endpointNet as { metrics: unknown[] }).metrics, []);
    nowMs += 4000;
    const afterDelay = await call(base, metricsLink);
    const metrics = (afterDelay.json.endpointNet as { metrics: { agentId: string; roundId: number }[] }).metrics;
    assert.ok(metrics.length > 0 && metrics.length <= 3 * 10, `metrics appeared (${metrics.length})`);
    const http = await call(base, httpLink);
    assert.ok((http.json.endpointWeb as { httpServer: unknown[] }).httpServer.length > 0);
    const self = await call(base, definition.apiLinks.find((l) => l.rel === 'self')?.href ?? '');
    assert.equal(arrayOf<EndpointTest>(self, 'endpointTest')[0]?.testId, definition.testId);
    const scheduled = arrayOf<EndpointTest>(await call(base, '/v7/endpoint-tests'), 'endpointTest');
    assert.ok(!scheduled.some((t) => t.testId === definition.testId), 'instant tests are not scheduled tests');
  });

  test('an agent-to-server instant test takes serverName and defaults port 80', async () => {
    const reply = await call(base, '/v6/endpoint-instant/agent-to-server', {
      json: { testName: 'Ping it', serverName: 'www.example.com', maxMachines: 2, groupId: '17' },
    });
    assert.equal(reply.status, 201, reply.text);
    const [definition] = arrayOf<EndpointTest>(reply, 'endpointTest');
    assert.equal(definition?.server, 'www.example.com');
    assert.equal(definition?.port, 80);
    assert.equal(definition?.groupId, 17);
  });

  test('the Edit endpoint tests permission is needed: viewer 403, editor (no Account Admin) 201', async () => {
    const body = { testName: 'x', serverName: 'a.example', maxMachines: 1 };
    const viewer = await call(base, '/v6/endpoint-instant/agent-to-server', { token: VIEWER, json: body });
    assert.equal(viewer.status, 403);
    assert.match(errorOf(viewer), /running instant tests needs the Edit endpoint tests permission/);
    const editor = await call(base, '/v6/endpoint-instant/agent-to-server', { token: EDITOR, json: body });
    assert.equal(editor.status, 201);
  });

  const http = { testName: 'x', url: 'https://a.example', maxMachines: 5 };
  const net = { testName: 'x', serverName: 'a.example', maxMachines: 5 };
  const invalid: [string, string, Record<string, unknown>, RegExp][] = [
    ['maxMachines 0', 'http-server', { ...http, maxMachines: 0 }, /^maxMachines 0 is out of range 1\.\.5000$/],
    [
      'maxMachines 5001',
      'agent-to-server',
      { ...net, maxMachines: 5001 },
      /^maxMachines 5001 is out of range 1\.\.5000$/,
    ],
    [
      'maxMachines missing',
      'http-server',
      { testName: 'x', url: 'https://a.example' },
      /^maxMachines is required for http-server instant tests$/,
    ],
    [
      'url missing',
      'http-server',
      { testName: 'x', maxMachines: 1 },
      /^url is required for http-server instant tests$/,
    ],
    [
      'tcpProbeMode with ICMP',
      'http-server',
      { ...http, tcpProbeMode: 'SYN' },
      /^tcpProbeMode applies only when networkProtocol is TCP \(it is ICMP\)$/,
    ],
    [
      'pathtraceInSession with ICMP',
      'http-server',
      { ...http, networkProtocol: 'ICMP', pathtraceInSession: 'true' },
      /pathtraceInSession applies only when networkProtocol is TCP/,
    ],
    [
      'bad tcpProbeMode',
      'http-server',
      { ...http, networkProtocol: 'TCP', tcpProbeMode: 'FIN' },
      /^tcpProbeMode must be one of AUTO, SYN, SACK$/,
    ],
    [
      'bad networkProtocol',
      'http-server',
      { ...http, networkProtocol: 'UDP' },
      /^networkProtocol must be one of ICMP, TCP$/,
    ],
    ['bad sslVersion', 'http-server', { ...http, sslVersion: 2 }, /^sslVersion must be one of 0, 3, 4, 5, 6$/],
    [
      'httpTimeLimit too low',
      'http-server',
      { ...http, httpTimeLimit: 100 },
      /^httpTimeLimit 100 is out of range 5000\.\.60000$/,
    ],
    [
      'targetResponseTime too high',
      'http-server',
      { ...http, targetResponseTime: 9000 },
      /^targetResponseTime 9000 is out of range 100\.\.5000$/,
    ],
    [
      'BASIC without username',
      'http-server',
      { ...http, authType: 'BASIC' },
      /^username is required when authType is BASIC$/,
    ],
    [
      'username with NONE',
      'http-server',
      { ...http, username: 'u' },
      /username and password apply only when authType is BASIC or NTLM/,
    ],
    ['flagPing not boolean', 'agent-to-server', { ...net, flagPing: 'yes' }, /^flagPing must be true or false$/],
    [
      'serverName with protocol',
      'agent-to-server',
      { ...net, serverName: 'https://a.example' },
      /must be an address or IP without protocol/,
    ],
    ['port out of range', 'agent-to-server', { ...net, port: 0 }, /^port 0 is out of range 1\.\.65535$/],
    [
      'url on agent-to-server',
      'agent-to-server',
      { ...net, url: 'https://a.example' },
      /Field 'url' belongs to http-server instant tests, not agent-to-server/,
    ],
    [
      'serverName on http-server',
      'http-server',
      { ...http, serverName: 'a.example' },
      /Field 'serverName' belongs to agent-to-server instant tests/,
    ],
    [
      'unknown field',
      'http-server',
      { ...http, colour: 1 },
      /Field 'colour' is not accepted by http-server instant tests/,
    ],
    [
      'groupId not numeric',
      'agent-to-server',
      { ...net, groupId: 'abc' },
      /^groupId must be an integer or a numeric string$/,
    ],
  ];
  for (const [name, type, body, message] of invalid) {
    test(`instant test 400: ${name}`, async () => {
      const reply = await call(base, `/v6/endpoint-instant/${type}`, { json: body });
      assert.equal(reply.status, 400, reply.text);
      assert.match(errorOf(reply), message);
    });
  }

  test('instant tests: unknown type 404, wrong Content-Type 415, single quotes 406', async () => {
    const type = await call(base, '/v6/endpoint-instant/page-load', { json: http });
    assert.equal(type.status, 404);
    assert.match(errorOf(type), /Unknown instant test type 'page-load'/);
    const noType = await call(base, '/v6/endpoint-instant/http-server', { rawBody: JSON.stringify(http) });
    assert.equal(noType.status, 415);
    const quotes = await call(base, '/v6/endpoint-instant/http-server', {
      rawBody: "{'testName':'x'}",
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    assert.equal(quotes.status, 406);
  });

  test('an instant test runs once: one round on at most maxMachines agents, and no path trace before readyAt', async () => {
    const created = nowMs;
    const reply = await call(base, '/v6/endpoint-instant/agent-to-server', {
      json: { testName: 'once', serverName: 'once.example', maxMachines: 2 },
    });
    const testId = arrayOf<EndpointTest>(reply, 'endpointTest')[0]?.testId;
    const metricsOf = async (window: string) =>
      (
        (await call(base, `/v7/endpoint-data/tests/net/metrics/${testId}?window=${window}`)).json.endpointNet as {
          metrics: { agentId: string; roundId: number }[];
        }
      ).metrics;
    nowMs = created + 4000;
    const ran = await metricsOf('1h');
    assert.ok(ran.length > 0 && ran.length <= 2, `one result per agent (${ran.length})`);
    assert.equal(new Set(ran.map((m) => m.roundId)).size, 1);
    const { agentId, roundId } = ran[0] as { agentId: string; roundId: number };
    const tracePath = `/v7/endpoint-data/tests/net/path-vis/${testId}/${agentId}/${roundId}`;
    assert.equal((await call(base, tracePath)).status, 200);
    nowMs = created;
    assert.equal((await call(base, tracePath)).status, 404, 'no trace before readyAt');
    nowMs = created + 3_600_000;
    assert.deepEqual(await metricsOf('2h'), ran, 'an hour later: still the one run, no new round every 5 minutes');
    assert.equal(
      (await call(base, `/v7/endpoint-data/tests/net/path-vis/${testId}/${agentId}/${roundId + 300}`)).status,
      404,
    );
    nowMs = created + 4000;
  });
});

describe('instant test on the real clock', () => {
  let emulator: RunningEmulator;
  before(async () => {
    emulator = await withEmulator({ instantTestDelaySeconds: 1 });
  });
  after(() => emulator.close());

  test('results appear on the data endpoint about a second later', async () => {
    const reply = await call(emulator.url, '/v6/endpoint-instant/agent-to-server', {
      json: { testName: 'now', serverName: 'a.example', maxMachines: 2 },
    });
    const testId = arrayOf<EndpointTest>(reply, 'endpointTest')[0]?.testId;
    const path = `/v7/endpoint-data/tests/net/metrics/${testId}?window=1h`;
    let count = 0;
    for (let attempt = 0; attempt < 30 && count === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      count = ((await call(emulator.url, path)).json.endpointNet as { metrics: unknown[] }).metrics.length;
    }
    assert.ok(count > 0);
  });
});
