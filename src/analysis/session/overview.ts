// A user session (the user-session details response) shaped into what the overview
// panel shows, section by section; the panel only lays it out.
import type { EndpointAgent, UserSessionDetail } from '../../api/types';
import { vpnTexts, whereaboutsFacts } from '../agents/whereabouts';
import { formatBytes } from '../har/format';
import { asArray, asNumber, asRecord, asString } from '../har/narrow';
import { readPing, sessionVerdict, type SessionContext, type Verdict } from './verdict';
import { measurementError, mplsLabels } from '../../api/types';

export interface Field {
  label: string;
  value: string;
}
export interface OverviewPage {
  id: string;
  title: string;
  started: string;
  responseCode: number;
  onContentLoad: number;
  onLoad: number;
}
export interface OverviewHop {
  hop: number;
  ipAddress: string;
  name: string;
  delayMs: number;
  asn: string;
  prefix: string;
  mpls: string;
}
export interface PingView {
  label: string;
  outcome: string;
  fields: Field[];
}
export interface Gauge {
  label: string;
  fraction: number;
  text: string;
}

export interface SessionOverview {
  userSessionId: string;
  title: string;
  /** 0..1, or undefined when the response has no score. */
  experienceScore?: number;
  verdict: Verdict;
  general: Field[];
  pages: OverviewPage[];
  connection: 'wired' | 'wireless';
  network: Field[];
  wireless: Field[];
  proxy: Field[];
  /** From a `vpnProfile` when the service sends one, else inferred from the interface. */
  vpn: Field[];
  pings: PingView[];
  traceroute: { destination: string; hops: OverviewHop[]; error?: string };
  system: Gauge[];
  errors: string[];
}

/** Parts joined once each: an interface named like its type reads "Wi-Fi", not "Wi-Fi · Wi-Fi". */
function distinct(parts: readonly string[], separator: string): string {
  return [...new Set(parts.filter(Boolean))].join(separator);
}

/**
 * `agentName`: the agent's computer name, when the caller knows it (shown before the id);
 * `context`: what its neighbours say (see SessionContext); `agent`: its record, when known (v7:
 * when it last checked in, where, its public address and VPN profiles).
 */
export function sessionOverview(
  session: UserSessionDetail,
  agentName?: string,
  context: SessionContext = {},
  agent?: EndpointAgent,
): SessionOverview {
  const network = asRecord(session.network);
  const profile = asRecord(network.networkProfile);
  const wireless = asRecord(profile.wirelessProfile);
  const browser = asRecord(session.browser);
  const coordinates = asRecord(session.coordinates);
  const score = asNumber(session.experienceScore, -1);
  return {
    userSessionId: asString(session.userSessionId),
    title: asString(session.visitedSite) || asString(session.userSessionId),
    ...(score >= 0 ? { experienceScore: Math.min(1, score) } : {}),
    verdict: sessionVerdict(session, context),
    general: present([
      ['Browser', [asString(browser.name), asString(browser.version)].filter(Boolean).join(' ')],
      ['Location', asString(coordinates.location)],
      ['Date', asString(session.date)],
      [
        'Visited site',
        `${asString(session.protocol)}${session.protocol ? '://' : ''}${asString(session.visitedSite)}` +
          `${session.port ? `:${asString(session.port)}` : ''}`,
      ],
      ['Public IP', [asString(session.sourceAddr), asString(session.orgName)].filter(Boolean).join(' · ')],
      ['Agent', agentName ? `${agentName} (${asString(session.agentId)})` : asString(session.agentId)],
      ...agentFacts(agent),
    ]),
    pages: asArray(session.pages).map(readPage),
    connection: 'bssid' in wireless || 'ssid' in wireless ? 'wireless' : 'wired',
    network: present([
      ['Interface', distinct([asString(profile.interfaceName), asString(profile.hardwareType)], ' · ')],
      ['IP address', [asString(profile.ipAddress), asString(profile.subnetMask)].filter(Boolean).join(' / ')],
      ['Gateway', asString(profile.gateway)],
      [
        'DNS servers',
        asArray(profile.dnsServers)
          .map((d) => asString(d))
          .join(', '),
      ],
      ['Public IP range', asString(profile.publicIpRange)],
      ['Connection type', asString(profile.type)],
    ]),
    wireless: present([
      ['SSID', asString(wireless.ssid)],
      ['BSSID', asString(wireless.bssid)],
      ['Channel', asString(wireless.channel)],
      ['RSSI', measured(wireless.rssi, 'dBm')],
      ['Noise', measured(wireless.noise, 'dBm')],
      ['Quality', measured(wireless.quality, '/ 100')],
      ['Tx rate', measured(wireless.txRate, 'Mbit/s')],
      ['PHY mode', asString(wireless.phyMode)],
      ['Vendor', asString(wireless.vendor)],
    ]),
    proxy: readProxy(asRecord(profile.proxyProfile)),
    vpn: readVpn(profile, agent),
    pings: [
      pingView('Gateway ping', network.gatewayPing),
      pingView('Target ping', network.ping, network.icmpBlocked === true),
      {
        label: 'TCP connect',
        outcome: 'connect' in network ? `${Math.round(asNumber(asRecord(network.connect).rtt, 0))} ms` : 'not measured',
        fields: [],
      },
    ],
    traceroute: readTraceroute(network.traceroute),
    system: readSystem(asRecord(network.systemMetrics)),
    errors: asArray(network.errors)
      .map((e) => asString(e))
      .filter(Boolean),
  };
}

function present(pairs: [string, string][]): Field[] {
  return pairs.filter(([, value]) => value !== '').map(([label, value]) => ({ label, value }));
}

