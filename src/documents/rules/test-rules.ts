// Semantic rules of enterprise test documents: what the schema cannot say because it
// depends on the test type, plus fields copied from another action or a response.
import type { Node } from 'jsonc-parser';
import {
  ENDPOINT_TEST_INTERVALS as TEST_INTERVALS,
  ENTERPRISE_TEST_TYPES,
  canonicalTestType,
  type EnterpriseTestType,
} from '../../api/types';
import type { DiagnosticSink } from '../diagnostic';
import {
  ALL_VENDOR_TEST_FIELDS,
  INSTANT_ONLY_FIELDS,
  RESPONSE_AGENT_FIELDS,
  SERVICE_ASSIGNED_TEST_FIELDS,
  TEST_TARGET_FIELDS,
  vendorFieldsOf,
} from '../fields';
import { arrayItems, idText, propertyKey, propertyValue, stringValue } from '../tree';
import { hostTargetProblem, urlSchemeProblem } from './addresses';

export function isEnterpriseTestType(value: unknown): value is EnterpriseTestType {
  return typeof value === 'string' && (ENTERPRISE_TEST_TYPES as readonly string[]).includes(value);
}

/** A document's `type` as the domain names it: `dnssec` (v7's name) is `dns-dnssec`. */
export function documentTestType(value: unknown): EnterpriseTestType | undefined {
  const type = typeof value === 'string' ? canonicalTestType(value) : undefined;
  return isEnterpriseTestType(type) ? type : undefined;
}

/** Fields the documents themselves define for every type, whatever the vendor says. */
const DOCUMENT_FIELDS = new Set(['type', 'testName', 'deployments', 'markedForDeletion', '$schema', 'aid']);
/** BGP tests run from monitors, not agents, and have no interval; every other type has both. */
const AGENTS_AND_INTERVAL = ['agents', 'interval'];

export function checkTestDocument(root: Node, sink: DiagnosticSink): void {
  const typeNode = propertyValue(root, 'type');
  const type = documentTestType(stringValue(typeNode));
  if (typeNode && type) {
    checkTargets(root, typeNode, type, sink);
    checkFieldsOfOtherTypes(root, type, sink);
  }
  checkForeignFields(root, sink);
  checkAgents(root, sink);
  checkServer(root, sink);
  checkUrl(root, type, sink);
  checkInterval(root, sink);
}

/**
 * The intervals the service accepts, as an error (the schema has no enum for them: VS Code's JSON
 * support would offer its values sorted as text and report a refused one as a mere warning).
 */
function checkInterval(root: Node, sink: DiagnosticSink): void {
  const node = propertyValue(root, 'interval');
  if (
    node?.type !== 'number' ||
    !Number.isInteger(node.value) ||
    (TEST_INTERVALS as readonly number[]).includes(node.value as number)
  )
    return;
  sink.atNode(
    node,
    'error',
    'test/interval',
    `"interval" must be one of ${TEST_INTERVALS.join(', ')} seconds: the service refuses ${String(node.value)}`,
  );
}

function typesUsing(field: string): EnterpriseTestType[] {
  return ENTERPRISE_TEST_TYPES.filter((t) => vendorFieldsOf(t).includes(field));
}

function checkTargets(root: Node, typeNode: Node, type: EnterpriseTestType, sink: DiagnosticSink): void {
  for (const field of TEST_TARGET_FIELDS[type]) {
    if (!propertyKey(root, field))
      sink.atNode(typeNode, 'error', 'test/target-missing', `${type} tests need "${field}"`);
  }
  if (type === 'bgp') return;
  for (const field of AGENTS_AND_INTERVAL) {
    if (!propertyKey(root, field))
      sink.atNode(typeNode, 'error', 'test/target-missing', `${type} tests need "${field}"`);
  }
}

