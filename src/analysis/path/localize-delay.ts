// Where latency appears. On each traversal the delay that persists downstream (a hop's
// response time, or a later hop's when that is smaller: a slow ICMP reply does not delay the
// path) rises along the route; each rise is on the link between two answering hops, stars
// spanned, an MPLS tunnel taken as a whole. A link is its pair of addresses (linkKey): names
// and places only label it, since every link inside one network in one city shares them. The
// one grouping is at a network boundary: agents entering the same router from different
// routers of another network cross one interconnection, so they agree on it.
import { distanceBaseline, distanceLimits, greatCircleKm } from '../session/grading';
import { persistentRtt, type LocalizeContext, type NodeInfo, type Traversal } from './localize-traversals';
import { LOCALIZE_THRESHOLDS, type DelayBaseline, type DelayFinding } from './localize-types';
import { clean, linkWords, localizedHop, ms, tunnelRef } from './localize-text';

interface Pair {
  a: string;
  b: string;
  n: number;
  chain: string[];
}
interface LinkStats {
  key: string;
  tunnel?: string;
  increases: number[];
  crossing: Set<string>;
  seeing: Set<string>;
  pairs: Map<string, Pair>;
  ends: { agent: string; rttMs: number }[];
}

/**
 * The link's key: its two addresses. The near end is its network and location instead only
 * when both ends are named and in different networks (an interconnection, entered from any of
 * the neighbour's routers there); the far end, where the delay shows, is always its address.
 */
function linkKey(from: string, to: string, nodes: ReadonlyMap<string, NodeInfo>): string {
  const near = nodes.get(from);
  const far = nodes.get(to);
  const boundary =
    near?.kind === 'hop' &&
    far?.kind === 'hop' &&
    near.network !== undefined &&
    far.network !== undefined &&
    near.network !== far.network;
  return `${boundary ? `${near.network}@${near.location ?? ''}` : `#${from}`}>#${to}`;
}

export function localizeDelay(ctx: LocalizeContext, traversals: readonly Traversal[]): DelayFinding[] {
  const { nodes } = ctx.set;
  const links = new Map<string, LinkStats>();
  // Keys are made once per pair of hops, so the loop below hashes no new strings.
  const pairKeys = new Map<string, Map<string, { link: string; pair: string }>>();
  const keysOf = (from: string, to: string): { link: string; pair: string } => {
    let byTo = pairKeys.get(from);
    if (!byTo) pairKeys.set(from, (byTo = new Map()));
    let keys = byTo.get(to);
    if (!keys) byTo.set(to, (keys = { link: linkKey(from, to, nodes), pair: `${from}>${to}` }));
    return keys;
  };
  for (const t of traversals) {
    const persistent = persistentRtt(t, (i) => t.tunnel?.[i] !== undefined);
    const added = new Map<string, number>();
    let a = 0;
    for (let b = 1; b < t.steps.length; b++) {
      if (persistent[b] === undefined) continue;
      let tunnel: string | undefined;
      for (let k = a + 1; k < b && tunnel === undefined; k++) tunnel = t.tunnel?.[k];
      const from = t.steps[a]!;
      const to = t.steps[b]!;
      const keys = keysOf(from, to);
      const key = tunnel ?? keys.link;
      added.set(key, (added.get(key) ?? 0) + persistent[b]! - persistent[a]!);
      let link = links.get(key);
      if (!link)
        links.set(
          key,
          (link = {
            key,
            ...(tunnel ? { tunnel } : {}),
            increases: [],
            crossing: new Set<string>(),
            seeing: new Set<string>(),
            pairs: new Map<string, Pair>(),
            ends: [],
          }),
        );
      let pair = link.pairs.get(keys.pair);
      if (!pair) link.pairs.set(keys.pair, (pair = { a: from, b: to, n: 0, chain: t.steps.slice(a, b + 1) }));
      pair.n++;
      a = b;
    }
    // The whole round trip of a traversal that reached its target, for the distance floor.
    const end = t.ok ? t.rtt[t.steps.length - 1] : undefined;
    for (const [key, increase] of added) {
      const link = links.get(key)!;
      link.increases.push(increase);
      if (end !== undefined) link.ends.push({ agent: t.agent, rttMs: end });
      link.crossing.add(t.agent);
      if (increase >= LOCALIZE_THRESHOLDS.delayJumpMs) link.seeing.add(t.agent);
    }
  }
  return [...links.values()]
    .map((link) => ({ link, median: median(link.increases), total: link.increases.reduce((s, x) => s + x, 0) }))
    .filter(({ median }) => median >= LOCALIZE_THRESHOLDS.delayJumpMs)
    .sort((x, y) => y.total - x.total || x.link.key.localeCompare(y.link.key))
    .slice(0, ctx.limits.maxDelayFindings)
    .map(({ link, median }) => delayFinding(ctx, link, median));
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const ordered = [...values].sort((a, b) => a - b);
  const mid = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[mid]! : (ordered[mid - 1]! + ordered[mid]!) / 2;
}

