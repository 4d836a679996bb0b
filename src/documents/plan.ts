// Plan for a folder of test documents against what is deployed, like `terraform plan`:
// creates, updates (with field diffs), replaces (a field the API cannot update changed)
// and deletes, in a deterministic order: creates, updates, replaces, then deletes.
import {
  canonicalTestType,
  type AgentRef,
  type EnterpriseTestCreate,
  type EnterpriseTestType,
  type EnterpriseTestUpdate,
} from '../api/types';
import { TEST_TYPE_FIELDS } from '../api/types/test-type-fields';
import { resolveAgentNames, type ResolvedName } from './agent-names';
import { DEFAULT_AID, findBinding, listBindingsInTree } from './binding';
import type { CatalogAgent } from './live-catalog';
import type { DocumentDiagnostic } from './diagnostic';
import { parseDocument } from './parse';
import { testCreateRequest, testDeleteRequest, testUpdateRequest, type ApiRequest } from './payloads';
import { documentTestType } from './rules/test-rules';
import { documentFieldsOf, sameFieldValue } from './vendor-fields';
import { validateDocuments } from './validate';

export interface PlanDocument {
  uri: string;
  text: string;
}

/** A deployed enterprise test as listed by the service, with every field it shows. */
export interface DeployedTest {
  readonly [field: string]: unknown;
  testId: number;
  testName: string;
  type: string;
  /** Absent for BGP tests, which run from monitors on no schedule of their own. */
  interval?: number;
  /** Empty for BGP tests. */
  agents: readonly AgentRef[];
  server?: string;
  url?: string;
  domain?: string;
  targetAgentId?: number;
  transactionScript?: string;
}

