// Inventory: private networks, endpoint agents (their directory and search) and enterprise
// agents. These lists are paged but take no time range, unlike the data read about them.
import { AgentDirectory } from './agent-directory';
import { callOnly, type ClientCalls, type DialectCalls } from './client-calls';
import type {
  CallOptions,
  CollectOptions,
  Formatted,
  FormatOptions,
  InventoryOptions,
  ListOptions,
  Paged,
  ResponseFormat,
} from './client';
import { segment } from './query';
import type {
  EndpointAgent,
  EndpointAgentSearch,
  EndpointAgentsResponse,
  EnterpriseAgent,
  EnterpriseAgentType,
  EnterpriseAgentsResponse,
  PrivateNetwork,
  PrivateNetworksResponse,
} from './types';
import { checkV6AgentSearch, matchV6AgentSearch } from './v6/agent-search';

/** Agents a search answers at most, unless the caller asks for more. */
const DEFAULT_FOUND_AGENTS = 1_000;

/** Inventory lists take no time range or format (the spec lists only `aid`). */
export function inventoryOptions(options: InventoryOptions): ListOptions {
  return { aid: options.aid, signal: options.signal, timeoutMs: options.timeoutMs, resumeFrom: options.resumeFrom };
}

export class InventoryReads {
  private directory: AgentDirectory | undefined;

  constructor(private readonly calls: ClientCalls & Pick<DialectCalls, 'firstPage'>) {}

  listNetworks(options: CallOptions): Promise<PrivateNetworksResponse> {
    return this.calls.firstPage<'json', PrivateNetworksResponse>((d) => d.networks(), callOnly(options));
  }

  networks(options: InventoryOptions): Paged<PrivateNetwork, PrivateNetworksResponse> {
    return this.calls.paged((d) => d.networks(), inventoryOptions(options));
  }

  listEndpointAgents<F extends ResponseFormat = 'json'>(
    options: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointAgentsResponse>> {
    return this.calls.firstPage((d) => d.endpointAgents(), options);
  }

  /** One per client, so every view of a connection shares what it has read. */
  agentDirectory(): AgentDirectory {
    return (this.directory ??= new AgentDirectory(this));
  }

  endpointAgents(options: InventoryOptions = {}): Paged<EndpointAgent, EndpointAgentsResponse> {
    return this.calls.paged((d) => d.endpointAgents(), inventoryOptions(options));
  }

  endpointAgent<F extends ResponseFormat = 'json'>(
    agentId: string,
    options: FormatOptions<F>,
  ): Promise<Formatted<F, EndpointAgent>> {
    segment(agentId);
    return this.calls.record((d) => d.endpointAgent(agentId), options);
  }

  async findEndpointAgents(
    search: EndpointAgentSearch,
    options: InventoryOptions & CollectOptions,
  ): Promise<EndpointAgent[]> {
    const dialect = await this.calls.dialect();
    const collect = { maxRecords: options.maxRecords ?? DEFAULT_FOUND_AGENTS };
    if (dialect.endpointAgentSearch) {
      const route = dialect.endpointAgentSearch(search);
      return (
        await this.calls
          .paged<EndpointAgent, EndpointAgentsResponse>(() => route, inventoryOptions(options))
          .collect(collect)
      ).records;
    }
    checkV6AgentSearch(search);
    return matchV6AgentSearch(await this.agentDirectory().refresh(options.signal), search).slice(0, collect.maxRecords);
  }

  enterpriseAgents(
    options: InventoryOptions & { agentTypes?: readonly EnterpriseAgentType[] },
  ): Paged<EnterpriseAgent, EnterpriseAgentsResponse> {
    return this.calls.paged((d) => d.enterpriseAgents(options.agentTypes), inventoryOptions(options));
  }

  enterpriseAgent(agentId: number, options: CallOptions): Promise<EnterpriseAgent> {
    return this.calls.record<'json', EnterpriseAgent>((d) => d.enterpriseAgent(agentId), callOnly(options));
  }
}
