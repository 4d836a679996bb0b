// Semantic rules of endpoint test documents: what the schema cannot say because it depends
// on the type (each type's target field, fields of another type) or on two fields together
// (agents or agentLabels, not both).
import type { Node } from 'jsonc-parser';
import { MANAGED_ENDPOINT_TEST_TYPES, type ManagedEndpointTestType } from '../../api/types';
import type { DiagnosticSink } from '../diagnostic';
import { propertyKey, propertyValue, stringValue } from '../tree';
import { ALL_TARGET_FIELDS, REQUIRED_TARGET, TARGET_FIELDS } from './fields';

export function isManagedEndpointTestType(value: unknown): value is ManagedEndpointTestType {
  return typeof value === 'string' && (MANAGED_ENDPOINT_TEST_TYPES as readonly string[]).includes(value);
}

export function checkEndpointTestDocument(root: Node, sink: DiagnosticSink): void {
  const typeNode = propertyValue(root, 'type');
  const type = stringValue(typeNode);
  if (typeNode && isManagedEndpointTestType(type)) checkTargets(root, typeNode, type, sink);
  const labels = propertyKey(root, 'agentLabels');
  if (labels && propertyKey(root, 'agents')) {
    sink.atNode(
      labels,
      'error',
      'endpoint-test/two-selections',
      'Choose the agents by "agentLabels" or by "agents", not both (without either, all agents run the test)',
    );
  }
}

function checkTargets(root: Node, typeNode: Node, type: ManagedEndpointTestType, sink: DiagnosticSink): void {
  const target = REQUIRED_TARGET[type];
  if (!propertyKey(root, target))
    sink.atNode(typeNode, 'error', 'endpoint-test/target-missing', `${type} tests need "${target}"`);
  for (const field of ALL_TARGET_FIELDS) {
    const key = propertyKey(root, field);
    if (!key || TARGET_FIELDS[type].includes(field)) continue;
    const owners = MANAGED_ENDPOINT_TEST_TYPES.filter((t) => TARGET_FIELDS[t].includes(field));
    sink.atNode(
      key,
      'error',
      'endpoint-test/field-of-other-type',
      `"${field}" belongs to ${owners.join(', ')} tests, not ${type}`,
    );
  }
}
