// The route model behind path traces, path-vis summaries and session traceroutes: a shared
// prefix (gateway, access ISP), an ECMP fan-out through transit carriers, a shared suffix at
// the destination's network. Stars, MPLS labels and an occasional routing loop included.
import type { PathHop, PathRoute, TracerouteHop } from '../../api/types';
import { CITIES, TRANSIT, type Carrier, type City, type Destination } from './catalog';
import { hostInPrefix } from './format';
import type { AgentProfile } from './agents';
import { ACCESS_MS, ROUTE_STRETCH, fibreRtt, modelledRtt } from './physics';
import { Rng, hashKey } from './prng';

export interface HopSpec {
  ipAddress: string;
  prefix: string;
  rdns?: string;
  carrier?: Carrier;
  city: City;
  mpls?: string[];
  /**
   * Share of the round trip's non-distance part (access, queues) reached at this hop,
   * increasing along the route; the distance part comes from the cities (RouteClock).
   */
  share: number;
}

/** A route as hop slots; `null` is a hop that did not answer (a star). */
export interface RouteSpec {
  slots: (HopSpec | null)[];
  loops: boolean;
}

/** Cities big carriers meet in (where remote destinations answer from). */
export const HUBS = CITIES.filter((city) => ['iad', 'fra', 'sin', 'sfo', 'lon'].includes(city.code));
const MAX_HOPS = 30;

function routerName(rng: Rng, carrier: Carrier, city: City): string {
  const iface = rng.pick(['be', 'ae', 'et', 'xe', 'hu']);
  const port = rng.int(1, 4999);
  const router = `${rng.pick(['ccr', 'ear', 'cr', 'rtr', 'agr'])}${rng.int(1, 42)}`;
  const site = `${city.code}${String(rng.int(1, 9)).padStart(2, '0')}`;
  return `${iface}${port}.${router}.${site}.${carrier.domain}`;
}

function mplsLabels(rng: Rng): string[] {
  const labels = [`Label ${rng.int(16, 1048575)} E=0 S=${rng.chance(0.7) ? 1 : 0} TTL=1`];
  if (rng.chance(0.3)) labels.push(`Label ${rng.int(16, 1048575)} E=0 S=1 TTL=1`);
  return labels;
}

export function carrierHop(rng: Rng, carrier: Carrier, city: City, share: number, withMpls: boolean): HopSpec {
  const ipAddress = hostInPrefix(carrier.block, rng.int(256, 65000));
  const hop: HopSpec = { ipAddress, prefix: carrier.block, carrier, city, share };
  if (rng.chance(0.85)) hop.rdns = routerName(rng, carrier, city);
  if (withMpls && carrier.mpls && rng.chance(0.6)) hop.mpls = mplsLabels(rng);
  return hop;
}

/** Where the destination answers from: CDNs mostly answer nearby, others from a hub. */
export function destinationCity(source: City, destination: Destination, key: number): City {
  const rng = new Rng(hashKey(key, 'destination-city', destination.host));
  return rng.chance(0.55) ? source : rng.pick(HUBS);
}

/** End-to-end RTT in ms between two cities, before per-round noise. */
export function baseRtt(source: City, target: City): number {
  return modelledRtt(fibreRtt(source, target));
}

export function accessHops(rng: Rng, agent: AgentProfile): (HopSpec | null)[] {
  const { network } = agent;
  const gatewayShare = agent.connection === 'Wireless' ? 0.06 : 0.02;
  const slots: (HopSpec | null)[] = [
    { ipAddress: network.gateway, prefix: network.localPrefix, city: network.city, share: gatewayShare },
  ];
  if (network.kind !== 'home')
    slots.push({
      ipAddress: hostInPrefix(`10.${200 + (hashKey(network.record.networkId) % 50)}.0.0/16`, rng.int(1, 5000)),
      prefix: '10.0.0.0/8',
      city: network.city,
      share: gatewayShare + 0.02,
    });
  if (rng.chance(0.35)) slots.push(null);
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) slots.push(carrierHop(rng, network.isp, network.city, 0.12 + i * 0.06, false));
  return slots;
}

