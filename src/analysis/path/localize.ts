// Loss and delay localization over the path traces of one round or a range of rounds: where
// loss starts and persists, terminal loss at the target, rate-limited hops that are not to
// blame, the link where latency appears, agents grouped by verdict, and route changes
// between rounds. Pure: the panel (banner, "Show") and the text report (`--json`) share it.
// Hop ids are the merge's node ids, so they match `mergePathTraces` on the same traces.
import type { PathTrace } from '../../api/types';
import type { HopGraph } from './model';
import { againstEarliestRound, localizeDelay } from './localize-delay';
import { localizeLoops } from './localize-loop';
import { crossings, localizeLoss } from './localize-loss';
import { clean, linkWords, listWords, localizedHop, plural, roundTime, shortName } from './localize-text';
import {
  localizeContext,
  mostCommon,
  readTraversals,
  count,
  type LocalizeContext,
  type Traversal,
} from './localize-traversals';
import {
  LOCALIZE_LIMITS,
  type DelayFinding,
  type Localization,
  type LocalizeOptions,
  type LossFinding,
  type PathLocalization,
  type RouteChange,
  type RoundLocalization,
  type VerdictGroup,
  type VerdictKind,
} from './localize-types';

export * from './localize-types';

/** Localizes loss and delay on the traces given (all their rounds together, and each round on its own). */
export function localizePathTraces(traces: readonly PathTrace[], options: LocalizeOptions = {}): PathLocalization {
  const limits = { ...LOCALIZE_LIMITS, ...options.limits };
  const set = readTraversals(traces, limits);
  const ctx = localizeContext(set, options.agentName ?? ((id) => id), limits, options.locations);
  const overall = localizeScope(ctx, set.traversals);
  const byRound = new Map<number, Traversal[]>();
  for (const t of set.traversals) {
    const list = byRound.get(t.round) ?? [];
    list.push(t);
    byRound.set(t.round, list);
  }
  const perRound: RoundLocalization[] =
    byRound.size > 1
      ? [...byRound.entries()]
          .sort(([a], [b]) => a - b)
          .map(([roundId, list]) => ({ roundId, ...localizeScope(ctx, list) }))
      : [];
  const earliest = perRound[0];
  if (earliest) {
    const delay = overall.delay.map((f) => againstEarliestRound(f, earliest, roundTime(earliest.roundId)));
    const lineOf = new Map(overall.delay.map((f, i) => [f.line, delay[i]!.line]));
    Object.assign(overall, { delay, lines: overall.lines.map((line) => lineOf.get(line) ?? line) });
  }
  const changes = routeChanges(ctx);
  const lines = [...overall.lines, ...routeChangeLines(ctx, changes.all, overall.agents.length)];
  const headlines = new Set(perRound.map((r) => r.headline));
  if (perRound.length > 1 && (changes.count > 0 || headlines.size > 1)) {
    for (const round of perRound.slice(-limits.maxRoundLines))
      lines.push(`Round ${roundTime(round.roundId)}: ${round.headline}`);
  }
  return {
    ...overall,
    lines,
    targets: set.targets,
    rounds: set.rounds,
    routeChanges: changes.all.slice(0, limits.maxRouteChanges),
    routeChangeCount: changes.count,
    perRound,
    truncated: set.truncated,
  };
}

function localizeScope(ctx: LocalizeContext, traversals: readonly Traversal[]): Localization {
  const agents = [...new Set(traversals.map((t) => t.agent))].sort();
  const crossing = crossings(ctx, traversals);
  const found = localizeLoss(ctx, traversals, agents.length, crossing);
  const { rateLimited, lostAt, words } = found;
  const loss = found.loss.map(withConfidence);
  const delay = localizeDelay(ctx, traversals);
  const routingLoops = localizeLoops(ctx, traversals);
  const verdicts = verdictGroups(traversals, agents, loss, delay, lostAt, words);
  const reachedTarget = traversals.filter((t) => t.ok).length;
  const targets = [...new Set(traversals.map((t) => t.target).filter(Boolean))];
  const healthy = traversals.length > 0 && loss.length === 0;
  const headline =
    traversals.length === 0
      ? 'No path trace data to localize.'
      : (loss[0]?.line ??
        `No loss localized: ${agents.length === 1 ? 'the agent reaches' : `all ${agents.length} agents reach`} ` +
          `${listWords(targets) || 'the target'}` +
          `${traversals.length > agents.length ? ` in all ${traversals.length} traversals` : ''}.`);
  const lines = [
    ...(healthy || traversals.length === 0 ? [headline] : loss.map((f) => f.line)),
    ...routingLoops.map((f) => f.line),
    ...delay.map((f) => f.line),
    ...rateLimited.map((f) => f.line),
    ...verdicts.map((v) => v.line),
  ];
  return {
    agents,
    traversals: traversals.length,
    reachedTarget,
    healthy,
    confident: loss.some((f) => f.confident),
    loss,
    delay,
    routingLoops,
    rateLimited,
    verdicts,
    headline,
    lines,
  };
}

