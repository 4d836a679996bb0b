// Search filters are checked against the endpoint's allowed keys and the spec's value
// sets before anything is sent, so a bad filter costs no request and no rate budget.
import { FILTER_VALUE_SETS, filterKeysFor, type FilterTarget, type SearchFilter } from './types';
import { V7_FILTER_KEYS, V7_FILTER_VALUES } from './v7/filters';

/** A filter this account cannot take but the other API version can: said in the same sentence. */
const SPEAKS_V6 = 'this account speaks API v6';

const LIST_NAMES: Record<FilterTarget, string> = {
  'user-sessions': '/user-sessions',
  web: '/user-sessions/web',
  network: '/user-sessions/network',
  'network-topology': '/network-topology',
};

export interface FilterProblem {
  key: string;
  reason: string;
}

/** The first problem of `filters` for `target`, or undefined when they are valid. */
export function findFilterProblem(target: FilterTarget, filters: readonly SearchFilter[]): FilterProblem | undefined {
  const allowed = filterKeysFor(target);
  for (const filter of filters) {
    const problem = checkFilter(target, allowed, filter);
    if (problem) return problem;
  }
  return undefined;
}

function checkFilter(
  target: FilterTarget,
  allowed: readonly string[],
  filter: SearchFilter,
): FilterProblem | undefined {
  const { key, values } = filter;
  if (!allowed.includes(key)) {
    const v7Only = V7_FILTER_KEYS[target].includes(key)
      ? `filters ${LIST_NAMES[target]} in API v7 only; ${SPEAKS_V6}, `
      : `not accepted by ${LIST_NAMES[target]} `;
    return { key, reason: `${v7Only}(allowed: ${allowed.join(', ')})` };
  }
  if (!Array.isArray(values) || values.length === 0) return { key, reason: 'needs at least one value' };
  const badType = values.find((value) => typeof value !== 'string' && typeof value !== 'number');
  if (badType !== undefined) return { key, reason: 'values must be strings or numbers' };
  const valueSet = FILTER_VALUE_SETS[key];
  const outside = valueSet ? values.find((value) => !valueSet.includes(String(value))) : undefined;
  if (outside !== undefined) {
    const v7Value = V7_FILTER_VALUES[key]?.includes(String(outside)) === true;
    return {
      key,
      reason: v7Value
        ? `"${outside}" is an API v7 value; ${SPEAKS_V6}, which takes ${valueSet?.join(', ')}`
        : `"${outside}" is not one of ${valueSet?.join(', ')}`,
    };
  }
  return undefined;
}
