// The world's one source of physics: light in fibre over great-circle distance. Every round
// trip the world draws (base RTTs, each hop of a path trace or traceroute) is at least what
// fibre allows between the places involved, so distance-based analyses have real data.
import type { City } from './catalog';

/** Light in fibre, km per ms one way: c / 1.47 (the group index of silica fibre). */
export const FIBRE_KM_PER_MS = 204;
/**
 * How much longer than the great circle the world's routes run: measured Internet paths take
 * about 1.2–1.5× the geodesic (cables follow coasts, traffic meets at exchange points).
 */
export const ROUTE_STRETCH = 1.35;
/** ms of access links, queues and server work on top of the distance. */
export const ACCESS_MS = 6;
const EARTH_KM = 6371;
const RAD = Math.PI / 180;

type Place = Pick<City, 'latitude' | 'longitude'>;

/** Haversine distance: the sines of half-differences make a longitude step across ±180° a short one. */
export function greatCircleKm(a: Place, b: Place): number {
  const h =
    Math.sin(((b.latitude - a.latitude) * RAD) / 2) ** 2 +
    Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(((b.longitude - a.longitude) * RAD) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The least round trip fibre allows between two places, in ms. */
export function fibreRtt(a: Place, b: Place): number {
  return (2 * greatCircleKm(a, b)) / FIBRE_KM_PER_MS;
}

/** Fibre round trip along a route through `places` in order, leg by leg. */
export function routeFibreRtt(places: readonly Place[]): number {
  let total = 0;
  for (let i = 1; i < places.length; i++) total += fibreRtt(places[i - 1] as Place, places[i] as Place);
  return total;
}

/** The world's healthy round trip over `fibreMs` of fibre: the route's stretch plus access. */
export function modelledRtt(fibreMs: number): number {
  return ACCESS_MS + ROUTE_STRETCH * fibreMs;
}
