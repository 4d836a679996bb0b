// v7 endpoint tests as code: scheduled agent-to-server and http-server tests
// (/v7/endpoint/tests/scheduled-tests/{type}) and dynamic tests
// (/v7/endpoint/tests/dynamic-tests/agent-to-server): list, POST, PATCH, DELETE; and the
// endpoint agent labels (/v7/endpoint/labels, cursor-paged) that select their agents.
import type { EndpointTestsAsCodeRoutes } from '../dialect';
import { decodeRecord, type RecordShape } from '../decode/records';
import { isRecord } from '../paging';
import { segment } from '../query';
import {
  ENDPOINT_AGENT_SELECTOR_TYPES,
  type EndpointAgentSelector,
  type EndpointLabel,
  type EndpointLabelFilter,
  type ManagedEndpointTest,
  type ManagedEndpointTestType,
} from '../types';

const PATHS: Readonly<Record<ManagedEndpointTestType, string>> = {
  'agent-to-server': 'v7/endpoint/tests/scheduled-tests/agent-to-server',
  'http-server': 'v7/endpoint/tests/scheduled-tests/http-server',
  dynamic: 'v7/endpoint/tests/dynamic-tests/agent-to-server',
};

const TEST_SHAPE: RecordShape = {
  id: 'testId',
  idType: 'number',
  numbers: ['interval', 'port', 'httpTimeLimit', 'httpTargetTime'],
  booleans: [
    'isEnabled',
    'isSavedEvent',
    'networkMeasurements',
    'followRedirects',
    'verifyCertificate',
    'useNtlm',
    'hasPathTraceInSession',
    'isPrioritized',
  ],
};
const LABEL_SHAPE: RecordShape = { id: 'id', idType: 'text' };

/** Fields the service writes itself: never part of what a document compares or sends. */
const SERVICE_FIELDS = new Set([
  'testId',
  'testName',
  'type',
  'interval',
  'isEnabled',
  'agentSelectorConfig',
  '_links',
  'aid',
  'createdDate',
  'modifiedDate',
  'labels',
  'isSavedEvent',
]);

function selectorOf(value: unknown): EndpointAgentSelector {
  if (!isRecord(value)) return { agentSelectorType: 'all-agents' };
  const type = ENDPOINT_AGENT_SELECTOR_TYPES.find((t) => t === value['agentSelectorType']) ?? 'all-agents';
  const selector: EndpointAgentSelector = { agentSelectorType: type };
  if (typeof value['maxMachines'] === 'number') selector.maxMachines = value['maxMachines'];
  const texts = (list: unknown): string[] =>
    Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  if (type === 'specific-agents') selector.agents = texts(value['agents']);
  if (type === 'agent-labels') selector.endpointAgentLabels = texts(value['endpointAgentLabels']);
  return selector;
}

export function fromManagedEndpointTest(
  type: ManagedEndpointTestType,
  record: Record<string, unknown>,
): ManagedEndpointTest {
  const fields = Object.fromEntries(
    Object.entries(record).filter(
      ([field, value]) => !SERVICE_FIELDS.has(field) && value !== null && value !== undefined,
    ),
  );
  return {
    type,
    testId: Number(record['testId']),
    testName: String(record['testName'] ?? ''),
    interval: Number(record['interval'] ?? 0),
    isEnabled: record['isEnabled'] !== false,
    agentSelector: selectorOf(record['agentSelectorConfig']),
    fields,
  };
}

function readTest(
  type: ManagedEndpointTestType,
  askedId?: number,
): (body: unknown, endpoint: string) => Record<string, unknown> | undefined {
  return (body, endpoint) => {
    if (!isRecord(body)) return undefined;
    const raw = askedId !== undefined && body['testId'] === undefined ? { ...body, testId: askedId } : body;
    const decoded = decodeRecord(raw, TEST_SHAPE, endpoint, 0);
    return decoded.ok
      ? (fromManagedEndpointTest(type, decoded.record) as unknown as Record<string, unknown>)
      : undefined;
  };
}

function fromLabel(record: Record<string, unknown>): Record<string, unknown> {
  const filters: EndpointLabelFilter[] = (Array.isArray(record['filters']) ? record['filters'] : [])
    .filter(isRecord)
    .map((filter) => ({
      key: String(filter['key'] ?? ''),
      values: Array.isArray(filter['values']) ? filter['values'].map(String) : [],
      ...(filter['mode'] === 'not-in' || filter['mode'] === 'in' ? { mode: filter['mode'] } : {}),
    }));
  const label: EndpointLabel = {
    id: String(record['id']),
    name: String(record['name'] ?? ''),
    filters,
    ...(typeof record['color'] === 'string' ? { color: record['color'] } : {}),
    ...(record['matchType'] === 'and' || record['matchType'] === 'or' ? { matchType: record['matchType'] } : {}),
  };
  return label as unknown as Record<string, unknown>;
}

export const v7EndpointTestsAsCode: EndpointTestsAsCodeRoutes = {
  list: (type) => ({
    method: 'GET',
    path: PATHS[type],
    read: (body, endpoint) => {
      const records = isRecord(body) ? body['tests'] : undefined;
      if (!Array.isArray(records)) return undefined;
      const tests = records.flatMap((record, index) => {
        const decoded = decodeRecord(record, TEST_SHAPE, endpoint, index);
        // Saved events are snapshots, not tests a document manages.
        return decoded.ok && decoded.record['isSavedEvent'] !== true
          ? [fromManagedEndpointTest(type, decoded.record)]
          : [];
      });
      return { tests };
    },
  }),
  create: (type, body) => ({
    method: 'POST',
    path: PATHS[type],
    body,
    read: readTest(type),
    operation: 'creating endpoint tests',
    requiredPermission: 'Edit endpoint tests',
  }),
  update: (type, testId, body) => ({
    method: 'PATCH',
    path: `${PATHS[type]}/${segment(testId)}`,
    body,
    read: readTest(type, testId),
    operation: 'updating endpoint tests',
    requiredPermission: 'Edit endpoint tests',
  }),
  remove: (type, testId) => ({ method: 'DELETE', path: `${PATHS[type]}/${segment(testId)}` }),
  labels: () => ({
    method: 'GET',
    path: 'v7/endpoint/labels',
    list: 'labels',
    shape: LABEL_SHAPE,
    toDomain: fromLabel,
    timed: false,
    records: (r) => r['labels'],
  }),
};
