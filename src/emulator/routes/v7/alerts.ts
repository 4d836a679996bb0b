// v7 alerts (GET /v7/alerts, by time range and state, and /v7/alerts/{alertId}) and events
// (GET /v7/events, by time range, and /v7/events/{id}): alerts raised by evaluating the group's
// rules over the rounds served, events from the seeded path episodes (alert-derivation.ts).
// Lists are paged by cursor (an offset into the derived list, which is short: a few alerts per
// test a day) with `_links.next.href` carrying the pinned "now" (`asOf`), so a walk stays on one
// list however the clock moves.
import { invalidField, notFound } from '../../http/errors';
import { CURSOR_PARAM } from '../../http/paging';
import type { RequestContext, Route } from '../../http/router';
import { PIN_PARAM, V7_RANGE, formatIsoDateTime, resolveRange } from '../../http/time';
import type { TimeRange } from '../../world/model';
import type { EmulatorState } from '../state';
import { v7AlertRuleRoutes } from './alert-rules';
import { deriveAlerts, deriveEvents, type DerivedAlert } from './alert-derivation';
import { v7Alert, v7AlertDetail, v7Event, v7EventDetail } from './encode-alerts';
import { linkWith, selfLink } from './paging';

const MAX_PAGE = 1000;

function rangeOf(state: EmulatorState, ctx: RequestContext, required: boolean): { range: TimeRange; asOf: number } {
  const given = ['window', 'startDate', 'endDate'].some((name) => ctx.query.has(name));
  if (!given && required) throw invalidField('window', 'Give a time range: window, or startDate (and endDate)');
  const { roundSeconds, retentionSeconds } = state.world;
  const resolved = resolveRange(ctx.query, { nowSeconds: ctx.nowSeconds, roundSeconds, retentionSeconds }, V7_RANGE);
  // Without a range, alerts are looked for over all the data kept.
  return given
    ? resolved
    : { range: { from: resolved.asOf - retentionSeconds, to: resolved.asOf }, asOf: resolved.asOf };
}

/** One page of `records` from the request's cursor, and the link to the next. */
function page<T>(
  state: EmulatorState,
  ctx: RequestContext,
  records: readonly T[],
  asOf: number,
): {
  records: T[];
  links: Record<string, unknown>;
} {
  const maxText = ctx.query.get('max');
  if (maxText !== null && (!/^[0-9]{1,4}$/.test(maxText) || Number(maxText) < 1 || Number(maxText) > MAX_PAGE))
    throw invalidField('max', `max must be an integer from 1 to ${MAX_PAGE}`);
  const size = maxText === null ? state.pageSize : Number(maxText);
  const cursorText = ctx.query.get(CURSOR_PARAM);
  const offset = cursorText === null ? 0 : Number(cursorText);
  if (cursorText !== null && (!/^[0-9]{1,7}$/.test(cursorText) || offset > records.length))
    throw invalidField(
      CURSOR_PARAM,
      `${CURSOR_PARAM} '${cursorText.slice(0, 40)}' is not a position of this list (it comes from a next link)`,
    );
  const end = offset + size;
  const next =
    end < records.length
      ? linkWith(ctx, (query) => {
          query.set(PIN_PARAM, String(asOf));
          query.set(CURSOR_PARAM, String(end));
        })
      : undefined;
  return {
    records: records.slice(offset, end),
    links: { ...selfLink(ctx), ...(next ? { next: { href: next } } : {}) },
  };
}

/**
 * `trigger`: active alerts started in the range; `clear`: alerts cleared in it; neither: both, actives started by its
 * end.
 */
function inState(alert: DerivedAlert, state: string | null, range: TimeRange): boolean {
  const start = alert.startSeconds;
  const end = alert.endSeconds;
  const cleared = end !== undefined && end >= range.from && end <= range.to;
  if (state === 'trigger') return alert.active && start >= range.from && start <= range.to;
  if (state === 'clear') return cleared;
  return cleared || (alert.active && start <= range.to);
}

export function v7AlertRoutes(state: EmulatorState): Route[] {
  return [
    // Before /v7/alerts/:alertId, which would take `rules` for an alert id.
    ...v7AlertRuleRoutes(state),
    {
      pattern: '/v7/alerts',
      methods: {
        GET: (ctx) => {
          const wanted = ctx.query.get('state');
          if (wanted !== null && wanted !== 'trigger' && wanted !== 'clear')
            throw invalidField('state', 'state must be trigger or clear');
          const { range, asOf } = rangeOf(state, ctx, false);
          const alerts = deriveAlerts(state, ctx, asOf).filter((alert) => inState(alert, wanted, range));
          const { records, links } = page(state, ctx, alerts, asOf);
          return { body: { alerts: records.map((alert) => v7Alert(ctx, alert, asOf)), _links: links } };
        },
      },
    },
    {
      pattern: '/v7/alerts/:alertId',
      methods: {
        GET: (ctx) => {
          const id = ctx.params.alertId ?? '';
          const alert = deriveAlerts(state, ctx, ctx.nowSeconds).find((a) => a.id === id);
          if (!alert) throw notFound(`No alert ${id.slice(0, 40)} in account group ${ctx.aid}`);
          return { body: v7AlertDetail(ctx, alert, ctx.nowSeconds) };
        },
      },
    },
    {
      pattern: '/v7/events',
      methods: {
        GET: (ctx) => {
          const { range, asOf } = rangeOf(state, ctx, true);
          const events = deriveEvents(state, ctx, asOf).filter(
            (event) => event.startSeconds <= range.to && (event.active || event.endSeconds >= range.from),
          );
          const { records, links } = page(state, ctx, events, asOf);
          return {
            body: {
              aid: String(ctx.aid),
              startDate: formatIsoDateTime(range.from),
              endDate: formatIsoDateTime(range.to),
              events: records.map((event) => v7Event(ctx, event)),
              _links: links,
            },
          };
        },
      },
    },
    {
      pattern: '/v7/events/:eventId',
      methods: {
        GET: (ctx) => {
          const id = ctx.params.eventId ?? '';
          const event = deriveEvents(state, ctx, ctx.nowSeconds).find((e) => e.id === id);
          if (!event) throw notFound(`No event ${id.slice(0, 40)} in account group ${ctx.aid}`);
          return { body: v7EventDetail(ctx, event) };
        },
      },
    },
  ];
}
