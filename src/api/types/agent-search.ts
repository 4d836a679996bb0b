// Finding endpoint agents by what they are (v7's AgentSearchRequest in our words): filters
// (AND across keys, OR across one key's values, exact matches), when they last checked in,
// and an order. v7 answers it with POST /v7/endpoint/agents/filter; v6, which has no such
// operation, answers the keys its records hold by matching the agent list.

/** Filter keys of v7's AgentSearchFilters. */
export const ENDPOINT_AGENT_FILTER_KEYS = [
  'id',
  'agentName',
  'computerName',
  'platform',
  'osVersion',
  'username',
  'userPrincipalName',
  'serialNumber',
  'locationCountryISO',
  'locationSubdivision1Code',
  'locationCity',
  'licenseType',
  'anyConnectDeviceId',
] as const;
export type EndpointAgentFilterKey = (typeof ENDPOINT_AGENT_FILTER_KEYS)[number];

/** Sort keys of v7's AgentSearchSortKey. */
export const ENDPOINT_AGENT_SORT_KEYS = ['platform', 'osVersion', 'name', 'userName', 'city', 'serialNumber'] as const;
export type EndpointAgentSortKey = (typeof ENDPOINT_AGENT_SORT_KEYS)[number];

export interface EndpointAgentSearch {
  filters?: Readonly<Partial<Record<EndpointAgentFilterKey, readonly string[]>>>;
  /** Only agents that checked in at or after this moment. */
  seenSince?: Date;
  /** Only agents that checked in at or before this moment (quiet since). */
  seenBefore?: Date;
  sort?: readonly { key: EndpointAgentSortKey; order?: 'asc' | 'desc' }[];
}
