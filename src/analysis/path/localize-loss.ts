// Where packets are lost. A traversal that stops short of the target is lost after its last
// answering hop (stars never answer, so they are never blamed); loss points downstream of a
// substantial one on the same traversals fold into it (loss starts there and persists). A
// silent target after a hop that other routes show right before it is terminal loss. A hop
// that is silent or slow while later hops answer on time is rate limiting, not a fault.
import { count, mostCommon, placeOf, type LocalizeContext, type Traversal } from './localize-traversals';
import { LOCALIZE_THRESHOLDS, type LossFinding, type RateLimitedHop } from './localize-types';
import { clean, listWords, localizedHop, ms, plural, shortName, tunnelRef } from './localize-text';
import { THRESHOLDS } from '../session/thresholds';

/**
 * Confident with THRESHOLDS.confidence.minLost lost traversals that are not routing loops:
 * one lost traversal (or one looping traceroute) is worth showing, not an alarm.
 */
function isConfident(lost: readonly Traversal[]): boolean {
  return lost.filter((t) => !t.loops).length >= THRESHOLDS.confidence.minLost;
}

export interface LossResult {
  /** The findings with most agents first, at most `maxFindings`. */
  loss: LossFinding[];
  rateLimited: RateLimitedHop[];
  /** The loss finding each lost traversal is attributed to (it may be past `maxFindings`). */
  lostAt: Map<Traversal, string>;
  /**
   * What a lost agent's verdict says, by finding id, for every finding listed or not: `after
   * <ip>`, `inside the MPLS tunnel …`, the target's address, or '' for loss next to the agent.
   */
  words: Map<string, { kind: LossFinding['kind']; words: string }>;
}

interface Crossing {
  n: number;
  agents: Set<string>;
}
/**
 * Where lost traversals stopped: a hop, an agent, a tunnel, or `terminal:<target>` (the target silent after its last
 * hop).
 */