/** A finding that is not confident says so in its line. */
function withConfidence(finding: LossFinding): LossFinding {
  if (finding.confident) return finding;
  const counted = finding.traversals - finding.loops;
  const why =
    finding.loops > 0 && counted === 0
      ? 'a routing loop'
      : counted === 1
        ? 'one lost traversal'
        : `${counted} lost traversals`;
  return {
    ...finding,
    line: `${finding.line.replace(/\.$/, '')} (inconclusive: ${why} of ${finding.traversalsCrossing}).`,
  };
}

const KIND_ORDER: Record<VerdictKind, number> = { 'forwarding-loss': 0, 'terminal-loss': 1, delay: 2, ok: 3 };

type LossWords = ReadonlyMap<string, { kind: LossFinding['kind']; words: string }>;

/**
 * One verdict per agent: forwarding loss over terminal loss over delay over fine; among
 * losses, the finding most of the agent's lost traversals are attributed to.
 */
function verdictGroups(
  traversals: readonly Traversal[],
  agents: readonly string[],
  loss: readonly LossFinding[],
  delay: readonly DelayFinding[],
  lostAt: ReadonlyMap<Traversal, string>,
  words: LossWords,
): VerdictGroup[] {
  const order = new Map(loss.map((f, i) => [f.id, i]));
  const perAgent = new Map<string, { lost: Map<string, number>; n: number; lostN: number }>();
  for (const t of traversals) {
    const entry = perAgent.get(t.agent) ?? { lost: new Map<string, number>(), n: 0, lostN: 0 };
    entry.n++;
    const id = lostAt.get(t);
    if (id !== undefined) {
      count(entry.lost, id);
      entry.lostN++;
    }
    perAgent.set(t.agent, entry);
  }
  const delayOf = new Map<string, DelayFinding>();
  for (const f of [...delay].reverse()) if (!f.distance) for (const agent of f.agents) delayOf.set(agent, f);
  const groups = new Map<string, VerdictGroup>();
  for (const agent of agents) {
    const entry = perAgent.get(agent)!;
    const pick = (kind: LossFinding['kind']): string | undefined =>
      [...entry.lost]
        .filter(([id]) => words.get(id)?.kind === kind)
        .sort(
          ([a, x], [b, y]) => y - x || (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a.localeCompare(b),
        )[0]?.[0];
    const forwarding = pick('forwarding');
    const terminal = forwarding === undefined ? pick('terminal') : undefined;
    const slow = forwarding === undefined && terminal === undefined ? delayOf.get(agent) : undefined;
    const local = forwarding !== undefined && words.get(forwarding)?.words === '';
    const kind: VerdictKind =
      forwarding !== undefined ? 'forwarding-loss' : terminal !== undefined ? 'terminal-loss' : slow ? 'delay' : 'ok';
    const findingId = local ? undefined : (forwarding ?? terminal ?? slow?.id);
    const key = `${kind}|${findingId ?? ''}`;
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = {
          kind,
          ...(findingId !== undefined ? { findingId } : {}),
          agents: [],
          traversalsLost: 0,
          traversals: 0,
          line: '',
        }),
      );
    group.agents.push(agent);
    group.traversals += entry.n;
    group.traversalsLost += entry.lostN;
  }
  const list = [...groups.values()].sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.agents.length - a.agents.length,
  );
  for (const group of list) group.line = verdictLine(group, agents.length, words, delay);
  return list;
}

function verdictLine(group: VerdictGroup, total: number, words: LossWords, delay: readonly DelayFinding[]): string {
  const n = group.agents.length;
  const scope = `${n} of ${plural(total, 'agent')}`;
  const s = n === 1 ? 's' : '';
  const traversals =
    group.traversals > n && group.kind !== 'ok' && group.kind !== 'delay'
      ? ` (${group.traversalsLost} of ${group.traversals} traversals)`
      : '';
  const where = group.findingId !== undefined ? words.get(group.findingId)?.words : undefined;
  switch (group.kind) {
    case 'forwarding-loss':
      if (!where) return `${scope} get${s} no answer from any hop: loss next to the agent${traversals}.`;
      return `${scope} lose${s} packets ${where}${traversals}.`;
    case 'terminal-loss':
      return `${scope} get${s} no answer from the target${where ? ` ${where}` : ''} (terminal loss)${traversals}.`;
    case 'delay': {
      const slow = delay.find((f) => f.id === group.findingId);
      const link = !slow ? 'on one link' : slow.tunnel ? `inside ${slow.tunnel.label}` : linkWords(slow.from, slow.to);
      return (
        `${scope} reach${n === 1 ? 'es' : ''} the target with latency added ` +
        `${link}${slow ? ` (+${Math.round(slow.increaseMs)} ms)` : ''}.`
      );
    }
    case 'ok':
      return `${scope} reach${n === 1 ? 'es' : ''} the target without loss.`;
  }
}