function delayFinding(ctx: LocalizeContext, link: LinkStats, increase: number): DelayFinding {
  const { nodes, tunnels } = ctx.set;
  const pairs = [...link.pairs.values()].sort((x, y) => y.n - x.n);
  const main = pairs[0]!;
  const from = localizedHop(main.a, nodes, ctx.agentName);
  const to = localizedHop(main.b, nodes, ctx.agentName);
  const info = link.tunnel !== undefined ? tunnels.get(link.tunnel) : undefined;
  const tunnel = info ? tunnelRef(info, nodes, ctx.agentName) : undefined;
  const hopIds = new Set<string>();
  const linkIds = new Set<string>();
  for (const pair of pairs) {
    if (hopIds.size >= ctx.limits.maxIdsPerFinding) break;
    pair.chain.forEach((id, i) => {
      hopIds.add(id);
      if (i > 0) linkIds.add(`${pair.chain[i - 1]}->${id}`);
    });
  }
  const increaseMs = Math.round(increase * 10) / 10;
  const where = tunnel ? `inside ${tunnel.label}` : linkWords(from, to);
  const agents = [...link.seeing].sort();
  const counts = `+${ms(increaseMs)}, ${agents.length} of ${link.crossing.size} agents crossing it`;
  const baseline = distanceFloor(ctx, link);
  const { distance, said } = readAgainst(
    baseline,
    where,
    counts,
    tunnel ? undefined : [clean(from.location), clean(to.location)],
  );
  return {
    id: tunnel ? `delay:${tunnel.id}` : `delay:${main.a}>${main.b}`,
    from,
    to,
    ...(tunnel ? { tunnel } : {}),
    increaseMs,
    agents,
    agentsCrossing: [...link.crossing].sort(),
    traversals: link.increases.length,
    ...(distance ? { distance: true } : {}),
    baseline,
    hopIds: [...hopIds].slice(0, ctx.limits.maxIdsPerFinding),
    linkIds: [...linkIds].slice(0, ctx.limits.maxIdsPerFinding),
    // Traceroute times are round trips: the reply may come back another way, so the rise is not proven to be on this
    // link's forward direction.
    line: `${said} It may be on the reverse path: replies can return by another route.`,
  };
}

/** The great-circle RTT floor from the agents crossing the link to the target, when both ends are located. */
function distanceFloor(ctx: LocalizeContext, link: LinkStats): DelayBaseline {
  const target = ctx.locations?.target;
  const agentAt = ctx.locations?.agent;
  if (!target || !agentAt) return { source: 'none' };
  const floors: number[] = [];
  const observed: number[] = [];
  const kms: number[] = [];
  for (const end of link.ends) {
    const at = agentAt(end.agent);
    if (!at || !Number.isFinite(at.lat) || !Number.isFinite(at.lon)) continue;
    const km = greatCircleKm(at, target);
    kms.push(km);
    floors.push(distanceBaseline(km).rttMs);
    observed.push(end.rttMs);
  }
  if (observed.length === 0) return { source: 'none' };
  const floorMs = median(floors);
  const observedMs = median(observed);
  return { source: 'distance', km: median(kms), floorMs, observedMs, excessMs: Math.max(0, observedMs - floorMs) };
}

/** The finding's sentence against its baseline, and whether distance explains the rise. */
function readAgainst(
  baseline: DelayBaseline,
  where: string,
  counts: string,
  places: [string, string] | undefined,
): { distance: boolean; said: string } {
  if (baseline.source === 'distance') {
    const floor =
      `what distance explains (${ms(Math.round(baseline.floorMs))} ` +
      `for ${Math.round(baseline.km)} km from agent to target)`;
    // A round trip within the floor and its margin (the session verdict's, distanceLimits) has
    // nothing added anywhere: the rise is the distance that link covers.
    if (baseline.excessMs <= distanceLimits(baseline.floorMs).warn) {
      const within =
        baseline.excessMs === 0
          ? `is within ${floor}`
          : `is +${ms(Math.round(baseline.excessMs))} over ${floor}, ` +
            `inside its margin (${ms(Math.round(distanceLimits(baseline.floorMs).warn))})`;
      return {
        distance: true,
        said:
          `The round trip rises ${where} (${counts}), ` +
          `but the whole round trip (${ms(Math.round(baseline.observedMs))}) ${within}: distance, not latency added.`,
      };
    }
    return {
      distance: false,
      said:
        `The latency appears ${where} (${counts}); the round trip (${ms(Math.round(baseline.observedMs))}) ` +
        `is +${ms(Math.round(baseline.excessMs))} over ${floor}.`,
    };
  }
  // Without locations, a rise between two named places may be the distance between them
  // (London → New York is ~70 ms), not latency added: it is said so and blames no agent's path.
  const [fromPlace = '', toPlace = ''] = places ?? [];
  if (fromPlace !== '' && toPlace !== '' && fromPlace !== toPlace) {
    return {
      distance: true,
      said:
        `The round trip rises ${where} (${counts}): a link from ${fromPlace} to ${toPlace}, ` +
        `where distance may explain it; ${NO_BASELINE}: ` +
        `compare with an earlier round before calling it added latency.`,
    };
  }
  return { distance: false, said: `The latency appears ${where} (${counts}); ${NO_BASELINE}.` };
}

export const NO_BASELINE = 'no baseline (agent and target locations unknown)';

/**
 * Over several rounds, a finding without a located baseline is read against the earliest
 * round: a rise it already had there is the path's normal so far (not news), one it lacked was
 * added since. Only the finding's baseline and line change, never its numbers.
 */
export function againstEarliestRound(
  finding: DelayFinding,
  earliest: { roundId: number; delay: readonly DelayFinding[] },
  when: string,
): DelayFinding {
  if (finding.baseline.source !== 'none') return finding;
  const before = earliest.delay.find((f) => f.id === finding.id);
  const said = before
    ? `already +${ms(before.increaseMs)} in the earliest round read (${when}): ` +
      `the path's normal in this range, not a change`
    : `not in the earliest round read (${when}): added since`;
  return {
    ...finding,
    baseline: {
      source: 'earlier round',
      roundId: earliest.roundId,
      ...(before ? { earlierMs: before.increaseMs } : {}),
    },
    line: finding.line
      .replace(`${NO_BASELINE}: compare with an earlier round before calling it added latency`, NO_BASELINE)
      .replace(NO_BASELINE, `against the earliest round, ${said}`),
  };
}