function readPage(raw: unknown): OverviewPage {
  const page = asRecord(raw);
  const timings = asRecord(page.pageTimings);
  return {
    id: asString(page.id),
    title: asString(page.title) || asString(page.id),
    started: asString(page.startedDateTime),
    responseCode: asNumber(page.responseCode, 0),
    onContentLoad: asNumber(timings.onContentLoad, -1),
    onLoad: asNumber(timings.onLoad, -1),
  };
}

function readProxy(proxy: Record<string, unknown>): Field[] {
  const proxies = asArray(proxy.proxies).map((p) => asRecord(p));
  if (!proxy.method && proxies.length === 0) return [];
  return present([
    ['Method', asString(proxy.method)],
    ...proxies.map((p, i): [string, string] => [
      `Proxy ${i + 1}`,
      [asString(p.proxy), p.bypass ? `bypass ${asString(p.bypass)}` : ''].filter(Boolean).join(' · '),
    ]),
  ]);
}

/** The agent's own facts beside its name (v7), VPNs left to the VPN section. */
function agentFacts(agent: EndpointAgent | undefined): [string, string][] {
  if (!agent) return [];
  return whereaboutsFacts(agent)
    .filter(([label]) => !label.startsWith('VPN'))
    .map(([label, value]) => [`Agent ${label.charAt(0).toLowerCase()}${label.slice(1)}`, value]);
}

function readVpn(profile: Record<string, unknown>, agent: EndpointAgent | undefined): Field[] {
  const vpn = asRecord(profile.vpnProfile);
  const given = Object.entries(vpn)
    .map(([label, value]) => ({ label, value: asString(value) }))
    .filter((f) => f.value !== '');
  if (given.length) return given;
  const agentVpns = agent ? vpnTexts(agent) : [];
  if (agentVpns.length)
    return agentVpns.map((value, i) => ({
      label: agentVpns.length === 1 ? 'VPN (agent profile)' : `VPN ${i + 1} (agent profile)`,
      value,
    }));
  const hint = [asString(profile.type), asString(profile.interfaceName), asString(profile.hardwareType)].find((v) =>
    /vpn|^utun|^tun|^ppp|wireguard|anyconnect/i.test(v),
  );
  return hint ? [{ label: 'VPN', value: `likely (interface ${hint})` }] : [];
}

function pingView(label: string, raw: unknown, icmpBlocked = false): PingView {
  const ping = readPing(raw);
  const error = measurementError(raw) ?? '';
  if (ping === 'failed')
    return { label, outcome: icmpBlocked ? `ICMP blocked by the target (${error})` : `failed: ${error}`, fields: [] };
  if (!ping) return { label, outcome: 'not measured', fields: [] };
  const p = asRecord(raw);
  const packets: Field = { label: 'Packets', value: `${ping.received} / ${ping.sent} received` };
  // ICMP blocked measures nothing, and a ping nothing came back to has no round trip: never "0 ms".
  if (icmpBlocked) return { label, outcome: 'ICMP blocked by the target: not measured', fields: [packets] };
  if (ping.received === 0) return { label, outcome: `no reply to ${ping.sent} pings`, fields: [packets] };
  return {
    label,
    outcome: `${Math.round(ping.avgRtt)} ms, ${Math.round(ping.loss * 100)}% loss`,
    fields: present([
      ['Packets', `${asNumber(p.pktsReceived, 0)} / ${asNumber(p.pktsSent, 0)} received`],
      ['RTT min / avg / max', `${asNumber(p.minRtt, 0)} / ${asNumber(p.avgRtt, 0)} / ${asNumber(p.maxRtt, 0)} ms`],
      ['Jitter (mean dev.)', `${asNumber(p.meanDevRtt, 0)} ms`],
    ]),
  };
}

function readTraceroute(raw: unknown): SessionOverview['traceroute'] {
  const error = measurementError(raw);
  if (error !== undefined) return { destination: '', hops: [], error };
  const trace = asRecord(raw);
  const hops = asArray(trace.hops).map((h): OverviewHop => {
    const hop = asRecord(h);
    return {
      hop: asNumber(hop.hop, 0),
      ipAddress: asString(hop.ipAddress),
      name: asString(hop.name),
      delayMs: asNumber(hop.delay, -1),
      asn: 'asn' in hop ? `AS${asString(hop.asn)}` : '',
      prefix: asString(hop.prefix),
      mpls: mplsLabels(hop.mpls).join(', '),
    };
  });
  return { destination: asString(trace.destination), hops };
}

function readSystem(metrics: Record<string, unknown>): Gauge[] {
  if (!('cpuUtilization' in metrics)) return [];
  const cpu = asRecord(metrics.cpuUtilization);
  const memory = asRecord(metrics.physicalMemoryUsedBytes);
  const total = asNumber(metrics.physicalMemoryTotalBytes, 0);
  const used = asNumber(memory.mean, 0);
  return [
    {
      label: 'CPU',
      fraction: clamp(asNumber(cpu.mean, 0)),
      text: `${Math.round(asNumber(cpu.mean, 0) * 100)}% mean, ${Math.round(asNumber(cpu.max, 0) * 100)}% max`,
    },
    {
      label: 'Memory',
      fraction: total > 0 ? clamp(used / total) : 0,
      text: `${formatBytes(used)} of ${formatBytes(total)}`,
    },
  ];
}

function clamp(fraction: number): number {
  return Math.max(0, Math.min(1, fraction));
}

/** A measurement with its unit; '' (the row left out) when the agent sent none, or null: never "0 dBm". */
function measured(value: unknown, unit: string): string {
  const number = asNumber(value, Number.NaN);
  return Number.isFinite(number) ? `${number} ${unit}` : '';
}