function transitBranch(rng: Rng, carriers: Carrier[], from: City, to: City, length: number): (HopSpec | null)[] {
  const slots: (HopSpec | null)[] = [];
  for (let i = 0; i < length; i++) {
    const share = 0.3 + (0.55 * (i + 1)) / (length + 1);
    const carrier = carriers[Math.min(carriers.length - 1, Math.floor((i * carriers.length) / length))] as Carrier;
    const city = i < length / 2 ? from : to;
    slots.push(i > 0 && rng.chance(0.12) ? null : carrierHop(rng, carrier, city, share, true));
  }
  return slots;
}

function destinationHops(rng: Rng, destination: Destination, city: City): HopSpec[] {
  const hops: HopSpec[] = [];
  const count = rng.int(1, 2);
  for (let i = 0; i < count; i++) hops.push(carrierHop(rng, destination.carrier, city, 0.9 + i * 0.04, false));
  hops.push({
    ipAddress: destination.serverIp,
    prefix: destination.carrier.block,
    carrier: destination.carrier,
    city,
    share: 1,
    rdns: destination.host,
  });
  return hops;
}

/**
 * A route that bounces between two routers until the TTL runs out: the access ISP's last
 * router and the first transit one, both in the agent's city (a loop across an ocean would
 * take seconds per bounce).
 */
function loopRoute(prefix: (HopSpec | null)[], branch: (HopSpec | null)[]): RouteSpec {
  const bouncing = [branch[0], prefix.at(-1)].filter((hop): hop is HopSpec => hop != null);
  const slots = [...prefix, ...branch.slice(0, 1)];
  while (slots.length < MAX_HOPS && bouncing.length === 2)
    slots.push(bouncing[(slots.length - prefix.length) % 2] as HopSpec);
  return { slots, loops: true };
}

/**
 * Routes from an agent to a destination. Stable for a (agent, destination, variant); the
 * caller changes `variant` every few hours so paths shift now and then like real ones do.
 */
export function buildRoutes(
  key: number,
  agent: AgentProfile,
  destination: Destination,
  targetCity: City,
  variant: number,
  withLoop: boolean,
): RouteSpec[] {
  const rng = new Rng(hashKey(key, 'routes', destination.host, variant));
  const transit = [rng.pick(TRANSIT)];
  if (rng.chance(0.4)) transit.push(rng.pick(TRANSIT));
  const prefix = accessHops(rng, agent);
  const suffix = destinationHops(rng, destination, targetCity);
  const branchCount = rng.weighted([
    [1, 3],
    [2, 4],
    [3, 2],
    [4, 1],
  ] as const);
  const routes: RouteSpec[] = [];
  for (let b = 0; b < branchCount; b++) {
    const branch = transitBranch(rng, transit, agent.network.city, targetCity, rng.int(2, 5));
    if (withLoop && b === 0) routes.push(loopRoute(prefix, branch));
    else routes.push({ slots: [...prefix, ...branch, ...suffix], loops: false });
  }
  return routes;
}

export interface Materialized {
  route: PathRoute;
  lastIp: string;
  lastHop: number;
  responseTime: number;
}

/** The `network` text of a hop: "Cogent (AS 174)", or "Private Address Space". */
export function networkText(carrier: Carrier | undefined): string {
  return carrier ? `${carrier.name} (AS ${carrier.asn})` : 'Private Address Space';
}

/** A path-trace hop of a slot; without `responseTime` the hop did not answer this time. */
export function pathHop(slot: HopSpec, hopNumber: number, responseTime: number | undefined): PathHop {
  const hop: PathHop = { hop: hopNumber, ipAddress: slot.ipAddress, prefix: slot.prefix };
  if (slot.rdns) hop.rdns = slot.rdns;
  hop.network = networkText(slot.carrier);
  if (responseTime !== undefined) hop.responseTime = responseTime;
  hop.location = slot.city.location;
  if (slot.mpls) hop.mpls = slot.mpls;
  return hop;
}

