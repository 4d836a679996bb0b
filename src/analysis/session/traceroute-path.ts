// A user session's own traceroute as a path trace, so the path graph (and its text report)
// draw it like any scheduled test's (one agent, one round at the session's time, one route);
// the conversion is the path module's; a hop that did not answer is left out (a gap in hop
// numbers is a star).
import type { PathTrace, TracerouteHop, UserSessionDetail } from '../../api/types';
import { tracerouteToPathTrace } from '../path/merge';
import { apiTimeMs } from '../time/api-time';

/** Hops read at most: a traceroute is 30 hops; outside data decides nothing about our work. */
const MAX_HOPS = 255;

export function sessionTraceroutePath(session: UserSessionDetail): PathTrace | undefined {
  const network = session.network as Partial<UserSessionDetail['network']> | undefined;
  const raw: unknown = network?.traceroute;
  if (typeof raw !== 'object' || raw === null) return undefined; // absent, or the error text of a failed traceroute
  const { destination, hops } = raw as { destination?: unknown; hops?: unknown };
  const answered = (Array.isArray(hops) ? hops.slice(0, MAX_HOPS) : [])
    .filter(
      (hop): hop is TracerouteHop =>
        typeof hop === 'object' &&
        hop !== null &&
        typeof (hop as TracerouteHop).hop === 'number' &&
        (hop as TracerouteHop).hop > 0 &&
        typeof (hop as TracerouteHop).ipAddress === 'string' &&
        (hop as TracerouteHop).ipAddress !== '' &&
        (hop as TracerouteHop).ipAddress !== '*',
    )
    .map((hop) => ({ ...hop, name: hop.name && hop.name !== hop.ipAddress ? hop.name : '' }));
  if (answered.length === 0) return undefined;
  const time = Math.floor((apiTimeMs(session.date) ?? Number.NaN) / 1000);
  const sourceIp =
    typeof network?.networkProfile?.ipAddress === 'string' ? network.networkProfile.ipAddress : undefined;
  const trace = tracerouteToPathTrace(typeof destination === 'string' ? destination : '', answered, {
    agentId: String(session.agentId),
    roundId: Number.isFinite(time) ? time : 0,
    pathId: 'session-traceroute',
    ...(sourceIp ? { sourceIp } : {}),
  });
  // A negative delay means "no time measured", not a time.
  const routes = trace.routes.map((route) => ({
    ...route,
    hops: route.hops.map(({ responseTime, ...hop }) =>
      typeof responseTime === 'number' && responseTime >= 0 ? { ...hop, responseTime } : hop,
    ),
  }));
  return { ...trace, routes, server: String(session.visitedSite) };
}
