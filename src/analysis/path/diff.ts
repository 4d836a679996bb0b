// What changed on the path between a baseline (a round or a range) and another: the union of
// both graphs with every hop and link marked added / removed / changed (AS or prefix) and its
// delay and loss deltas, and per agent the route change in words ("London laptop 2: AS1299 →
// AS3356 at hop 6, +18 ms"). Pure; the path panel's "Compare with…", its text form and
// `netmon path diff` use it.
import type { PathHop, PathTrace } from '../../api/types';
import { untrustedLine } from '../text/untrusted';
import { mergePathTraces } from './merge';
import { avgMs, linkDelayMs, lossPct, type HopGraph, type HopNode } from './model';
import { usableRoutes, usableTraces } from './usable';

export type DiffStatus = 'added' | 'removed' | 'changed' | 'same';

/** A delay change smaller than this (ms) is noise, not a change worth naming. */
export const DELAY_CHANGE_MS = 5;
/** A loss change smaller than this (percentage points) is noise. */
export const LOSS_CHANGE_PCT = 2;
/** Agents and traces a diff reads, at most (outside data decides nothing about our work). */
export const MAX_DIFF_AGENTS = 2_000;
export const MAX_DIFF_TRACES = 20_000;

export interface NodeDiff {
  id: string;
  status: DiffStatus;
  /** "AS3356 (was AS1299)", "prefix 4.68.0.0/16 (was 62.115.0.0/16)". */
  changes: string[];
  delayDeltaMs?: number;
  lossDeltaPct?: number;
}

export interface LinkDiff {
  id: string;
  from: string;
  to: string;
  status: Exclude<DiffStatus, 'changed'>;
  delayDeltaMs?: number;
}

export interface AgentRouteChange {
  agentId: string;
  name: string;
  kind: 'changed' | 'same' | 'onlyBefore' | 'onlyAfter';
  /** Hop number where the routes part. */
  hop?: number;
  from?: string;
  to?: string;
  /** Change of the delay to the last hop that answered (ms). */
  endDeltaMs?: number;
  line: string;
}

export interface PathDiff {
  /** Both rounds' traces merged: what the panel draws, coloured by `nodes` and `links` (built when first read). */
  readonly union: HopGraph;
  nodes: NodeDiff[];
  links: LinkDiff[];
  agents: AgentRouteChange[];
  /** "3 of 14 agents changed route; 2 hops added, 2 removed". */
  summary: string;
}

export function diffPathTraces(
  before: readonly PathTrace[],
  after: readonly PathTrace[],
  names: Readonly<Record<string, string>> = {},
): PathDiff {
  const a = usableTraces(before).slice(0, MAX_DIFF_TRACES);
  const b = usableTraces(after).slice(0, MAX_DIFF_TRACES);
  const graphA = mergePathTraces(a);
  const graphB = mergePathTraces(b);
  const nodes = nodeDiffs(graphA, graphB);
  const links = linkDiffs(graphA, graphB);
  const agents = agentChanges(a, b, names);
  // The CLI and the text form never draw: the merged union is only built when a view asks for it.
  let union: HopGraph | undefined;
  return {
    get union() {
      return (union ??= mergePathTraces([...a, ...b]));
    },
    nodes,
    links,
    agents,
    summary: summaryOf(nodes, agents),
  };
}

/** Ids of both graphs, the baseline's first (the order the union's builder would see them). */
function unionIds<T extends { id: string }>(a: readonly T[], b: readonly T[]): string[] {
  const ids = a.map((x) => x.id);
  const seen = new Set(ids);
  for (const x of b)
    if (!seen.has(x.id)) {
      seen.add(x.id);
      ids.push(x.id);
    }
  return ids;
}

function nodeDiffs(a: HopGraph, b: HopGraph): NodeDiff[] {
  const before = new Map(a.nodes.map((n) => [n.id, n]));
  const after = new Map(b.nodes.map((n) => [n.id, n]));
  return unionIds(a.nodes, b.nodes).map((id) => {
    const x = before.get(id);
    const y = after.get(id);
    if (!x) return { id, status: 'added', changes: [] };
    if (!y) return { id, status: 'removed', changes: [] };
    const changes = [
      ...(asOf(x) !== asOf(y) && asOf(y) ? [`${asOf(y)} (was ${asOf(x) ?? 'unknown'})`] : []),
      ...(x.prefix && y.prefix && x.prefix !== y.prefix ? [`prefix ${y.prefix} (was ${x.prefix})`] : []),
    ].map((c) => untrustedLine(c, 120));
    const delay = delta(avgMs(x.stats), avgMs(y.stats));
    const loss = lossPct(y.stats) - lossPct(x.stats);
    return {
      id,
      status: changes.length ? 'changed' : 'same',
      changes,
      ...(delay === undefined ? {} : { delayDeltaMs: delay }),
      ...(x.stats.samples && y.stats.samples ? { lossDeltaPct: loss } : {}),
    };
  });
}

