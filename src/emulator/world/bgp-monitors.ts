// What a BGP test sees: the public BGP monitors (a fixed set, each a router of a transit
// carrier in one of the world's cities) watching the test's prefix each round. The prefix is
// reached over the transit of the test's seeded path (path-episodes.ts): on the day of its
// route change every monitor sees the path change in the round it happens (updates and a
// path change), and from then on the other carrier's AS in the route — the same episode the
// network tests localize at a hop, seen from the control plane.
import { CITIES, TRANSIT, type Carrier, type City } from './catalog';
import { roundEndOf, testField, type EnterprisePlan } from './enterprise-results';
import { pathEpisodeWindow } from './path-episode-effects';
import { Rng, hashKey } from './prng';

const DAY = 86400;

export interface BgpMonitor {
  monitorId: string;
  monitorName: string;
  countryId: string;
  asn: number;
  asName: string;
}

/** The public monitors: one per city, on a carrier of its own. */
export const PUBLIC_BGP_MONITORS: readonly BgpMonitor[] = CITIES.slice(0, 8).map((city: City, index) => {
  const carrier = TRANSIT[index % TRANSIT.length] as Carrier;
  return {
    monitorId: String(9001 + index),
    monitorName: `${city.name}-${carrier.asn}`,
    countryId: city.countryId,
    asn: carrier.asn,
    asName: carrier.name,
  };
});

/** The monitors a BGP test reads: the ones it names, and the public ones unless `usePublicBgp` is false. */
export function monitorsOf(plan: EnterprisePlan): BgpMonitor[] {
  const named = testField(plan.test, 'monitors');
  const ids = new Set(
    Array.isArray(named)
      ? named.map((id) =>
          String(typeof id === 'object' && id !== null ? (id as { monitorId?: unknown }).monitorId : id),
        )
      : [],
  );
  const publicToo = testField(plan.test, 'usePublicBgp') !== false;
  return PUBLIC_BGP_MONITORS.filter((monitor) => publicToo || ids.has(monitor.monitorId));
}

export function bgpPrefix(plan: EnterprisePlan): { prefixId: string; prefix: string } {
  const sent = testField(plan.test, 'prefix');
  const prefix = typeof sent === 'string' ? sent.slice(0, 64) : '0.0.0.0/0';
  return { prefixId: String(hashKey(plan.seed, 'bgp-prefix', prefix) % 1_000_000), prefix };
}

export interface BgpRound {
  monitor: BgpMonitor;
  roundId: number;
  reachability: number;
  updates: number;
  pathChanges: number;
  changed: boolean;
}

/** Whether the test's route change is in force at `roundId`, and whether it began in this round. */
function routeChange(plan: EnterprisePlan, roundId: number): { changed: boolean; begins: boolean } {
  const path = plan.path;
  if (!path || path.kind !== 'routeChange' || !path.altTransit) return { changed: false, begins: false };
  const { start, end } = pathEpisodeWindow(path, Math.floor(roundId / DAY));
  return { changed: roundId >= start && roundId < end, begins: start >= roundId && start < roundEndOf(plan, roundId) };
}

export function bgpRound(plan: EnterprisePlan, monitor: BgpMonitor, roundId: number): BgpRound {
  const rng = Rng.of(plan.seed, 'bgp-round', plan.test.testId, monitor.monitorId, roundId);
  const { changed, begins } = routeChange(plan, roundId);
  const pathChanges = begins ? rng.int(1, 3) : 0;
  return {
    monitor,
    roundId,
    reachability: 100,
    updates: pathChanges * rng.int(2, 6) + (rng.chance(0.05) ? 1 : 0),
    pathChanges,
    changed,
  };
}

/**
 * The ASes from the monitor to the prefix: its own, the transit's (the other carrier's after the change), the
 * destination's.
 */
export function bgpAsPath(plan: EnterprisePlan, round: BgpRound): { asn: number; asName: string }[] {
  const transit = (round.changed ? plan.path?.altTransit : plan.path?.transit)?.find((hop) => hop.carrier)?.carrier;
  const hops = [{ asn: round.monitor.asn, asName: round.monitor.asName }];
  if (transit && transit.asn !== round.monitor.asn) hops.push({ asn: transit.asn, asName: transit.name });
  if (plan.target.carrier.asn !== hops[hops.length - 1]?.asn)
    hops.push({ asn: plan.target.carrier.asn, asName: plan.target.carrier.name });
  return hops;
}
