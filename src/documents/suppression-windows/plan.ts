// Plan for suppression window documents against the account's deployed windows, as rule documents
// are planned (alert-rules/plan.ts): create, update (with a field diff), delete (only of documents
// the caller names: the editor's Delete) or unchanged; a window no document describes is never
// touched. The window a document describes is its windowId's, else the one deployed window of its
// name; its tests are resolved by name or id (alert-rules/resolve.ts), or to a test the same apply
// creates (window-tests.ts).
// What the service writes its own way compares equal (a start date in another offset, the order of
// testIds, key order in repeat), so an apply is followed by no change.
import type { SuppressionWindow, SuppressionWindowFields } from '../../api/types/alerts';
import type { RuleDocumentText } from '../alert-rules/plan';
import type { DeployedTestName } from '../alert-rules/resolve';
import { parseSuppressionWindow, type SuppressionWindowDocument } from './parse';
import { knownTestIds, resolveWindowTests, type PendingTest, type WindowTest } from './window-tests';

export interface WindowPlanInput {
  documents: readonly RuleDocumentText[];
  /** The deployed windows, each as its own read answers it (with testIds). */
  deployed: readonly SuppressionWindow[];
  tests: readonly DeployedTestName[];
  /** The tests the same apply creates (or replaces): a window may name them by name (window-tests.ts). */
  pending?: readonly PendingTest[];
  /** Documents whose window is to be deleted (the editor's Delete): nothing is deleted otherwise. */
  deleting?: readonly string[];
}

export interface WindowFieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

interface Resolved {
  uri: string;
  name: string;
  tests: WindowTest[];
  body: SuppressionWindowFields;
}

export type WindowPlanStep =
  | (Resolved & { action: 'create' })
  | (Resolved & { action: 'update'; windowId: string; changes: WindowFieldChange[] })
  | { action: 'delete'; uri: string; name: string; windowId: string; tests: WindowTest[] };

export interface WindowPlan {
  steps: WindowPlanStep[];
  unchanged: { uri: string; name: string; windowId: string }[];
  skipped: { uri: string; reason: string }[];
  /** Deployed windows no document describes: never touched. */
  unmanaged: { windowId: string; name: string }[];
}

/** The fields a document can say, in the order a diff lists them (testIds last). */
export const WINDOW_DOCUMENT_FIELDS = ['name', 'startDate', 'duration', 'isEnabled', 'repeat', 'endRepeat'] as const;

const ACTION_ORDER = { create: 0, update: 1, delete: 2 } as const;