function linkDiffs(a: HopGraph, b: HopGraph): LinkDiff[] {
  const before = new Map(a.links.map((l) => [l.id, l]));
  const after = new Map(b.links.map((l) => [l.id, l]));
  return unionIds(a.links, b.links).map((id) => {
    const x = before.get(id);
    const y = after.get(id);
    const link = (x ?? y)!;
    const status = !x ? 'added' : !y ? 'removed' : 'same';
    const d = x && y ? delta(linkDelayMs(x), linkDelayMs(y)) : undefined;
    return { id, from: link.from, to: link.to, status, ...(d === undefined ? {} : { delayDeltaMs: d }) };
  });
}

const delta = (x: number | undefined, y: number | undefined): number | undefined =>
  x === undefined || y === undefined ? undefined : y - x;

/** "AS1299" from "Arelion (AS 1299)", "AS1299", or a bare number; undefined when the hop names none. */
export function asOf(node: Pick<HopNode, 'network'> | Pick<PathHop, 'network'>): string | undefined {
  const network = typeof node.network === 'string' ? node.network : '';
  const match = /\bAS\s?(\d{1,10})\b/i.exec(network);
  return match ? `AS${match[1]}` : undefined;
}

interface AgentRoute {
  hops: PathHop[];
  endMs?: number;
  count: number;
}

/** Each agent's usual route in a set of traces: the hop sequence seen most often, with its mean end delay. */
function routesByAgent(traces: readonly PathTrace[]): Map<string, AgentRoute> {
  const seen = new Map<string, Map<string, AgentRoute & { ends: number[] }>>();
  for (const trace of traces) {
    const agentId = String(trace.agentId);
    if (!seen.has(agentId) && seen.size >= MAX_DIFF_AGENTS) continue;
    const byKey = seen.get(agentId) ?? new Map<string, AgentRoute & { ends: number[] }>();
    seen.set(agentId, byKey);
    for (const route of usableRoutes(trace)) {
      const hops = [...route.hops].sort((x, y) => x.hop - y.hop);
      const key = hops.map((h) => h.ipAddress).join(' ');
      const entry = byKey.get(key) ?? { hops, count: 0, ends: [] };
      entry.count++;
      const last = [...hops]
        .reverse()
        .find((h) => typeof h.responseTime === 'number' && Number.isFinite(h.responseTime));
      if (last) entry.ends.push(last.responseTime as number);
      byKey.set(key, entry);
    }
  }
  const usual = new Map<string, AgentRoute>();
  for (const [agentId, byKey] of seen) {
    const best = [...byKey.values()].sort((x, y) => y.count - x.count)[0];
    if (!best) continue;
    const endMs = best.ends.length ? best.ends.reduce((s, v) => s + v, 0) / best.ends.length : undefined;
    usual.set(agentId, { hops: best.hops, count: best.count, ...(endMs === undefined ? {} : { endMs }) });
  }
  return usual;
}

function agentChanges(
  before: readonly PathTrace[],
  after: readonly PathTrace[],
  names: Readonly<Record<string, string>>,
): AgentRouteChange[] {
  const a = routesByAgent(before);
  const b = routesByAgent(after);
  const ids = [...new Set([...a.keys(), ...b.keys()])].sort();
  return ids.map((agentId) => {
    const name = untrustedLine(names[agentId] ?? agentId, 80);
    const x = a.get(agentId);
    const y = b.get(agentId);
    if (!x) return { agentId, name, kind: 'onlyAfter', line: `${name}: not traced in the baseline` };
    if (!y) return { agentId, name, kind: 'onlyBefore', line: `${name}: not traced in the compared round` };
    const end = x.endMs === undefined || y.endMs === undefined ? undefined : y.endMs - x.endMs;
    const ms = end === undefined ? '' : `, ${end >= 0 ? '+' : '−'}${Math.round(Math.abs(end))} ms`;
    const part = partingHop(x.hops, y.hops);
    if (!part)
      return {
        agentId,
        name,
        kind: 'same',
        ...(end === undefined ? {} : { endDeltaMs: end }),
        line: `${name}: same route${ms}`,
      };
    let from = hopName(part.before);
    let to = hopName(part.after);
    // Within one network the addresses say what changed.
    const within = from === to ? `within ${from}` : undefined;
    if (within) {
      from = untrustedLine(part.before?.ipAddress ?? 'no hop', 60);
      to = untrustedLine(part.after?.ipAddress ?? 'no hop', 60);
    }
    return {
      agentId,
      name,
      kind: 'changed',
      hop: part.hop,
      from,
      to,
      ...(end === undefined ? {} : { endDeltaMs: end }),
      line: `${name}: ${from} → ${to} at hop ${part.hop}${within ? ` (${within})` : ''}${ms}`,
    };
  });
}

