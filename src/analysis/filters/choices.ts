// What "Add Filter" offers for each search-filter key, and how an active filter reads: agents
// and networks by name, enumerated keys as fixed choices, and for the rest the values seen in
// what is loaded (sessions, their details, topology probes), counted. Pure: the explorer's
// pick lists and any other front end share it. The keys themselves are the API's (api/types).
import type { EndpointAgent, NetworkProbe, PrivateNetwork, UserSession, UserSessionDetail } from '../../api/types';
import { FILTER_VALUE_SETS } from '../../api/types';

/** What each key filters on, in words. */
export const FILTER_KEY_HELP: Readonly<Record<string, string>> = {
  location: 'Agent location',
  connection: 'Ethernet, Loopback or Wireless',
  trigger: 'auto or user',
  platform: 'Mac or Windows',
  gateway: 'Default gateway IP',
  proxyTarget: 'Proxy IP',
  vpnTarget: 'VPN endpoint IP',
  agentId: 'Endpoint agent, by computer name',
  networkId: 'Network, by name',
  ssid: 'Wi-Fi SSID',
  bssid: 'Wi-Fi BSSID',
  domain: 'Base domain (user sessions)',
  visitedSite: 'Domain visited (user sessions)',
  destinationIp: 'Destination IP (user sessions)',
  type: 'vpn, proxy or gateway (topology)',
};

/** How a key reads in the view's description and the active-filter items. */
export const FILTER_KEY_NAMES: Readonly<Record<string, string>> = { agentId: 'agent', networkId: 'network' };

export interface FilterChoice {
  /** What is sent to the API. */
  value: string;
  /** What the user reads. */
  label: string;
  description?: string;
}

/** What has been loaded, from which values are offered. Every field is optional. */
export interface LoadedRecords {
  agents?: readonly EndpointAgent[];
  networks?: readonly PrivateNetwork[];
  userSessions?: readonly UserSession[];
  sessionDetails?: readonly UserSessionDetail[];
  probes?: readonly NetworkProbe[];
}

/** No key offers more than this many seen values: outside data decides nothing about our work. */
export const MAX_CHOICES = 20_000;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;

export function filterChoices(key: string, loaded: LoadedRecords): FilterChoice[] {
  const fixed = FILTER_VALUE_SETS[key];
  if (fixed) return fixed.map((value) => ({ value, label: value }));
  if (key === 'agentId') return agentChoices(loaded.agents ?? []);
  if (key === 'networkId') return networkChoices(loaded.networks ?? []);
  return seenChoices(key, loaded);
}

export function agentChoices(agents: readonly EndpointAgent[]): FilterChoice[] {
  const choices: FilterChoice[] = [];
  for (const agent of agents.slice(0, MAX_CHOICES)) {
    const value = str(agent.agentId);
    if (!value) continue;
    const status = agent.deleted === true ? 'deleted' : (str(agent.status) ?? 'status not reported');
    choices.push({
      value,
      label: str(agent.computerName) ?? value,
      description: [status, str(agent.osVersion), value].filter(Boolean).join(' · '),
    });
  }
  return choices.sort((a, b) => a.label.localeCompare(b.label));
}

export function networkChoices(networks: readonly PrivateNetwork[]): FilterChoice[] {
  const choices: FilterChoice[] = [];
  for (const network of networks.slice(0, MAX_CHOICES)) {
    const value = str(network.networkId);
    if (!value) continue;
    choices.push({
      value,
      label: str(network.networkName) ?? value,
      description: [str(network.localPrefix), value].filter(Boolean).join(' · '),
    });
  }
  return choices.sort((a, b) => a.label.localeCompare(b.label));
}

/** Where each key's values show up in loaded records. */
const SEEN: Record<string, (loaded: LoadedRecords) => Iterable<unknown>> = {
  visitedSite: (l) => (l.userSessions ?? []).map((s) => s.visitedSite),
  domain: (l) => (l.userSessions ?? []).map((s) => baseDomain(s.visitedSite)),
  gateway: (l) => [...probeTargets(l, 'gateway'), ...(l.sessionDetails ?? []).map((d) => profile(d)?.gateway)],
  proxyTarget: (l) => probeTargets(l, 'proxy'),
  vpnTarget: (l) => probeTargets(l, 'vpn'),
  ssid: (l) => (l.sessionDetails ?? []).map((d) => profile(d)?.wirelessProfile?.ssid),
  bssid: (l) => (l.sessionDetails ?? []).map((d) => profile(d)?.wirelessProfile?.bssid),
  location: (l) => (l.sessionDetails ?? []).map((d) => (d.coordinates as { location?: unknown } | undefined)?.location),
};

/** Where a key's values come from, said when none is loaded yet. */
export const SEEN_SOURCES: Readonly<Record<string, string>> = {
  visitedSite: 'the loaded user sessions',
  domain: 'the loaded user sessions',
  gateway: 'the loaded topology probes and opened sessions',
  proxyTarget: 'the loaded topology probes',
  vpnTarget: 'the loaded topology probes',
  ssid: 'the opened user sessions',
  bssid: 'the opened user sessions',
  location: 'the opened user sessions',
};

function seenChoices(key: string, loaded: LoadedRecords): FilterChoice[] {
  const source = SEEN[key];
  if (!source) return [];
  const counts = new Map<string, number>();
  let read = 0;
  for (const raw of source(loaded)) {
    if (++read > MAX_CHOICES * 5) break;
    const value = str(raw);
    if (value !== undefined && (counts.has(value) || counts.size < MAX_CHOICES))
      counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value, count]) => ({ value, label: value, description: `seen ${count}× in ${SEEN_SOURCES[key]}` }));
}

function probeTargets(loaded: LoadedRecords, type: string): unknown[] {
  return (loaded.probes ?? []).filter((p) => p.type === type).map((p) => p.target);
}

function profile(detail: UserSessionDetail): UserSessionDetail['network']['networkProfile'] | undefined {
  const network = detail.network as Partial<UserSessionDetail['network']> | undefined;
  return typeof network?.networkProfile === 'object' && network.networkProfile !== null
    ? network.networkProfile
    : undefined;
}

/** "portal.example.com" → "example.com"; an IP address stays as it is. */
export function baseDomain(site: unknown): string | undefined {
  const host = str(site)?.toLowerCase().replace(/:\d+$/, '');
  if (!host) return undefined;
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host;
  const labels = host.split('.').filter(Boolean);
  return labels.length <= 2 ? labels.join('.') : labels.slice(-2).join('.');
}

/** One active filter as it reads: "agent = LAPTOP-ANNA", the value's label when one is known. */
export function filterText(key: string, value: string | number, label?: string): string {
  return `${FILTER_KEY_NAMES[key] ?? key} = ${label ?? String(value)}`;
}
