// Which fields belong where. The schema rejects unknown properties; for fields that
// belong to another test type or another action these tables let the semantic rules say
// where the field does belong instead of a bare "not allowed".
import type { EnterpriseTestType } from '../api/types';
import { TEST_TYPE_FIELDS } from '../api/types/test-type-fields';

export const TEST_TARGET_FIELDS: Readonly<Record<EnterpriseTestType, readonly string[]>> = {
  'agent-to-server': ['server'],
  'agent-to-agent': ['targetAgentId'],
  'dns-trace': ['domain'],
  'dns-server': ['domain'],
  'dns-dnssec': ['domain'],
  'http-server': ['url'],
  'page-load': ['url'],
  'web-transactions': ['url', 'transactionScript'],
  api: ['url', 'requests'],
  'ftp-server': ['url', 'requestType', 'username', 'password'],
  'sip-server': ['targetSipCredentials'],
  voice: ['targetAgentId'],
  bgp: ['prefix'],
};
export const ALL_TEST_TARGET_FIELDS = ['server', 'targetAgentId', 'domain', 'url', 'transactionScript'] as const;

/** Fields the service assigns: present in responses, never sent in a create or update. */
export const SERVICE_ASSIGNED_TEST_FIELDS = [
  'testId',
  'createdBy',
  'createdDate',
  'modifiedBy',
  'modifiedDate',
  'apiLinks',
  'savedEvent',
] as const;
/** Fields of an agent object in a test response; a request only carries agentId. */
/** Agent fields of test responses that a request does not carry (agentName may name an agent instead of its id). */
export const RESPONSE_AGENT_FIELDS = ['location', 'countryId', 'ipAddress', 'prefix', 'network', 'public'] as const;

export const HTTP_INSTANT_FIELDS = [
  'url',
  'sslVersion',
  'targetResponseTime',
  'verifyCertHostname',
  'authType',
  'username',
  'password',
  'httpTimeLimit',
  'networkProtocol',
  'tcpProbeMode',
  'pathtraceInSession',
] as const;
export const AGENT_TO_SERVER_INSTANT_FIELDS = ['serverName'] as const;
/** The fields a test type takes, as the vendor's OpenAPI names them (rule keys `field#n` name the field). */
export function vendorFieldsOf(type: EnterpriseTestType): string[] {
  return TEST_TYPE_FIELDS[type].fields.map((key) => key.split('#')[0]!);
}

/** Every field some enterprise test type takes. */
export const ALL_VENDOR_TEST_FIELDS: ReadonlySet<string> = new Set(
  (Object.keys(TEST_TYPE_FIELDS) as EnterpriseTestType[]).flatMap(vendorFieldsOf),
);

/** Instant-test fields that have no place in an enterprise test document (some test type's fields aside). */
export const INSTANT_ONLY_FIELDS = [
  ...AGENT_TO_SERVER_INSTANT_FIELDS,
  ...HTTP_INSTANT_FIELDS.filter((f) => f !== 'url'),
  'maxMachines',
  'groupId',
  'flagPing',
  'flagTraceroute',
  'port',
].filter((field) => !ALL_VENDOR_TEST_FIELDS.has(field));
/** Enterprise-test fields that have no place in an instant test document. */
export const ENTERPRISE_ONLY_FIELDS = [
  'interval',
  'agents',
  'enabled',
  'server',
  'domain',
  'targetAgentId',
  'transactionScript',
  'deployments',
] as const;

/**
 * Fields a semantic rule reports with a better message than "not allowed". The schemas
 * declare them (description + doNotSuggest), so VS Code's JSON service, which also reads
 * the schemas, does not flag them a second time; a unit test keeps the two in step.
 */
export const EXPLAINED_FOREIGN_FIELDS = {
  test: new Set<string>([...INSTANT_ONLY_FIELDS, ...SERVICE_ASSIGNED_TEST_FIELDS]),
  instant: new Set<string>([...ENTERPRISE_ONLY_FIELDS, 'testId']),
  agent: new Set<string>(RESPONSE_AGENT_FIELDS),
};
