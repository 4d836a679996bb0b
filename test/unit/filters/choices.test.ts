// What "Add Filter" offers: agents and networks by name, fixed values for enumerated keys,
// the values seen in loaded records counted and most frequent first, bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  baseDomain,
  filterChoices,
  filterText,
  MAX_CHOICES,
  type LoadedRecords,
} from '../../../src/analysis/filters/choices';
import type { EndpointAgent, NetworkProbe, UserSession, UserSessionDetail } from '../../../src/api/types';

const as = <T>(value: Record<string, unknown>): T => value as T;

test('agents by computer name with status and OS, the id as the value; deleted ones say so', () => {
  const agents = [
    as<EndpointAgent>({ agentId: 'b-2', computerName: 'LAPTOP-BEN', status: 'enabled', osVersion: 'macOS 15' }),
    as<EndpointAgent>({ agentId: 'a-1', computerName: 'LAPTOP-ANNA', status: 'disabled', deleted: true }),
    as<EndpointAgent>({ agentId: 7, computerName: 'no string id' }),
    as<EndpointAgent>({ agentId: 'c-3' }),
  ];
  assert.deepEqual(filterChoices('agentId', { agents }), [
    { value: 'c-3', label: 'c-3', description: 'status not reported · c-3' },
    { value: 'a-1', label: 'LAPTOP-ANNA', description: 'deleted · a-1' },
    { value: 'b-2', label: 'LAPTOP-BEN', description: 'enabled · macOS 15 · b-2' },
    { value: '7', label: 'no string id', description: 'status not reported · 7' },
  ]);
});

test('enumerated keys are fixed choices, whatever is loaded', () => {
  assert.deepEqual(
    filterChoices('connection', {}).map((c) => c.value),
    ['Ethernet', 'Loopback', 'Wireless'],
  );
  assert.deepEqual(
    filterChoices('type', {}).map((c) => c.value),
    ['vpn', 'proxy', 'gateway'],
  );
});

test('seen values: sites and domains from sessions, probe targets by kind, SSIDs from opened sessions', () => {
  const loaded: LoadedRecords = {
    userSessions: ['portal.example.com', 'mail.example.com', 'portal.example.com', 'zoom.us'].map((visitedSite) =>
      as<UserSession>({ visitedSite }),
    ),
    probes: [
      as<NetworkProbe>({ type: 'gateway', target: '10.0.0.1' }),
      as<NetworkProbe>({ type: 'vpn', target: '198.51.100.7' }),
    ],
    sessionDetails: [
      as<UserSessionDetail>({
        network: {
          networkProfile: { gateway: '10.0.0.1', wirelessProfile: { ssid: 'ACME-Branch', bssid: 'd1:7b:00:00:00:01' } },
        },
      }),
      as<UserSessionDetail>({ network: 'x' }),
    ],
  };
  assert.deepEqual(
    filterChoices('visitedSite', loaded).map((c) => [c.value, c.description]),
    [
      ['portal.example.com', 'seen 2× in the loaded user sessions'],
      ['mail.example.com', 'seen 1× in the loaded user sessions'],
      ['zoom.us', 'seen 1× in the loaded user sessions'],
    ],
  );
  assert.deepEqual(
    filterChoices('domain', loaded).map((c) => c.value),
    ['example.com', 'zoom.us'],
  );
  assert.deepEqual(
    filterChoices('gateway', loaded).map((c) => [c.value, c.description]),
    [['10.0.0.1', 'seen 2× in the loaded topology probes and opened sessions']],
  );
  assert.deepEqual(
    filterChoices('vpnTarget', loaded).map((c) => c.value),
    ['198.51.100.7'],
  );
  assert.deepEqual(
    filterChoices('ssid', loaded).map((c) => c.value),
    ['ACME-Branch'],
  );
  assert.deepEqual(filterChoices('destinationIp', loaded), [], 'nothing loaded carries it: the user types it');
});

test('outside data cannot make the list unbounded', () => {
  const userSessions = Array.from({ length: MAX_CHOICES + 500 }, (_, i) =>
    as<UserSession>({ visitedSite: `site-${i}.example` }),
  );
  assert.equal(filterChoices('visitedSite', { userSessions }).length, MAX_CHOICES);
});

test('base domains and how an active filter reads', () => {
  assert.equal(baseDomain('Portal.Example.com:8443'), 'example.com');
  assert.equal(baseDomain('10.1.2.3'), '10.1.2.3');
  assert.equal(baseDomain(''), undefined);
  assert.equal(filterText('agentId', 'a-1', 'LAPTOP-ANNA'), 'agent = LAPTOP-ANNA');
  assert.equal(filterText('ssid', 'ACME'), 'ssid = ACME');
});
