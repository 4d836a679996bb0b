// v7 paging: one page of a list and the whole URL of the next in `_links.next.href`, which
// repeats the query as called (never authToken) and adds `cursor` and the pinned "now"
// (`asOf`), so a walk stays on one range. POSTed filters: re-POST the same body to it.
// Time-ranged lists answer the range they cover in `startDate`/`endDate`.
import { CURSOR_PARAM } from '../../http/paging';
import { PAGE_ID_PARAM } from '../../http/page-id';
import type { RequestContext } from '../../http/router';
import { PIN_PARAM, V7_RANGE, formatIsoDateTime } from '../../http/time';
import type { ListPosition } from '../../world/model';
import { inventoryPage } from '../inventory';
import { pagedList, type ListSource } from '../list-response';
import type { EmulatorState } from '../state';

export interface Link {
  href: string;
}
export interface NextLinks {
  next?: Link;
}

export interface V7Page<T> {
  results: T[];
  startDate: string;
  endDate: string;
  _links: NextLinks;
}

/** A time-ranged list of the world, paged as v7 pages it; `encode` turns each record into its v7 shape. */
export async function v7TimePage<T, R>(
  state: EmulatorState,
  ctx: RequestContext,
  source: ListSource<T>,
  encode: (record: T) => R,
): Promise<V7Page<R>> {
  const list = await pagedList(state, ctx, source, V7_RANGE);
  const href = list.next ? nextHref(ctx, list.next, list.asOf) : undefined;
  return {
    results: list.records.map(encode),
    startDate: formatIsoDateTime(list.range.from),
    endDate: formatIsoDateTime(list.range.to),
    _links: href ? { next: { href } } : {},
  };
}

function nextHref(ctx: RequestContext, next: ListPosition, asOf: number): string {
  return linkWith(ctx, (query) => {
    query.set(PIN_PARAM, String(asOf));
    query.set(CURSOR_PARAM, `${next.round}.${next.index}.${next.part}`);
  });
}

/** The request's own URL with changed parameters; a link is logged and shared, so never with authToken. */
export function linkWith(ctx: RequestContext, change: (query: URLSearchParams) => void): string {
  const query = new URLSearchParams(ctx.query);
  query.delete('authToken');
  change(query);
  const text = query.toString();
  return `${ctx.baseUrl}${ctx.path}${text ? `?${text}` : ''}`;
}

export function selfLink(ctx: RequestContext, path = ctx.path): { self: Link } {
  return { self: { href: `${ctx.baseUrl}${path}` } };
}

export interface V7InventoryPage<T> {
  records: T[];
  links: NextLinks;
}

/**
 * An inventory list (agents, networks, endpoint tests) paged by the same opaque, signed page
 * ids as v6's `pageId`, carried in v7's `cursor`.
 */
export function v7InventoryPage<T>(
  state: EmulatorState,
  ctx: RequestContext,
  list: string,
  total: number,
  read: (offset: number, limit: number) => T[],
): V7InventoryPage<T> {
  const asV6 = new URLSearchParams(ctx.query);
  asV6.delete(PAGE_ID_PARAM);
  const cursor = ctx.query.get(CURSOR_PARAM);
  if (cursor !== null) asV6.set(PAGE_ID_PARAM, cursor);
  const page = inventoryPage(state, { ...ctx, query: asV6 }, list, total, read);
  const next = page.pages.next === undefined ? undefined : new URL(page.pages.next).searchParams.get(PAGE_ID_PARAM);
  if (next === undefined || next === null) return { records: page.records, links: {} };
  return { records: page.records, links: { next: { href: linkWith(ctx, (query) => query.set(CURSOR_PARAM, next)) } } };
}
