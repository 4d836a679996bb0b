// After Create or Update of a test document, the loop's next step one click away: run the
// test now, or open its results. Both need the current API (v7): on v6 the message is said
// alone. One offer for enterprise and endpoint test documents; each names its own commands.
import * as vscode from 'vscode';
import { showInfo } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { DeployTarget } from './target';

const RUN_NOW = 'Run Now';
const SHOW_RESULTS = 'Show Results';

/** The commands that run the document's test now and show its results, each given the document. */
export interface NextSteps { runNow: string; showResults: string }

export async function offerNextStep(prompts: Prompts, message: string, uri: vscode.Uri, target: Pick<DeployTarget, 'client'>, steps: NextSteps): Promise<void> {
  const v7 = await target.client.apiVersion().then((version) => version !== 'v6', () => false);
  if (!v7) { void showInfo(message); return; }
  const next = await prompts.offer(message, RUN_NOW, SHOW_RESULTS);
  if (next === RUN_NOW) await vscode.commands.executeCommand(steps.runNow, uri);
  if (next === SHOW_RESULTS) await vscode.commands.executeCommand(steps.showResults, uri);
}
