// Search filters of the endpoint-data lists.

// ---------- search filters ----------

export const COMMON_FILTER_KEYS = [
  'location', 'connection', 'trigger', 'platform', 'gateway', 'proxyTarget', 'vpnTarget',
  'agentId', 'networkId', 'ssid', 'bssid',
] as const;
export const FILTER_TARGETS = ['user-sessions', 'web', 'network', 'network-topology'] as const;
export type FilterTarget = (typeof FILTER_TARGETS)[number];
/** Keys that only some list endpoints accept. */
export const TARGET_FILTER_KEYS: Record<FilterTarget, readonly string[]> = {
  'user-sessions': ['domain', 'visitedSite', 'destinationIp'],
  web: [],
  network: [],
  'network-topology': ['type'],
};
export const FILTER_VALUE_SETS: Readonly<Record<string, readonly string[]>> = {
  connection: ['Ethernet', 'Loopback', 'Wireless'],
  trigger: ['auto', 'user'],
  platform: ['Mac', 'Windows'],
  type: ['vpn', 'proxy', 'gateway'],
};
export function filterKeysFor(target: FilterTarget): readonly string[] {
  return [...COMMON_FILTER_KEYS, ...TARGET_FILTER_KEYS[target]];
}

export interface SearchFilter { key: string; values: (string | number)[] }
export interface SearchFilterBody { searchFilters: SearchFilter[] }
