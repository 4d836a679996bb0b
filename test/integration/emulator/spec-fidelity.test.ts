// Details of the spec the emulator must honour: any IP address (IPv6 too) as a target,
// a port given twice is a conflict rather than silently dropped, and instant test names
// are unique within the account group.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningEmulator } from '../../../src/emulator';
import { arrayOf, call, enterpriseAgentIds, errorOf, withEmulator } from './helpers';

describe('spec fidelity', () => {
  let emulator: RunningEmulator;
  let base: string;
  const [agentId] = enterpriseAgentIds(1001);
  before(async () => {
    emulator = await withEmulator();
    base = emulator.url;
  });
  after(() => emulator.close());

  const createServerTest = (fields: Record<string, unknown>) =>
    call(base, '/v7/tests/agent-to-server', {
      json: { testName: `t ${JSON.stringify(fields)}`, interval: 300, agents: [{ agentId }], ...fields },
    });
  const serverOf = (reply: Awaited<ReturnType<typeof createServerTest>>): string | undefined =>
    arrayOf<{ server?: string }>(reply, 'test')[0]?.server;

  test('agent-to-server tests accept IPv6 targets, bare or bracketed with a port', async () => {
    assert.equal(serverOf(await createServerTest({ server: '::1' })), '[::1]:80');
    assert.equal(serverOf(await createServerTest({ server: '[::1]:443' })), '[::1]:443');
    assert.equal(serverOf(await createServerTest({ server: '2001:db8::10', port: 8443 })), '[2001:db8::10]:8443');
    const bad = await createServerTest({ server: '[not-an-ip]:80' });
    assert.equal(bad.status, 400);
  });

  test('a port field next to a server that already names another port is a 400 naming both', async () => {
    const conflict = await createServerTest({ server: 'a.example:443', port: 8080 });
    assert.equal(conflict.status, 400);
    assert.match(errorOf(conflict), /server 'a\.example:443' already names port 443, which conflicts with port 8080/);
    assert.equal(serverOf(await createServerTest({ server: 'b.example', port: 8080 })), 'b.example:8080');
    assert.equal(
      serverOf(await createServerTest({ server: 'c.example' })),
      'c.example:80',
      'port 80 stays the default',
    );
    assert.equal(
      serverOf(await createServerTest({ server: 'd.example:443', port: 443 })),
      'd.example:443',
      'the same port twice agrees',
    );
  });

  const instant = (fields: Record<string, unknown>) =>
    call(base, '/v6/endpoint-instant/agent-to-server', { json: { maxMachines: 1, ...fields } });

  test('instant tests accept IPv6 serverName and take the port from it', async () => {
    const bare = arrayOf<{ server: string; port: number }>(
      await instant({ testName: 'v6 bare', serverName: '::1' }),
      'endpointTest',
    )[0];
    assert.deepEqual([bare?.server, bare?.port], ['::1', 80]);
    const bracketed = arrayOf<{ server: string; port: number }>(
      await instant({ testName: 'v6 port', serverName: '[2001:db8::1]:443' }),
      'endpointTest',
    )[0];
    assert.deepEqual([bracketed?.server, bracketed?.port], ['2001:db8::1', 443]);
    const conflict = await instant({ testName: 'v6 conflict', serverName: '[::1]:443', port: 80 });
    assert.equal(conflict.status, 400);
    assert.match(errorOf(conflict), /conflicts with port 80/);
  });

  test('an instant test name already used in the account group is a 400', async () => {
    assert.equal((await instant({ testName: 'unique name', serverName: 'a.example' })).status, 201);
    const duplicate = await instant({ testName: 'unique name', serverName: 'b.example' });
    assert.equal(duplicate.status, 400);
    assert.match(errorOf(duplicate), /testName 'unique name' must be unique/);
    const otherGroup = await call(base, '/v6/endpoint-instant/agent-to-server?aid=1002', {
      json: { maxMachines: 1, testName: 'unique name', serverName: 'a.example' },
    });
    assert.equal(otherGroup.status, 201, 'names are unique per account group');
  });
});
