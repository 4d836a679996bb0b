// Endpoint agents, the private networks they are seen on, and the enterprise agents of test
// management. An agent keeps its platform, location and network for its whole life, so the
// facets of every record it produces agree with each other.
import type { EndpointAgent, PrivateNetwork, TestAgent } from '../../api/types';
import {
  ACCESS_ISPS,
  CITIES,
  FIRST_NAMES,
  HARDWARE,
  OS_VERSIONS,
  TRANSIT,
  WIFI_VENDORS,
  type Carrier,
  type City,
} from './catalog';
import { hostInPrefix, intToIp, ipToInt } from './format';
import { Rng, hashKey } from './prng';
import type { FeaturedPlan } from './episodes';

export interface NetworkProfileSeed {
  record: PrivateNetwork;
  kind: 'office' | 'home' | 'branch';
  city: City;
  isp: Carrier;
  gateway: string;
  /** /24 the agents get their addresses from. */
  localPrefix: string;
  publicBase: string;
  ssid: string;
  bssids: string[];
  dnsServers: string[];
  /** Decides whether and when this network has its daily incident (see rhythm.ts). */
  incidentKey: number;
  /** Proxy every agent of this network goes through, when the office has one. */
  proxy?: { ip: string; port: number; method: 'PAC' | 'Manual' };
}

export interface AgentProfile {
  index: number;
  record: EndpointAgent;
  numberOfClients: number;
  platform: 'Mac' | 'Windows';
  network: NetworkProfileSeed;
  connection: 'Ethernet' | 'Wireless' | 'Loopback';
  ipAddress: string;
  publicIp: string;
  bssid?: string;
  wifiVendor?: string;
  channel?: number;
  interfaceName: string;
  /** VPN concentrator the agent tunnels through, for some home workers. */
  vpnTarget?: string;
  /** Usable for sessions and tests (enabled and not deleted). */
  active: boolean;
  /** Where each destination answers this agent from, and the base RTT there (filled on use). */
  targets: Map<string, { city: City; rtt: number }>;
  /** Set on the few agents whose seeded daily episode the world plays (see episodes.ts). */
  featured?: FeaturedPlan;
}

const NETWORK_KINDS = [
  ['office', 3],
  ['home', 4],
  ['branch', 2],
] as const;
const HOME_SSIDS = [
  'NETGEAR42',
  'xfinitywifi-home',
  'TP-Link_5G_7A3C',
  'FRITZ!Box 7590',
  'BTHub6-9XQ2',
  'Linksys00482',
];
export const VPN_CONCENTRATORS: readonly string[] = ['198.51.100.10', '198.51.100.42', '203.0.113.20'];