export function planSuppressionWindows(input: WindowPlanInput): WindowPlan {
  const plan: WindowPlan = { steps: [], unchanged: [], skipped: [], unmanaged: [] };
  const claimed = new Map<string, string>();
  for (const { uri, text } of [...input.documents].sort((a, b) => a.uri.localeCompare(b.uri))) {
    const read = readDocument(text, input, input.deleting?.includes(uri) ?? false);
    if ('reason' in read) {
      plan.skipped.push({ uri, reason: read.reason });
      continue;
    }
    const { window } = read;
    if (window && claimed.has(window.windowId)) {
      const reason = `also describes window ${window.windowId}, as ${claimed.get(window.windowId)} does`;
      plan.skipped.push({ uri, reason });
      continue;
    }
    if ('deleting' in read) {
      if (window) {
        claimed.set(window.windowId, uri);
        plan.steps.push({ action: 'delete', uri, name: window.name, windowId: window.windowId, tests: [] });
      } else plan.skipped.push({ uri, reason: 'no deployed window to delete' });
      continue;
    }
    const { wanted, tests } = read;
    const step = { uri, name: wanted.name, tests };
    if (!window) {
      plan.steps.push({ ...step, action: 'create', body: wanted });
      continue;
    }
    claimed.set(window.windowId, uri);
    const changes = windowChanges(wanted, window);
    // A test the apply creates is not among the window's tests yet, whatever the known ids say.
    if (tests.some((t) => t.testId === undefined) && !changes.some((c) => c.field === 'testIds'))
      changes.push({ field: 'testIds', from: sortedIds(window.testIds ?? []), to: sortedIds(wanted.testIds ?? []) });
    const { windowId } = window;
    if (changes.length === 0) plan.unchanged.push({ uri, name: wanted.name, windowId });
    else plan.steps.push({ ...step, action: 'update', windowId, changes, body: updateBody(window, wanted) });
  }
  plan.unmanaged = input.deployed
    .filter((w) => !claimed.has(w.windowId))
    .map(({ windowId, name }) => ({ windowId, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.windowId.localeCompare(b.windowId));
  plan.steps.sort((a, b) => ACTION_ORDER[a.action] - ACTION_ORDER[b.action] || a.uri.localeCompare(b.uri));
  return plan;
}

type Read =
  | { wanted: SuppressionWindowFields; tests: WindowTest[]; window?: SuppressionWindow }
  | { deleting: true; window?: SuppressionWindow }
  | { reason: string };

/**
 * The document's window with its tests as ids, and the deployed window it describes; or why it is skipped. A window
 * to delete needs no tests resolved: one since deleted must not stop its window's Delete.
 */
function readDocument(text: string, input: WindowPlanInput, deleting: boolean): Read {
  const parsed = parseSuppressionWindow(text);
  if (!parsed.ok) {
    const first = parsed.problems[0];
    return { reason: first ? `${first.line}:${first.column} ${first.message}` : 'invalid' };
  }
  const target = deployedWindowOf(parsed.document, input.deployed);
  if ('problem' in target) return { reason: target.problem };
  if (deleting) return { deleting: true, ...(target.window ? { window: target.window } : {}) };
  const resolved = resolveWindowTests(parsed.document.tests, input.tests, input.pending ?? []);
  if ('problem' in resolved) return { reason: resolved.problem };
  const wanted = wantedFields(parsed.document, resolved.tests);
  return { wanted, tests: resolved.tests, ...(target.window ? { window: target.window } : {}) };
}

function deployedWindowOf(
  document: SuppressionWindowDocument,
  deployed: readonly SuppressionWindow[],
): { window?: SuppressionWindow } | { problem: string } {
  const { windowId, name } = document.window;
  if (windowId !== undefined) return { window: deployed.find((w) => w.windowId === windowId) };
  const named = deployed.filter((w) => w.name === name);
  if (named.length > 1)
    return {
      problem:
        `the account has ${named.length} suppression windows named ${JSON.stringify(name)} ` +
        `(${named.map((w) => w.windowId).join(', ')}); give the document the windowId it describes`,
    };
  return { window: named[0] };
}

/** The pending tests' ids are added by the apply, once their tests exist. */
function wantedFields(document: SuppressionWindowDocument, tests: readonly WindowTest[]): SuppressionWindowFields {
  const { windowId: _windowId, ...fields } = document.window;
  return { ...fields, testIds: knownTestIds(tests) };
}

/** A PUT replaces the whole window: what the document does not say is sent back as it was read. */
function updateBody(window: SuppressionWindow, wanted: SuppressionWindowFields): SuppressionWindowFields {
  const { windowId: _windowId, status: _status, ...kept } = window;
  return { ...kept, ...wanted };
}

export function windowChanges(wanted: SuppressionWindowFields, window: SuppressionWindow): WindowFieldChange[] {
  const changes: WindowFieldChange[] = [];
  const deployed = window as unknown as Record<string, unknown>;
  const record = wanted as unknown as Record<string, unknown>;
  for (const field of WINDOW_DOCUMENT_FIELDS) {
    const to = record[field];
    if (to === undefined || sameWindowField(field, to, deployed[field])) continue;
    changes.push({ field, from: deployed[field], to });
  }
  const wantedTests = sortedIds(wanted.testIds ?? []);
  const deployedTests = sortedIds(window.testIds ?? []);
  if (wantedTests.join() !== deployedTests.join())
    changes.push({ field: 'testIds', from: deployedTests, to: wantedTests });
  return changes;
}

function sameWindowField(field: string, wanted: unknown, deployed: unknown): boolean {
  if (field === 'startDate') return typeof deployed === 'string' && Date.parse(String(wanted)) === Date.parse(deployed);
  // The service reads an absent isEnabled as true.
  if (field === 'isEnabled') return wanted === (deployed ?? true);
  return canonical(wanted) === canonical(deployed);
}

/** JSON with object keys sorted, so the service's key order is no change. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function sortedIds(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}
