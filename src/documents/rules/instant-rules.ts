// Semantic rules of endpoint instant test documents: fields per type (agent-to-server vs
// http-server), protocol-dependent fields and credentials that go with authType.
import type { Node } from 'jsonc-parser';
import type { DiagnosticSink } from '../diagnostic';
import { AGENT_TO_SERVER_INSTANT_FIELDS, ENTERPRISE_ONLY_FIELDS, HTTP_INSTANT_FIELDS } from '../fields';
import { propertyKey, propertyValue, stringValue } from '../tree';
import { hostTargetProblem, urlSchemeProblem } from './addresses';

const TCP_ONLY_FIELDS = ['tcpProbeMode', 'pathtraceInSession'] as const;
const CREDENTIAL_FIELDS = ['username', 'password'] as const;

export function checkInstantDocument(root: Node, sink: DiagnosticSink): void {
  const typeNode = propertyValue(root, 'type');
  const type = stringValue(typeNode);
  if (typeNode && type === 'http-server') checkHttpServer(root, typeNode, sink);
  if (typeNode && type === 'agent-to-server') checkAgentToServer(root, typeNode, sink);
  checkEnterpriseFields(root, sink);
}

function checkHttpServer(root: Node, typeNode: Node, sink: DiagnosticSink): void {
  if (!propertyKey(root, 'url'))
    sink.atNode(typeNode, 'error', 'instant/target-missing', 'http-server instant tests need "url"');
  for (const field of AGENT_TO_SERVER_INSTANT_FIELDS) {
    const key = propertyKey(root, field);
    if (key)
      sink.atNode(
        key,
        'error',
        'instant/field-of-other-type',
        `"${field}" belongs to agent-to-server instant tests; http-server tests use "url"`,
      );
  }
  checkUrl(root, sink);
  checkTcpOnlyFields(root, sink);
  checkCredentials(root, sink);
}

function checkAgentToServer(root: Node, typeNode: Node, sink: DiagnosticSink): void {
  if (!propertyKey(root, 'serverName'))
    sink.atNode(typeNode, 'error', 'instant/target-missing', 'agent-to-server instant tests need "serverName"');
  for (const field of HTTP_INSTANT_FIELDS) {
    const key = propertyKey(root, field);
    if (key)
      sink.atNode(
        key,
        'error',
        'instant/field-of-other-type',
        `"${field}" belongs to http-server instant tests, not agent-to-server`,
      );
  }
  const serverNode = propertyValue(root, 'serverName');
  const serverName = stringValue(serverNode);
  const problem = serverName ? hostTargetProblem(serverName, false) : undefined;
  if (serverNode && problem) sink.atNode(serverNode, 'error', 'instant/server-address', `"serverName" ${problem}`);
}

function checkEnterpriseFields(root: Node, sink: DiagnosticSink): void {
  for (const field of ENTERPRISE_ONLY_FIELDS) {
    const key = propertyKey(root, field);
    if (!key) continue;
    const hint = field === 'server' ? '; instant agent-to-server tests name the target "serverName"' : '';
    sink.atNode(
      key,
      'error',
      'instant/field-of-enterprise-test',
      `"${field}" belongs to enterprise tests (.netmon-test.json)${hint}`,
    );
  }
  const testId = propertyKey(root, 'testId');
  if (testId)
    sink.atNode(
      testId,
      'error',
      'instant/service-assigned-field',
      '"testId" is assigned by the service when the instant test is created',
    );
}

function checkUrl(root: Node, sink: DiagnosticSink): void {
  const urlNode = propertyValue(root, 'url');
  const problem = urlSchemeProblem(stringValue(urlNode) ?? '');
  if (urlNode && problem) sink.atNode(urlNode, 'error', 'instant/url-scheme', `"url" ${problem}`);
}

function checkTcpOnlyFields(root: Node, sink: DiagnosticSink): void {
  if (stringValue(propertyValue(root, 'networkProtocol')) === 'TCP') return;
  for (const field of TCP_ONLY_FIELDS) {
    const key = propertyKey(root, field);
    if (key)
      sink.atNode(
        key,
        'error',
        'instant/tcp-only-field',
        `"${field}" applies only when networkProtocol is "TCP" (the default is ICMP)`,
      );
  }
}

function checkCredentials(root: Node, sink: DiagnosticSink): void {
  const authNode = propertyValue(root, 'authType');
  const authType = stringValue(authNode) ?? 'NONE';
  if (authNode && (authType === 'BASIC' || authType === 'NTLM')) {
    const missing = CREDENTIAL_FIELDS.filter((field) => !propertyKey(root, field));
    if (missing.length > 0)
      sink.atNode(
        authNode,
        'error',
        'instant/credentials-missing',
        `authType ${authType} needs ${missing.map((m) => `"${m}"`).join(' and ')}`,
      );
    return;
  }
  if (authType !== 'NONE') return;
  for (const field of CREDENTIAL_FIELDS) {
    const key = propertyKey(root, field);
    if (key)
      sink.atNode(
        key,
        'error',
        'instant/credentials-without-auth',
        `"${field}" is only used with authType "BASIC" or "NTLM"`,
      );
  }
}
