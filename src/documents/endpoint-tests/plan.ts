// Plan for endpoint test documents against the account's endpoint tests, like the enterprise
// plan (plan.ts) and with its bindings: create an unbound document, PATCH what v7 changes in
// place, replace (delete, create) a test whose agents, type or other fields changed, delete
// one a document marks for deletion. A document whose names do not resolve is skipped, saying why.
import type { ManagedEndpointTest, ManagedEndpointTestType } from '../../api/types';
import { DEFAULT_AID, findBinding, listBindingsInTree } from '../binding';
import type { DocumentDiagnostic } from '../diagnostic';
import { parseDocument } from '../parse';
import { DocumentShapeError } from '../payloads';
import { sameUrl, type FieldChange, type PlanDocument } from '../plan';
import { validateDocuments } from '../validate';
import { UPDATABLE_FIELDS, WRITE_ONLY_FIELDS, TARGET_FIELDS } from './fields';
import { endpointTestRequest, type EndpointDirectory, type EndpointTestRequest } from './payload';

interface StepBase {
  uri: string;
  type: ManagedEndpointTestType;
  testName: string;
}

export type EndpointPlanStep =
  | (StepBase & { action: 'create'; request: EndpointTestRequest })
  | (StepBase & { action: 'update'; testId: number; changes: FieldChange[]; patch: Record<string, unknown> })
  | (StepBase & {
      action: 'replace';
      testId: number;
      changes: FieldChange[];
      deployedType: ManagedEndpointTestType;
      request: EndpointTestRequest;
    })
  | (StepBase & { action: 'delete'; testId: number });

export interface EndpointPlan {
  steps: EndpointPlanStep[];
  unchanged: { uri: string; testId: number }[];
  skipped: { uri: string; reason: string }[];
}

export interface EndpointPlanInput {
  documents: readonly PlanDocument[];
  deployed: readonly ManagedEndpointTest[];
  connectionKey: string;
  aid?: string | number;
  directory: EndpointDirectory;
}

export function computeEndpointPlan(input: EndpointPlanInput): EndpointPlan {
  const aid = input.aid === undefined ? DEFAULT_AID : String(input.aid);
  const plan: EndpointPlan = { steps: [], unchanged: [], skipped: [] };
  const diagnostics = validateDocuments(input.documents);
  for (const document of [...input.documents].sort((a, b) => a.uri.localeCompare(b.uri))) {
    const problem = firstError(diagnostics.get(document.uri));
    if (problem) {
      plan.skipped.push({ uri: document.uri, reason: problem });
      continue;
    }
    const parsed = parseDocument(document.text);
    const testId = findBinding(listBindingsInTree(parsed.root), input.connectionKey, aid)?.testId;
    const deployed = testId === undefined ? undefined : input.deployed.find((t) => t.testId === testId);
    try {
      const step = planEndpointDocument(document.uri, parsed.value, deployed, input.directory);
      if (step) plan.steps.push(step);
      else if (testId !== undefined && deployed) plan.unchanged.push({ uri: document.uri, testId });
    } catch (error) {
      if (!(error instanceof DocumentShapeError)) throw error;
      plan.skipped.push({ uri: document.uri, reason: error.message });
    }
  }
  return plan;
}

/** One document's step against the test it is bound to (undefined: not bound, or gone). */
export function planEndpointDocument(
  uri: string,
  value: unknown,
  deployed: ManagedEndpointTest | undefined,
  directory: EndpointDirectory,
): EndpointPlanStep | undefined {
  const marked = (value as Record<string, unknown>)['markedForDeletion'] === true;
  if (marked)
    return (
      deployed && { action: 'delete', uri, type: deployed.type, testName: deployed.testName, testId: deployed.testId }
    );
  const request = endpointTestRequest(value, directory);
  const base = { uri, type: request.type, testName: request.testName };
  if (!deployed) return { ...base, action: 'create', request };
  const changes = endpointChanges(request, deployed);
  if (changes.length === 0) return undefined;
  const updatable = UPDATABLE_FIELDS[request.type];
  if (request.type !== deployed.type || changes.some((c) => !updatable.includes(c.field))) {
    return { ...base, action: 'replace', testId: deployed.testId, changes, deployedType: deployed.type, request };
  }
  const patch = Object.fromEntries(changes.map((c) => [c.field, c.to]));
  return { ...base, action: 'update', testId: deployed.testId, changes, patch };
}

/** What the document changes: name, interval, agent selection, then the fields it writes (not the write-only ones). */
export function endpointChanges(request: EndpointTestRequest, deployed: ManagedEndpointTest): FieldChange[] {
  const changes: FieldChange[] = [];
  const change = (field: string, from: unknown, to: unknown): void => {
    changes.push({ field, from, to });
  };
  if (request.type !== deployed.type) change('type', deployed.type, request.type);
  if (request.testName !== deployed.testName) change('testName', deployed.testName, request.testName);
  if (request.interval !== deployed.interval) change('interval', deployed.interval, request.interval);
  const wanted = request.selector;
  const current = deployed.agentSelector;
  const ids = (s: typeof wanted): string => [...(s.agents ?? s.endpointAgentLabels ?? [])].sort().join(',');
  if (wanted.agentSelectorType !== current.agentSelectorType || ids(wanted) !== ids(current)) {
    change('agentSelection', describeSelector(current), describeSelector(wanted));
  }
  if (wanted.maxMachines !== undefined && wanted.maxMachines !== current.maxMachines)
    change('maxMachines', current.maxMachines, wanted.maxMachines);
  for (const field of TARGET_FIELDS[request.type]) {
    const to = request.body[field];
    if (to === undefined || WRITE_ONLY_FIELDS.has(field)) continue;
    const from = deployed.fields[field];
    const same = field === 'url' ? typeof from === 'string' && sameUrl(String(to), from) : from === to;
    if (!same) change(field, from, to);
  }
  return changes;
}

function describeSelector(selector: ManagedEndpointTest['agentSelector']): string {
  if (selector.agentSelectorType === 'agent-labels') return `labels ${(selector.endpointAgentLabels ?? []).join(', ')}`;
  if (selector.agentSelectorType === 'specific-agents') return `agents ${(selector.agents ?? []).join(', ')}`;
  return 'all agents';
}

function firstError(diagnostics: readonly DocumentDiagnostic[] | undefined): string | undefined {
  const error = diagnostics?.find((d) => d.severity === 'error');
  return error && `${error.range.start.line + 1}:${error.range.start.character + 1} ${error.message}`;
}