interface LossPoint {
  place: string;
  terminal?: string;
  own: Traversal[];
  folded: Traversal[];
  foldedPlaces: Set<string>;
  position: number;
  into?: LossPoint;
  agents: Set<string>;
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/**
 * Traversals and agents across every place (hop, agent, tunnel), each traversal counted once per place; hops inside
 * tunnels count for themselves and for their tunnel.
 */
export function crossings(ctx: LocalizeContext, traversals: readonly Traversal[]): Map<string, Crossing> {
  const out = new Map<string, Crossing & { stamp: number }>();
  traversals.forEach((t, stamp) => {
    const add = (place: string): void => {
      let entry = out.get(place);
      if (!entry) out.set(place, (entry = { n: 0, agents: new Set<string>(), stamp: -1 }));
      if (entry.stamp === stamp) return;
      entry.stamp = stamp;
      entry.n++;
      entry.agents.add(t.agent);
    };
    for (let i = 0; i < t.steps.length; i++) {
      const id = t.steps[i]!;
      if (t.nodes[i]!.kind !== 'star') add(id);
      const tunnel = t.tunnel?.[i];
      if (tunnel !== undefined) add(tunnel);
    }
  });
  return out;
}

/**
 * For a hop right before the target: does another hop right before the same target carry
 * traversals that all got an answer, while this one loses more than healthyBranchShare?
 */
function otherBranchHealthy(
  ctx: LocalizeContext,
  traversals: readonly Traversal[],
  crossing: Map<string, Crossing>,
): (target: string, hop: string) => boolean {
  const lost = new Map<string, number>();
  for (const t of traversals)
    if (!t.ok && !t.reached && t.last > 0)
      lost.set(`${t.target}\n${t.steps[t.last]}`, (lost.get(`${t.target}\n${t.steps[t.last]}`) ?? 0) + 1);
  const share = (key: string, hop: string): number => (lost.get(key) ?? 0) / Math.max(1, crossing.get(hop)?.n ?? 0);
  return (target, hop) => {
    if (share(`${target}\n${hop}`, hop) <= LOCALIZE_THRESHOLDS.healthyBranchShare) return false;
    for (const key of ctx.beforeTarget) {
      const [t, other] = key.split('\n');
      if (
        t === target &&
        other !== undefined &&
        other !== hop &&
        (crossing.get(other)?.n ?? 0) > 0 &&
        (lost.get(key) ?? 0) === 0
      )
        return true;
    }
    return false;
  };
}

export function localizeLoss(
  ctx: LocalizeContext,
  traversals: readonly Traversal[],
  totalAgents: number,
  crossing: Map<string, Crossing>,
): LossResult {
  const points = new Map<string, LossPoint>();
  const branchLoss = otherBranchHealthy(ctx, traversals, crossing);
  for (const t of traversals) {
    if (t.ok) continue;
    const end = t.steps[t.last]!;
    const inTunnel = t.tunnel?.[t.last] !== undefined;
    // Only the target silent — unless another branch into it loses nothing: then this branch's last link loses
    // (ECMP).
    const terminal =
      t.reached ||
      (t.last > 0 && !inTunnel && ctx.beforeTarget.has(`${t.target}\n${end}`) && !branchLoss(t.target, end));
    const place = terminal ? `terminal:${t.target}` : (placeOf(t, t.last) ?? end);
    const point = points.get(place) ?? {
      place,
      ...(terminal ? { terminal: t.target } : {}),
      own: [],
      folded: [],
      foldedPlaces: new Set<string>(),
      position: t.last,
      agents: new Set<string>(),
    };
    point.own.push(t);
    point.position = Math.min(point.position, t.last);
    points.set(place, point);
  }
  foldDownstream(ctx, [...points.values()], crossing);
  const roots = [...points.values()].filter((p) => p.into === undefined);
  for (const point of points.values()) for (const t of point.own) (point.into ?? point).agents.add(t.agent);
  const idOf = (p: LossPoint): string => (p.terminal !== undefined ? p.place : `loss:${p.place}`);
  const lostAt = new Map<Traversal, string>();
  for (const point of points.values()) for (const t of point.own) lostAt.set(t, idOf(point.into ?? point));
  const words = new Map(
    roots.map((p) => [
      idOf(p),
      { kind: p.terminal !== undefined ? ('terminal' as const) : ('forwarding' as const), words: pointWords(ctx, p) },
    ]),
  );
  // Only the findings listed are worked out in full (branches, lines): outside data may stop anywhere.
  const listed = roots
    .sort(
      (a, b) =>
        b.agents.size - a.agents.size ||
        b.own.length + b.folded.length - (a.own.length + a.folded.length) ||
        a.place.localeCompare(b.place),
    )
    .slice(0, ctx.limits.maxFindings);
  const loss = listed.map((p) =>
    p.terminal !== undefined
      ? terminalFinding(ctx, p.terminal, p.own, traversals, totalAgents)
      : forwardingFinding(ctx, p, traversals, crossing, totalAgents),
  );
  const blamed = new Set<string>();
  for (const p of roots) if (p.terminal === undefined) blamed.add(p.place);
  for (const f of loss) for (const id of f.kind === 'forwarding' ? f.hopIds : []) blamed.add(id);
  return { loss, lostAt, words, rateLimited: rateLimited(ctx, traversals, crossing, blamed) };
}

function pointWords(ctx: LocalizeContext, p: LossPoint): string {
  if (p.terminal !== undefined) return clean(p.terminal);
  const tunnel = ctx.set.tunnels.get(p.place);
  if (tunnel) return `inside ${tunnelRef(tunnel, ctx.set.nodes, ctx.agentName).label}`;
  const hop = localizedHop(p.place, ctx.set.nodes, ctx.agentName);
  return hop.kind === 'agent' ? '' : `after ${shortName(hop)}`;
}

/**
 * A loss point Y (a silent target too) folds into an upstream forwarding loss point X when
 * every traversal lost at Y crossed X and X itself stops at least `foldUpstreamShare` of the
 * traversals crossing it. Points are visited nearest the agents first; a point that received
 * others is not folded itself.
 */
function foldDownstream(ctx: LocalizeContext, points: LossPoint[], crossing: Map<string, Crossing>): void {
  const byPlace = new Map(points.map((p) => [p.place, p]));
  const share = (p: LossPoint): number => p.own.length / Math.max(1, crossing.get(p.place)?.n ?? 0);
  const ordered = [...points].sort((a, b) => a.position - b.position || b.own.length - a.own.length);
  for (const y of ordered) {
    if (y.foldedPlaces.size > 0) continue;
    const upstream = new Map<string, number>();
    for (const t of y.own) {
      const seen = new Set<string>();
      for (let i = 0; i < t.last; i++) {
        const place = placeOf(t, i);
        if (place !== undefined && place !== y.place && !seen.has(place)) {
          seen.add(place);
          count(upstream, place);
        }
      }
    }
    let best: LossPoint | undefined;
    for (const [place, n] of upstream) {
      const x = byPlace.get(place);
      if (
        n !== y.own.length ||
        !x ||
        x.terminal !== undefined ||
        x.into !== undefined ||
        x === y ||
        share(x) < LOCALIZE_THRESHOLDS.foldUpstreamShare
      )
        continue;
      if (!best || x.position < best.position) best = x;
    }
    if (!best) continue;
    y.into = best;
    best.folded.push(...y.own);
    // A silent target folded in is named by the hops its traversals got to.
    const stopped = y.terminal === undefined ? [y.place] : [...new Set(y.own.map((t) => t.steps[t.last]!))];
    for (const place of stopped) best.foldedPlaces.add(place);
  }
}

function forwardingFinding(
  ctx: LocalizeContext,
  point: LossPoint,
  scope: readonly Traversal[],
  crossing: Map<string, Crossing>,
  totalAgents: number,
): LossFinding {
  const { nodes, tunnels } = ctx.set;
  const tunnelInfo = tunnels.get(point.place);
  const tunnel = tunnelInfo ? tunnelRef(tunnelInfo, nodes, ctx.agentName) : undefined;
  const lost = [...point.own, ...point.folded];
  const at = tunnel
    ? (tunnel.ingress ?? localizedHop(mostCommon(countBy(point.own, (t) => t.steps[t.last]!))!, nodes, ctx.agentName))
    : localizedHop(point.place, nodes, ctx.agentName);
  const across = crossing.get(point.place) ?? { n: lost.length, agents: new Set(lost.map((t) => t.agent)) };
  const agents = sorted(lost.map((t) => t.agent));
  const branch = tunnel || at.kind === 'agent' ? undefined : healthyBranch(ctx, point, scope);
  const hopIds = (tunnel ? [tunnel.ingress?.id, ...tunnel.members, tunnel.egress?.id] : [point.place])
    .filter((id): id is string => id !== undefined)
    .slice(0, ctx.limits.maxIdsPerFinding);
  const finding: LossFinding = {
    id: `loss:${point.place}`,
    kind: 'forwarding',
    at,
    ...(tunnel ? { tunnel } : {}),
    agents,
    agentsCrossing: sorted(across.agents),
    traversals: lost.length,
    traversalsCrossing: across.n,
    alsoStoppedAt: [...point.foldedPlaces].slice(0, ctx.limits.maxIdsPerFinding),
    ...(branch ? { branch } : {}),
    loops: lost.filter((t) => t.loops).length,
    confident: isConfident(lost),
    targetNeverReached: lost.some((t) => !ctx.reachedTargets.has(t.target)),
    hopIds,
    line: '',
  };
  finding.line = forwardingLine(ctx, finding, totalAgents);
  return finding;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) count(out, key(item));
  return out;
}