/** The first hop number where the two routes answer from different addresses (or one ends). */
function partingHop(
  x: readonly PathHop[],
  y: readonly PathHop[],
): { hop: number; before?: PathHop; after?: PathHop } | undefined {
  const depth = Math.max(x.at(-1)?.hop ?? 0, y.at(-1)?.hop ?? 0);
  for (let hop = 1; hop <= depth; hop++) {
    const p = x.find((h) => h.hop === hop);
    const q = y.find((h) => h.hop === hop);
    if (!p || !q) continue; // a star on either side says nothing
    if (p.ipAddress !== q.ipAddress) return { hop, before: p, after: q };
  }
  if ((x.at(-1)?.hop ?? 0) !== (y.at(-1)?.hop ?? 0)) {
    const hop = Math.min(x.at(-1)?.hop ?? 0, y.at(-1)?.hop ?? 0) + 1;
    return {
      hop,
      ...(x.find((h) => h.hop === hop) ? { before: x.find((h) => h.hop === hop) } : {}),
      ...(y.find((h) => h.hop === hop) ? { after: y.find((h) => h.hop === hop) } : {}),
    };
  }
  return undefined;
}

function hopName(hop: PathHop | undefined): string {
  if (!hop) return 'no hop';
  const as = asOf(hop);
  return untrustedLine(as ?? hop.network ?? hop.prefix ?? hop.ipAddress, 80);
}

function summaryOf(nodes: readonly NodeDiff[], agents: readonly AgentRouteChange[]): string {
  const compared = agents.filter((a) => a.kind === 'changed' || a.kind === 'same').length;
  const changed = agents.filter((a) => a.kind === 'changed').length;
  const count = (status: DiffStatus): number => nodes.filter((n) => n.status === status).length;
  const slower = nodes.filter((n) => (n.delayDeltaMs ?? 0) >= DELAY_CHANGE_MS).length;
  const lossier = nodes.filter((n) => (n.lossDeltaPct ?? 0) >= LOSS_CHANGE_PCT).length;
  const parts = [`${changed} of ${compared} agent${compared === 1 ? '' : 's'} changed route`];
  if (count('added') || count('removed'))
    parts.push(`${count('added')} hop${count('added') === 1 ? '' : 's'} added, ${count('removed')} removed`);
  if (count('changed')) parts.push(`${count('changed')} changed network or prefix`);
  if (slower) parts.push(`${slower} slower by ${DELAY_CHANGE_MS} ms or more`);
  if (lossier) parts.push(`${lossier} losing ${LOSS_CHANGE_PCT} points more`);
  return `${parts.join('; ')}.`;
}

/** The diff for a ticket: the summary, then one line per agent that changed, then the hops that changed. */
export function pathDiffText(diff: PathDiff, title = 'Path diff'): string {
  const lines = [title, diff.summary, ''];
  const changed = diff.agents.filter((a) => a.kind !== 'same');
  lines.push(changed.length ? 'Route changes:' : 'No agent changed route.', ...changed.map((a) => `  ${a.line}`));
  const nodes = new Map(diff.union.nodes.map((n) => [n.id, n]));
  const notable = diff.nodes
    .filter(
      (n) =>
        n.status !== 'same' ||
        Math.abs(n.delayDeltaMs ?? 0) >= DELAY_CHANGE_MS ||
        Math.abs(n.lossDeltaPct ?? 0) >= LOSS_CHANGE_PCT,
    )
    .filter((n) => nodes.get(n.id)?.kind === 'hop');
  if (notable.length) {
    lines.push('', 'Hops:');
    for (const n of notable.slice(0, 200)) {
      const node = nodes.get(n.id);
      const what = [
        n.status === 'same' ? undefined : n.status,
        ...n.changes,
        n.delayDeltaMs === undefined
          ? undefined
          : `${n.delayDeltaMs >= 0 ? '+' : '−'}${Math.abs(n.delayDeltaMs).toFixed(1)} ms`,
        n.lossDeltaPct === undefined || Math.abs(n.lossDeltaPct) < LOSS_CHANGE_PCT
          ? undefined
          : `loss ${n.lossDeltaPct >= 0 ? '+' : '−'}${Math.abs(n.lossDeltaPct).toFixed(1)} points`,
      ].filter(Boolean);
      lines.push(
        `  ${untrustedLine(node?.ip ?? n.id, 60)}${node?.network ? ` (${untrustedLine(node.network, 60)})` : ''}: ` +
          `${what.join(', ')}`,
      );
    }
  }
  return lines.join('\n');
}
