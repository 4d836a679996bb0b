// Create, Update and Delete of the suppression window a window document describes, from its lenses
// and the command palette, as alert rule documents have them (one-document-deploy.ts does it for
// each kind): the document planned against the deployed windows it can describe, the one step it
// comes to run. No binding is written: a document describes its window by windowId, else by name,
// so after a Delete it reads as Create again.
import type * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { WindowPlan, WindowPlanStep } from '../../documents/suppression-windows/plan';
import type { CommandHandler } from '../command-util';
import { COMMAND } from '../command-ids.generated';
import { updateChange } from './lens-consent';
import { documentsLibrary as lib } from './library';
import { deployCommands, type DeployKind, type DeployServices } from './one-document-deploy';
import { isSuppressionWindowFile } from './suppression-window-files';
import type { DeployTarget } from './target';

export interface WindowDeployResult {
  action: WindowPlanStep['action'];
  name: string;
  windowId?: string;
}

/** The plan of one window document against the account, through the target its text names. */
export async function planOfWindowDocument(
  target: DeployTarget,
  document: vscode.TextDocument,
  deleting = false,
): Promise<WindowPlan | undefined> {
  if ((await target.client.apiVersion()) !== 'v7') return undefined;
  return lib().planWindowDocument(
    target.client,
    { uri: document.uri.toString(), text: document.getText() },
    { ...(target.requestAid === undefined ? {} : { aid: target.requestAid }), deleting },
  );
}

/** What a lens states and consents to: `Create window "Nightly" in ACME (1001)`, `Update: duration 60 → 120`. */
export function windowLensTitle(step: WindowPlanStep, target: DeployTarget): string {
  if (step.action === 'create') return `Create window "${untrustedLine(step.name, 60)}" in ${target.groupLabel}`;
  if (step.action === 'update') return updateChange(step.changes);
  return `Delete window ${untrustedLine(step.windowId, 30)}`;
}

export const WINDOW_KIND: DeployKind<WindowPlanStep, WindowDeployResult, WindowPlan['unchanged'][number]> = {
  noun: 'suppression window',
  short: 'window',
  plural: 'Suppression windows',
  isFile: isSuppressionWindowFile,
  suffix: '.netmon-alert-suppression-window.json',
  plan: planOfWindowDocument,
  apply: (step, client, call) => lib().applyWindowSteps([step], client, call),
  lensTitle: windowLensTitle,
  nameOf: (step) => step.name,
  deleteDetail: (step, target) =>
    `Suppression window ${untrustedLine('windowId' in step ? step.windowId : '', 30)} is removed from ` +
    `${target.groupLabel}; its tests alert in its times again.`,
  result: (step) => ({
    action: step.action,
    name: step.name,
    ...('windowId' in step ? { windowId: step.windowId } : {}),
  }),
  commands: {
    create: COMMAND.suppressionWindowsCreate,
    update: COMMAND.suppressionWindowsUpdate,
    delete: COMMAND.suppressionWindowsDelete,
  },
};

export function windowDeployCommands(services: DeployServices): Record<string, CommandHandler> {
  return deployCommands(services, WINDOW_KIND);
}
