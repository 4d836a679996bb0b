// Shared shape of every time-ranged, paged list.
import type { Pages } from '../../api/types';
import type { RequestContext } from '../http/router';
import type { GroupWorld, ListName, ListPosition, ListScope, Positioned, TimeRange } from '../world/model';
import { pagesFor, parseCursor, parsePage, pastTheEnd, takePage } from '../http/paging';
import { resolveRange, V6_RANGE, type RangeParams } from '../http/time';
import type { EmulatorState } from './state';

export interface PagedList<T> {
  records: T[];
  pages: Pages;
  range: TimeRange;
  /** Where the next page starts (absent on the last page) and the pinned "now": what a v7 link carries. */
  next?: ListPosition | undefined;
  asOf: number;
}

/** A list of the world: its name and scope (for seeks and indexes) and its entries from a position. */
export interface ListSource<T> {
  name: ListName;
  scope: ListScope;
  entries(range: TimeRange, start: ListPosition | undefined): Iterable<Positioned<T>>;
}

/** Index rounds built per turn of the event loop: a few milliseconds, so other requests go on meanwhile. */
const INDEX_ROUNDS_PER_TURN = 16;

export async function pagedList<T>(
  state: EmulatorState,
  ctx: RequestContext,
  source: ListSource<T>,
  rangeParams: RangeParams = V6_RANGE,
): Promise<PagedList<T>> {
  const { roundSeconds, retentionSeconds } = state.world;
  const { range, asOf } = resolveRange(
    ctx.query,
    { nowSeconds: ctx.nowSeconds, roundSeconds, retentionSeconds },
    rangeParams,
  );
  let cursor = parseCursor(ctx.query);
  const page = parsePage(ctx.query, cursor !== undefined);
  const available = retained(range, asOf, state);
  const seeking = cursor === undefined && page > 1;
  await indexed(ctx.group, source, available, seeking);
  if (seeking) {
    const sought = ctx.group.seek(source.name, available, (page - 1) * state.pageSize, source.scope);
    if ('total' in sought) throw pastTheEnd(page, sought.total, state.pageSize);
    cursor = sought.found;
  }
  const entries = available.to > available.from ? source.entries(available, cursor) : [];
  const { records, next } = takePage(entries, state.pageSize);
  return { records, pages: pagesFor(ctx.baseUrl, ctx.path, ctx.query, page, next, asOf), range, next, asOf };
}

/** Builds the indexes the request reads a few rounds at a time, yielding to other requests in between. */
async function indexed(
  group: GroupWorld,
  source: ListSource<unknown>,
  range: TimeRange,
  seeking: boolean,
): Promise<void> {
  if (range.to <= range.from) return;
  while (!group.prepareIndex(source.name, range, INDEX_ROUNDS_PER_TURN, { ...source.scope, seeking })) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Data exists from the retention horizon up to now: rounds started by `asOf` (the current world
 * round among them), none that starts after it (a created test's 1-minute round later in the
 * world's 5-minute round has not run yet). Clamping keeps a huge window or a far-future `to`
 * from walking rounds that can hold nothing.
 */
function retained(range: TimeRange, asOf: number, state: EmulatorState): TimeRange {
  const { retentionSeconds } = state.world;
  return { from: Math.max(range.from, asOf - retentionSeconds), to: Math.min(range.to, asOf + 1) };
}
