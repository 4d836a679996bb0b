// Names to the ids the API filters on: agents by the agent search the quick pick uses,
// networks by name. The answer says which names matched what.
import type { PrivateNetwork, SearchFilter } from '../api/types';
import { AgentSearch } from '../analysis/agents/search';
import { ID_TYPES, idString } from './args';
import { outside } from './fence';
import { ToolInputError, type ToolContext } from './types';

/** Agents one name may stand for in a filter (a name matching more is too vague). */
const MAX_AGENTS_PER_NAME = 10;
const MAX_NETWORKS = 2000;

export const FILTER_PROPERTIES = {
  agent: {
    type: ID_TYPES,
    minLength: 1,
    maxLength: 100,
    minimum: 0,
    description: 'Only this endpoint agent: its computer name (or part of it) or id.',
  },
  site: {
    type: 'string',
    minLength: 1,
    maxLength: 253,
    description: 'Only sessions to this visited site (a host name, e.g. zoom.us).',
  },
  network: {
    type: ID_TYPES,
    minLength: 1,
    maxLength: 100,
    minimum: 0,
    description: 'Only sessions on this local network: its name (or part of it) or id.',
  },
} as const;

export interface NamedFilters {
  filters: SearchFilter[];
  said: string[];
}

export async function filtersFromNames(args: Record<string, unknown>, ctx: ToolContext): Promise<NamedFilters> {
  const filters: SearchFilter[] = [];
  const said: string[] = [];
  const { client } = ctx.account;
  const agent = idString(args, 'agent');
  if (agent !== undefined) {
    const query = agent;
    const directory = await client.agentDirectory().ready(ctx.signal);
    const search = new AgentSearch(directory.agents());
    const resolved = search.resolve(query);
    const matches = resolved.agent
      ? [{ agent: resolved.agent, name: String(resolved.agent.computerName ?? resolved.agent.agentId) }]
      : search.search(query, MAX_AGENTS_PER_NAME + 1);
    if (matches.length === 0)
      throw new ToolInputError('no endpoint agent matches the name quoted below; find_agent lists agents by name', [
        query,
      ]);
    if (matches.length > MAX_AGENTS_PER_NAME)
      throw new ToolInputError(
        `the name quoted below matches more than ${MAX_AGENTS_PER_NAME} agents; name one (find_agent lists them)`,
        [query],
      );
    filters.push({ key: 'agentId', values: matches.map((m) => String(m.agent.agentId)) });
    said.push(`agent ${matches.map((m) => `${outside(m.name, 100)} (${String(m.agent.agentId)})`).join(', ')}`);
  }
  if (typeof args['site'] === 'string') {
    filters.push({ key: 'visitedSite', values: [args['site']] });
    said.push(`site ${outside(args['site'], 253)}`);
  }
  const network = idString(args, 'network');
  if (network !== undefined) {
    const wanted = network.toLowerCase();
    const { records } = await client
      .networks(ctx.signal ? { signal: ctx.signal } : {})
      .collect({ maxRecords: MAX_NETWORKS });
    const matching = records
      .filter(
        (n: PrivateNetwork) =>
          String(n.networkId) === network ||
          String(n.networkName ?? '')
            .toLowerCase()
            .includes(wanted),
      )
      .slice(0, MAX_AGENTS_PER_NAME);
    if (matching.length === 0) throw new ToolInputError('no local network matches the name quoted below', [network]);
    filters.push({ key: 'networkId', values: matching.map((n) => String(n.networkId)) });
    said.push(`network ${matching.map((n) => `${outside(n.networkName, 100)} (${String(n.networkId)})`).join(', ')}`);
  }
  return { filters, said };
}