/** The hop before the loss point, when another way out of it reaches the target (ECMP or another route). */
function healthyBranch(ctx: LocalizeContext, point: LossPoint, scope: readonly Traversal[]): LossFinding['branch'] {
  const { nodes } = ctx.set;
  const previous = (t: Traversal, index: number): number => {
    let j = index - 1;
    while (j > 0 && placeOf(t, j) === undefined) j--;
    return j;
  };
  const divergesAt = mostCommon(countBy(point.own, (t) => placeOf(t, previous(t, t.last)) ?? t.steps[0]!));
  if (divergesAt === undefined || ctx.set.tunnels.has(divergesAt)) return undefined;
  const ways = new Map<string, { n: number; lost: number }>();
  for (const t of scope) {
    const i = t.steps.indexOf(divergesAt);
    if (i < 0) continue;
    let k = i + 1;
    while (k < t.steps.length && placeOf(t, k) === undefined) k++;
    const next = k < t.steps.length ? placeOf(t, k)! : undefined;
    if (next === undefined || next === point.place) continue;
    const entry = ways.get(next) ?? { n: 0, lost: 0 };
    entry.n++;
    if (!t.ok) entry.lost++;
    ways.set(next, entry);
  }
  const healthy = [...ways.entries()]
    .filter(([, w]) => w.lost / w.n <= LOCALIZE_THRESHOLDS.healthyBranchShare)
    .map(([id]) => id)
    .sort();
  if (healthy.length === 0) return undefined;
  return {
    divergesAt: localizedHop(divergesAt, nodes, ctx.agentName),
    healthy: healthy.slice(0, ctx.limits.maxIdsPerFinding).map((id) => localizedHop(id, nodes, ctx.agentName)),
  };
}

