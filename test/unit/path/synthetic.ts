// A deterministic, realistic world of path traces for tests, the bench and screenshots:
// agents behind home gateways, shared ISP access and core routers, a transit backbone
// with MPLS and ECMP lanes, then the target's network. Some routers never answer (stars).
import type { PathHop, PathTrace } from '../../../src/api/types';

export interface SyntheticOptions {
  agents: number;
  /** Hops of the longest route (the target is the last). */
  hops: number;
  rounds: number;
  /** Two ECMP lanes through the transit network. */
  ecmp: boolean;
  /** Share of routers that never answer (drawn as stars). */
  silentRouters: number;
  seed: number;
  firstRound?: number;
}

const ISPS = [
  { asn: 'AS7922 Comcast', domain: 'comcast.net', city: 'Chicago, US' },
  { asn: 'AS3320 Deutsche Telekom', domain: 'dtag.de', city: 'Frankfurt, DE' },
  { asn: 'AS2856 British Telecom', domain: 'bt.net', city: 'London, GB' },
  { asn: 'AS701 Verizon', domain: 'verizon.net', city: 'New York, US' },
  { asn: 'AS2516 KDDI', domain: 'kddi.ne.jp', city: 'Tokyo, JP' },
];
const TRANSITS = [
  { asn: 'AS3356 Lumen', domain: 'lumen.tech', city: 'Denver, US' },
  { asn: 'AS1299 Arelion', domain: 'arelion.net', city: 'Stockholm, SE' },
];
const TARGET = { asn: 'AS13335 Cloudflare', domain: 'cloudflare.com', city: 'San Jose, US', ip: '104.16.132.229' };

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

interface Router {
  ip: string;
  prefix?: string;
  rdns?: string;
  network?: string;
  location?: string;
  mpls?: string[];
  baseMs: number;
}

function router(
  key: string,
  octets: [number, number],
  network: { asn: string; domain: string; city: string } | undefined,
  baseMs: number,
  mpls = false,
): Router {
  const h = Math.floor(hash(key) * 65536);
  const ip = `${octets[0]}.${octets[1]}.${h >> 8}.${h & 255}`;
  if (!network) return { ip, baseMs };
  const site = network.city.slice(0, 3).toLowerCase();
  return {
    ip,
    prefix: `${octets[0]}.${octets[1]}.${h >> 8}.0/24`,
    network: network.asn,
    location: network.city,
    baseMs,
    rdns: `${key.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.${site}.${network.domain}`,
    ...(mpls ? { mpls: [`L=${24000 + (h % 900)} E=0 S=1 TTL=1`] } : {}),
  };
}

/** The routers of one agent's route along one ECMP lane (the target last). */
function routeOf(agent: number, lane: number, options: SyntheticOptions): Router[] {
  const isp = agent % ISPS.length;
  const region = Math.floor(agent / ISPS.length) % 6;
  const transit = isp % TRANSITS.length;
  const ispNet = ISPS[isp]!;
  const transitNet = TRANSITS[transit]!;
  const accessDepth = 3 + (region % 3);
  const coreDepth = 3;
  const transitDepth = Math.max(1, options.hops - 2 - accessDepth - coreDepth - 2);
  const routers: Router[] = [router(`gw-${agent}`, [192, 168], undefined, 1)];
  for (let k = 0; k < accessDepth; k++)
    routers.push(router(`access-${isp}-${region}-${k}`, [68 + isp, 80 + region], ispNet, 3 + 2 * k));
  for (let k = 0; k < coreDepth; k++) routers.push(router(`core-${isp}-${k}`, [68 + isp, 10], ispNet, 12 + 3 * k));
  for (let k = 0; k < transitDepth; k++) {
    // ECMP lanes split inside the backbone and join again at every third router.
    const laneKey = k % 3 === 2 ? 0 : lane;
    routers.push(
      router(`bb-${transit}-${k}-${laneKey}`, [4 + transit, 69], transitNet, 22 + 4 * k, k > 0 && k < transitDepth - 1),
    );
  }
  routers.push(router('edge-cf-1', [172, 68], TARGET, 24 + 4 * transitDepth));
  routers.push({
    ip: TARGET.ip,
    prefix: '104.16.0.0/13',
    network: TARGET.asn,
    location: TARGET.city,
    rdns: '',
    baseMs: 25 + 4 * transitDepth,
  });
  return routers;
}

export function syntheticTraces(options: SyntheticOptions): PathTrace[] {
  const random = mulberry32(options.seed);
  const firstRound = options.firstRound ?? 1_763_776_800;
  const traces: PathTrace[] = [];
  for (let round = 0; round < options.rounds; round++) {
    for (let agent = 0; agent < options.agents; agent++) {
      const lanes = options.ecmp ? [0, 1] : [0];
      const agentId = `a${String(agent + 1).padStart(3, '0')}`;
      traces.push({
        agentId,
        permalink: `https://app.example.com/path/${agentId}/${firstRound + round * 300}`,
        roundId: firstRound + round * 300,
        server: `${TARGET.ip}:443`,
        serverIp: TARGET.ip,
        sourceIp: `10.${agent >> 8}.${agent & 255}.20`,
        sourcePrefix: `10.${agent >> 8}.${agent & 255}.0/24`,
        routes: lanes.map((lane) => ({
          pathId: `${agentId}-${round}-${lane}`,
          hops: hopsOf(routeOf(agent, lane, options), options, random),
        })),
      });
    }
  }
  return traces;
}

function hopsOf(routers: Router[], options: SyntheticOptions, random: () => number): PathHop[] {
  const hops: PathHop[] = [];
  routers.forEach((r, index) => {
    const isTarget = index === routers.length - 1;
    if (!isTarget && hash(`silent:${r.ip}:${options.seed}`) < options.silentRouters) return;
    if (!isTarget && index > 0 && random() < options.silentRouters / 4) return; // a probe lost this round
    const jitter = random() * 3 + (random() < 0.05 ? 25 : 0);
    const { baseMs, rdns, ip, ...rest } = r;
    hops.push({
      ...rest,
      ipAddress: ip,
      ...(rdns ? { rdns } : {}),
      hop: index + 1,
      responseTime: Math.round(baseMs + jitter),
    });
  });
  return hops;
}
