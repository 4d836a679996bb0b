// The body of POST /v7/endpoint/agents/filter (the spec's AgentSearchRequest): `searchFilters`
// (key → values, AND across keys, OR across a key's values), `thresholdFilter` (the agent's
// last check-in against a moment, `last-seen-ms` read as epoch milliseconds, combined by its
// `conditionalOperator`) and `searchSort` (keys in order, each `asc` or `desc`). Keys the
// world holds no data for are valid: a filter on them matches no agent, a sort on them keeps
// the order.
import type { EndpointAgent } from '../../../api/types';
import { parseJsonObject } from '../../http/body';
import { invalidField } from '../../http/errors';
import type { RequestContext } from '../../http/router';
import type { AgentSite } from '../../world/model';

/** What each filter and sort key reads of an agent (and of its site, for the city). */
type Read = (agent: EndpointAgent, site: AgentSite | undefined) => string;

/** v7's platform enum, from what the world's agent runs. */
export function platformOf(agent: EndpointAgent): string {
  if (agent.osVersion.startsWith('macOS') || agent.osVersion.startsWith('Mac OS')) return 'mac';
  if (agent.osVersion.startsWith('Microsoft Windows')) return 'windows';
  return 'unknown';
}

const cityOf = (site: AgentSite | undefined): string => site?.locationName.split(',')[0] ?? '';

const FILTERABLE: Readonly<Record<string, Read>> = {
  id: (a) => a.agentId,
  agentName: (a) => a.computerName,
  computerName: (a) => a.computerName,
  platform: platformOf,
  osVersion: (a) => a.osVersion,
};
/** Keys of the operation's schema the world holds no data for: valid, and matching no agent. */
const NO_DATA_KEYS = [
  'username',
  'userPrincipalName',
  'serialNumber',
  'locationCountryISO',
  'locationSubdivision1Code',
  'locationCity',
  'licenseType',
  'anyConnectDeviceId',
];
const SORTABLE: Readonly<Record<string, Read | undefined>> = {
  platform: platformOf,
  osVersion: (a) => a.osVersion,
  name: (a) => a.computerName,
  city: (_a, site) => cityOf(site),
  userName: undefined,
  serialNumber: undefined,
};
const BODY_FIELDS = ['searchFilters', 'thresholdFilter', 'searchSort'];
/** At most this many threshold filters or sort keys (the service's own lists are short). */
const MAX_TERMS = 20;

export interface Threshold {
  operator: 'gte' | 'lte';
  valueMs: number;
}
export interface AgentSearch {
  filters: ReadonlyMap<string, ReadonlySet<string>>;
  thresholds: readonly Threshold[];
  anyThreshold: boolean;
  sort: readonly { read: Read | undefined; descending: boolean }[];
  /** Names this search in page cursors. */
  key: string;
}

export function readAgentSearch(ctx: RequestContext): AgentSearch | undefined {
  if (ctx.rawBody.trim() === '') return undefined;
  const body = parseJsonObject(ctx.rawBody, ctx.contentType, 'Filtering');
  for (const key of Object.keys(body)) {
    if (!BODY_FIELDS.includes(key))
      throw invalidField(
        key.slice(0, 100),
        `Unknown body field '${key.slice(0, 100)}': the body holds ${BODY_FIELDS.join(', ')}`,
      );
  }
  const { thresholds, anyThreshold } = readThresholds(body.thresholdFilter);
  return {
    filters: readFilters(body.searchFilters),
    thresholds,
    anyThreshold,
    sort: readSort(body.searchSort),
    key: JSON.stringify(body).slice(0, 2000),
  };
}

function readFilters(map: unknown): Map<string, Set<string>> {
  const filters = new Map<string, Set<string>>();
  if (map === undefined) return filters;
  if (map === null || typeof map !== 'object' || Array.isArray(map))
    throw invalidField(
      'searchFilters',
      'searchFilters must be an object mapping each filter key to an array of values',
    );
  for (const [key, values] of Object.entries(map as Record<string, unknown>)) {
    const field = `searchFilters.${key.slice(0, 100)}`;
    if (!(key in FILTERABLE) && !NO_DATA_KEYS.includes(key)) {
      throw invalidField(
        field,
        `'${key.slice(0, 100)}' is not an agent filter; allowed keys: ` +
          `${[...Object.keys(FILTERABLE), ...NO_DATA_KEYS].join(', ')}`,
      );
    }
    if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === 'string'))
      throw invalidField(field, `${field} must be a non-empty array of strings`);
    filters.set(key, new Set(values as string[]));
  }
  return filters;
}

