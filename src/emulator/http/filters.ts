// Search filters of the endpoint-data lists: validated against the keys each list accepts,
// then handed to the world, which matches them against records' facets. As the spec says,
// filters combine with AND: every entry must hold, two entries with the same key included;
// within one entry's values, any one will do (OR).
import { FILTER_VALUE_SETS, filterKeysFor, type FilterTarget } from '../../api/types';
import type { FacetFilter } from '../world/model';
import { badRequest } from './errors';

export function parseSearchFilters(body: Record<string, unknown>, target: FilterTarget): FacetFilter {
  for (const key of Object.keys(body)) {
    if (key !== 'searchFilters') throw badRequest(`Unknown body field '${key}': the body holds only searchFilters`);
  }
  const list = body.searchFilters;
  if (!Array.isArray(list)) throw badRequest('searchFilters is required and must be an array of {key, values}');
  const allowed = filterKeysFor(target);
  return list.map((entry: unknown, index) => {
    const where = `searchFilters[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      throw badRequest(`${where} must be an object {key, values}`);
    const { key, values, ...rest } = entry as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) throw badRequest(`${where}.${extra} is not a filter field (use key and values)`);
    if (typeof key !== 'string') throw badRequest(`${where}.key is required and must be a string`);
    if (!allowed.includes(key)) {
      throw badRequest(
        `${where}.key '${key}' does not apply to ` +
          `/${target === 'web' || target === 'network' ? `user-sessions/${target}` : target}; allowed keys: ` +
          `${allowed.join(', ')}`,
      );
    }
    if (!Array.isArray(values) || values.length === 0) throw badRequest(`${where}.values must be a non-empty array`);
    return {
      key,
      values: new Set(values.map((value: unknown, i) => filterValue(value, key, `${where}.values[${i}]`))),
    };
  });
}

function filterValue(value: unknown, key: string, where: string): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`${where} must be a string or number`);
  const text = String(value);
  const allowed = FILTER_VALUE_SETS[key];
  if (allowed && !allowed.includes(text))
    throw badRequest(`${where} '${text}' is not a valid ${key}; use one of ${allowed.join(', ')}`);
  return text;
}
