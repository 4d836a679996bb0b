// Which endpoint agents an endpoint label holds, decided from the agents' own fields for the
// filter keys they carry (agent-id, platform, hostname); a label that filters on anything
// else (networks, VPN, SSID …) is decided by the service alone, and says which key.
import type { EndpointAgent, EndpointLabel, EndpointLabelFilter } from '../../api/types';

export type LabelMembership<T> = { decided: true; members: T[] } | { decided: false; key: string };

const FIELDS: Readonly<Record<string, (agent: EndpointAgent) => string | undefined>> = {
  'agent-id': (agent) => agent.agentId,
  platform: (agent) => agent.platform,
  hostname: (agent) => agent.computerName,
};

function matches(filter: EndpointLabelFilter, agent: EndpointAgent): boolean {
  const value = FIELDS[filter.key]?.(agent);
  const listed = value !== undefined && filter.values.some((v) => v.toLowerCase() === value.toLowerCase());
  return filter.mode === 'not-in' ? !listed : listed;
}

export function labelMembers<T extends EndpointAgent>(label: EndpointLabel, agents: readonly T[]): LabelMembership<T> {
  const unknown = label.filters.find((filter) => FIELDS[filter.key] === undefined);
  if (unknown) return { decided: false, key: unknown.key };
  if (label.filters.length === 0) return { decided: true, members: [] };
  const all = label.matchType === 'and';
  return {
    decided: true,
    members: agents.filter((agent) =>
      all ? label.filters.every((f) => matches(f, agent)) : label.filters.some((f) => matches(f, agent)),
    ),
  };
}
