// Enterprise tests as test management creates, updates and lists them.
import type { Open, OpenEnum } from './common';

export const ENTERPRISE_TEST_TYPES = [
  'agent-to-server', 'agent-to-agent', 'dns-trace', 'dns-server', 'dns-dnssec',
  'http-server', 'page-load', 'web-transactions',
] as const;
export type EnterpriseTestType = (typeof ENTERPRISE_TEST_TYPES)[number];

// ---------- enterprise tests (test management) ----------

export interface TestAgent {
  agentId: number;
  agentName: string;
  location: string;
  countryId: string;
  ipAddress: string;
  prefix: string;
  network: string;
  public: 0 | 1;
}

export type EnterpriseTest = Open<{
  testId: number;
  testName: string;
  type: OpenEnum<EnterpriseTestType>;
  interval: number;
  enabled: 0 | 1;
  server?: string;
  url?: string;
  domain?: string;
  targetAgentId?: number;
  transactionScript?: string;
  agents: Open<TestAgent>[];
  createdBy: string;
  createdDate: string;
  modifiedBy?: string;
  modifiedDate?: string;
}>;

export interface AgentRef { agentId: number | string }

/** POST /v7/tests/{type} body: the target depends on the test type. */
export interface EnterpriseTestCreate {
  testName: string;
  interval: number;
  agents: AgentRef[];
  server?: string;
  url?: string;
  domain?: string;
  targetAgentId?: number;
  transactionScript?: string;
  [extra: string]: unknown;
}

/** PUT /v7/tests/{type}/{id}: only these three fields can change. */
export interface EnterpriseTestUpdate {
  testName?: string;
  interval?: number;
  agents?: AgentRef[];
}

export interface EnterpriseTestResponse { test: EnterpriseTest[] }
