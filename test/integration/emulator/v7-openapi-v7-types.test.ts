// The test types only v7 has (api, ftp-server, sip-server, voice, bgp) on the v7 emulator:
// created, read, listed, updated and deleted with answers that match the vendor's OpenAPI
// schemas (test/fixtures/openapi); a field the type does not take, or a value outside the
// vendor's enum or range, is a 400 that names it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { call, withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

describe('emulator v7: the types only v7 has match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let agentIds: string[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS });
    agentIds = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents').map((a) => String(a.agentId));
  });
  after(() => emulator.close());

  const bodies = (): Record<string, Record<string, unknown>> => {
    const scheduled = { interval: 300, agents: [{ agentId: agentIds[0] }] };
    return {
      api: {
        ...scheduled,
        url: 'https://api.example.com',
        requests: [{ name: 'Health', method: 'get', url: 'https://api.example.com/health' }],
        labels: ['7'],
      },
      'ftp-server': {
        ...scheduled,
        url: 'ftp://ftp.example.com/a.txt',
        requestType: 'download',
        username: 'u',
        password: 'secret',
        ftpTimeLimit: 10,
      },
      'sip-server': {
        ...scheduled,
        targetSipCredentials: { sipRegistrar: 'sip.example.com', port: 5060, protocol: 'udp' },
        alertRules: ['3'],
      },
      voice: { ...scheduled, targetAgentId: agentIds[1], codecId: '0', duration: 10 },
      bgp: { prefix: '192.0.2.0/24', usePublicBgp: true, monitors: ['9'] },
    };
  };

  it('creates, reads, lists, updates and deletes a test of each', async () => {
    const created: Record<string, string> = {};
    for (const [type, body] of Object.entries(bodies())) {
      const reply = await conforming(
        emulator,
        `/tests/${type}`,
        `/v7/tests/${type}`,
        { json: { testName: `v7 ${type}`, ...body } },
        201,
      );
      assert.equal(reply.json.type, type);
      assert.equal(reply.json.password, undefined, 'a password is never answered back');
      created[type] = String(reply.json.testId);
      const path = `/v7/tests/${type}/${created[type]}`;
      const read = await conforming(emulator, `/tests/${type}/{testId}`, path);
      assert.equal(read.json.testName, `v7 ${type}`);
      const renamed = await conforming(emulator, `/tests/${type}/{testId}`, path, {
        method: 'PUT',
        json: { testName: `v7 ${type} renamed` },
      });
      assert.equal(renamed.json.testName, `v7 ${type} renamed`);
    }
    const listed = recordsOf(await conforming(emulator, '/tests', '/v7/tests'), 'tests');
    assert.deepEqual(listed.map((t) => t.type).sort(), Object.keys(created).sort());
    assert.deepEqual((await call(emulator.url, `/v7/tests/sip-server/${created['sip-server']}`)).json.alertRules, [
      { ruleId: '3' },
    ]);
    for (const [type, testId] of Object.entries(created)) {
      assert.equal((await call(emulator.url, `/v7/tests/${type}/${testId}`, { method: 'DELETE' })).status, 204);
      assert.equal((await call(emulator.url, `/v7/tests/${type}/${testId}`)).status, 404);
    }
  });

  it('refuses a field of another type, a value outside the enum or range, and a missing target, naming them', async () => {
    const { voice, api } = bodies();
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['voice', { ...voice, domain: 'example.com' }, /Field 'domain' is not a field of voice tests/],
      ['voice', { ...voice, duration: 31 }, /duration must be from 5 to 30/],
      ['voice', { ...voice, codecId: 0 }, /codecId must be a string/],
      [
        'ftp-server',
        { ...bodies()['ftp-server'], requestType: 'fetch' },
        /requestType must be one of download, upload, list/,
      ],
      ['api', { ...api, requests: undefined }, /requests is required to create an api test/],
    ];
    for (const [type, body, message] of cases) {
      const reply = await call(emulator.url, `/v7/tests/${type}`, { json: { testName: 'bad', ...body } });
      assert.equal(reply.status, 400, reply.text);
      assert.match(String(reply.json.detail), message);
    }
    const instantBgp = await call(emulator.url, '/v7/tests/bgp/instant', {
      json: { testName: 'bad', ...bodies()['bgp'] },
    });
    assert.equal(instantBgp.status, 404, 'the spec has no instant BGP test');
    assert.match(String(instantBgp.json.detail), /BGP tests have no instant form/);
  });
});
