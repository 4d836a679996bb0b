// Shared shape of every time-ranged, paged list.
import type { Pages } from '../../api/types';
import type { RequestContext } from '../http/router';
import type { ListPosition, Positioned, TimeRange } from '../world/model';
import { pagesFor, parseCursor, parsePage, takePage } from '../http/paging';
import { resolveRange } from '../http/time';
import type { EmulatorState } from './state';

export interface PagedList<T> { records: T[]; pages: Pages; range: TimeRange }

export type ListSource<T> = (range: TimeRange, start: ListPosition | undefined) => Iterable<Positioned<T>>;

export function pagedList<T>(state: EmulatorState, ctx: RequestContext, source: ListSource<T>): PagedList<T> {
  const { range, asOf } = resolveRange(ctx.query, ctx.nowSeconds, state.world.roundSeconds);
  const page = parsePage(ctx.query);
  const cursor = parseCursor(ctx.query);
  const available = retained(range, asOf, state);
  const entries = available.to > available.from ? source(available, cursor) : [];
  const { records, next } = takePage(entries, { page, pageSize: state.pageSize, ...(cursor ? { cursor } : {}) });
  return { records, pages: pagesFor(ctx.baseUrl, ctx.path, ctx.query, page, next, asOf), range };
}

/**
 * Data exists from the retention horizon up to the current round; clamping keeps a huge
 * window or a far-future `to` from walking rounds that can hold nothing.
 */
function retained(range: TimeRange, asOf: number, state: EmulatorState): TimeRange {
  const { roundSeconds, retentionSeconds } = state.world;
  const currentRoundEnd = Math.floor(asOf / roundSeconds) * roundSeconds + roundSeconds;
  return { from: Math.max(range.from, asOf - retentionSeconds), to: Math.min(range.to, currentRoundEnd) };
}