const routesCross = (n: number): string => (n === 1 ? "1 agent's route crosses it" : `${n} agents' routes cross it`);

function forwardingLine(ctx: LocalizeContext, f: LossFinding, totalAgents: number): string {
  const scope = `${f.agents.length} of ${plural(totalAgents, 'agent')}`;
  const parts = [
    f.at.kind === 'agent' && !f.tunnel
      ? `${scope} get${f.agents.length === 1 ? 's' : ''} no answer from any hop after ${f.at.label}: ` +
        `the loss is next to the agent (its own network or first hop)`
      : f.tunnel
        ? `${scope} lose${f.agents.length === 1 ? 's' : ''} packets inside ${f.tunnel.label}: ` +
          `nothing answers after it, the tunnel is blamed as a whole`
        : `${scope} lose${f.agents.length === 1 ? 's' : ''} packets after ${f.at.label}: ` +
          `forwarding loss, nothing answers from there to the target`,
  ];
  const traversals = f.traversalsCrossing > f.agentsCrossing.length || f.alsoStoppedAt.length > 0;
  if (f.at.kind !== 'agent')
    parts.push(
      routesCross(f.agentsCrossing.length) +
        (traversals
          ? `, ${f.traversals} of ${f.traversalsCrossing} traversals through it ` +
            `${f.traversals === 1 ? 'is' : 'are'} lost`
          : ''),
    );
  if (f.branch) {
    parts.push(
      `only routes leaving ${shortName(f.branch.divergesAt)} for ${shortName(f.at)} lose, ` +
        `those via ${listWords(f.branch.healthy.map(shortName))} reach the target`,
    );
  }
  if (f.alsoStoppedAt.length > 0) {
    const names = f.alsoStoppedAt.map((id) =>
      ctx.set.tunnels.has(id) ? 'an MPLS tunnel' : shortName(localizedHop(id, ctx.set.nodes, ctx.agentName)),
    );
    parts.push(`some got as far as ${listWords(names)} first, the loss persists downstream`);
  }
  if (f.loops > 0) parts.push(`${plural(f.loops, 'lost route')} loop${f.loops === 1 ? 's' : ''} (an address repeats)`);
  if (f.targetNeverReached)
    parts.push('no route reached the target in this data, so a destination that filters probes would look the same');
  return `${parts.join('; ')}.`;
}

