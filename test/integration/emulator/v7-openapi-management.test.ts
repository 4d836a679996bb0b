// v7 enterprise test management, enterprise agents, account groups and the current user of
// the emulator validate against the vendor's OpenAPI schemas (test/fixtures/openapi).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningEmulator } from '../../../src/emulator/index';
import { VIEWER, call, withEmulator } from './helpers';
import { NOW_MS, conforming, recordsOf } from './openapi';

describe('emulator v7: test management, agents, account groups and the user match the OpenAPI schemas', () => {
  let emulator: RunningEmulator;
  let agentIds: string[] = [];
  before(async () => {
    emulator = await withEmulator({ api: 'v7', now: () => NOW_MS });
    const agents = recordsOf(await conforming(emulator, '/agents', '/v7/agents'), 'agents');
    agentIds = agents.map((a) => String(a.agentId));
  });
  after(() => emulator.close());

  it('lists enterprise agents by type and reads one', async () => {
    assert.ok(agentIds.length >= 3);
    const cloud = recordsOf(await conforming(emulator, '/agents', '/v7/agents?agentTypes=cloud'), 'agents');
    assert.ok(cloud.every((a) => a.agentType === 'cloud'));
    const one = await conforming(emulator, '/agents/{agentId}', `/v7/agents/${agentIds[0]}`);
    assert.equal(one.json.agentId, agentIds[0]);
    // The spec documents no body for this error; it is problem+json like every other.
    const wrong = await call(emulator.url, '/v7/agents?agentTypes=ENTERPRISE');
    assert.equal(wrong.status, 400);
    assert.equal(String(wrong.headers['content-type']).split(';')[0], 'application/problem+json');
  });

  it('creates, reads, lists, updates and deletes tests of each served type, dnssec included', async () => {
    const agents = [{ agentId: agentIds[0] }];
    const bodies: Record<string, Record<string, unknown>> = {
      'agent-to-server': { server: 'example.com', port: 443, protocol: 'tcp' },
      'agent-to-agent': { targetAgentId: agentIds[1], direction: 'bidirectional', protocol: 'tcp' },
      'dns-server': { domain: 'example.com', dnsServers: ['8.8.8.8'] },
      'dns-trace': { domain: 'example.com' },
      dnssec: { domain: 'example.com' },
      'http-server': { url: 'https://example.com/health', followRedirects: true, httpTimeLimit: 10 },
      'page-load': { url: 'https://example.com/' },
      'web-transactions': { url: 'https://example.com/', transactionScript: 'markStart("a");' },
    };
    for (const [type, target] of Object.entries(bodies)) {
      const created = await conforming(
        emulator,
        `/tests/${type}`,
        `/v7/tests/${type}`,
        { json: { testName: `v7 ${type}`, interval: 300, agents, enabled: true, ...target } },
        201,
      );
      assert.equal(created.json.type, type);
      if (type === 'http-server') assert.equal(created.json.httpTimeLimit, 10, 'seconds in, seconds out');
      assert.equal(created.headers.location, `${emulator.url}/v7/tests/${type}/${created.json.testId}`);
      const path = `/v7/tests/${type}/${created.json.testId}`;
      await conforming(emulator, `/tests/${type}/{testId}`, path);
      const updated = await conforming(emulator, `/tests/${type}/{testId}`, path, {
        method: 'PUT',
        json: { testName: `v7 ${type} renamed` },
      });
      assert.equal(updated.json.testName, `v7 ${type} renamed`);
    }
    const all = recordsOf(await conforming(emulator, '/tests', '/v7/tests'), 'tests');
    assert.equal(all.length, Object.keys(bodies).length);
    const first = all[0];
    const deleted = await call(emulator.url, `/v7/tests/${first?.type}/${first?.testId}`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    await conforming(emulator, '/tests/agent-to-server/{testId}', `/v7/tests/${first?.type}/${first?.testId}`, {}, 404);
    await conforming(
      emulator,
      '/tests/agent-to-server',
      '/v7/tests/agent-to-server',
      { token: VIEWER, json: { testName: 'no', interval: 300, agents, server: 'example.com' } },
      403,
    );
  });

  it('answers the account groups and the current user', async () => {
    const groups = recordsOf(await conforming(emulator, '/account-groups', '/v7/account-groups'), 'accountGroups');
    assert.equal(groups.filter((g) => g.isCurrentAccountGroup === true).length, 1);
    const user = await conforming(emulator, '/users/current', '/v7/users/current');
    assert.equal(user.json.email, 'admin@demo.netmon');
  });
});
