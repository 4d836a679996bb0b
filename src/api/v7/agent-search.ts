// POST /v7/endpoint/agents/filter: our agent search as its AgentSearchRequest body —
// `searchFilters` (key → values), `thresholdFilter` (`last-seen-ms` against epoch
// milliseconds, all of them: `and`) and `searchSort` — checked before anything is sent.
import { InvalidFilterError } from '../errors';
import { ENDPOINT_AGENT_FILTER_KEYS, ENDPOINT_AGENT_SORT_KEYS, type EndpointAgentSearch } from '../types';

export const AGENT_FILTER_PATH = 'v7/endpoint/agents/filter';

/** v7's platform enum (AgentSearchFilters.platform). */
const PLATFORMS = ['windows', 'roomos', 'phoneos', 'elux', 'cisco-wireless', 'linux', 'mac', 'android', 'unknown'];

function refuse(filterKey: string, reason: string): InvalidFilterError {
  return new InvalidFilterError({ method: 'POST', path: `/${AGENT_FILTER_PATH}`, filterKey, reason });
}

function searchFilters(filters: EndpointAgentSearch['filters']): Record<string, string[]> | undefined {
  const entries = Object.entries(filters ?? {});
  if (entries.length === 0) return undefined;
  const map: Record<string, string[]> = {};
  for (const [key, values] of entries) {
    if (!(ENDPOINT_AGENT_FILTER_KEYS as readonly string[]).includes(key))
      throw refuse(key, `not an endpoint agent filter (allowed: ${ENDPOINT_AGENT_FILTER_KEYS.join(', ')})`);
    if (!Array.isArray(values) || values.length === 0 || values.some((v) => typeof v !== 'string' || v === ''))
      throw refuse(key, 'needs at least one non-empty value');
    const outside = key === 'platform' ? values.find((v) => !PLATFORMS.includes(v)) : undefined;
    if (outside !== undefined) throw refuse(key, `"${outside}" is not one of ${PLATFORMS.join(', ')}`);
    map[key] = [...new Set(values as string[])];
  }
  return map;
}

function threshold(
  name: 'seenSince' | 'seenBefore',
  moment: Date | undefined,
  operator: 'gte' | 'lte',
): { name: 'last-seen-ms'; value: number; operator: 'gte' | 'lte' }[] {
  if (moment === undefined) return [];
  if (!(moment instanceof Date) || !Number.isFinite(moment.getTime())) throw refuse(name, 'must be a valid date');
  return [{ name: 'last-seen-ms', value: moment.getTime(), operator }];
}

export function v7AgentSearchBody(search: EndpointAgentSearch): Record<string, unknown> {
  const filters = searchFilters(search.filters);
  const thresholds = [
    ...threshold('seenSince', search.seenSince, 'gte'),
    ...threshold('seenBefore', search.seenBefore, 'lte'),
  ];
  const sort = (search.sort ?? []).map(({ key, order }) => {
    if (!(ENDPOINT_AGENT_SORT_KEYS as readonly string[]).includes(key))
      throw refuse(`sort ${String(key)}`, `not a sort key (allowed: ${ENDPOINT_AGENT_SORT_KEYS.join(', ')})`);
    return { sort: key, order: order ?? 'asc' };
  });
  return {
    ...(filters ? { searchFilters: filters } : {}),
    ...(thresholds.length ? { thresholdFilter: { filters: thresholds, conditionalOperator: 'and' } } : {}),
    ...(sort.length ? { searchSort: sort } : {}),
  };
}
