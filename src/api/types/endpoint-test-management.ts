// Endpoint tests as code (v7 only): scheduled agent-to-server and http-server tests and
// dynamic tests, created, updated (PATCH) and deleted, and the endpoint agent labels that
// select their agents.

/** What an endpoint test document's `type` names: the two scheduled types and v7's dynamic (agent-to-server) test. */
export const MANAGED_ENDPOINT_TEST_TYPES = ['agent-to-server', 'http-server', 'dynamic'] as const;
export type ManagedEndpointTestType = (typeof MANAGED_ENDPOINT_TEST_TYPES)[number];

export const ENDPOINT_AGENT_SELECTOR_TYPES = ['all-agents', 'specific-agents', 'agent-labels'] as const;
export type EndpointAgentSelectorType = (typeof ENDPOINT_AGENT_SELECTOR_TYPES)[number];

/** Which endpoint agents run a test: all (up to maxMachines), the listed agents, or the agents of labels. */
export interface EndpointAgentSelector {
  agentSelectorType: EndpointAgentSelectorType;
  maxMachines?: number;
  /** Agent ids (uuid), for specific-agents. */
  agents?: string[];
  /** Label ids, for agent-labels. */
  endpointAgentLabels?: string[];
}

/** A managed endpoint test as v7 answers it, its agent selection flattened. */
export interface ManagedEndpointTest {
  type: ManagedEndpointTestType;
  testId: number;
  testName: string;
  interval: number;
  isEnabled: boolean;
  agentSelector: EndpointAgentSelector;
  /** Every other field v7 answered (server, port, url, application, protocol …), as answered. */
  fields: Readonly<Record<string, unknown>>;
}

export type EndpointLabelFilter = { key: string; values: string[]; mode?: 'in' | 'not-in' };

export interface EndpointLabel {
  id: string;
  name: string;
  color?: string;
  matchType?: 'and' | 'or';
  filters: EndpointLabelFilter[];
}

export const ENDPOINT_TESTS_AS_CODE_NEED_V7 =
  'Endpoint tests as code and endpoint labels need the current API (v7): this account speaks API v6, where ' +
  'endpoint tests are read-only.';
