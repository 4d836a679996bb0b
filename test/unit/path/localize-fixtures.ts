// Hand-built path traces for localization tests: one world per case, small enough to read.
import type { PathHop, PathTrace } from '../../../src/api/types';
import { hop, trace, TARGET_IP } from './traces';

export const ROUND_1 = 1_700_000_000;
export const ROUND_2 = 1_700_000_300;

export const TELEFONICA = { network: 'AS3352 Telefonica', location: 'Madrid, ES' };
export const VODAFONE = { network: 'AS6739 Vodafone', location: 'Madrid, ES' };
export const COGENT_MADRID = { network: 'AS174 Cogent', location: 'Madrid, ES' };
export const AKAMAI_MADRID = { network: 'AS20940 Akamai', location: 'Madrid, ES' };
export const LEVEL3_DENVER = { network: 'AS3356 Level3', location: 'Denver, US' };
export const LEVEL3_CHICAGO = { network: 'AS3356 Level3', location: 'Chicago, US' };

export const IXP = '154.54.43.176';
const LABEL = { mpls: ['L=24001 E=0 S=1 TTL=1'] };

const ids = (prefix: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
const gateway = (agentIndex: number, ms = 1): PathHop => hop(1, `192.168.${agentIndex}.1`, ms);

/**
 * 14 agents: 12 cross the Cogent exchange hop in Madrid; 9 of them get nothing back after
 * it, 3 reach the target through Akamai. 2 more go through Vodafone and reach it.
 */
export function forwardingLossAtExchange(): PathTrace[] {
  const agents = ids('a', 14);
  return agents.map((agent, i) => {
    if (i >= 12)
      return trace(agent, [
        [
          gateway(i),
          hop(2, '62.0.0.1', 5, VODAFONE),
          hop(3, '23.0.0.9', 10, AKAMAI_MADRID),
          hop(4, TARGET_IP, 12, AKAMAI_MADRID),
        ],
      ]);
    const start = [gateway(i), hop(2, `80.58.0.${(i % 3) + 1}`, 5, TELEFONICA), hop(3, IXP, 9, COGENT_MADRID)];
    return trace(agent, [
      i < 9 ? start : [...start, hop(4, '23.0.0.1', 12, AKAMAI_MADRID), hop(5, TARGET_IP, 14, AKAMAI_MADRID)],
    ]);
  });
}

const EDGE = '198.51.100.1';

/**
 * 5 agents whose routes end at the target's last hop: 2 get an answer from the target, 2
 * stop at the last hop (the target is silent), 1 lists the target without a response time.
 */
export function terminalLoss(): PathTrace[] {
  const path = (i: number): PathHop[] => [gateway(i), hop(2, '10.9.0.1', 6), hop(3, EDGE, 9)];
  return [
    trace('t1', [[...path(1), hop(4, TARGET_IP, 11)]]),
    trace('t2', [[...path(2), hop(4, TARGET_IP, 12)]]),
    trace('t3', [path(3)]),
    trace('t4', [path(4)]),
    trace('t5', [[...path(5), hop(4, TARGET_IP)]]),
  ];
}

/** As terminalLoss, but two agents stop one hop earlier: the edge router is never reached. */
export function lossBeforeTheEdge(): PathTrace[] {
  const path = (i: number): PathHop[] => [gateway(i), hop(2, '10.9.0.1', 6)];
  return [
    trace('t1', [[...path(1), hop(3, EDGE, 9), hop(4, TARGET_IP, 11)]]),
    trace('t2', [[...path(2), hop(3, EDGE, 9), hop(4, TARGET_IP, 12)]]),
    trace('t3', [path(3)]),
    trace('t4', [path(4)]),
  ];
}

export const RATE_LIMITED = '10.2.0.1';

/** Every agent reaches the target; 10.2.0.1 is silent for one, answers 78 ms late for another. */
export function rateLimitedHop(): PathTrace[] {
  const path = (i: number, middle: number | undefined): PathHop[] => [
    gateway(i),
    hop(2, '10.1.0.1', 5),
    hop(3, RATE_LIMITED, middle),
    hop(4, '10.3.0.1', 12),
    hop(5, TARGET_IP, 15),
  ];
  return [trace('r1', [path(1, undefined)]), trace('r2', [path(2, 90)]), trace('r3', [path(3, 11)])];
}

/**
 * Stars (missing hop numbers) in the middle and at the end of routes: s1 and s2 stop after
 * 10.3.0.1 (s1 with a star before it), s3 crosses a star and reaches the target, s4 gets
 * no answer from any hop at all.
 */
export function stars(): PathTrace[] {
  return [
    trace('s1', [[gateway(1), hop(2, '10.1.0.1', 3), hop(4, '10.3.0.1', 8)]]),
    trace('s2', [[gateway(2), hop(2, '10.1.0.1', 3), hop(3, '10.2.0.1', 5), hop(4, '10.3.0.1', 8)]]),
    trace('s3', [
      [gateway(3), hop(2, '10.1.0.1', 3), hop(4, '10.3.0.1', 8), hop(6, '10.4.0.1', 10), hop(7, TARGET_IP, 12)],
    ]),
    trace('s4', [[]]),
  ];
}

export const ECMP_SPLIT = '10.1.1.1';
export const GOOD_BRANCH = '10.2.0.1';
export const BAD_BRANCH = '10.2.0.2';

/** e1..e4 have two ECMP routes each, one through a branch that stops; e5, e6 only use the good branch. */
export function ecmpOneBranchLoses(): PathTrace[] {
  const good = (i: number): PathHop[] => [
    gateway(i),
    hop(2, ECMP_SPLIT, 3),
    hop(3, GOOD_BRANCH, 6),
    hop(4, '10.3.0.1', 8),
    hop(5, TARGET_IP, 10),
  ];
  const bad = (i: number): PathHop[] => [gateway(i), hop(2, ECMP_SPLIT, 3), hop(3, BAD_BRANCH, 6)];
  return ids('e', 6).map((agent, i) => trace(agent, i < 4 ? [good(i), bad(i)] : [good(i)]));
}

export const INGRESS = '4.69.0.1';
export const EGRESS = '4.69.2.1';
export const LSRS = ['4.69.1.1', '4.69.1.2', '4.69.1.3'] as const;

/**
 * A Level3 MPLS tunnel from Denver to Chicago. Inside, every label-switched hop answers with
 * the egress's time (ICMP tunnelling): the 38 ms appear at the first one. m3 misses one
 * labelled hop (a star inside the tunnel); m4 and m5 stop inside the tunnel.
 */
export function mplsTunnel(): PathTrace[] {
  const inside = (i: number, skip?: number): PathHop[] => [
    gateway(i),
    hop(2, INGRESS, 20, LEVEL3_DENVER),
    ...LSRS.map((ip, k) => hop(3 + k, ip, 58, { ...LEVEL3_DENVER, ...LABEL })).filter((_, k) => k !== skip),
  ];
  const through = (i: number, skip?: number): PathHop[] => [
    ...inside(i, skip),
    hop(6, EGRESS, 58, LEVEL3_CHICAGO),
    hop(7, TARGET_IP, 60),
  ];
  return [
    trace('m1', [through(1)]),
    trace('m2', [through(2)]),
    trace('m3', [through(3, 1)]),
    trace('m4', [inside(4).slice(0, 3)]),
    trace('m5', [inside(5).slice(0, 4)]),
  ];
}

/** Round 1: c1..c3 go through 10.5.0.1 and lose everything after it; round 2: through 10.6.0.1 to the target. */
export function routeChange(): PathTrace[] {
  const before = (i: number): PathHop[] => [
    gateway(i),
    hop(2, '10.1.0.1', 3),
    hop(3, '10.5.0.1', 7, { network: 'AS64510 OldTransit' }),
  ];
  const after = (i: number): PathHop[] => [
    gateway(i),
    hop(2, '10.1.0.1', 3),
    hop(3, '10.6.0.1', 6),
    hop(4, '10.7.0.1', 8),
    hop(5, TARGET_IP, 10),
  ];
  return ids('c', 3).flatMap((agent, i) => [trace(agent, [before(i)], ROUND_1), trace(agent, [after(i)], ROUND_2)]);
}

/** Round 2 is round 1 cut short by loss: not a route change. */
export function sameRouteCutShort(): PathTrace[] {
  const full = [gateway(1), hop(2, '10.1.0.1', 3), hop(3, '10.6.0.1', 6), hop(4, TARGET_IP, 10)];
  return [trace('c1', [full], ROUND_1), trace('c1', [full.slice(0, 2)], ROUND_2)];
}

/**
 * 5 agents reach the target; latency appears between Cogent and Akamai in Madrid (+38 ms),
 * entered from two Cogent routers. d1's Cogent hop answers slowly (80 ms) while the hops
 * after it answer in 46: rate limiting, which must not move the latency there.
 */
export function delayJump(): PathTrace[] {
  const viaTelefonica = (i: number, cogentMs: number): PathHop[] => [
    gateway(i),
    hop(2, '80.58.0.1', 5, TELEFONICA),
    hop(3, '154.54.1.1', cogentMs, COGENT_MADRID),
    hop(4, '23.0.0.1', 46, AKAMAI_MADRID),
    hop(5, TARGET_IP, 47, AKAMAI_MADRID),
  ];
  const viaVodafone = (i: number): PathHop[] => [
    gateway(i),
    hop(2, '62.0.0.1', 6, VODAFONE),
    hop(3, '154.54.1.2', 9, COGENT_MADRID),
    hop(4, '23.0.0.1', 47, AKAMAI_MADRID),
    hop(5, TARGET_IP, 48, AKAMAI_MADRID),
  ];
  return [
    trace('d1', [viaTelefonica(1, 80)]),
    trace('d2', [viaTelefonica(2, 8)]),
    trace('d3', [viaTelefonica(3, 8)]),
    trace('d4', [viaVodafone(4)]),
    trace('d5', [viaVodafone(5)]),
  ];
}

/** Three agents reach the target with small delays all along. */
export function healthy(): PathTrace[] {
  return ids('h', 3).map((agent, i) =>
    trace(agent, [[gateway(i), hop(2, '10.1.0.1', 4), hop(3, '10.2.0.1', 7), hop(4, TARGET_IP, 9)]]),
  );
}

/** A route looping between two routers until the hop limit runs out. */
export function routingLoop(): PathTrace[] {
  const hops = [gateway(1), hop(2, '10.1.0.1', 3)];
  for (let n = 3; n <= 40; n++) hops.push(hop(n, n % 2 === 1 ? '10.8.0.1' : '10.8.0.2', 10 + n));
  return [
    trace('l1', [hops]),
    trace('l2', [[gateway(2), hop(2, '10.1.0.1', 3), hop(3, '10.8.0.1', 9), hop(4, TARGET_IP, 12)]]),
  ];
}

export const LOSS_STARTS = '10.5.0.1';
export const FURTHER = '10.6.0.1';

/**
 * Two rounds of p1..p4 through 10.5.0.1, 10.6.0.1 (and 10.7.0.1 unless `lastHop`): most lost
 * traversals stop after 10.5.0.1, two get to 10.6.0.1 first. Loss starts at 10.5.0.1 and
 * persists; with `lastHop`, 10.6.0.1 is the target's last hop, so those two look terminal.
 */
export function lossPersistsDownstream({ lastHop = false } = {}): PathTrace[] {
  const route = (i: number): PathHop[] => [
    gateway(i),
    hop(2, '10.1.0.1', 3),
    hop(3, LOSS_STARTS, 7),
    hop(4, FURTHER, 9),
    ...(lastHop ? [] : [hop(5, '10.7.0.1', 10)]),
  ];
  const upTo = (i: number, hops: number): PathHop[] =>
    hops === 0 ? [...route(i), hop(route(i).length + 1, TARGET_IP, 11)] : route(i).slice(0, hops);
  return [
    trace('p1', [upTo(1, 3)], ROUND_1),
    trace('p2', [upTo(2, 3)], ROUND_1),
    trace('p3', [upTo(3, 3)], ROUND_1),
    trace('p4', [upTo(4, 4)], ROUND_1),
    trace('p1', [upTo(1, 4)], ROUND_2),
    trace('p2', [upTo(2, 0)], ROUND_2),
    trace('p3', [upTo(3, 0)], ROUND_2),
    trace('p4', [upTo(4, 0)], ROUND_2),
  ];
}
