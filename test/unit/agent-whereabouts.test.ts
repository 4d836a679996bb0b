// A v7 agent's last check-in, place, public address and VPN reach its explorer row (tooltip and
// description) and its card; a v6 agent, which has none of them, shows nothing in their place.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointAgent } from '../../src/api/types';
import { agentCard } from '../../src/analysis/agents/card';
import { agentSummary } from '../../src/analysis/records/summaries';

const NOW = Date.UTC(2026, 10, 18, 14, 2);
const v6Agent = {
  agentId: 'a-1',
  computerName: 'anna-mbp-3',
  status: 'enabled',
  deleted: false,
  osVersion: 'macOS 15.1',
} as EndpointAgent;
const v7Agent = {
  ...v6Agent,
  lastSeen: '2026-11-18T14:00:00Z',
  publicIP: '203.0.113.77',
  location: { locationName: 'Lyon, France', latitude: 45.7, longitude: 4.8 },
  vpnProfiles: [
    {
      vpnType: 'cisco-anyconnect',
      vpnGatewayAddress: '198.51.100.10',
      vpnClientAddresses: ['10.100.0.20'],
      vpnClientNetworkRange: ['10.100.0.0/22'],
      interfaceName: 'utun4',
    },
  ],
} as EndpointAgent;

test("a v7 agent's tooltip says when it was last seen, where, from which address and through which VPN", () => {
  const facts = Object.fromEntries(agentSummary(v7Agent, NOW).facts);
  assert.equal(facts['Last seen'], '2026-11-18 14:00 UTC');
  assert.equal(facts['Location'], 'Lyon, France');
  assert.equal(facts['Public IP'], '203.0.113.77');
  assert.equal(facts['VPN'], 'cisco-anyconnect to 198.51.100.10 as 10.100.0.20 (utun4)');
  assert.equal(agentSummary(v7Agent, NOW).description, 'enabled · VPN');
});

test('an agent quiet for more than an hour says so in its row; one without a VPN says none in its tooltip', () => {
  const quiet = { ...v7Agent, lastSeen: '2026-11-15T09:30:00Z', vpnProfiles: [] } as EndpointAgent;
  assert.equal(agentSummary(quiet, NOW).description, 'enabled · last seen 2026-11-15 09:30 UTC');
  assert.deepEqual(
    agentSummary(quiet, NOW).facts.find(([name]) => name === 'VPN'),
    ['VPN', 'none'],
  );
});

test('a v6 agent shows none of the v7 facts, and its card has no presence section', () => {
  const names = agentSummary(v6Agent, NOW).facts.map(([name]) => name);
  for (const name of ['Last seen', 'Location', 'Public IP', 'VPN']) assert.ok(!names.includes(name), name);
  assert.equal(agentSummary(v6Agent, NOW).description, 'enabled');
  assert.equal(
    agentCard(v6Agent).sections.find((s) => s.heading === 'Network and presence'),
    undefined,
  );
});

test("a v7 agent's card shows them in their own section, not among other fields", () => {
  const card = agentCard(v7Agent);
  const presence = card.sections.find((s) => s.heading === 'Network and presence');
  assert.deepEqual(
    presence?.facts.map(([name]) => name),
    ['Last seen', 'Location', 'Public IP', 'VPN'],
  );
  assert.equal(
    card.sections.find((s) => s.heading === 'Other fields'),
    undefined,
  );
});

test("the session overview shows its agent's last check-in, place and address, and the agent's VPN where the session names none", async () => {
  const { sessionOverview } = await import('../../src/analysis/session/overview');
  const { healthySession } = await import('./session/fixtures');
  const withAgent = sessionOverview(healthySession(), 'anna-mbp-3', {}, v7Agent);
  const general = Object.fromEntries(withAgent.general.map((f) => [f.label, f.value]));
  assert.equal(general['Agent last seen'], '2026-11-18 14:00 UTC');
  assert.equal(general['Agent location'], 'Lyon, France');
  assert.equal(general['Agent public IP'], '203.0.113.77');
  assert.deepEqual(withAgent.vpn, [
    { label: 'VPN (agent profile)', value: 'cisco-anyconnect to 198.51.100.10 as 10.100.0.20 (utun4)' },
  ]);
  const v6 = sessionOverview(healthySession(), 'anna-mbp-3', {}, v6Agent);
  assert.ok(!v6.general.some((f) => f.label.startsWith('Agent ') && f.label !== 'Agent'));
  assert.deepEqual(v6.vpn, []);
});
