// Search filters of the endpoint-data lists.

// ---------- search filters ----------

export const COMMON_FILTER_KEYS = [
  'location',
  'connection',
  'trigger',
  'platform',
  'gateway',
  'proxyTarget',
  'vpnTarget',
  'agentId',
  'networkId',
  'ssid',
  'bssid',
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

export interface SearchFilter {
  key: string;
  values: (string | number)[];
}

/** Keys that appear in more than one filter: AND-combined, they almost never match (spec). */
export function repeatedFilterKeys(filters: readonly SearchFilter[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { key } of filters) (seen.has(key) ? repeated : seen).add(key);
  return [...repeated];
}

/** The one explanation of a repeated key, for documents, the client and the tree. */
export function repeatedFilterKeyMessage(key: string): string {
  return (
    `A second "${key}" filter narrows with AND (both must match); list all ${key} values in one filter to ` +
    'combine them with OR'
  );
}
export interface SearchFilterBody {
  searchFilters: SearchFilter[];
}