function uuid(rng: Rng): string {
  const h = rng.hex(32);
  const variant = '89ab'[rng.int(0, 3)];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function macAddress(rng: Rng): string {
  return Array.from({ length: 6 }, () => rng.hex(2)).join(':');
}

export function makeNetwork(seed: number, aid: number, index: number): NetworkProfileSeed {
  const rng = Rng.of(seed, aid, 'network', index);
  // The first networks are fixed kinds so even the smallest group has an office with a proxy
  // and a home network with VPN users.
  const kind = index === 0 ? 'office' : index === 1 ? 'home' : rng.weighted(NETWORK_KINDS);
  const city = rng.pick(CITIES);
  const isp = rng.pick(ACCESS_ISPS);
  const localPrefix = kind === 'home' ? `192.168.${rng.int(0, 254)}.0/24` : `10.${(aid % 200) + 1}.${index}.0/24`;
  const publicBase = hostInPrefix(isp.block, rng.int(1, 60000) * 16);
  const name =
    kind === 'office'
      ? `${city.name} Office`
      : kind === 'branch'
        ? `${city.name} Branch ${index + 1}`
        : `Home - ${isp.name.split(' ')[0]} ${city.code.toUpperCase()}`;
  const ssid = kind === 'home' ? rng.pick(HOME_SSIDS) : kind === 'office' ? 'ACME-Corp' : 'ACME-Branch';
  const bssids = Array.from({ length: kind === 'home' ? 1 : rng.int(2, 4) }, () => macAddress(rng));
  const gateway = hostInPrefix(localPrefix, 1);
  const network: NetworkProfileSeed = {
    record: {
      networkId: rng.hex(24),
      networkName: `${name} (${isp.name})`,
      localPrefix,
      publicIpRange: `${publicBase}/28`,
    },
    kind,
    city,
    isp,
    gateway,
    localPrefix,
    publicBase,
    ssid,
    bssids,
    incidentKey: hashKey(seed, 'incident', index, aid),
    dnsServers: kind === 'home' ? [gateway] : [hostInPrefix(localPrefix, 53), '8.8.8.8'],
  };
  if (kind !== 'home' && (index === 0 || rng.chance(0.5)))
    network.proxy = { ip: hostInPrefix(localPrefix, 10), port: 8080, method: rng.pick(['PAC', 'Manual'] as const) };
  return network;
}

function computerName(rng: Rng, platform: 'Mac' | 'Windows', index: number): string {
  const person = rng.pick(FIRST_NAMES);
  return platform === 'Mac' ? `${person}-mbp-${index}` : `DESKTOP-${rng.hex(7).toUpperCase()}`;
}

export function makeAgent(
  seed: number,
  aid: number,
  index: number,
  networks: readonly NetworkProfileSeed[],
): AgentProfile {
  const rng = Rng.of(seed, aid, 'agent', index);
  const hardware = rng.pick(HARDWARE);
  const [osVersion, kernelVersion] = rng.pick(OS_VERSIONS[hardware.platform]);
  const network = networks[rng.int(0, networks.length - 1)] ?? networks[0];
  if (!network) throw new Error('an account group needs at least one network');
  const connection = rng.weighted([
    ['Wireless', 64],
    ['Ethernet', 34],
    ['Loopback', 2],
  ] as const);
  // A few fixed positions keep deleted and disabled agents in every group, however small.
  const deleted = index % 17 === 5 || rng.chance(0.02);
  const disabled = !deleted && (index % 19 === 3 || rng.chance(0.03));
  const record: EndpointAgent = {
    agentId: uuid(rng),
    computerName: computerName(rng, hardware.platform, index),
    osVersion,
    kernelVersion,
    manufacturer: hardware.manufacturer,
    model: hardware.model,
    status: disabled ? 'disabled' : 'enabled',
    deleted,
  };
  const profile: AgentProfile = {
    index,
    record,
    platform: hardware.platform,
    network,
    connection,
    numberOfClients: rng.int(1, 3),
    ipAddress: connection === 'Loopback' ? '127.0.0.1' : hostInPrefix(network.localPrefix, rng.int(20, 250)),
    publicIp: intToIp(ipToInt(network.publicBase) + rng.int(1, 14)),
    interfaceName:
      connection === 'Wireless'
        ? hardware.platform === 'Mac'
          ? 'en0'
          : 'Wi-Fi'
        : hardware.platform === 'Mac'
          ? 'en7'
          : 'Ethernet',
    active: !deleted && !disabled,
    targets: new Map(),
  };
  if (connection === 'Wireless') {
    profile.bssid = rng.pick(network.bssids);
    profile.wifiVendor = rng.pick(WIFI_VENDORS);
    profile.channel = rng.pick([1, 6, 11, 36, 44, 149, 157]);
  }
  if (network.kind === 'home' && (index % 2 === 0 || rng.chance(0.3))) profile.vpnTarget = rng.pick(VPN_CONCENTRATORS);
  return profile;
}

/**
 * Enterprise agents of test management; every group sees its own subset of the cities' agents,
 * then, up to `atLeast`, more enterprise agents spread over the cities (a large account's).
 */
export function makeEnterpriseAgents(seed: number, aid: number, atLeast = 0): TestAgent[] {
  const agents: TestAgent[] = [];
  CITIES.forEach((city, index) => {
    const rng = Rng.of(seed, 'enterprise-agent', index);
    if (!Rng.of(seed, aid, 'enterprise-visible', index).chance(0.7) && index > 2) return;
    const isCloud = index % 3 !== 2;
    const carrier = isCloud ? TRANSIT[index % TRANSIT.length] : ACCESS_ISPS[index % ACCESS_ISPS.length];
    if (!carrier) return;
    const ipAddress = isCloud
      ? hostInPrefix(carrier.block, rng.int(256, 65000))
      : `10.${100 + index}.${rng.int(0, 254)}.${rng.int(2, 250)}`;
    agents.push({
      agentId: 1000 + index * 37,
      agentName: isCloud ? `${city.name}, ${city.countryId}` : `${city.name} Enterprise ${rng.int(1, 3)}`,
      location: city.location,
      countryId: city.countryId,
      ipAddress,
      prefix: isCloud ? carrier.block : `10.${100 + index}.0.0/16`,
      network: `${carrier.name} (AS ${carrier.asn})`,
      public: isCloud ? 1 : 0,
    });
  });
  for (let extra = 0; agents.length < atLeast; extra++) agents.push(moreEnterpriseAgent(seed, extra));
  return agents;
}

/** The `extra`-th enterprise agent past the cities' own: private, in a city's office, ids from 10,000. */
function moreEnterpriseAgent(seed: number, extra: number): TestAgent {
  const city = CITIES[extra % CITIES.length] as City;
  const office = Math.floor(extra / CITIES.length);
  const rng = Rng.of(seed, 'enterprise-agent-more', extra);
  const carrier = ACCESS_ISPS[extra % ACCESS_ISPS.length] as Carrier;
  const prefix = `10.${16 + (extra % 200)}.${office * 8}.0/21`;
  return {
    agentId: 10_000 + extra,
    agentName: `${city.name} Enterprise ${office + 4}`,
    location: city.location,
    countryId: city.countryId,
    ipAddress: hostInPrefix(prefix, rng.int(2, 2000)),
    prefix,
    network: `${carrier.name} (AS ${carrier.asn})`,
    public: 0,
  };
}