/** A field that another test type takes: say which, rather than a bare "not allowed". */
function checkFieldsOfOtherTypes(root: Node, type: EnterpriseTestType, sink: DiagnosticSink): void {
  const own = new Set(vendorFieldsOf(type));
  for (const property of root.children ?? []) {
    const key = property.children?.[0];
    const field = typeof key?.value === 'string' ? key.value : undefined;
    if (
      !key ||
      field === undefined ||
      own.has(field) ||
      DOCUMENT_FIELDS.has(field) ||
      !ALL_VENDOR_TEST_FIELDS.has(field)
    )
      continue;
    const owners = typesUsing(field);
    const targets = TEST_TARGET_FIELDS[type].map((w) => `"${w}"`).join(' and ');
    const ownerList = owners.length > 4 ? `${owners.slice(0, 4).join(', ')} and other` : owners.join(', ');
    sink.atNode(
      key,
      'error',
      'test/field-of-other-type',
      `"${field}" belongs to ${ownerList} tests; ${type} tests ${targets === '' ? 'do not take it' : `use ${targets}`}`,
    );
  }
}

function checkForeignFields(root: Node, sink: DiagnosticSink): void {
  for (const field of INSTANT_ONLY_FIELDS) {
    const key = propertyKey(root, field);
    if (key)
      sink.atNode(
        key,
        'error',
        'test/field-of-instant-test',
        `"${field}" belongs to endpoint instant tests (.netmon-instant.json), not enterprise tests`,
      );
  }
  for (const field of SERVICE_ASSIGNED_TEST_FIELDS) {
    const key = propertyKey(root, field);
    if (key)
      sink.atNode(
        key,
        'error',
        'test/service-assigned-field',
        `"${field}" is assigned by the service and cannot be sent; the deployed test is recorded in "deployments"`,
      );
  }
}

function checkAgents(root: Node, sink: DiagnosticSink): void {
  const seen = new Set<string>();
  const targetAgent = idText(propertyValue(root, 'targetAgentId'));
  for (const agent of arrayItems(propertyValue(root, 'agents'))) {
    for (const field of RESPONSE_AGENT_FIELDS) {
      const key = propertyKey(agent, field);
      if (key)
        sink.atNode(
          key,
          'error',
          'test/agent-response-field',
          `"${field}" comes from a test response; an agent in a request carries only agentId (or agentName)`,
        );
    }
    const nameKey = propertyKey(agent, 'agentName');
    if (nameKey && propertyKey(agent, 'agentId'))
      sink.atNode(nameKey, 'error', 'test/agent-id-and-name', 'Give agentId or agentName, not both');
    const idNode = propertyValue(agent, 'agentId');
    const id = idText(idNode);
    if (!idNode || id === undefined) continue;
    const normalized = String(Number(id));
    if (seen.has(normalized)) sink.atNode(idNode, 'warning', 'test/duplicate-agent', `Agent ${id} is listed twice`);
    seen.add(normalized);
    if (targetAgent !== undefined && String(Number(targetAgent)) === normalized) {
      sink.atNode(
        idNode,
        'error',
        'test/target-agent-in-agents',
        `Agent ${id} is the target (targetAgentId) and cannot test itself`,
      );
    }
  }
}

function checkServer(root: Node, sink: DiagnosticSink): void {
  const serverNode = propertyValue(root, 'server');
  const server = stringValue(serverNode);
  if (!serverNode || !server) return;
  const problem = hostTargetProblem(server, true);
  if (problem) sink.atNode(serverNode, 'error', 'test/server-address', `"server" ${problem}`);
}

function checkUrl(root: Node, type: EnterpriseTestType | undefined, sink: DiagnosticSink): void {
  const urlNode = propertyValue(root, 'url');
  const problem = urlSchemeProblem(
    stringValue(urlNode) ?? '',
    type === 'ftp-server' ? ['ftp', 'ftps', 'sftp'] : ['http', 'https'],
  );
  if (urlNode && problem) sink.atNode(urlNode, 'error', 'test/url-scheme', `"url" ${problem}`);
}
