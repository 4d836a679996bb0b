// Semantic rules of enterprise test documents: what the schema cannot say because it
// depends on the test type, plus fields copied from another action or a response.
import type { Node } from 'jsonc-parser';
import { ENDPOINT_TEST_INTERVALS as TEST_INTERVALS, ENTERPRISE_TEST_TYPES, type EnterpriseTestType } from '../../api/types';
import type { DiagnosticSink } from '../diagnostic';
import {
  ALL_TEST_TARGET_FIELDS, INSTANT_ONLY_FIELDS, RESPONSE_AGENT_FIELDS, SERVICE_ASSIGNED_TEST_FIELDS, TEST_TARGET_FIELDS,
} from '../fields';
import { arrayItems, idText, propertyKey, propertyValue, stringValue } from '../tree';
import { hostTargetProblem, urlSchemeProblem } from './addresses';

export function isEnterpriseTestType(value: unknown): value is EnterpriseTestType {
  return typeof value === 'string' && (ENTERPRISE_TEST_TYPES as readonly string[]).includes(value);
}

export function checkTestDocument(root: Node, sink: DiagnosticSink): void {
  const typeNode = propertyValue(root, 'type');
  const type = stringValue(typeNode);
  if (typeNode && isEnterpriseTestType(type)) checkTargets(root, typeNode, type, sink);
  checkForeignFields(root, sink);
  checkAgents(root, sink);
  checkServer(root, sink);
  checkUrl(root, sink);
  checkInterval(root, sink);
}

/**
 * The intervals the service accepts, as an error (the schema has no enum for them: VS Code's JSON
 * support would offer its values sorted as text and report a refused one as a mere warning).
 */
function checkInterval(root: Node, sink: DiagnosticSink): void {
  const node = propertyValue(root, 'interval');
  if (node?.type !== 'number' || !Number.isInteger(node.value) || (TEST_INTERVALS as readonly number[]).includes(node.value as number)) return;
  sink.atNode(node, 'error', 'test/interval', `"interval" must be one of ${TEST_INTERVALS.join(', ')} seconds: the service refuses ${String(node.value)}`);
}

function typesUsing(field: string): EnterpriseTestType[] {
  return ENTERPRISE_TEST_TYPES.filter((t) => TEST_TARGET_FIELDS[t].includes(field));
}

function checkTargets(root: Node, typeNode: Node, type: EnterpriseTestType, sink: DiagnosticSink): void {
  const wanted = TEST_TARGET_FIELDS[type];
  for (const field of wanted) {
    if (!propertyKey(root, field)) sink.atNode(typeNode, 'error', 'test/target-missing', `${type} tests need "${field}"`);
  }
  for (const field of ALL_TEST_TARGET_FIELDS) {
    const key = propertyKey(root, field);
    if (!key || wanted.includes(field)) continue;
    sink.atNode(key, 'error', 'test/field-of-other-type',
      `"${field}" belongs to ${typesUsing(field).join(', ')} tests; ${type} tests use ${wanted.map((w) => `"${w}"`).join(' and ')}`);
  }
}

function checkForeignFields(root: Node, sink: DiagnosticSink): void {
  for (const field of INSTANT_ONLY_FIELDS) {
    const key = propertyKey(root, field);
    if (key) sink.atNode(key, 'error', 'test/field-of-instant-test', `"${field}" belongs to endpoint instant tests (.netmon-instant.json), not enterprise tests`);
  }
  for (const field of SERVICE_ASSIGNED_TEST_FIELDS) {
    const key = propertyKey(root, field);
    if (key) sink.atNode(key, 'error', 'test/service-assigned-field', `"${field}" is assigned by the service and cannot be sent; the deployed test is recorded in "deployments"`);
  }
}

function checkAgents(root: Node, sink: DiagnosticSink): void {
  const seen = new Set<string>();
  const targetAgent = idText(propertyValue(root, 'targetAgentId'));
  for (const agent of arrayItems(propertyValue(root, 'agents'))) {
    for (const field of RESPONSE_AGENT_FIELDS) {
      const key = propertyKey(agent, field);
      if (key) sink.atNode(key, 'error', 'test/agent-response-field', `"${field}" comes from a test response; an agent in a request carries only agentId (or agentName)`);
    }
    const nameKey = propertyKey(agent, 'agentName');
    if (nameKey && propertyKey(agent, 'agentId')) sink.atNode(nameKey, 'error', 'test/agent-id-and-name', 'Give agentId or agentName, not both');
    const idNode = propertyValue(agent, 'agentId');
    const id = idText(idNode);
    if (!idNode || id === undefined) continue;
    const normalized = String(Number(id));
    if (seen.has(normalized)) sink.atNode(idNode, 'warning', 'test/duplicate-agent', `Agent ${id} is listed twice`);
    seen.add(normalized);
    if (targetAgent !== undefined && String(Number(targetAgent)) === normalized) {
      sink.atNode(idNode, 'error', 'test/target-agent-in-agents', `Agent ${id} is the target (targetAgentId) and cannot test itself`);
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

function checkUrl(root: Node, sink: DiagnosticSink): void {
  const urlNode = propertyValue(root, 'url');
  const problem = urlSchemeProblem(stringValue(urlNode) ?? '');
  if (urlNode && problem) sink.atNode(urlNode, 'error', 'test/url-scheme', `"url" ${problem}`);
}
