// Which fields an endpoint test document carries per type, which of them v7 changes in place
// (PATCH), and which a create sends but the service never answers. One table: the schema
// (schemas/netmon-endpoint-test.schema.json) lists the same fields, a unit test checks it.
import type { ManagedEndpointTestType } from '../../api/types';

/** The document's own fields: what to run it on, and where it is deployed. */
export const SELECTION_FIELDS = ['agentLabels', 'agents', 'maxMachines'] as const;
export const DOCUMENT_ONLY_FIELDS = ['$schema', 'type', 'aid', 'deployments', 'markedForDeletion'] as const;

/** Sent as written, per type, besides testName and interval (the vendor's request schemas). */
export const TARGET_FIELDS: Readonly<Record<ManagedEndpointTestType, readonly string[]>> = {
  'agent-to-server': ['server', 'port', 'protocol', 'ipVersion', 'isPrioritized'],
  'http-server': [
    'url',
    'protocol',
    'tcpProbeMode',
    'authType',
    'username',
    'password',
    'httpTimeLimit',
    'sslVersionId',
    'verifyCertificate',
    'networkMeasurements',
    'hasPing',
    'hasTraceroute',
    'targetResponseTime',
    'hasPathTraceInSession',
    'ipVersion',
    'isPrioritized',
  ],
  dynamic: ['application', 'protocol', 'tcpProbeMode', 'hasPathTraceInSession', 'ipVersion', 'isPrioritized'],
};

/** What PATCH changes in place (the vendor's *TestUpdate schemas); any other change replaces the test. */
export const UPDATABLE_FIELDS: Readonly<Record<ManagedEndpointTestType, readonly string[]>> = {
  'agent-to-server': ['testName', 'interval', 'protocol', 'server', 'port'],
  'http-server': ['testName', 'interval', 'protocol', 'tcpProbeMode', 'url'],
  dynamic: ['testName', 'interval', 'protocol', 'tcpProbeMode', 'application'],
};

/** Sent on create, never answered: a plan cannot compare them, an import cannot write them. */
export const WRITE_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'hasPing',
  'hasTraceroute',
  'targetResponseTime',
]);

/** The field each type needs. */
export const REQUIRED_TARGET: Readonly<Record<ManagedEndpointTestType, string>> = {
  'agent-to-server': 'server',
  'http-server': 'url',
  dynamic: 'application',
};

export const ALL_TARGET_FIELDS: readonly string[] = [...new Set(Object.values(TARGET_FIELDS).flat())];
