// The account's side of suppression window documents, for every front door alike: the deployed
// windows read one by one (only a window's own read lists its tests), a folder's window documents
// planned against them, and a plan's steps run in order (after the rules' steps: the tests exist).
import type { CallOptions, NetmonClient } from '../../api/client';
import type { SuppressionWindow } from '../../api/types/alerts';
import type { RuleDocumentText } from '../alert-rules/plan';
import type { DeployedTestName } from '../alert-rules/resolve';
import { planSuppressionWindows, type WindowPlan, type WindowPlanStep } from './plan';

type WindowReader = Pick<NetmonClient, 'listSuppressionWindows' | 'getSuppressionWindow'>;
type WindowWriter = Pick<NetmonClient, 'createSuppressionWindow' | 'updateSuppressionWindow'>;

export const WINDOWS_NEED_V7 =
  'Suppression window documents were left out: suppression windows need the v7 API, and this account speaks v6.';

export async function deployedWindows(client: WindowReader, options: CallOptions = {}): Promise<SuppressionWindow[]> {
  const listed = await client.listSuppressionWindows(options);
  const windows: SuppressionWindow[] = [];
  // One at a time: the service's rate limit counts each read.
  for (const window of listed) windows.push(await client.getSuppressionWindow(window.windowId, options));
  return windows;
}

/** A folder's window documents planned against every deployed window, or why they were left out. */
export interface WindowRun {
  documents: RuleDocumentText[];
  plan?: WindowPlan;
  leftOut?: string;
}

export async function planWindowRun(
  client: WindowReader & Pick<NetmonClient, 'apiVersion'>,
  documents: readonly RuleDocumentText[],
  tests: readonly DeployedTestName[],
  options: CallOptions = {},
): Promise<WindowRun> {
  if (documents.length === 0) return { documents: [] };
  if ((await client.apiVersion()) !== 'v7') return { documents: [...documents], leftOut: WINDOWS_NEED_V7 };
  const deployed = await deployedWindows(client, options);
  return { documents: [...documents], plan: planSuppressionWindows({ documents, deployed, tests }) };
}

export interface WindowStepsResult {
  completed: WindowPlanStep[];
  failed?: { step: WindowPlanStep; error: unknown };
}

/** Runs the steps in order, stopping at the first failure (the plan shows what remains). */
export async function applyWindowSteps(
  steps: readonly WindowPlanStep[],
  client: WindowWriter,
  options: CallOptions = {},
): Promise<WindowStepsResult> {
  const completed: WindowPlanStep[] = [];
  for (const step of steps) {
    try {
      if (step.action === 'create') await client.createSuppressionWindow(step.body, options);
      else await client.updateSuppressionWindow(step.windowId, step.body, options);
    } catch (error) {
      return { completed, failed: { step, error } };
    }
    completed.push(step);
  }
  return { completed };
}