function readThresholds(value: unknown): { thresholds: Threshold[]; anyThreshold: boolean } {
  if (value === undefined) return { thresholds: [], anyThreshold: false };
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalidField('thresholdFilter', 'thresholdFilter must be an object with filters and conditionalOperator');
  const { filters, conditionalOperator, ...other } = value as Record<string, unknown>;
  const extra = Object.keys(other)[0];
  if (extra !== undefined)
    throw invalidField(
      `thresholdFilter.${extra.slice(0, 100)}`,
      'thresholdFilter holds filters and conditionalOperator',
    );
  if (conditionalOperator !== undefined && conditionalOperator !== 'and' && conditionalOperator !== 'or')
    throw invalidField('thresholdFilter.conditionalOperator', "conditionalOperator must be 'and' or 'or'");
  if (filters !== undefined && (!Array.isArray(filters) || filters.length > MAX_TERMS))
    throw invalidField(
      'thresholdFilter.filters',
      `thresholdFilter.filters must be an array of at most ${MAX_TERMS} filters`,
    );
  const thresholds = ((filters ?? []) as unknown[]).map((filter, i) =>
    readThreshold(filter, `thresholdFilter.filters[${i}]`),
  );
  return { thresholds, anyThreshold: conditionalOperator === 'or' };
}

function readThreshold(filter: unknown, field: string): Threshold {
  const f = (filter ?? {}) as Record<string, unknown>;
  if (f.name !== 'last-seen-ms') throw invalidField(`${field}.name`, `${field}.name must be 'last-seen-ms'`);
  if (f.operator !== 'gte' && f.operator !== 'lte')
    throw invalidField(`${field}.operator`, `${field}.operator must be 'gte' or 'lte'`);
  if (typeof f.value !== 'number' || !Number.isFinite(f.value))
    throw invalidField(`${field}.value`, `${field}.value must be a number (epoch milliseconds)`);
  return { operator: f.operator, valueMs: f.value };
}

function readSort(value: unknown): AgentSearch['sort'] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_TERMS)
    throw invalidField('searchSort', `searchSort must be an array of at most ${MAX_TERMS} {sort, order}`);
  return value.map((term: unknown, i) => {
    const t = (term ?? {}) as Record<string, unknown>;
    const key = typeof t.sort === 'string' ? t.sort : '';
    if (!Object.hasOwn(SORTABLE, key))
      throw invalidField(
        `searchSort[${i}].sort`,
        `searchSort[${i}].sort must be one of ${Object.keys(SORTABLE).join(', ')}`,
      );
    if (t.order !== undefined && t.order !== 'asc' && t.order !== 'desc')
      throw invalidField(`searchSort[${i}].order`, `searchSort[${i}].order must be 'asc' or 'desc'`);
    return { read: SORTABLE[key], descending: t.order === 'desc' };
  });
}

export function matchesSearch(agent: EndpointAgent, site: AgentSite | undefined, search: AgentSearch): boolean {
  for (const [key, values] of search.filters) {
    const read = FILTERABLE[key];
    if (!read || !values.has(read(agent, site))) return false;
  }
  if (search.thresholds.length === 0) return true;
  const seenMs = (site?.lastSeenSeconds ?? 0) * 1000;
  const passes = (t: Threshold): boolean => (t.operator === 'gte' ? seenMs >= t.valueMs : seenMs <= t.valueMs);
  return search.anyThreshold ? search.thresholds.some(passes) : search.thresholds.every(passes);
}

/** The agents in the search's order (stable: ties keep the world's order). */
export function sortedBySearch(
  agents: EndpointAgent[],
  siteOf: (agent: EndpointAgent) => AgentSite | undefined,
  search: AgentSearch,
): EndpointAgent[] {
  const terms = search.sort.filter((term) => term.read !== undefined);
  if (terms.length === 0) return agents;
  const keyed = agents.map((agent) => ({
    agent,
    keys: terms.map((term) => (term.read as Read)(agent, siteOf(agent))),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < terms.length; i++) {
      const order = (a.keys[i] as string).localeCompare(b.keys[i] as string);
      if (order !== 0) return terms[i]?.descending ? -order : order;
    }
    return 0;
  });
  return keyed.map((entry) => entry.agent);
}