function terminalFinding(
  ctx: LocalizeContext,
  target: string,
  lost: Traversal[],
  scope: readonly Traversal[],
  totalAgents: number,
): LossFinding {
  const { nodes } = ctx.set;
  const lastCounts = countBy(lost, (t) => t.steps[t.last]!);
  const last = [...lastCounts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id]) => localizedHop(id, nodes, ctx.agentName));
  const lostSet = new Set(lost);
  const crossed = scope.filter((t) => t.target === target && (t.ok || lostSet.has(t)));
  const agents = sorted(lost.map((t) => t.agent));
  const at = localizedHop(target, nodes, ctx.agentName);
  const line =
    `The target ${clean(target)} does not answer ${agents.length} of ${plural(totalAgents, 'agent')} ` +
    `although the path up to ${listWords(last.map((h) => h.label))} works: ` +
    'terminal loss at the destination (a firewall, the server, or ICMP blocked there), not in the network.';
  return {
    id: `terminal:${target}`,
    kind: 'terminal',
    at,
    lastAnswering: last,
    agents,
    agentsCrossing: sorted(crossed.map((t) => t.agent)),
    traversals: lost.length,
    traversalsCrossing: crossed.length,
    alsoStoppedAt: [],
    loops: lost.filter((t) => t.loops).length,
    confident: isConfident(lost),
    targetNeverReached: false,
    hopIds: [...last.map((h) => h.id), target].slice(0, ctx.limits.maxIdsPerFinding),
    line,
  };
}

/** Hops silent or slow while later hops answer on time, on the traversals that cross them. */
function rateLimited(
  ctx: LocalizeContext,
  traversals: readonly Traversal[],
  crossing: Map<string, Crossing>,
  blamed: Set<string>,
): RateLimitedHop[] {
  const { nodes } = ctx.set;
  const seen = new Map<string, { silent: number; slow: number; by: number[]; agents: Set<string> }>();
  for (const t of traversals) {
    let laterMin = Infinity;
    for (let i = t.last; i > 0; i--) {
      const rtt = t.rtt[i];
      const id = t.steps[i]!;
      if (i < t.last && t.nodes[i]!.kind === 'hop' && !blamed.has(id) && !blamed.has(t.tunnel?.[i] ?? '')) {
        // Listed without a time, it answered (silent hops are stars, which name no router).
        const silent = false;
        const slowBy = rtt === undefined ? 0 : rtt - laterMin;
        if (silent || slowBy >= LOCALIZE_THRESHOLDS.slowReplyMs) {
          const entry = seen.get(id) ?? { silent: 0, slow: 0, by: [], agents: new Set<string>() };
          if (silent) entry.silent++;
          else {
            entry.slow++;
            entry.by.push(slowBy);
          }
          entry.agents.add(t.agent);
          seen.set(id, entry);
        }
      }
      if (rtt !== undefined) laterMin = Math.min(laterMin, rtt);
    }
  }
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => y.silent + y.slow - (x.silent + x.slow) || a.localeCompare(b))
    .slice(0, ctx.limits.maxFindings)
    .map(([id, entry]) => {
      const hop = localizedHop(id, nodes, ctx.agentName);
      const n = crossing.get(id)?.n ?? entry.silent + entry.slow;
      const by = entry.by.sort((a, b) => a - b);
      const slowByMs = by.length > 0 ? Math.round(by[Math.floor(by.length / 2)]! * 10) / 10 : undefined;
      const parts = [
        ...(entry.silent > 0 ? [`does not answer in ${entry.silent} of ${plural(n, 'traversal')}`] : []),
        ...(slowByMs !== undefined
          ? [`answers ${ms(slowByMs)} slower than the hops after it in ${entry.slow} of ${plural(n, 'traversal')}`]
          : []),
      ];
      return {
        hop,
        traversals: n,
        silent: entry.silent,
        slow: entry.slow,
        ...(slowByMs !== undefined ? { slowByMs } : {}),
        agents: sorted(entry.agents),
        hopIds: [id],
        line: `${hop.label} ${parts.join(' and ')}, while later hops answer on time: ICMP rate limiting, not a fault.`,
      };
    });
}
