// One page of an inventory list (agents, networks, endpoint tests): the records from the
// request's pageId on, and `pages` whose `next` names where the following page starts.
import type { Pages } from '../../api/types';
import { inventoryPages } from '../http/page-id';
import type { RequestContext } from '../http/router';
import type { EmulatorState } from './state';

export interface InventoryPage<T> {
  records: T[];
  pages: Pages;
}

/** `read(offset, limit)` returns the list's records from `offset`, at most `limit` of them. */
export function inventoryPage<T>(
  state: EmulatorState,
  ctx: RequestContext,
  list: string,
  total: number,
  read: (offset: number, limit: number) => T[],
): InventoryPage<T> {
  const pageSize = state.inventoryPageSize;
  const scope = { list, aid: ctx.aid, pageSize, total };
  const offset = state.pageIds.offset(ctx.query, scope);
  const records = read(offset, pageSize);
  const end = offset + records.length;
  const nextPageId = end < total ? state.pageIds.encode(end, scope) : undefined;
  return { records, pages: inventoryPages(ctx.baseUrl, ctx.path, ctx.query, offset, nextPageId, pageSize) };
}

/** Pages of a list already held in full (the endpoint tests). */
export function inventoryPageOf<T>(
  state: EmulatorState,
  ctx: RequestContext,
  list: string,
  all: readonly T[],
): InventoryPage<T> {
  return inventoryPage(state, ctx, list, all.length, (offset, limit) => all.slice(offset, offset + limit));
}
