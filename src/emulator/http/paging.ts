// Paging of lazily generated lists. `next` is an absolute URL repeating the query with the
// next page number and the pinned "now" (asOf), so a walk never shifts between rounds.
import type { Pages } from '../../api/types';
import { badRequest } from './errors';
import { PIN_PARAM } from './time';

export interface PageRequest { page: number; pageSize: number }

export function parsePage(query: URLSearchParams): number {
  const text = query.get('page');
  if (text === null) return 1;
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1) throw badRequest(`page '${text}' must be an integer ≥ 1`);
  return Number(text);
}

/** Takes one page from `items`, reading one record past it to learn whether more exist. */
export function takePage<T>(items: Iterable<T>, request: PageRequest): { records: T[]; hasMore: boolean } {
  const skip = (request.page - 1) * request.pageSize;
  const records: T[] = [];
  let index = 0;
  for (const item of items) {
    if (index >= skip) {
      if (records.length === request.pageSize) return { records, hasMore: true };
      records.push(item);
    }
    index += 1;
  }
  return { records, hasMore: false };
}

export function pagesFor(baseUrl: string, path: string, query: URLSearchParams, page: number, hasMore: boolean, asOf: number): Pages {
  if (!hasMore) return { current: page };
  const next = new URLSearchParams(query);
  next.set('page', String(page + 1));
  next.set(PIN_PARAM, String(asOf));
  return { current: page, next: `${baseUrl}${path}?${next.toString()}` };
}