/** The summary fields of a route (its last hop). */
export function materialized(route: PathRoute): Materialized {
  const last = route.hops[route.hops.length - 1];
  return { route, lastIp: last?.ipAddress ?? '', lastHop: last?.hop ?? 0, responseTime: last?.responseTime ?? 0 };
}

/**
 * Response times along a route. A hop's distance part is the fibre time along the route so far
 * (from the first hop's city through each answering city), stretched as the world's routes are;
 * the rest of the round trip (access, queues) is shared out by the hops' `share`, with per-round
 * noise. Whatever the noise, a hop never answers sooner than the one before it plus the fibre
 * between them, so no link of the demo is faster than light in fibre.
 */
export class RouteClock {
  private readonly along: number[];
  private readonly stretch: number;
  private readonly rest: number;
  private lastTime = 0;
  private lastAlong = 0;

  constructor(slots: readonly (HopSpec | null)[], rtt: number) {
    this.along = fibreAlong(slots);
    const total = this.along.at(-1) ?? 0;
    // Some of a short round trip is kept for the access hops, so the gateway is not at 0 ms.
    const reserve = Math.min(rtt / 2, ACCESS_MS);
    this.stretch = total > 0 ? Math.min(ROUTE_STRETCH, Math.max(1, (rtt - reserve) / total)) : 1;
    this.rest = Math.max(0, rtt - this.stretch * total);
  }

  /** The response time of slot `index` (called in ascending order); `noise` in [0, 1) spreads the rest ±10 %. */
  at(index: number, share: number, noise: number): number {
    const along = this.along[index] ?? this.lastAlong;
    const drawn = Math.round(this.stretch * along + this.rest * share * (0.9 + noise * 0.2));
    const time = Math.max(drawn, Math.ceil(this.lastTime + along - this.lastAlong));
    this.lastTime = time;
    this.lastAlong = along;
    return time;
  }
}

/** Fibre ms along the route up to each slot (a star adds nothing: the next answering hop carries the leg). */
function fibreAlong(slots: readonly (HopSpec | null)[]): number[] {
  const along: number[] = [];
  let total = 0;
  let last: City | undefined;
  for (const slot of slots) {
    if (slot) {
      if (last) total += fibreRtt(last, slot.city);
      last = slot.city;
    }
    along.push(total);
  }
  return along;
}

/**
 * Numbers the hops, drops stars, and puts this round's response times on the hops. Each hop
 * between the second and the last also stays silent this round with `dropChance`.
 */
export function materializeRoute(
  spec: RouteSpec,
  pathId: string,
  rtt: number,
  rng: Rng,
  dropChance = 0.03,
): Materialized {
  const hops: PathHop[] = [];
  const clock = new RouteClock(spec.slots, rtt);
  spec.slots.forEach((slot, index) => {
    if (slot === null || (index > 1 && index < spec.slots.length - 1 && rng.chance(dropChance))) return;
    hops.push(pathHop(slot, index + 1, clock.at(index, slot.share, rng.next())));
  });
  return materialized({ pathId, hops });
}

/**
 * Session traceroute: the first route, in the shape of the user-session details. `rtt` is
 * the healthy round trip the hops share out; `lanMs` is added to every hop (a slow local
 * link), `wanMs` to every hop past the private network (a slow tunnel or access line).
 */
export function tracerouteHops(spec: RouteSpec, rtt: number, rng: Rng, lanMs = 0, wanMs = 0): TracerouteHop[] {
  const { route } = materializeRoute(spec, '', rtt, rng);
  return route.hops.map((hop) => {
    const slot = spec.slots[hop.hop - 1];
    const added = lanMs + (slot?.carrier ? wanMs : 0);
    const delay = (hop.responseTime ?? 0) + (added > 0 ? Math.round(added) : 0);
    const out: TracerouteHop = { hop: hop.hop, delay, ipAddress: hop.ipAddress, name: hop.rdns ?? hop.ipAddress };
    if (slot?.carrier) {
      out.asn = slot.carrier.asn;
      out.prefix = slot.carrier.block;
    }
    if (hop.mpls) out.mpls = hop.mpls;
    return out;
  });
}
