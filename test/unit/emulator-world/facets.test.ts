import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { NetworkProfile } from '../../../src/api/types';
import type { Facets } from '../../../src/emulator/world/index';
import { demoGroup, lastHours } from './helpers';

const { group } = demoGroup(7);
const range = lastHours(24);
const networks = new Map(group.networks().map((n) => [n.networkId, n]));

/**
 * The featured Wi-Fi agent roams between three access points over its day (see
 * episodes.ts); its BSSID is checked against its episode in emulator-episodes.test.ts.
 */
const roaming = new Map(
  group
    .episodes(range.from, range.to)
    .filter((e) => e.kind === 'wifi')
    .map((e) => [e.agentId, [e.detail.goodBssid, e.detail.weakBssid, e.detail.roamedBssid]]),
);

/** What an agent's facets must always say, learned from the first record it produced. */
const agentTraits = new Map<string, string>();
function sameAgentTraits(facets: Facets): void {
  const bssids = roaming.get(facets.agentId);
  if (bssids) assert.ok(bssids.includes(facets.bssid), `the Wi-Fi agent's BSSID ${facets.bssid} is one of its three`);
  const traits = JSON.stringify([
    facets.location,
    facets.platform,
    facets.networkId,
    facets.connection,
    facets.gateway,
    facets.ssid,
    bssids ? 'roams' : facets.bssid,
    facets.proxyTarget,
    facets.vpnTarget,
  ]);
  const known = agentTraits.get(facets.agentId);
  if (known) assert.equal(traits, known, `agent ${facets.agentId} changed its platform, location or network`);
  else agentTraits.set(facets.agentId, traits);
}

function matchesProfile(facets: Facets, profile: NetworkProfile, location: string): void {
  assert.equal(facets.gateway, profile.gateway);
  assert.equal(facets.location, location);
  assert.equal(facets.connection === 'Wireless', profile.type === 'wireless');
  assert.equal(facets.ssid, profile.wirelessProfile?.ssid);
  assert.equal(facets.bssid, profile.wirelessProfile?.bssid);
  const proxy = profile.proxyProfile?.proxies[0]?.proxy.split(':')[0];
  assert.equal(facets.proxyTarget, proxy);
  assert.equal(networks.get(facets.networkId)?.localPrefix, profile.localPrefix);
}

describe('facets agree with their records', () => {
  test('user sessions: agent, site, destination and network profile', () => {
    const sessions = [...group.userSessions(range)];
    assert.ok(sessions.length > 100);
    for (const { record, facets } of sessions.slice(0, 60)) {
      assert.equal(facets.agentId, record.agentId);
      assert.equal(facets.visitedSite, record.visitedSite);
      assert.ok(record.visitedSite.endsWith(facets.domain ?? '-'));
      sameAgentTraits(facets);
      const detail = group.userSession(record.userSessionId);
      assert.ok(detail);
      matchesProfile(facets, detail.network.networkProfile, detail.coordinates.location);
      const traceroute = detail.network.traceroute;
      if (typeof traceroute !== 'string') assert.equal(traceroute.destination, facets.destinationIp);
    }
    const values = (key: keyof Facets) => new Set(sessions.map((s) => s.facets[key]));
    assert.deepEqual([...values('platform')].sort(), ['Mac', 'Windows']);
    assert.deepEqual([...values('trigger')].sort(), ['auto', 'user']);
    assert.ok(values('connection').has('Wireless') && values('connection').has('Ethernet'));
    assert.ok(sessions.some((s) => s.facets.proxyTarget) && sessions.some((s) => s.facets.vpnTarget));
  });

  test('web and network sessions carry the facets of their user session', () => {
    const bySession = new Map([...group.userSessions(range)].map((s) => [s.record.userSessionId, s.facets]));
    for (const { record, facets } of [...group.webSessions(range), ...group.networkSessions(range)]) {
      const parent = bySession.get(record.userSessionId);
      assert.ok(parent, 'every web/network session belongs to a listed user session');
      assert.equal(facets.agentId, record.agentId);
      assert.equal(facets.location, parent.location);
      assert.equal(facets.trigger, parent.trigger);
      assert.equal(facets.domain, undefined, 'domain filters apply to /user-sessions only');
      sameAgentTraits(facets);
    }
  });

  test('network probes: type matches the target the agent has', () => {
    const probes = [...group.networkProbes(range)];
    const types = new Set(probes.map((p) => p.facets.type));
    assert.deepEqual([...types].sort(), ['gateway', 'proxy', 'vpn']);
    for (const { record, facets } of probes) {
      assert.equal(facets.type, record.type);
      assert.equal(facets.agentId, record.agentId);
      const expected = { gateway: facets.gateway, proxy: facets.proxyTarget, vpn: facets.vpnTarget }[
        facets.type ?? 'gateway'
      ];
      assert.equal(record.target, expected);
      sameAgentTraits(facets);
    }
    const sample = probes[0];
    assert.ok(sample);
    const detail = group.networkProbe(sample.record.networkProbeId);
    assert.ok(detail);
    matchesProfile(sample.facets, detail.networkProfile, detail.coordinates.location);
  });

  test('sessions come only from enabled, undeleted agents that the agent list knows', () => {
    const agents = new Map(group.endpointAgents().map((a) => [a.agentId, a]));
    assert.ok(
      [...agents.values()].some((a) => a.deleted || a.status === 'disabled'),
      'some agents are deleted or disabled',
    );
    for (const { record } of group.userSessions(range)) {
      const agent = agents.get(record.agentId);
      assert.ok(agent && !agent.deleted && agent.status === 'enabled');
    }
  });
});