export interface PlanInput {
  documents: readonly PlanDocument[];
  deployed: readonly DeployedTest[];
  connectionKey: string;
  aid?: string | number;
  /** Bindings recorded earlier (uri → testId): a deployed test whose document is gone is deleted. */
  previousBindings?: readonly { uri: string; testId: number }[];
  /** The account's enterprise agents, for documents that name agents (`agentName`). */
  agents?: readonly CatalogAgent[];
  /**
   * The API the plan is applied through. v7 updates any field its schema does not mark
   * read-only (a url, a server …): such a change is an update there, a replace on v6 (which
   * updates testName, interval and agents only). Default v6.
   */
  apiVersion?: 'v6' | 'v7';
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Agents the document names, with the ids the plan sends. */
type Named = { resolvedAgents?: ResolvedName[] };

export type PlanStep =
  | ({
      action: 'create';
      uri: string;
      type: EnterpriseTestType;
      testName: string;
      reason: 'new' | 'bound-test-missing';
      request: ApiRequest<EnterpriseTestCreate>;
    } & Named)
  | ({
      action: 'update';
      uri: string;
      type: EnterpriseTestType;
      testName: string;
      testId: number;
      changes: FieldChange[];
      request: ApiRequest<EnterpriseTestUpdate>;
    } & Named)
  | ({
      action: 'replace';
      uri: string;
      type: EnterpriseTestType;
      testName: string;
      testId: number;
      changes: FieldChange[];
      deleteRequest: ApiRequest<undefined>;
      request: ApiRequest<EnterpriseTestCreate>;
    } & Named)
  | {
      action: 'delete';
      uri?: string;
      type: EnterpriseTestType;
      testName: string;
      testId: number;
      reason: 'document-removed' | 'marked';
      request: ApiRequest<undefined>;
    };

export interface Plan {
  steps: PlanStep[];
  unchanged: { uri: string; testId: number }[];
  /** Documents left out: invalid, or bound to a test another document also claims. */
  skipped: { uri: string; reason: string }[];
  /** Deployed tests no document knows about; never touched. */
  unmanaged: { testId: number; testName: string; type: string }[];
  /**
   * Unbound documents whose test name the account already has: neither created (a second
   * test) nor bound (it may be someone else's production test) until the user names the test
   * to adopt. Not among `steps`, so no apply runs them.
   */
  conflicts: { uri: string; testName: string; type: EnterpriseTestType; testIds: number[] }[];
}

const ACTION_ORDER = { create: 0, update: 1, replace: 2, delete: 3 } as const;

export function computePlan(input: PlanInput): Plan {
  const aid = input.aid === undefined ? DEFAULT_AID : String(input.aid);
  const deployedById = new Map(input.deployed.map((test) => [test.testId, test]));
  const plan: Plan = { steps: [], unchanged: [], skipped: [], unmanaged: [], conflicts: [] };
  const diagnostics = validateDocuments(input.documents);
  const claimed = new Map<number, string>();
  for (const document of [...input.documents].sort((a, b) => a.uri.localeCompare(b.uri))) {
    const problem = firstError(diagnostics.get(document.uri));
    if (problem) {
      plan.skipped.push({ uri: document.uri, reason: problem });
      continue;
    }
    const parsed = parseDocument(document.text);
    const testId = findBinding(listBindingsInTree(parsed.root), input.connectionKey, aid)?.testId;
    if (testId !== undefined && claimed.has(testId)) {
      plan.skipped.push({ uri: document.uri, reason: `also bound to test ${testId} by ${claimed.get(testId)}` });
      continue;
    }
    if (testId !== undefined) claimed.set(testId, document.uri);
    const names = resolveAgentNames(parsed.value, input.agents ?? []);
    if (names.problems.length > 0) {
      plan.skipped.push({
        uri: document.uri,
        reason: input.agents?.length
          ? names.problems.map((p) => p.message).join('; ')
          : "it names agents (agentName), and the account's agents could not be listed",
      });
      continue;
    }
    const step = planDocument(
      document.uri,
      names.value,
      testId === undefined ? undefined : { testId, deployed: deployedById.get(testId) },
      input.apiVersion ?? 'v6',
    );
    if (step && step.action !== 'delete' && names.resolved.length > 0) step.resolvedAgents = names.resolved;
    const marked = (parsed.value as Record<string, unknown>)['markedForDeletion'] === true;
    if (step) plan.steps.push(step);
    else if (testId !== undefined && !marked) plan.unchanged.push({ uri: document.uri, testId });
  }
  for (const previous of input.previousBindings ?? []) {
    const deployed = deployedById.get(previous.testId);
    const type = documentTestType(deployed?.type);
    if (!deployed || !type || claimed.has(previous.testId)) continue;
    claimed.set(previous.testId, previous.uri);
    plan.steps.push({
      action: 'delete',
      uri: previous.uri,
      type,
      testName: deployed.testName,
      testId: deployed.testId,
      reason: 'document-removed',
      request: testDeleteRequest(type, deployed.testId),
    });
  }
  plan.unmanaged = input.deployed
    .filter((t) => !claimed.has(t.testId))
    .map(({ testId, testName, type }) => ({ testId, testName, type }))
    .sort((a, b) => a.testId - b.testId);
  separateConflicts(plan);
  plan.steps.sort(compareSteps);
  return plan;
}

/** A create whose name a deployed test no document claims already has is a conflict, not a step. */
function separateConflicts(plan: Plan): void {
  const byName = new Map<string, number[]>();
  for (const test of plan.unmanaged) byName.set(test.testName, [...(byName.get(test.testName) ?? []), test.testId]);
  plan.steps = plan.steps.filter((step) => {
    const testIds = step.action === 'create' ? byName.get(step.testName) : undefined;
    if (step.action !== 'create' || !testIds) return true;
    plan.conflicts.push({ uri: step.uri, testName: step.testName, type: step.type, testIds });
    return false;
  });
}

function firstError(diagnostics: readonly DocumentDiagnostic[] | undefined): string | undefined {
  const error = diagnostics?.find((d) => d.severity === 'error');
  return error && `${error.range.start.line + 1}:${error.range.start.character + 1} ${error.message}`;
}

function planDocument(
  uri: string,
  value: unknown,
  binding: { testId: number; deployed: DeployedTest | undefined } | undefined,
  apiVersion: 'v6' | 'v7',
): PlanStep | undefined {
  const request = withoutRuleNames(testCreateRequest(value), apiVersion);
  const type = request.path.split('/').pop() as EnterpriseTestType;
  const testName = request.body.testName;
  const marked = (value as Record<string, unknown>)['markedForDeletion'] === true;
  if (marked) {
    const deployedType = documentTestType(binding?.deployed?.type) ?? type;
    if (!binding?.deployed) return undefined;
    return {
      action: 'delete',
      uri,
      type: deployedType,
      testName: binding.deployed.testName,
      testId: binding.testId,
      reason: 'marked',
      request: testDeleteRequest(deployedType, binding.testId),
    };
  }
  if (!binding) return { action: 'create', uri, type, testName, reason: 'new', request };
  const { deployed, testId } = binding;
  if (!deployed) return { action: 'create', uri, type, testName, reason: 'bound-test-missing', request };
  const changed = fixedFieldChanges(request.body, type, deployed);
  // v7 updates in place what its schema lets a PUT change; the rest (the type) still replaces.
  const inPlace = apiVersion === 'v7' ? changed.filter((c) => updatableOnV7(type, c.field)) : [];
  const fixed = changed.filter((c) => !inPlace.includes(c));
  const updatable = [...inPlace, ...updatableChanges(request.body, deployed)];
  const deployedType = documentTestType(deployed.type);
  if (fixed.length > 0 && deployedType) {
    return {
      action: 'replace',
      uri,
      type,
      testName,
      testId,
      changes: [...fixed, ...updatable],
      deleteRequest: testDeleteRequest(deployedType, testId),
      request,
    };
  }
  if (updatable.length === 0) return undefined;
  return {
    action: 'update',
    uri,
    type,
    testName,
    testId,
    changes: updatable,
    request: testUpdateRequest(value, testId, inPlaceFields(request.body, inPlace)),
  };
}

/**
 * On v7 the rules a document names (`alertRules`, by name or id) are bound through each rule's testIds by the rule
 * plan (alert-rules/rule-names.ts), never sent with the test: v6, which has no rules to plan, takes them as ids.
 */
function withoutRuleNames<Body extends object>(request: ApiRequest<Body>, apiVersion: 'v6' | 'v7'): ApiRequest<Body> {
  if (apiVersion === 'v6' || !('alertRules' in request.body)) return request;
  const { alertRules: _named, ...body } = request.body as Body & { alertRules?: unknown };
  return { ...request, body: body as Body };
}

/** A field v7's PUT takes for the type: one its schema lists as writable (never the type). */
function updatableOnV7(type: EnterpriseTestType, field: string): boolean {
  if (field === 'type') return false;
  const fields = TEST_TYPE_FIELDS[canonicalTestType(type) as EnterpriseTestType]?.fields ?? [];
  return fields.some((key) => key.split('#')[0] === field);
}

/** The changed fields as the create body writes them (a server with the port it names apart). */
function inPlaceFields(body: EnterpriseTestCreate, changes: readonly FieldChange[]): Record<string, unknown> {
  const record = body as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const { field } of changes) {
    fields[field] = record[field];
    if (field === 'server' && record['port'] !== undefined) fields['port'] = record['port'];
  }
  return fields;
}