/** Agents whose answering hops differ from their previous round's (a route cut short by loss is not a change). */
function routeChanges(ctx: LocalizeContext): { all: RouteChange[]; count: number } {
  const byAgent = new Map<string, Map<number, Map<string, string[]>>>();
  for (const t of ctx.set.traversals) {
    const hops = t.steps.filter((_, i) => i > 0 && t.nodes[i]!.kind === 'hop');
    let rounds = byAgent.get(t.agent);
    if (!rounds) byAgent.set(t.agent, (rounds = new Map()));
    let routes = rounds.get(t.round);
    if (!routes) rounds.set(t.round, (routes = new Map()));
    // Distinct routes per agent and round, bounded: an agent may send any number of traces.
    if (routes.size < ctx.limits.maxRoutesPerTrace) routes.set(hops.join(' '), hops);
  }
  const all: RouteChange[] = [];
  for (const [agentId, rounds] of [...byAgent.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const ordered = [...rounds.entries()]
      .sort(([a], [b]) => a - b)
      .map(([round, routes]) => [round, [...routes.values()]] as const);
    for (let i = 1; i < ordered.length; i++) {
      const [fromRound, before] = ordered[i - 1]!;
      const [toRound, after] = ordered[i]!;
      const now = after.find((route) => !before.some((old) => compatible(old, route)));
      if (!now) continue;
      const shared = (old: readonly string[]): number => {
        let n = 0;
        while (n < old.length && n < now.length && old[n] === now[n]) n++;
        return n;
      };
      const was = before.reduce((best, old) => (shared(old) > shared(best) ? old : best));
      const common = shared(was);
      all.push({ agentId, fromRound, toRound, was, now, ...(common > 0 ? { divergesAfter: now[common - 1] } : {}) });
    }
  }
  return { all, count: all.length };
}

/** One route is the other with some hops silent or cut short: a subsequence either way. */
function compatible(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let j = 0;
  for (let i = 0; i < long.length && j < short.length; i++) if (long[i] === short[j]) j++;
  return j === short.length;
}

function routeChangeLines(ctx: LocalizeContext, changes: readonly RouteChange[], total: number): string[] {
  const byStep = new Map<string, RouteChange[]>();
  for (const change of changes) {
    const key = `${change.fromRound}>${change.toRound}`;
    const list = byStep.get(key) ?? [];
    list.push(change);
    byStep.set(key, list);
  }
  return [...byStep.values()]
    .sort((a, b) => a[0]!.fromRound - b[0]!.fromRound || a[0]!.toRound - b[0]!.toRound)
    .slice(-ctx.limits.maxRoundLines)
    .map((list) => {
      const { fromRound, toRound } = list[0]!;
      const agents = [...new Set(list.map((c) => c.agentId))];
      const divergence = new Map<string, number>();
      for (const c of list) if (c.divergesAfter !== undefined) count(divergence, c.divergesAfter);
      const after = mostCommon(divergence);
      const where = after !== undefined ? ` after ${shortName(localizedHop(after, ctx.set.nodes, ctx.agentName))}` : '';
      return (
        `The route changed${where} between ${roundTime(fromRound)} and ${roundTime(toRound)} ` +
        `for ${agents.length} of ${plural(total, 'agent')} ` +
        `(${listWords(agents.map((a) => clean(ctx.agentName(a)) || clean(a)))}): ` +
        `loss and delay are localized per round.`
      );
    });
}

/**
 * The ids of `graph`'s nodes that show the given merge node ids: the node itself, or the
 * group (network, prefix or chain) that has it as a member. For a graph grouped and then
 * collapsed, map through each step's graph in turn.
 */
export function idsInGraph(ids: readonly string[], graph: HopGraph): string[] {
  const present = new Set(graph.nodes.map((n) => n.id));
  const groupOf = new Map<string, string>();
  for (const node of graph.nodes) for (const member of node.members ?? []) groupOf.set(member, node.id);
  const out = new Set<string>();
  for (const id of ids) {
    const shown = present.has(id) ? id : groupOf.get(id);
    if (shown !== undefined) out.add(shown);
  }
  return [...out];
}
