// Search filters as v7 takes them: a map of key → values in the POST body (v6: a list of
// `{ key, values }`), the same keys, with values as v7 spells them. AND across keys and OR
// across one key's values mean the same; a key given twice (AND of two filters on one field)
// becomes the values both allow, and a pair that allows none is refused before sending.
import { InvalidFilterError } from '../errors';
import {
  filterKeysFor,
  repeatedFilterKeyMessage,
  repeatedFilterKeys,
  type FilterTarget,
  type SearchFilter,
} from '../types';

/** Our (v6) spellings → v7's. */
const V7_SPELLING: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  connection: { Ethernet: 'ethernet', Loopback: 'loopback', Wireless: 'wireless' },
  platform: { Mac: 'mac', Windows: 'windows' },
};

/** The keys each operation's filter schema has (EndpointResultRequestFilter and its extensions). */
const COMMON_KEYS = [
  'location',
  'connection',
  'platform',
  'gateway',
  'proxyTarget',
  'vpnTarget',
  'agentId',
  'networkId',
  'ssid',
  'bssid',
] as const;
const REAL_USER_KEYS = [...COMMON_KEYS, 'destinationIp', 'domain', 'trigger', 'visitedSite'] as const;
export const V7_FILTER_KEYS: Readonly<Record<FilterTarget, readonly string[]>> = {
  'user-sessions': REAL_USER_KEYS,
  web: REAL_USER_KEYS,
  network: REAL_USER_KEYS,
  'network-topology': [...COMMON_KEYS, 'type'],
};

/** The values v7 accepts per key (the OpenAPI enums). */
export const V7_FILTER_VALUES: Readonly<Record<string, readonly string[]>> = {
  connection: ['unknown', 'wireless', 'ethernet', 'modem', 'virtual', 'loopback', 'other'],
  platform: ['windows', 'roomos', 'phoneos', 'elux', 'cisco-wireless', 'linux', 'mac', 'android', 'unknown'],
  trigger: ['auto', 'user'],
  type: ['vpn', 'proxy', 'gateway', 'dns', 'unknown'],
};

const LIST_NAMES: Record<FilterTarget, string> = {
  'user-sessions': 'real-user tests',
  web: 'pages',
  network: 'network results',
  'network-topology': 'local-network topologies',
};

export type FilterMap = Record<string, string[]>;

/** The v7 map of `filters`, or an InvalidFilterError naming the first bad key (nothing is sent). */
export function v7FilterMap(
  target: FilterTarget,
  filters: readonly SearchFilter[],
  path: string,
  warn: (message: string) => void,
): FilterMap {
  for (const key of repeatedFilterKeys(filters)) warn(`POST /${path}: ${repeatedFilterKeyMessage(key)}`);
  const allowed = V7_FILTER_KEYS[target];
  const map: FilterMap = {};
  for (const { key, values } of filters) {
    const refuse = (reason: string): InvalidFilterError =>
      new InvalidFilterError({ method: 'POST', path: `/${path}`, filterKey: key, reason });
    if (!allowed.includes(key)) {
      const v6Only = filterKeysFor(target).includes(key)
        ? `filters ${LIST_NAMES[target]} in API v6 only; this account speaks API v7, `
        : `not accepted by ${LIST_NAMES[target]} `;
      throw refuse(`${v6Only}(allowed: ${allowed.join(', ')})`);
    }
    if (!Array.isArray(values) || values.length === 0) throw refuse('needs at least one value');
    if (values.some((value) => typeof value !== 'string' && typeof value !== 'number'))
      throw refuse('values must be strings or numbers');
    const spelled = values.map((value) => V7_SPELLING[key]?.[String(value)] ?? String(value));
    const known = V7_FILTER_VALUES[key];
    const outside = known ? spelled.find((value) => !known.includes(value)) : undefined;
    if (outside !== undefined) throw refuse(`"${outside}" is not one of ${known?.join(', ')}`);
    const earlier = map[key];
    const merged = earlier ? [...new Set(earlier.filter((value) => spelled.includes(value)))] : [...new Set(spelled)];
    if (merged.length === 0) throw refuse(`no value is in every "${key}" filter, so nothing could match`);
    map[key] = merged;
  }
  return map;
}
