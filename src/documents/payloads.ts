// Documents → API requests. Callers validate first; these throw DocumentShapeError when a
// document lacks what a request needs, so a half-valid document never reaches the API.
import {
  ENDPOINT_TEST_TYPES,
  type AgentRef,
  type EndpointTestType,
  type EnterpriseTestCreate,
  type EnterpriseTestType,
  type EnterpriseTestUpdate,
  type FilterTarget,
  type SearchFilter,
  type SearchFilterBody,
} from '../api/types';
import { isFilterTarget } from './rules/filter-rules';
import { documentTestType } from './rules/test-rules';

export class DocumentShapeError extends Error {}

/** Document-only properties: they steer the workbench and are never sent. */
const DOCUMENT_ONLY_FIELDS = new Set(['$schema', 'type', 'deployments', 'markedForDeletion', 'aid']);

export interface ApiRequest<Body> {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  query: Record<string, string>;
  body: Body;
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DocumentShapeError('The document is not a JSON object');
  return value as Record<string, unknown>;
}

function requireString(document: Record<string, unknown>, field: string): string {
  const value = document[field];
  if (typeof value !== 'string' || value === '') throw new DocumentShapeError(`"${field}" is missing`);
  return value;
}

function aidQuery(document: Record<string, unknown>): Record<string, string> {
  const aid = document['aid'];
  return typeof aid === 'number' || typeof aid === 'string' ? { aid: String(aid) } : {};
}

/** The document's type as the domain names it (`dnssec` is `dns-dnssec`; each dialect sends its own name). */
export function testTypeOf(value: unknown): EnterpriseTestType {
  const type = documentTestType(asRecord(value)['type']);
  if (!type) throw new DocumentShapeError('"type" must be one of the enterprise test types');
  return type;
}

/** Agents as the service expects them: `{agentId}` with numeric strings made numbers. */
export function agentRefs(value: unknown): AgentRef[] {
  const agents = asRecord(value)['agents'];
  if (!Array.isArray(agents)) throw new DocumentShapeError('"agents" is missing');
  return agents.map((agent: unknown) => {
    const id = asRecord(agent)['agentId'];
    const name = asRecord(agent)['agentName'];
    if (id === undefined && typeof name === 'string')
      throw new DocumentShapeError(`agent "${name}" is named: its id is looked up in the account's agents first`);
    if (typeof id === 'number') return { agentId: id };
    if (typeof id === 'string' && /^[0-9]+$/.test(id)) return { agentId: Number(id) };
    throw new DocumentShapeError('every agent needs a numeric agentId');
  });
}

/** POST /v7/tests/{type}: every field of the document except the document-only ones. */
export function testCreateRequest(value: unknown): ApiRequest<EnterpriseTestCreate> {
  const document = asRecord(value);
  const type = testTypeOf(document);
  // BGP tests run from monitors: neither interval nor agents.
  const body: EnterpriseTestCreate =
    type === 'bgp'
      ? { testName: requireString(document, 'testName'), agents: [] }
      : {
          testName: requireString(document, 'testName'),
          interval: Number(document['interval']),
          agents: agentRefs(document),
        };
  for (const [field, fieldValue] of Object.entries(document)) {
    if (!DOCUMENT_ONLY_FIELDS.has(field) && !(field in body)) body[field] = fieldValue;
  }
  if (type === 'bgp') delete (body as Partial<EnterpriseTestCreate>).agents;
  return { method: 'POST', path: `/v7/tests/${type}`, query: {}, body };
}

/**
 * PUT /v7/tests/{type}/{testId}: interval, testName and agents (all v6 can change), plus the
 * other fields `fields` names (v7 updates any field its schema does not mark read-only; the
 * plan passes those that changed, as the create body writes them).
 */
