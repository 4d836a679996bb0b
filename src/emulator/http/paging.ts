// Paging of lazily generated lists. `next` is an absolute URL repeating the query with the
// next page number, the pinned "now" (asOf) and a cursor: the position of the next page's
// first record, so a page costs only its own records however deep the walk goes. The
// deprecated `page` alone (no cursor) still works by counting records from the start.
import type { Pages } from '../../api/types';
import type { ListPosition, Positioned } from '../world/model';
import { badRequest } from './errors';
import { PIN_PARAM } from './time';

export const CURSOR_PARAM = 'cursor';
const CURSOR = /^([0-9]{1,12})\.([0-9]{1,9})\.([0-9]{1,4})$/;

export interface PageRequest { page: number; pageSize: number; cursor?: ListPosition }

export interface TakenPage<T> { records: T[]; next?: ListPosition }

export function parsePage(query: URLSearchParams): number {
  const text = query.get('page');
  if (text === null) return 1;
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1) throw badRequest(`page '${text}' must be an integer ≥ 1`);
  return Number(text);
}

/** The cursor of a pages.next link: `<round>.<index>.<part>`. */
export function parseCursor(query: URLSearchParams): ListPosition | undefined {
  const text = query.get(CURSOR_PARAM);
  if (text === null) return undefined;
  const match = CURSOR.exec(text);
  if (!match) throw badRequest(`${CURSOR_PARAM} '${text}' is not a list position (it comes from a pages.next link)`);
  return { round: Number(match[1]), index: Number(match[2]), part: Number(match[3]) };
}

/**
 * Takes one page from `entries` (already started at the cursor, if any), reading one entry
 * past it: that entry's position is where the next page starts.
 */
export function takePage<T>(entries: Iterable<Positioned<T>>, request: PageRequest): TakenPage<T> {
  let skip = request.cursor ? 0 : (request.page - 1) * request.pageSize;
  const records: T[] = [];
  for (const entry of entries) {
    if (skip > 0) { skip -= 1; continue; }
    if (records.length === request.pageSize) return { records, next: { round: entry.round, index: entry.index, part: entry.part } };
    records.push(entry.record);
  }
  return { records };
}

export function pagesFor(baseUrl: string, path: string, query: URLSearchParams, page: number, next: ListPosition | undefined, asOf: number): Pages {
  if (!next) return { current: page };
  const nextQuery = new URLSearchParams(query);
  nextQuery.set('page', String(page + 1));
  nextQuery.set(PIN_PARAM, String(asOf));
  nextQuery.set(CURSOR_PARAM, `${next.round}.${next.index}.${next.part}`);
  return { current: page, next: `${baseUrl}${path}?${nextQuery.toString()}` };
}
