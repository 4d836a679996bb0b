import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import type { AccountGroup, AccountGroupsResponse, EndpointAgentsResponse } from '../../../src/api/types';
import type { RunningEmulator } from '../../../src/emulator';
import {
  WIRE_PATHS,
  agentRows,
  apiGet,
  clearEmulatorRequests,
  emulatorRequests,
  inViewOrder,
  netmonApi,
  root,
  signInTo,
  signOut,
  startControlledEmulator,
} from './netmon-fixture';

describe('account groups', () => {
  let emulator: RunningEmulator;
  let groups: AccountGroup[];
  before(async () => {
    emulator = await startControlledEmulator();
    groups = (await apiGet<AccountGroupsResponse>(emulator, '/v6/account-groups')).accountGroups;
    await signInTo(emulator);
  });
  after(async () => {
    await signOut();
    await emulator.close();
  });

  it('switches the account group: requests carry its aid and the tree shows its data', async () => {
    const api = await netmonApi();
    const other = groups.find((group) => !group.default);
    assert.ok(other, 'the demo admin needs a second account group');
    // Cleared before the switch: the tree fetches Endpoint Agents ahead as soon as the new client exists.
    await clearEmulatorRequests(emulator);
    const chosen = await api.switchAccountGroup(other.aid);
    assert.equal(chosen?.aid, other.aid);
    assert.equal(api.connection.current?.accountGroup?.aid, other.aid);
    assert.match(api.statusBarText(), new RegExp(other.accountGroupName));

    const shown = (await agentRows(api, await root(api, 'Endpoint Agents'))).map((node) => node.label);
    const sent = (await emulatorRequests(emulator)).filter((request) => request.path === WIRE_PATHS.endpointAgents);
    assert.equal(sent.length, 1, 'one agents request after the switch (the prefetch the tree then shows)');
    assert.equal(sent[0]?.query['aid'], String(other.aid));
    const expected = await apiGet<EndpointAgentsResponse>(emulator, `/v6/endpoint-agents?aid=${other.aid}`);
    assert.deepEqual(
      shown,
      inViewOrder(expected.endpointAgents).map((agent) => agent.computerName),
    );
  });

  it('remembers the choice for this connection', async () => {
    const api = await netmonApi();
    const chosen = api.connection.current?.accountGroup?.aid;
    await signOut();
    await signInTo(emulator);
    assert.equal(api.connection.current?.accountGroup?.aid, chosen);
  });

  it('refuses a group the user is not assigned to', async () => {
    const api = await netmonApi();
    const before = api.connection.current?.accountGroup?.aid;
    const result = await api.switchAccountGroup(999_999);
    assert.equal(result, undefined);
    assert.equal(api.connection.current?.accountGroup?.aid, before);
  });
});
