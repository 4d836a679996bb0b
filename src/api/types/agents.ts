// Enterprise agents (v6 /agents): the agents scheduled tests run from. The spec names the
// area without its operations; the fields are those the spec shows for agents inside tests.
import type { Open, OpenEnum, Pages } from './common';

export const ENTERPRISE_AGENT_TYPES = ['ENTERPRISE', 'CLOUD', 'ENTERPRISE_CLUSTER'] as const;
export type EnterpriseAgentType = (typeof ENTERPRISE_AGENT_TYPES)[number];

export type EnterpriseAgent = Open<{
  agentId: number;
  agentName: string;
  /** "Cloud", "Enterprise" or "Enterprise Cluster" as the service spells it. */
  agentType?: OpenEnum<'Cloud' | 'Enterprise' | 'Enterprise Cluster'>;
  location?: string;
  countryId?: string;
  ipAddresses?: string[];
  prefix?: string;
  network?: string;
  /**
   * v7: the provider of the agent's public prefix, as the service sends it (absent from the
   * vendor's OpenAPI 7.0.85, sent live): `{ name, asn, type }`, or an array of such; kept as
   * sent, read by analysis/agents/network-provider.
   */
  networkProviderInfo?: unknown;
  enabled?: boolean;
  /** The test-embedded form's flag: 1 for a cloud agent. */
  public?: 0 | 1;
}>;

export interface EnterpriseAgentsResponse {
  agents: EnterpriseAgent[];
  pages?: Pages;
}