export function testUpdateRequest(
  value: unknown,
  testId: number,
  fields: Readonly<Record<string, unknown>> = {},
): ApiRequest<EnterpriseTestUpdate> {
  const document = asRecord(value);
  const type = testTypeOf(document);
  const body: EnterpriseTestUpdate =
    type === 'bgp'
      ? { testName: requireString(document, 'testName') }
      : {
          testName: requireString(document, 'testName'),
          interval: Number(document['interval']),
          agents: agentRefs(document),
        };
  for (const [field, fieldValue] of Object.entries(fields))
    if (!(field in body) && fieldValue !== undefined) (body as Record<string, unknown>)[field] = fieldValue;
  return { method: 'PUT', path: `/v7/tests/${type}/${testId}`, query: {}, body };
}

/** The test a request of testUpdateRequest / testDeleteRequest is about (`/v7/tests/{type}/{testId}`). */
export function testRequestTarget(request: ApiRequest<unknown>): { type: EnterpriseTestType; testId: number } {
  const [, , , type, id] = request.path.split('/');
  return { type: type as EnterpriseTestType, testId: Number(id) };
}

export function testDeleteRequest(type: EnterpriseTestType, testId: number): ApiRequest<undefined> {
  return { method: 'DELETE', path: `/v7/tests/${type}/${testId}`, query: {}, body: undefined };
}

export function isEndpointTestType(value: unknown): value is EndpointTestType {
  return typeof value === 'string' && (ENDPOINT_TEST_TYPES as readonly string[]).includes(value);
}

/** POST /v6/endpoint-instant/{type}; `aid` goes to the query. */
export function instantTestRequest(value: unknown): ApiRequest<Record<string, unknown>> & { type: EndpointTestType } {
  const document = asRecord(value);
  const type = document['type'];
  if (!isEndpointTestType(type)) throw new DocumentShapeError('"type" must be agent-to-server or http-server');
  requireString(document, 'testName');
  requireString(document, type === 'http-server' ? 'url' : 'serverName');
  const body = Object.fromEntries(Object.entries(document).filter(([field]) => !DOCUMENT_ONLY_FIELDS.has(field)));
  return { type, method: 'POST', path: `/v6/endpoint-instant/${type}`, query: aidQuery(document), body };
}

export const FILTER_TARGET_PATHS: Readonly<Record<FilterTarget, string>> = {
  'user-sessions': '/v6/endpoint-data/user-sessions',
  web: '/v6/endpoint-data/user-sessions/web',
  network: '/v6/endpoint-data/user-sessions/network',
  'network-topology': '/v6/endpoint-data/network-topology',
};

export interface FilterRequest extends ApiRequest<SearchFilterBody> {
  target: FilterTarget;
  /** The time range as the API takes it: `window`, or `from` with optional `to`. */
  range: { window: string } | { from: string; to?: string } | Record<string, never>;
}

/** POST {searchFilters} to the target's list endpoint; time range and aid in the query. */
export function filterRequest(value: unknown): FilterRequest {
  const document = asRecord(value);
  const target = document['target'];
  if (!isFilterTarget(target))
    throw new DocumentShapeError('"target" must be user-sessions, web, network or network-topology');
  const filters = Array.isArray(document['searchFilters']) ? document['searchFilters'] : [];
  const searchFilters: SearchFilter[] = filters.map((filter: unknown) => {
    const { key, values } = asRecord(filter);
    if (typeof key !== 'string' || !Array.isArray(values))
      throw new DocumentShapeError('every filter needs key and values');
    return { key, values: values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number') };
  });
  const range = timeRange(document);
  return {
    target,
    method: 'POST',
    path: FILTER_TARGET_PATHS[target],
    query: { ...range, ...aidQuery(document) },
    body: { searchFilters },
    range,
  };
}

function timeRange(document: Record<string, unknown>): FilterRequest['range'] {
  const { window, from, to } = document;
  if (typeof window === 'string') return { window };
  if (typeof from === 'string') return typeof to === 'string' ? { from, to } : { from };
  return {};
}

/**
 * The name of an instant test started without a document. Started from an agent's menu it
 * says where it was asked from, never "from <agent>": the API cannot pin a test to an agent.
 */
export function instantTestName(type: string, target: string, askedFrom?: string): string {
  const askedNote = askedFrom === undefined ? '' : ` (asked from ${askedFrom}; runs on any agents)`;
  return `Instant ${type} to ${target}${askedNote}`;
}
