// An endpoint test document → the v7 request body: agent labels and agents named in the
// document resolved to the ids v7 takes (a name that matches none, or several, is a problem
// naming it), then the type's fields as written.
import type { EndpointAgent, EndpointAgentSelector, EndpointLabel, ManagedEndpointTestType } from '../../api/types';
import { DocumentShapeError } from '../payloads';
import { isManagedEndpointTestType } from './rules';
import { TARGET_FIELDS } from './fields';

/** What names resolve against: the account's labels and endpoint agents (only those a document needs). */
export interface EndpointDirectory {
  labels?: readonly EndpointLabel[];
  agents?: readonly EndpointAgent[];
}

export interface EndpointTestRequest {
  type: ManagedEndpointTestType;
  testName: string;
  interval: number;
  selector: EndpointAgentSelector;
  /** The POST body: testName, interval, the selection and the type's fields. */
  body: Record<string, unknown>;
}

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DocumentShapeError('The document is not a JSON object');
  return value as Record<string, unknown>;
}

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The one record whose id or name is `wanted`; a sentence when none or several are. */
export function resolveOne<T>(
  wanted: string,
  records: readonly T[],
  idOf: (r: T) => string,
  namesOf: (r: T) => (string | undefined)[],
  what: string,
): string {
  if (records.some((r) => idOf(r) === wanted)) return wanted;
  const named = records.filter((r) => namesOf(r).includes(wanted));
  if (named.length === 1) return idOf(named[0] as T);
  if (named.length === 0)
    throw new DocumentShapeError(`${what} "${wanted}" is not in the account (neither a name nor an id)`);
  throw new DocumentShapeError(
    `${what} "${wanted}" names ${named.length} of them: use its id (${named.slice(0, 3).map(idOf).join(', ')})`,
  );
}

export const agentNames = (agent: EndpointAgent): (string | undefined)[] => [agent.agentName, agent.computerName];

export function selectorOf(document: Record<string, unknown>, directory: EndpointDirectory): EndpointAgentSelector {
  const maxMachines = typeof document['maxMachines'] === 'number' ? { maxMachines: document['maxMachines'] } : {};
  const labels = texts(document['agentLabels']);
  const agents = texts(document['agents']);
  if (labels.length > 0) {
    if (!directory.labels)
      throw new DocumentShapeError("the document names endpoint labels, and the account's labels could not be listed");
    const ids = labels.map((name) =>
      resolveOne(
        name,
        directory.labels ?? [],
        (l) => l.id,
        (l) => [l.name],
        'Endpoint label',
      ),
    );
    return { agentSelectorType: 'agent-labels', ...maxMachines, endpointAgentLabels: ids };
  }
  if (agents.length > 0) {
    if (!directory.agents)
      throw new DocumentShapeError("the document names endpoint agents, and the account's agents could not be listed");
    const ids = agents.map((name) =>
      resolveOne(name, directory.agents ?? [], (a) => a.agentId, agentNames, 'Endpoint agent'),
    );
    return { agentSelectorType: 'specific-agents', ...maxMachines, agents: ids };
  }
  return { agentSelectorType: 'all-agents', ...maxMachines };
}

export function endpointTestTypeOf(value: unknown): ManagedEndpointTestType {
  const type = asRecord(value)['type'];
  if (!isManagedEndpointTestType(type))
    throw new DocumentShapeError('"type" must be agent-to-server, http-server or dynamic');
  return type;
}

/** Callers validate first; a document that lacks what the request needs throws DocumentShapeError. */
export function endpointTestRequest(value: unknown, directory: EndpointDirectory): EndpointTestRequest {
  const document = asRecord(value);
  const type = endpointTestTypeOf(document);
  const testName = document['testName'];
  if (typeof testName !== 'string' || testName === '') throw new DocumentShapeError('"testName" is missing');
  const interval = typeof document['interval'] === 'number' ? document['interval'] : 60;
  const selector = selectorOf(document, directory);
  const body: Record<string, unknown> = { testName, interval, ...selector };
  for (const field of TARGET_FIELDS[type]) if (document[field] !== undefined) body[field] = document[field];
  return { type, testName, interval, selector, body };
}

/** Whether the document names labels or agents (the caller lists them first). */
export function endpointDirectoryNeeds(value: unknown): { labels: boolean; agents: boolean } {
  const document = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { labels: texts(document['agentLabels']).length > 0, agents: texts(document['agents']).length > 0 };
}
