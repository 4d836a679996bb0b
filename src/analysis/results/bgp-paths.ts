// The AS paths of a BGP test's newest round: each monitor's route to the prefix (the ASes it
// crosses), whether the monitor reaches the prefix, and whether its route changed since the
// round before — from the round's superseded route when the service sends one (it sends the
// inactive route with the active one in the round of a change), else from the previous
// round's routes. Written once: `netmon results` prints it and Show Results opens it.
// Names are the service's text: callers neutralise them where they show them.
import type { BgpResult, BgpRoute } from '../../api/types';

export interface AsHop {
  asn?: number;
  asName?: string;
}

/**
 * same: the route of the round before; changed: another route; new: no route before; withdrawn: a route before, none
 * now; unknown: nothing to compare with.
 */
export type RouteChange = 'same' | 'changed' | 'new' | 'withdrawn' | 'unknown';

export interface MonitorAsPath {
  monitorId: string;
  monitorName: string;
  /** The active route's ASes in the order the service lists them; empty when the monitor has no route. */
  path: AsHop[];
  /** From the round's result: percent of the round the prefix was reachable from the monitor. */
  reachability?: number;
  /** False when the result says 0% or the monitor has no route. */
  reachable: boolean;
  updates?: number;
  pathChanges?: number;
  change: RouteChange;
  /** The route it had before the change (changed, withdrawn). */
  previous?: AsHop[];
}

export interface BgpPathReport {
  prefixId: string;
  prefix: string;
  roundId: number;
  /** The round compared with, when its routes were read. */
  previousRoundId?: number;
  /** Unreachable first, then changed routes, then by name. */
  monitors: MonitorAsPath[];
  reached: number;
  changed: number;
  /** ASes a changed route no longer crosses, and ASes it crosses now (each monitor's old route against its new). */
  left: AsHop[];
  joined: AsHop[];
}

export interface BgpRoundInput {
  prefixId: string;
  prefix?: string;
  roundId: number;
  routes: readonly BgpRoute[];
  /** The round's results (reachability, updates, path changes per monitor). */
  results?: readonly BgpResult[];
  /** The routes of the round before, when read. */
  previous?: { roundId: number; routes: readonly BgpRoute[] };
}

/** ASes kept per route: real AS paths are a few to a few dozen long. */
export const MAX_AS_HOPS = 64;
/** ASes listed as left or joined, at most. */
const MAX_LISTED = 10;

const ORDER: Readonly<Record<RouteChange, number>> = { withdrawn: 0, changed: 1, new: 2, unknown: 3, same: 4 };

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function hopsOf(route: BgpRoute): AsHop[] {
  return (Array.isArray(route.hops) ? route.hops.slice(0, MAX_AS_HOPS) : []).map((hop) => ({
    ...(num(hop.asn) !== undefined ? { asn: hop.asn } : {}),
    ...(typeof hop.asName === 'string' ? { asName: hop.asName } : {}),
  }));
}

export function samePath(a: readonly AsHop[], b: readonly AsHop[]): boolean {
  return a.length === b.length && a.every((hop, index) => hop.asn === b[index]?.asn);
}

interface MonitorRoutes {
  name: string;
  active?: AsHop[];
  inactive?: AsHop[];
}

/** Each monitor's active route (its first one) and superseded route, by monitor id. */
function byMonitor(routes: readonly BgpRoute[]): Map<string, MonitorRoutes> {
  const monitors = new Map<string, MonitorRoutes>();
  for (const route of routes) {
    const id = String(route.agentId);
    const entry = monitors.get(id) ?? { name: typeof route.agentName === 'string' ? route.agentName : id };
    if (route.isActive === false) entry.inactive ??= hopsOf(route);
    else entry.active ??= hopsOf(route);
    monitors.set(id, entry);
  }
  return monitors;
}

