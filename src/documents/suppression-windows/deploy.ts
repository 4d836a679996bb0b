// The account's side of suppression window documents, for every front door alike: the deployed
// windows read one by one (only a window's own read lists its tests), a folder's window documents
// planned against them, one document planned against the windows it can describe (the editor's
// lenses), and a plan's steps run in order (after the rules' steps: the tests exist, those the
// same apply created too, whose ids the steps are given).
import type { CallOptions, NetmonClient } from '../../api/client';
import type { SuppressionWindow } from '../../api/types/alerts';
import type { RuleDocumentText } from '../alert-rules/plan';
import { testNames } from '../alert-rules/deploy';
import type { DeployedTestName } from '../alert-rules/resolve';
import { listDeployedTests } from '../deployed';
import { parseSuppressionWindow } from './parse';
import { planSuppressionWindows, type WindowPlan, type WindowPlanStep } from './plan';
import { withCreatedTestIds, type PendingTest } from './window-tests';

type WindowReader = Pick<NetmonClient, 'listSuppressionWindows' | 'getSuppressionWindow'>;
type WindowWriter = Pick<
  NetmonClient,
  'createSuppressionWindow' | 'updateSuppressionWindow' | 'deleteSuppressionWindow'
>;

export const WINDOWS_NEED_V7 =
  'Suppression window documents were left out: suppression windows need the v7 API, and this account speaks v6.';

export async function deployedWindows(client: WindowReader, options: CallOptions = {}): Promise<SuppressionWindow[]> {
  const listed = await client.listSuppressionWindows(options);
  const windows: SuppressionWindow[] = [];
  // One at a time: the service's rate limit counts each read.
  for (const window of listed) windows.push(await client.getSuppressionWindow(window.windowId, options));
  return windows;
}

/** One document's plan: only the deployed windows it can describe (its windowId, else its name) are read. */
export async function planWindowDocument(
  client: WindowReader & Pick<NetmonClient, 'listEnterpriseTests'>,
  document: RuleDocumentText,
  options: CallOptions & { deleting?: boolean } = {},
): Promise<WindowPlan> {
  const { deleting, ...call } = options;
  const parsed = parseSuppressionWindow(document.text);
  const listed = await client.listSuppressionWindows(call);
  const describes = (window: SuppressionWindow): boolean =>
    parsed.ok &&
    (parsed.document.window.windowId === undefined
      ? window.name === parsed.document.window.name
      : window.windowId === parsed.document.window.windowId);
  const deployed: SuppressionWindow[] = [];
  for (const window of listed.filter(describes))
    deployed.push(await client.getSuppressionWindow(window.windowId, call));
  const tests = testNames(await listDeployedTests(client, call.aid === undefined ? undefined : String(call.aid)));
  const named = deleting ? { deleting: [document.uri] } : {};
  return planSuppressionWindows({ documents: [document], deployed, tests, ...named });
}

/** A folder's window documents planned against every deployed window, or why they were left out. */
export interface WindowRun {
  documents: RuleDocumentText[];
  plan?: WindowPlan;
  leftOut?: string;
}

/** `pending`: the tests the run's test plan creates (pendingTests), which a window may name before they exist. */
export async function planWindowRun(
  client: WindowReader & Pick<NetmonClient, 'apiVersion'>,
  documents: readonly RuleDocumentText[],
  tests: readonly DeployedTestName[],
  options: CallOptions = {},
  pending: readonly PendingTest[] = [],
): Promise<WindowRun> {
  if (documents.length === 0) return { documents: [] };
  if ((await client.apiVersion()) !== 'v7') return { documents: [...documents], leftOut: WINDOWS_NEED_V7 };
  const deployed = await deployedWindows(client, options);
  return { documents: [...documents], plan: planSuppressionWindows({ documents, deployed, tests, pending }) };
}

export interface WindowStepsResult {
  completed: WindowPlanStep[];
  failed?: { step: WindowPlanStep; error: unknown };
}

/** Runs the steps in order, stopping at the first failure (the plan shows what remains). */
export async function applyWindowSteps(
  steps: readonly WindowPlanStep[],
  client: WindowWriter,
  options: CallOptions & {
    /** The id of the test the apply created for a test document (its binding), for windows that name it. */
    createdTest?(uri: string): number | string | undefined;
  } = {},
): Promise<WindowStepsResult> {
  const { createdTest, ...call } = options;
  const completed: WindowPlanStep[] = [];
  for (const step of steps) {
    try {
      await applyWindowStep(withCreatedTests(step, createdTest), client, call);
    } catch (error) {
      return { completed, failed: { step, error } };
    }
    completed.push(step);
  }
  return { completed };
}

function withCreatedTests(
  step: WindowPlanStep,
  createdTest?: (uri: string) => number | string | undefined,
): WindowPlanStep {
  if (step.action === 'delete') return step;
  const testIds = withCreatedTestIds(step.body.testIds, step.tests, createdTest);
  return testIds === undefined ? step : { ...step, body: { ...step.body, testIds } };
}

async function applyWindowStep(step: WindowPlanStep, client: WindowWriter, options: CallOptions): Promise<void> {
  switch (step.action) {
    case 'create':
      await client.createSuppressionWindow(step.body, options);
      return;
    case 'update':
      await client.updateSuppressionWindow(step.windowId, step.body, options);
      return;
    case 'delete':
      await client.deleteSuppressionWindow(step.windowId, options);
      return;
  }
}
