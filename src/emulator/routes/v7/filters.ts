// v7 search filters: a map of key → values (`{"searchFilters": {"agentId": ["…"]}}`, or the
// map itself where the operation's schema says so, as pages/filter's does). Keys and values
// are validated per operation; values are spelled as v7 spells them (`wireless`, `mac`,
// `roomos`, topology type `dns`) and translated to the world's facets. Keys combine with
// AND, the values of one key with OR, as in v6. A valid value the world never produces
// (`roomos`, `dns` …) simply matches nothing.
import { parseJsonObject } from '../../http/body';
import { invalidField } from '../../http/errors';
import type { RequestContext } from '../../http/router';
import type { FacetFilter } from '../../world/model';

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
/** Keys of the real-user-test filters (sessions, pages, networks). */
export const REAL_USER_KEYS: readonly string[] = [...COMMON_KEYS, 'destinationIp', 'domain', 'trigger', 'visitedSite'];
/** Keys of the local-network topology filter. */
export const TOPOLOGY_KEYS: readonly string[] = [...COMMON_KEYS, 'type'];

const HARDWARE_TYPES = ['unknown', 'wireless', 'ethernet', 'modem', 'virtual', 'loopback', 'other'];
const PLATFORMS = ['windows', 'roomos', 'phoneos', 'elux', 'cisco-wireless', 'linux', 'mac', 'android', 'unknown'];

/** Enumerated keys: the values v7 accepts and how the world's facets spell the ones it has. */
const ENUMS: Readonly<Record<string, { values: readonly string[]; facet: Readonly<Record<string, string>> }>> = {
  connection: { values: HARDWARE_TYPES, facet: { wireless: 'Wireless', ethernet: 'Ethernet', loopback: 'Loopback' } },
  platform: { values: PLATFORMS, facet: { mac: 'Mac', windows: 'Windows' } },
  trigger: { values: ['auto', 'user'], facet: { auto: 'auto', user: 'user' } },
  type: {
    values: ['vpn', 'proxy', 'gateway', 'dns', 'unknown'],
    facet: { vpn: 'vpn', proxy: 'proxy', gateway: 'gateway' },
  },
};
/** Stands for a v7 value the world has no record of: no facet ever equals it. */
const NEVER = '\u0000none';

export interface FilterShape {
  keys: readonly string[];
  /** True when the body is `{searchFilters: {…}}`; false when it is the map itself (pages/filter). */
  wrapped: boolean;
  /** Other top-level body fields the operation's schema allows (accepted, not applied). */
  otherFields?: readonly string[];
}

/** The filter of a POST …/filter; an empty body (or no searchFilters) filters nothing. */
export function readV7Filters(ctx: RequestContext, shape: FilterShape): FacetFilter | undefined {
  if (ctx.rawBody.trim() === '') return undefined;
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, 'Filtering');
  if (!shape.wrapped) return filterOf(body, shape.keys, '');
  for (const key of Object.keys(body)) {
    if (key !== 'searchFilters' && !(shape.otherFields ?? []).includes(key)) {
      throw invalidField(
        key,
        `Unknown body field '${key.slice(0, 100)}': the body holds ` +
          `${['searchFilters', ...(shape.otherFields ?? [])].join(', ')}`,
      );
    }
  }
  if (body.searchFilters === undefined) return undefined;
  const map = body.searchFilters;
  if (map === null || typeof map !== 'object' || Array.isArray(map)) {
    throw invalidField(
      'searchFilters',
      'searchFilters must be an object mapping each filter key to an array of values',
    );
  }
  return filterOf(map as Record<string, unknown>, shape.keys, 'searchFilters.');
}

function filterOf(map: Record<string, unknown>, keys: readonly string[], prefix: string): FacetFilter {
  return Object.entries(map).map(([key, values]) => {
    const field = `${prefix}${key.slice(0, 100)}`;
    if (!keys.includes(key))
      throw invalidField(
        field,
        `'${key.slice(0, 100)}' is not a filter of this operation; allowed keys: ${keys.join(', ')}`,
      );
    if (!Array.isArray(values) || values.length === 0)
      throw invalidField(field, `${field} must be a non-empty array of values`);
    return { key, values: new Set(values.map((value: unknown, i) => facetValue(value, key, `${field}[${i}]`))) };
  });
}

function facetValue(value: unknown, key: string, field: string): string {
  if (typeof value !== 'string') throw invalidField(field, `${field} must be a string`);
  const known = ENUMS[key];
  if (!known) return value;
  if (!known.values.includes(value))
    throw invalidField(
      field,
      `${field} '${value.slice(0, 100)}' is not a valid ${key}; use one of ${known.values.join(', ')}`,
    );
  return known.facet[value] ?? NEVER;
}