function updatableChanges(body: EnterpriseTestCreate, deployed: DeployedTest): FieldChange[] {
  const changes: FieldChange[] = [];
  if (body.testName !== deployed.testName)
    changes.push({ field: 'testName', from: deployed.testName, to: body.testName });
  if (body.interval !== deployed.interval)
    changes.push({ field: 'interval', from: deployed.interval, to: body.interval });
  const wanted = agentIds(body.agents ?? []);
  const current = agentIds(deployed.agents);
  if (wanted.join() !== current.join()) changes.push({ field: 'agents', from: current, to: wanted });
  return changes;
}

/**
 * Fields the API cannot update: every field of the type the document gives (a field it leaves
 * out keeps the service's default, no change). `dnssec` and `dns-dnssec` are one type.
 */
function fixedFieldChanges(
  body: EnterpriseTestCreate,
  type: EnterpriseTestType,
  deployed: DeployedTest,
): FieldChange[] {
  const changes: FieldChange[] = [];
  if (type !== canonicalTestType(deployed.type)) changes.push({ field: 'type', from: deployed.type, to: type });
  const serverPort =
    typeof body['port'] === 'number' && typeof body.server === 'string' && !/:[0-9]{1,5}$/.test(body.server)
      ? body['port']
      : undefined;
  for (const field of documentFieldsOf(type)) {
    const wanted =
      field === 'server' && serverPort !== undefined ? `${String(body.server)}:${serverPort}` : body[field];
    // A test's alertRules is write-only for the vendor: what a read shows is not the binding (the rules' testIds are).
    if (
      wanted === undefined ||
      field === 'alertRules' ||
      field === 'enabled' ||
      field === 'alertsEnabled' ||
      (field === 'port' && serverPort !== undefined)
    )
      continue;
    if (!sameField(field, wanted, deployed)) changes.push({ field, from: deployed[field], to: wanted });
  }
  return changes;
}

function sameField(field: string, wanted: unknown, deployed: DeployedTest): boolean {
  const current = deployed[field];
  const deployedText = typeof current === 'string' ? current : undefined;
  if (field === 'server') return sameServer(String(wanted), deployedText);
  if (field === 'url') return sameUrl(String(wanted), deployedText);
  return sameFieldValue(field, wanted, deployed);
}

/** The service normalises URLs (adds https:// when no scheme, a trailing / after the host). */
export function sameUrl(wanted: string, deployed: string | undefined): boolean {
  if (deployed === undefined) return false;
  return wanted === deployed || normaliseUrl(wanted) === normaliseUrl(deployed);
}

function normaliseUrl(text: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme).href;
  } catch {
    return text;
  }
}

/** The service reports server as host:port, adding :80 when none was given. */
function sameServer(wanted: string, deployed: string | undefined): boolean {
  if (deployed === undefined) return false;
  return wanted === deployed || `${wanted}:80` === deployed;
}

function agentIds(agents: readonly AgentRef[]): number[] {
  return [...new Set(agents.map((a) => Number(a.agentId)))].sort((a, b) => a - b);
}

function compareSteps(a: PlanStep, b: PlanStep): number {
  const byAction = ACTION_ORDER[a.action] - ACTION_ORDER[b.action];
  if (byAction !== 0) return byAction;
  if (a.action === 'delete' && b.action === 'delete') return a.testId - b.testId;
  return (a.uri ?? '').localeCompare(b.uri ?? '');
}
