// Path traces are outside data: a trace, route or hop that is not the shape it should be is
// left out here, once, before the merge or the text report walks it.
import type { PathHop, PathRoute, PathTrace } from '../../api/types';

/** IP's TTL is 8 bits: a hop number past it is not a hop, and would ask for that many rows or stars. */
export const MAX_HOP_NUMBER = 255;

export function isUsableHop(hop: unknown): hop is PathHop {
  if (typeof hop !== 'object' || hop === null) return false;
  const { ipAddress, hop: number } = hop as Partial<PathHop>;
  return (
    typeof ipAddress === 'string' &&
    ipAddress !== '' &&
    Number.isInteger(number) &&
    number! >= 1 &&
    number! <= MAX_HOP_NUMBER
  );
}

export function usableTraces(traces: readonly unknown[]): PathTrace[] {
  return traces.filter((trace): trace is PathTrace => typeof trace === 'object' && trace !== null);
}

/** The trace's routes that are objects, each with only its usable hops. */
export function usableRoutes(trace: PathTrace): PathRoute[] {
  return usable(trace.routes);
}

/** v7's traces to the agent's VPN concentrator (`vpnPathTraces`), read as the routes are; none on v6. */
export function usableVpnRoutes(trace: PathTrace): PathRoute[] {
  return usable(trace.vpnRoutes);
}

function usable(routes: unknown): PathRoute[] {
  if (!Array.isArray(routes)) return [];
  return routes
    .filter((route): route is PathRoute => typeof route === 'object' && route !== null)
    .map((route) => ({ ...route, hops: Array.isArray(route.hops) ? route.hops.filter(isUsableHop) : [] }));
}

/** Rounds that are epoch seconds a Date can show. */
export function isUsableRound(roundId: unknown): roundId is number {
  return typeof roundId === 'number' && Number.isFinite(roundId) && Math.abs(roundId) < 8.64e12;
}
