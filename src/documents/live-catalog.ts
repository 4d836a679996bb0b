// What the connected account knows (cached live data), as the VS Code layer or the CLI
// hands it in. A list left undefined means "not loaded": its ids are then not checked.
import type { ApiVersion } from '../api/client';
import type { EnterpriseAgent } from '../api/types';

export interface CatalogAgent {
  agentId: string;
  name: string;
  location?: string;
  /** The network provider of its public address ("Comcast (AS7922)"), when the service says it (v7). */
  network?: string;
  /** Where this agent is known from ("the tests the service lists", ".netmon/agents.json"…). */
  source?: string;
}
export interface CatalogNetwork {
  networkId: string;
  name: string;
  detail?: string;
}
export interface CatalogAccountGroup {
  aid: string;
  name: string;
}

export interface LiveCatalog {
  /** Key of the connection this data came from; selects the deployments entry to check. */
  connectionKey?: string;
  /** Enterprise agents: the agents[].agentId and targetAgentId of test documents. */
  enterpriseAgents?: readonly CatalogAgent[];
  /**
   * True or absent when `enterpriseAgents` is every agent of the account (an unknown id is
   * then a warning); false when it is only what was learned (deployed tests, a catalog file), so an
   * unknown id is a hint that names where the list came from.
   */
  enterpriseAgentsComplete?: boolean;
  /** Endpoint agents: agentId search filters. */
  endpointAgents?: readonly CatalogAgent[];
  networks?: readonly CatalogNetwork[];
  accountGroups?: readonly CatalogAccountGroup[];
  locations?: readonly string[];
  ssids?: readonly string[];
}

export interface CatalogIndex {
  enterpriseAgents?: ReadonlyMap<string, CatalogAgent>;
  endpointAgents?: ReadonlyMap<string, CatalogAgent>;
  networks?: ReadonlyMap<string, CatalogNetwork>;
  accountGroups?: ReadonlyMap<string, CatalogAccountGroup>;
  locations?: ReadonlySet<string>;
  ssids?: ReadonlySet<string>;
}

const indexes = new WeakMap<LiveCatalog, CatalogIndex>();

/** Lookup maps over a catalog, built once per catalog object. */
export function indexCatalog(catalog: LiveCatalog): CatalogIndex {
  const cached = indexes.get(catalog);
  if (cached) return cached;
  const byKey = <T>(items: readonly T[] | undefined, key: (item: T) => string): Map<string, T> | undefined =>
    items && new Map(items.map((item) => [key(item), item]));
  const index: CatalogIndex = {
    enterpriseAgents: byKey(catalog.enterpriseAgents, (a) => normalizeId(a.agentId)),
    endpointAgents: byKey(catalog.endpointAgents, (a) => a.agentId),
    networks: byKey(catalog.networks, (n) => n.networkId),
    accountGroups: byKey(catalog.accountGroups, (g) => normalizeId(g.aid)),
    locations: catalog.locations && new Set(catalog.locations),
    ssids: catalog.ssids && new Set(catalog.ssids),
  };
  indexes.set(catalog, index);
  return index;
}

/** Numeric ids are written as numbers or numeric strings; compare them as digits. */
/** An id as the JSON a document holds: a number when it is digits, else a string. */
export function idLiteral(id: string | number): string {
  return /^[0-9]+$/.test(String(id)) ? String(Number(id)) : JSON.stringify(String(id));
}

export function normalizeId(id: string | number): string {
  const text = String(id).trim();
  return /^[0-9]+$/.test(text) ? String(Number(text)) : text;
}

export function describeAgent(agent: CatalogAgent): string {
  const where = [agent.location, agent.network].filter(Boolean).join('; ');
  const named = where ? `${agent.name} (${where})` : agent.name;
  return agent.source ? `${named} — from ${agent.source}` : named;
}

/** "the tests the service lists and .netmon/agents.json" */
export function agentSources(agents: readonly CatalogAgent[]): string {
  const sources = [...new Set(agents.map((a) => a.source).filter((s): s is string => s !== undefined))].sort();
  if (sources.length === 0) return 'the cached data of this connection';
  return sources.length === 1
    ? (sources[0] as string)
    : `${sources.slice(0, -1).join(', ')} and ${sources.at(-1) as string}`;
}

/**
 * Agents to offer for an id that is not one: the closest ids first (a typo or a neighbour's
 * id is usually near), none of those the document already uses.
 */
export function suggestAgents(
  agents: readonly CatalogAgent[],
  unknownId: string,
  used: ReadonlySet<string> = new Set(),
  count = 3,
): CatalogAgent[] {
  const target = Number(normalizeId(unknownId));
  const distance = (agent: CatalogAgent): number =>
    Number.isFinite(target) && /^[0-9]+$/.test(agent.agentId)
      ? Math.abs(Number(agent.agentId) - target)
      : Number.MAX_SAFE_INTEGER;
  return agents
    .filter((agent) => !used.has(normalizeId(agent.agentId)))
    .sort((a, b) => distance(a) - distance(b) || a.name.localeCompare(b.name))
    .slice(0, count);
}

/** Where the agents of `agentsFromList` are known from: the list the connection's dialect read. */
export function listedAgentsSource(apiVersion: ApiVersion): string {
  return `the service's agent list (GET /${apiVersion}/agents)`;
}

/**
 * The service's agent list (GET /v6/agents or /v7/agents), complete. `networkOf` reads an agent's
 * network provider (the analysis layer's reader, passed in: this layer imports no analysis).
 */
export function agentsFromList(
  agents: readonly EnterpriseAgent[],
  apiVersion: ApiVersion,
  networkOf: (agent: EnterpriseAgent) => string | undefined = () => undefined,
): CatalogAgent[] {
  const source = listedAgentsSource(apiVersion);
  return agents.map((agent) => {
    const network = networkOf(agent);
    return {
      agentId: String(agent.agentId),
      name: agent.agentName || `agent ${agent.agentId}`,
      ...(agent.location ? { location: agent.location } : {}),
      ...(network ? { network } : {}),
      source,
    };
  });
}

/** The agents deployed tests run from (learned: a service without the list has no other source). */
export function agentsOfTests(tests: readonly { agents: readonly unknown[] }[], source: string): CatalogAgent[] {
  return tests
    .flatMap((test) => test.agents)
    .flatMap((agent): CatalogAgent[] => {
      const { agentId, agentName, location } = (typeof agent === 'object' && agent !== null ? agent : {}) as Record<
        string,
        unknown
      >;
      if (typeof agentId !== 'number' && typeof agentId !== 'string') return [];
      return [
        {
          agentId: String(agentId),
          name: typeof agentName === 'string' ? agentName : `agent ${String(agentId)}`,
          ...(typeof location === 'string' ? { location } : {}),
          source,
        },
      ];
    });
}

/** One entry per agent id; the earlier list names it. */
export function mergeAgents(lists: readonly (readonly CatalogAgent[])[]): CatalogAgent[] {
  const byId = new Map<string, CatalogAgent>();
  for (const agent of lists.flat()) if (!byId.has(agent.agentId)) byId.set(agent.agentId, agent);
  return [...byId.values()].sort((a, b) => Number(a.agentId) - Number(b.agentId));
}