function changeOf(
  now: MonitorRoutes,
  before: MonitorRoutes | undefined,
  compared: boolean,
  result: BgpResult | undefined,
): { change: RouteChange; previous?: AsHop[] } {
  const path = now.active ?? [];
  if (now.inactive && !samePath(now.inactive, path)) return { change: 'changed', previous: now.inactive };
  if (compared) {
    const earlier = before?.active;
    if (!earlier || earlier.length === 0) return { change: path.length > 0 ? 'new' : 'unknown' };
    if (path.length === 0) return { change: 'withdrawn', previous: earlier };
    return samePath(earlier, path) ? { change: 'same' } : { change: 'changed', previous: earlier };
  }
  // Without the round before, the round's own count of path changes says whether the route moved.
  const counted = num(result?.pathChanges);
  return { change: counted === undefined ? 'unknown' : counted > 0 ? 'changed' : 'same' };
}

export function bgpPathReport(input: BgpRoundInput): BgpPathReport {
  const now = byMonitor(input.routes);
  const before = input.previous ? byMonitor(input.previous.routes) : new Map<string, MonitorRoutes>();
  const results = new Map(
    (input.results ?? []).filter((r) => r.roundId === input.roundId).map((r) => [String(r.agentId), r] as const),
  );
  for (const [id, result] of results)
    if (!now.has(id)) now.set(id, { name: typeof result.agentName === 'string' ? result.agentName : id });
  for (const [id, entry] of before) if (!now.has(id) && entry.active) now.set(id, { name: entry.name });
  const monitors = [...now.entries()]
    .map(([monitorId, routes]): MonitorAsPath => {
      const result = results.get(monitorId);
      const path = routes.active ?? [];
      const reachability = num(result?.reachability);
      return {
        monitorId,
        monitorName: routes.name,
        path,
        reachable: path.length > 0 && (reachability === undefined || reachability > 0),
        ...(reachability !== undefined ? { reachability } : {}),
        ...(num(result?.updates) !== undefined ? { updates: result?.updates } : {}),
        ...(num(result?.pathChanges) !== undefined ? { pathChanges: result?.pathChanges } : {}),
        ...changeOf(routes, before.get(monitorId), input.previous !== undefined, result),
      };
    })
    .sort(
      (a, b) =>
        Number(a.reachable) - Number(b.reachable) ||
        ORDER[a.change] - ORDER[b.change] ||
        a.monitorName.localeCompare(b.monitorName),
    );
  // A withdrawn route says nothing of where routes go now: only changed ones count for left and joined.
  const moved = monitors.filter((m) => m.change === 'changed' && m.previous !== undefined);
  const prefix =
    input.prefix ??
    input.routes.find((r) => typeof r.prefix === 'string')?.prefix ??
    input.results?.find((r) => typeof r.prefix === 'string')?.prefix;
  return {
    prefixId: input.prefixId,
    prefix: typeof prefix === 'string' ? prefix : `prefix ${input.prefixId}`,
    roundId: input.roundId,
    ...(input.previous ? { previousRoundId: input.previous.roundId } : {}),
    monitors,
    reached: monitors.filter((m) => m.reachable).length,
    changed: monitors.filter((m) => m.change === 'changed' || m.change === 'withdrawn').length,
    left: distinct(moved.flatMap((m) => difference(m.previous ?? [], m.path))),
    joined: distinct(moved.flatMap((m) => difference(m.path, m.previous ?? []))),
  };
}

/** The ASes of one monitor's route `from` that its route `without` does not cross. */
function difference(from: readonly AsHop[], without: readonly AsHop[]): AsHop[] {
  const other = new Set(without.map((hop) => hop.asn));
  return from.filter((hop) => hop.asn !== undefined && !other.has(hop.asn));
}

/** Each AS once, at most MAX_LISTED. */
function distinct(hops: readonly AsHop[]): AsHop[] {
  const kept = new Map<number, AsHop>();
  for (const hop of hops) {
    if (kept.size >= MAX_LISTED) break;
    if (hop.asn !== undefined && !kept.has(hop.asn)) kept.set(hop.asn, hop);
  }
  return [...kept.values()];
}
