// Names and words of localization: hops, tunnels and links as a reader knows them (network,
// location), outside text kept to one clean line.
import { editorLine } from '../text/untrusted';
import { isUsableRound } from './usable';
import type { NodeInfo, TunnelInfo } from './localize-traversals';
import type { LocalizedHop, TunnelRef } from './localize-types';
import { starPosition, type StarPosition } from './merge';

const MAX_PART = 80;

/** Outside text as one short clean line ('' when there is none). */
export function clean(value: unknown): string {
  const line = editorLine(value);
  return line.length > MAX_PART ? `${line.slice(0, MAX_PART - 1)}…` : line;
}

export type AgentName = (agentId: string) => string;

const AGENT_PREFIX = 'agent:';

export function localizedHop(id: string, nodes: ReadonlyMap<string, NodeInfo>, agentName: AgentName): LocalizedHop {
  const node = nodes.get(id);
  if (id.startsWith(AGENT_PREFIX) && (!node || node.kind === 'agent')) {
    return {
      id,
      kind: 'agent',
      label: `agent ${clean(agentName(id.slice(AGENT_PREFIX.length))) || id.slice(AGENT_PREFIX.length)}`,
    };
  }
  const star = node?.kind === 'star' || node === undefined ? starPosition(id) : undefined;
  if (star) return { id, kind: 'hop', label: starLabel(star, nodes, agentName) };
  const ip = node?.ip ?? id;
  const hop: LocalizedHop = { id, kind: 'hop', ip, label: '' };
  for (const key of ['prefix', 'rdns', 'network', 'location'] as const)
    if (node?.[key] !== undefined) hop[key] = node[key];
  const where = [clean(hop.network), clean(hop.location)].filter(Boolean).join(', ');
  hop.label = `${clean(ip)}${where ? ` (${where})` : ''}`;
  return hop;
}

/** `a silent hop (2nd of 3) between 62.154.160.202 and 4.69.73.228`: a hop that did not answer, by where it is. */
function starLabel(star: StarPosition, nodes: ReadonlyMap<string, NodeInfo>, agentName: AgentName): string {
  const end = (id: string): string => {
    if (id.startsWith(AGENT_PREFIX))
      return `agent ${clean(agentName(id.slice(AGENT_PREFIX.length))) || clean(id.slice(AGENT_PREFIX.length))}`;
    return clean(nodes.get(id)?.ip ?? id);
  };
  const which = star.gap === 1 ? '' : ` (${ordinal(star.index)} of ${star.gap})`;
  return `a silent hop${which} between ${end(star.after)} and ${end(star.before)}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The address alone (agents by name, a silent hop by where it is), for short verdict lines. */
export function shortName(hop: LocalizedHop): string {
  return hop.kind === 'agent' || hop.ip === undefined ? hop.label : clean(hop.ip);
}

export function tunnelRef(tunnel: TunnelInfo, nodes: ReadonlyMap<string, NodeInfo>, agentName: AgentName): TunnelRef {
  const ingress = tunnel.ingress !== undefined ? localizedHop(tunnel.ingress, nodes, agentName) : undefined;
  const egress = tunnel.egress !== undefined ? localizedHop(tunnel.egress, nodes, agentName) : undefined;
  const label = `the MPLS tunnel${ingress ? ` from ${ingress.label}` : ''}${egress ? ` to ${egress.label}` : ''}`;
  return {
    id: tunnel.id,
    ...(ingress ? { ingress } : {}),
    ...(egress ? { egress } : {}),
    members: [...tunnel.members],
    label,
  };
}

/**
 * A link by the networks and locations of its ends: `between AS174 and AS20940 in Madrid`,
 * `inside AS174 between London and New York`, or by address when networks are unknown.
 */
export function linkWords(from: LocalizedHop, to: LocalizedHop): string {
  const [netA, netB] = [clean(from.network), clean(to.network)];
  const [locA, locB] = [clean(from.location), clean(to.location)];
  if (from.kind === 'agent') return `between ${from.label} and ${to.label}`;
  if (from.ip === undefined || to.ip === undefined) return `between ${shortName(from)} and ${shortName(to)}`;
  if (netA && netB && netA === netB) {
    if (locA && locB && locA !== locB) return `inside ${netA} between ${locA} and ${locB}`;
    return `inside ${netA} between ${clean(from.ip)} and ${clean(to.ip)}${locB || locA ? ` in ${locB || locA}` : ''}`;
  }
  const end = (net: string, ip: string | undefined): string => net || clean(ip);
  if (locA && locB && locA === locB) return `between ${end(netA, from.ip)} and ${end(netB, to.ip)} in ${locB}`;
  const side = (net: string, ip: string | undefined, loc: string): string =>
    `${end(net, ip)}${loc ? ` in ${loc}` : ''}`;
  return `between ${side(netA, from.ip, locA)} and ${side(netB, to.ip, locB)}`;
}

export const ms = (value: number): string => `${Math.round(value)} ms`;
export const pct = (part: number, whole: number): string => `${whole === 0 ? 0 : Math.round((100 * part) / whole)}%`;
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function roundTime(roundId: number): string {
  return isUsableRound(roundId) ? new Date(roundId * 1000).toISOString().replace('.000Z', 'Z') : String(roundId);
}

/** `a, b and c` (at most `max` named, then `and N more`). */
export function listWords(items: readonly string[], max = 3): string {
  const named = items.slice(0, max);
  const rest = items.length - named.length;
  if (rest > 0) return `${named.join(', ')} and ${rest} more`;
  return named.length <= 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}
