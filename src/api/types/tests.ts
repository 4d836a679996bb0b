// Enterprise tests as test management creates, updates and lists them.
import type { Open, OpenEnum } from './common';

/** The spec's (v6) eight types, DNSSEC under its v6 name, then the five that only v7 has. */
export const ENTERPRISE_TEST_TYPES = [
  'agent-to-server',
  'agent-to-agent',
  'dns-trace',
  'dns-server',
  'dns-dnssec',
  'http-server',
  'page-load',
  'web-transactions',
  'api',
  'ftp-server',
  'sip-server',
  'voice',
  'bgp',
] as const;
export type EnterpriseTestType = (typeof ENTERPRISE_TEST_TYPES)[number];

/** Test types API v6 does not have: an account that speaks v6 cannot create, update or delete them. */
export const V7_ONLY_TEST_TYPES = [
  'api',
  'ftp-server',
  'sip-server',
  'voice',
  'bgp',
] as const satisfies readonly EnterpriseTestType[];

export function isV7OnlyTestType(type: string): boolean {
  return (V7_ONLY_TEST_TYPES as readonly string[]).includes(type);
}

/**
 * Fields a create takes and an answer never shows (secrets, tags): nothing can compare or
 * import them from a deployed test.
 */
export const WRITE_ONLY_TEST_FIELDS: ReadonlySet<string> = new Set(['tags', 'password', 'clientCertificate']);

/** The sentence a v6 account gets for a v7-only test type. */
export function typeNeedsV7(type: string): string {
  return `${type} tests need the current API (v7); this account speaks API v6`;
}

/**
 * DNSSEC is `dns-dnssec` in the spec (v6) and `dnssec` in v7: documents accept both and mean
 * the same test; the domain type is the v6 name and each dialect sends its own.
 */
export function canonicalTestType(type: string): string {
  return type === 'dnssec' ? 'dns-dnssec' : type;
}

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

export interface AgentRef {
  agentId: number | string;
}

/** POST /v7/tests/{type} body: the target depends on the test type. */
export interface EnterpriseTestCreate {
  testName: string;
  /** Every type but bgp, which runs from monitors: no interval, no agents. */
  interval?: number;
  agents?: AgentRef[];
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

export interface EnterpriseTestResponse {
  test: EnterpriseTest[];
}
