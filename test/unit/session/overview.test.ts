import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sessionOverview } from '../../../src/analysis/session';
import type { UserSessionDetail } from '../../../src/api/types';
import { healthySession, withNetwork } from './fixtures';

test('shows browser, location and the visited site', () => {
  const view = sessionOverview(healthySession());
  const general = Object.fromEntries(view.general.map((f) => [f.label, f.value]));
  assert.equal(general.Browser, 'Chrome 131.0.6778.86');
  assert.equal(general.Location, 'Amsterdam, Netherlands');
  assert.equal(general['Visited site'], 'https://portal.example.com:443');
  assert.equal(view.experienceScore, 0.86);
});

test('a wireless session lists SSID, BSSID, channel, RSSI, noise, quality and tx rate', () => {
  const view = sessionOverview(healthySession());
  assert.equal(view.connection, 'wireless');
  assert.deepEqual(
    view.wireless.slice(0, 7).map((f) => `${f.label}=${f.value}`),
    [
      'SSID=Office-5G',
      'BSSID=a4:2b:b0:11:22:33',
      'Channel=36',
      'RSSI=-55 dBm',
      'Noise=-92 dBm',
      'Quality=82 / 100',
      'Tx rate=573 Mbit/s',
    ],
  );
});

test('a Wi-Fi profile that sent RSSI and noise as null leaves them out instead of showing 0 dBm', () => {
  const session = healthySession();
  const wireless = (session.network as unknown as { networkProfile: { wirelessProfile: Record<string, unknown> } })
    .networkProfile.wirelessProfile;
  wireless.rssi = null;
  wireless.noise = 'n/a';
  const labels = sessionOverview(session).wireless.map((f) => `${f.label}=${f.value}`);
  assert.ok(!labels.some((l) => /^(RSSI|Noise)=/.test(l)), labels.join(', '));
  assert.ok(labels.includes('Quality=82 / 100'), 'the measured fields stay');
});

test('pings, TCP connect, traceroute hops with ASN and MPLS, and system gauges', () => {
  const view = sessionOverview(healthySession());
  assert.deepEqual(
    view.pings.map((p) => `${p.label}: ${p.outcome}`),
    ['Gateway ping: 2 ms, 0% loss', 'Target ping: 22 ms, 0% loss', 'TCP connect: 24 ms'],
  );
  assert.equal(view.traceroute.hops.length, 4);
  assert.equal(view.traceroute.hops[1]?.asn, 'AS64500');
  assert.match(view.traceroute.hops[2]?.mpls ?? '', /Label 24017/);
  assert.deepEqual(
    view.system.map((g) => g.label),
    ['CPU', 'Memory'],
  );
  assert.equal(view.system[1]?.text, '8.8 GB of 16.0 GB');
});

test('failed pings and traceroute come through as their error text; a proxy is listed', () => {
  const session = withNetwork(healthySession(), (n) => ({
    ...n,
    gatewayPing: 'Destination host unreachable',
    traceroute: 'traceroute: timed out',
    errors: ['DNS lookup failed for cdn.example.net'],
    networkProfile: {
      ...n.networkProfile,
      proxyProfile: { method: 'pac', proxies: [{ proxy: 'proxy.corp:8080', bypass: '*.corp' }] },
    },
  }));
  const view = sessionOverview(session);
  assert.equal(view.pings[0]?.outcome, 'failed: Destination host unreachable');
  assert.equal(view.traceroute.error, 'traceroute: timed out');
  assert.deepEqual(
    view.proxy.map((f) => f.value),
    ['pac', 'proxy.corp:8080 · bypass *.corp'],
  );
  assert.deepEqual(view.errors, ['DNS lookup failed for cdn.example.net']);
});

test('tolerates a sparse, older response (no score, no metrics, no wireless)', () => {
  const sparse = {
    userSessionId: 'u1',
    visitedSite: 'a.example',
    pages: [{ id: 'p', title: 'A' }],
    network: { networkProfile: {} },
  } as unknown as UserSessionDetail;
  const view = sessionOverview(sparse);
  assert.equal(view.experienceScore, undefined);
  assert.equal(view.connection, 'wired');
  assert.deepEqual(view.system, []);
  assert.equal(view.pages[0]?.onLoad, -1);
});

test('a VPN shows from a vpnProfile, or is inferred from a tunnel interface', () => {
  const tunnel = withNetwork(healthySession(), (n) => ({
    ...n,
    networkProfile: { ...n.networkProfile, interfaceName: 'utun3' },
  }));
  assert.deepEqual(sessionOverview(tunnel).vpn, [{ label: 'VPN', value: 'likely (interface utun3)' }]);
  const declared = withNetwork(healthySession(), (n) => ({
    ...n,
    networkProfile: { ...n.networkProfile, vpnProfile: { vpnGatewayAddress: '192.0.2.8', vpnType: 'IPsec' } },
  }));
  assert.deepEqual(
    sessionOverview(declared).vpn.map((f) => f.value),
    ['192.0.2.8', 'IPsec'],
  );
  assert.deepEqual(sessionOverview(healthySession()).vpn, []);
});

test('the agent by name (its id beside it) when the caller knows it; an interface named like its type is said once', () => {
  const session = withNetwork(healthySession(), (n) => ({
    ...n,
    networkProfile: { ...n.networkProfile, interfaceName: 'Wi-Fi', hardwareType: 'Wi-Fi' },
  }));
  const named = sessionOverview(session, 'LAPTOP-ANNA');
  assert.equal(named.general.find((f) => f.label === 'Agent')?.value, `LAPTOP-ANNA (${session.agentId})`);
  assert.equal(sessionOverview(session).general.find((f) => f.label === 'Agent')?.value, session.agentId);
  assert.equal(named.network.find((f) => f.label === 'Interface')?.value, 'Wi-Fi');
});
