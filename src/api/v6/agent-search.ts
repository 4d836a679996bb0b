// v6 has no agent filter operation: the keys its agent records hold are matched here, over
// the agent list (exact id and names, platform from the OS, case-insensitive OS prefix, as
// v7 matches them). What v6 records do not hold (check-in times, users, serial numbers,
// places, licences) is refused in one sentence before anything is read.
import { InvalidFilterError } from '../errors';
import type { EndpointAgent, EndpointAgentSearch } from '../types';

const V6_KEYS: Readonly<Record<string, (agent: EndpointAgent, value: string) => boolean>> = {
  id: (a, v) => String(a.agentId) === v,
  agentName: (a, v) => String(a.agentName ?? a.computerName) === v,
  computerName: (a, v) => String(a.computerName) === v,
  platform: (a, v) => platformOf(a) === v,
  osVersion: (a, v) => String(a.osVersion).toLowerCase().startsWith(v.toLowerCase()),
};
const V6_SORTS: Readonly<Record<string, (agent: EndpointAgent) => string>> = {
  platform: platformOf,
  osVersion: (a) => String(a.osVersion),
  name: (a) => String(a.computerName),
};

function platformOf(agent: EndpointAgent): string {
  const os = String(agent.platform ?? agent.osVersion ?? '').toLowerCase();
  return os.startsWith('mac') ? 'mac' : os.includes('windows') ? 'windows' : os === 'linux' ? 'linux' : 'unknown';
}

function needsV7(key: string, what = key): InvalidFilterError {
  return new InvalidFilterError({
    method: 'GET',
    path: '/v6/endpoint-agents',
    filterKey: key,
    reason:
      `finding endpoint agents by ${what} needs API v7 (POST /v7/endpoint/agents/filter); ` +
      'this account speaks API v6',
  });
}

/** Throws before any read when the search asks what v6 records cannot answer. */
export function checkV6AgentSearch(search: EndpointAgentSearch): void {
  const unanswerable = Object.keys(search.filters ?? {}).find((key) => !Object.hasOwn(V6_KEYS, key));
  if (unanswerable !== undefined) throw needsV7(unanswerable);
  if (search.seenSince !== undefined || search.seenBefore !== undefined) throw needsV7('lastSeen', 'last check-in');
  const sort = (search.sort ?? []).find(({ key }) => !Object.hasOwn(V6_SORTS, key));
  if (sort) throw needsV7(`sort ${sort.key}`, `sorting on ${sort.key}`);
}

export function matchV6AgentSearch(agents: readonly EndpointAgent[], search: EndpointAgentSearch): EndpointAgent[] {
  checkV6AgentSearch(search);
  const filters = Object.entries(search.filters ?? {});
  const kept = agents.filter((agent) =>
    filters.every(([key, values]) => (values ?? []).some((value) => V6_KEYS[key]?.(agent, value) === true)),
  );
  const terms = search.sort ?? [];
  if (terms.length === 0) return kept;
  return kept.sort((a, b) => {
    for (const { key, order } of terms) {
      const read = V6_SORTS[key] as (agent: EndpointAgent) => string;
      const by = read(a).localeCompare(read(b));
      if (by !== 0) return order === 'desc' ? -by : by;
    }
    return 0;
  });
}
