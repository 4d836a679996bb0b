// The hover/focus details card: every value from the API is text (el() → textContent).
import { el } from '../shared/dom';
import { avgMs, linkDelayMs, lossPct, type HopLink, type HopNode } from '../../src/analysis/path';
import { starPosition } from '../../src/analysis/path/merge';

const ms = (value: number | undefined): string => (value === undefined ? '—' : `${value.toFixed(1)} ms`);

/** `findSessions`: asks for the user sessions of the agents through the node around this round. */
export function nodeDetails(
  node: HopNode,
  agentName: (id: string) => string,
  findSessions?: (agentIds: string[], hop: string) => void,
): HTMLElement {
  const stats = node.stats;
  const replied = stats.replies > 0;
  const title =
    node.kind === 'agent'
      ? agentName(node.id.slice('agent:'.length))
      : node.kind === 'star'
        ? 'No response (*)'
        : node.kind === 'group'
          ? `${node.groupKey ?? 'Group'} · ${node.members?.length ?? 0} hops`
          : (node.ip ?? node.id);
  const rows: [string, string | undefined][] = [
    ['IP', node.ip],
    ['Prefix', node.prefix],
    ['rDNS', node.rdns],
    ['Network', node.network],
    ['Location', node.location],
    [
      'Response time',
      node.kind === 'agent'
        ? undefined
        : stats.timed > 0
          ? `${ms(avgMs(stats))} (best ${ms(stats.bestMs)}, worst ${ms(stats.worstMs)})`
          : replied
            ? 'answered, time not reported'
            : 'no reply',
    ],
    [
      'Loss',
      node.kind === 'agent'
        ? undefined
        : `${lossPct(stats).toFixed(1)} % of ${stats.samples} traces` +
          (stats.endedHere ? ` (${stats.endedHere} ended here)` : ''),
    ],
    ['MPLS', node.mpls.length ? node.mpls.join(', ') : undefined],
    ['Routing loop', node.loopOf && node.routingLoop ? `repeats ${node.loopOf} on the same route` : undefined],
    [
      'Answers again',
      node.loopOf && !node.routingLoop
        ? `${node.loopOf} answers again on the same route (one router answering several TTLs), not a loop`
        : undefined,
    ],
    ['Agents', node.kind === 'agent' ? undefined : `${node.agents.length}`],
    ['Hop', node.kind === 'agent' ? undefined : `${node.minHop}`],
    [
      'Members',
      node.members
        ? node.members
            .slice(0, 8)
            .map((id) => (starPosition(id) ? '*' : id))
            .join(', ') + (node.members.length > 8 ? ', …' : '')
        : undefined,
    ],
  ];
  const shown = card(title, node.isTarget ? 'Target' : kindLabel(node), rows);
  const agentIds = node.kind === 'agent' ? [node.id.slice('agent:'.length)] : node.agents;
  if (findSessions && agentIds.length > 0) {
    const label =
      node.kind === 'agent'
        ? 'User sessions of this agent around this round'
        : `User sessions of the ${agentIds.length} agent${agentIds.length === 1 ? '' : 's'} through this hop`;
    const button = el('button', { type: 'button', class: 'sessions-link' }, label);
    button.addEventListener('click', () => findSessions(agentIds, title));
    shown.append(button);
  }
  return shown;
}

export function linkDetails(link: HopLink, from: string, to: string): HTMLElement {
  return card(`${from} → ${to}`, link.mpls ? 'Link · MPLS tunnel' : 'Link', [
    ['Delay', ms(linkDelayMs(link))],
    ['Traces', `${link.samples}`],
    ['Agents', `${link.agents.length}`],
    ['Routes (ECMP)', `${link.pathIds.length}`],
  ]);
}

function kindLabel(node: HopNode): string {
  switch (node.kind) {
    case 'agent':
      return 'Agent';
    case 'star':
      return 'Unresponsive hop';
    case 'group':
      return 'Group';
    default:
      return node.stats.replies === 0 ? 'Hop (no reply)' : 'Hop';
  }
}

function card(title: string, kind: string, rows: [string, string | undefined][]): HTMLElement {
  const list = el('dl');
  for (const [name, value] of rows) {
    if (value === undefined || value === '') continue;
    list.append(el('dt', {}, name), el('dd', { 'data-field': name }, value));
  }
  return el(
    'div',
    { class: 'card' },
    el('div', { class: 'card-kind' }, kind),
    el('div', { class: 'card-title' }, title),
    list,
  );
}
