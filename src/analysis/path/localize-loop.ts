// Routing loops as findings of their own: a route that repeats an address, answers from no new
// one after that and never reaches the target is bouncing between routers until its hop limit
// runs out (Traversal.loops, route-loop.ts). A repeat on a route that goes on or reaches the
// target is one router answering several TTLs, never a loop. The loop is named by the two
// routers it bounces between (the repeated address and the hop that sent the packet back to
// it), so the report reads "between A and B", which is what a network engineer takes to both
// routers' owners.
import type { LocalizeContext, Traversal } from './localize-traversals';
import { clean, listWords, localizedHop, plural } from './localize-text';
import type { LoopFinding } from './localize-types';

interface LoopStats {
  a: string;
  b: string;
  agents: Set<string>;
  traversals: number;
  ids: Set<string>;
}

/** Routing loops over the traversals, most traversals first, at most `maxFindings`. */
export function localizeLoops(ctx: LocalizeContext, traversals: readonly Traversal[]): LoopFinding[] {
  const loops = new Map<string, LoopStats>();
  for (const t of traversals) {
    if (!t.loops) continue;
    const found = loopOf(t);
    if (!found) continue;
    const [a, b] = found.ips;
    const key = a < b ? `${a}<>${b}` : `${b}<>${a}`;
    let stats = loops.get(key);
    if (!stats)
      loops.set(
        key,
        (stats = { a: found.first, b: found.second, agents: new Set<string>(), traversals: 0, ids: new Set<string>() }),
      );
    stats.agents.add(t.agent);
    stats.traversals++;
    for (const id of found.ids) if (stats.ids.size < ctx.limits.maxIdsPerFinding) stats.ids.add(id);
  }
  return [...loops.entries()]
    .sort(([ka, x], [kb, y]) => y.traversals - x.traversals || ka.localeCompare(kb))
    .slice(0, ctx.limits.maxFindings)
    .map(([key, stats]) => loopFinding(ctx, key, stats, traversals));
}

/**
 * The first address that repeats on the traversal, and the hop before its repeat that answered
 * from another address: the two routers the packet bounces between. One pass over the steps.
 */
function loopOf(t: Traversal): { first: string; second: string; ips: [string, string]; ids: string[] } | undefined {
  const firstStep = new Map<string, number>();
  for (let j = 1; j < t.steps.length; j++) {
    const ip = t.nodes[j]?.ip;
    if (t.nodes[j]?.kind !== 'hop' || ip === undefined) continue;
    const i = firstStep.get(ip);
    if (i === undefined) {
      firstStep.set(ip, j);
      continue;
    }
    // The other router: the latest answering hop before the repeat with a different address.
    let k = j - 1;
    while (k > i && (t.nodes[k]?.kind !== 'hop' || t.nodes[k]?.ip === ip)) k--;
    const other = k > i ? t.nodes[k]! : t.nodes[j]!;
    const otherIp = other.ip ?? ip;
    const otherFirst = firstStep.get(otherIp) ?? k;
    return { first: t.steps[i]!, second: t.steps[otherFirst]!, ips: [ip, otherIp], ids: t.steps.slice(i, j + 1) };
  }
  return undefined;
}

function loopFinding(
  ctx: LocalizeContext,
  key: string,
  stats: LoopStats,
  traversals: readonly Traversal[],
): LoopFinding {
  const { nodes } = ctx.set;
  const first = localizedHop(stats.a, nodes, ctx.agentName);
  const second = localizedHop(stats.b, nodes, ctx.agentName);
  const agents = [...stats.agents].sort();
  const ofAgents = traversals.filter((t) => stats.agents.has(t.agent)).length;
  const who = listWords(agents.map((a) => clean(ctx.agentName(a)) || clean(a)));
  const between =
    first.id === second.id
      ? `at ${first.label} (it answers twice in a row)`
      : `between ${first.label} and ${second.label}`;
  return {
    id: `loop:${key}`,
    routers: [first, second],
    agents,
    traversals: stats.traversals,
    traversalsOfAgents: ofAgents,
    hopIds: [...stats.ids],
    line:
      `Routing loop ${between}: ${stats.traversals} of ${plural(ofAgents, 'traversal')} of ${who} ` +
      `bounce${stats.traversals === 1 ? 's' : ''} there until the hop limit runs out, never reaching the target.`,
  };
}
