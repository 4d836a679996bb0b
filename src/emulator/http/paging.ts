// Paging of lazily generated lists. `next` is an absolute URL repeating the query with the
// next page number, the pinned "now" (asOf) and a cursor: the position of the next page's
// first record, so a page costs only its own records however deep the walk goes. The
// deprecated `page` alone (no cursor) still works: the world seeks its first record by
// counting rounds, without generating the records before it.
import type { Pages } from '../../api/types';
import type { ListPosition, Positioned } from '../world/model';
import { badRequest } from './errors';
import { PIN_PARAM } from './time';

export const CURSOR_PARAM = 'cursor';
const CURSOR = /^([0-9]{1,12})\.([0-9]{1,9})\.([0-9]{1,4})$/;

export interface TakenPage<T> {
  records: T[];
  next?: ListPosition;
}

/** Highest `page` without a cursor (the deprecated form); pages.next links have no limit. */
export const MAX_PAGE = 100_000;

export function parsePage(query: URLSearchParams, hasCursor: boolean): number {
  const text = query.get('page');
  if (text === null) return 1;
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1) throw badRequest(`page '${text}' must be an integer ≥ 1`);
  const page = Number(text);
  if (!hasCursor && page > MAX_PAGE) {
    throw badRequest(
      `page ${page} is above the maximum of ${MAX_PAGE} for page without a cursor; follow pages.next, whose ` +
        'cursor has no such limit',
    );
  }
  return page;
}

/** A page number past the last page of the range, counting from the start. */
export function pastTheEnd(page: number, total: number, pageSize: number): Error {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return badRequest(
    `page ${page} is past the last page (${last}): the range holds ${total} records, ${pageSize} per page`,
  );
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
 * Takes one page from `entries` (already started where the page starts), reading one entry
 * past it: that entry's position is where the next page starts.
 */
export function takePage<T>(entries: Iterable<Positioned<T>>, pageSize: number): TakenPage<T> {
  const records: T[] = [];
  for (const entry of entries) {
    if (records.length === pageSize)
      return { records, next: { round: entry.round, index: entry.index, part: entry.part } };
    records.push(entry.record);
  }
  return { records };
}

export function pagesFor(
  baseUrl: string,
  path: string,
  query: URLSearchParams,
  page: number,
  next: ListPosition | undefined,
  asOf: number,
): Pages {
  if (!next) return { current: page };
  const nextQuery = new URLSearchParams(query);
  // A link is logged, shared and shown; the client sends its credentials again anyway.
  nextQuery.delete('authToken');
  nextQuery.set('page', String(page + 1));
  nextQuery.set(PIN_PARAM, String(asOf));
  nextQuery.set(CURSOR_PARAM, `${next.round}.${next.index}.${next.part}`);
  return { current: page, next: `${baseUrl}${path}?${nextQuery.toString()}` };
}
