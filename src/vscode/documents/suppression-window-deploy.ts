// Create, Update and Delete of the suppression window a window document describes, from its lenses
// and the command palette, as alert rule documents have them (alert-rule-deploy.ts): the document
// planned against the deployed windows it can describe, the one step it comes to run. A Create or
// Update lens carries a one-time token for the change its title states (lens-consent.ts): its click
// is the consent, once; any other caller is asked in a modal. Delete always asks. No binding is
// written: a document describes its window by windowId, else by name, so after a Delete it reads as
// Create again.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { WindowPlan, WindowPlanStep } from '../../documents/suppression-windows/plan';
import { reporting, type CommandHandler } from '../command-util';
import { COMMAND } from '../command-ids.generated';
import type { ErrorWithAction } from '../errors';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import { showInfo } from '../ui/notify';
import type { RuleDeployServices } from './alert-rule-deploy';
import { consentedChange, updateChange } from './lens-consent';
import { documentsLibrary as lib } from './library';
import { isSuppressionWindowFile } from './suppression-window-files';
import { deployTarget, type DeployTarget } from './target';

export interface WindowDeployResult {
  action: WindowPlanStep['action'];
  name: string;
  windowId?: string;
}

type Action = WindowPlanStep['action'];

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

export function windowDeployCommands(services: RuleDeployServices): Record<string, CommandHandler> {
  const handler = (action: Action, what: string) => (uri: unknown, token: unknown) =>
    reporting(what, async () => {
      const result = await deploy(services, action, uri, token);
      if (result) services.changed();
      return result;
    });
  return {
    [COMMAND.suppressionWindowsCreate]: handler('create', 'Creating the suppression window'),
    [COMMAND.suppressionWindowsUpdate]: handler('update', 'Updating the suppression window'),
    [COMMAND.suppressionWindowsDelete]: handler('delete', 'Deleting the suppression window'),
  };
}

function withAction(message: string, action: string): ErrorWithAction {
  return Object.assign(new Error(message), { action });
}

async function deploy(
  services: RuleDeployServices,
  action: Action,
  arg: unknown,
  token: unknown,
): Promise<WindowDeployResult | undefined> {
  requireTrustedWorkspace('Changing suppression windows');
  const document = await workspaceDocument(arg);
  const name = untrustedLine(vscode.workspace.asRelativePath(document.uri), 200);
  if (!isSuppressionWindowFile(document.uri.path))
    throw withAction(
      `${name} is not a suppression window document`,
      'Open a .netmon-alert-suppression-window.json document.',
    );
  const target = deployTarget(services.connection, document.getText());
  const plan = await planOfWindowDocument(target, document, action === 'delete');
  if (!plan)
    throw withAction(
      'Suppression windows need the v7 API; this account speaks v6',
      'Set "netmon.apiVersion" to v7 (or auto, on an account that speaks v7) and try again.',
    );
  const skipped = plan.skipped[0];
  if (skipped) throw withAction(`${name}: ${untrustedLine(skipped.reason, 300)}`, 'Change the document, then again.');
  const step = plan.steps[0];
  if (!step || step.action !== action) return nothingTo(action, plan, name);
  if (!(await consented(services, document, target, step, token))) return undefined;
  const call = target.requestAid === undefined ? {} : { aid: target.requestAid };
  const { failed } = await lib().applyWindowSteps([step], target.client, call);
  if (failed) throw failed.error;
  return { action, name: step.name, ...('windowId' in step ? { windowId: step.windowId } : {}) };
}

/** Why the action has nothing to do: the window matches, is there already, or is not there. */
function nothingTo(action: Action, plan: WindowPlan, name: string): undefined {
  const there = plan.unchanged.length > 0 || plan.steps[0]?.action === 'update';
  void showInfo(`${name}: ${there ? (action === 'create' ? 'the window exists' : 'no change') : 'no such window'}`);
  return undefined;
}

async function consented(
  services: RuleDeployServices,
  document: vscode.TextDocument,
  target: DeployTarget,
  step: WindowPlanStep,
  token: unknown,
): Promise<boolean> {
  const title = windowLensTitle(step, target);
  if (step.action !== 'delete') {
    const change = consentedChange(target, title);
    if (services.consent.take(token, document.uri, document.version, step.action, change)) return true;
  }
  const window = untrustedLine(step.name, 80);
  const verb = step.action === 'create' ? 'Create' : step.action === 'update' ? 'Update' : 'Delete';
  const detail =
    step.action === 'delete'
      ? `Suppression window ${untrustedLine(step.windowId, 30)} is removed from ${target.groupLabel}; ` +
        'its tests alert in its times again.'
      : `${title}\n\nOn ${target.connectionKey}.`;
  const answer = await services.prompts.confirm(
    `${verb} suppression window "${window}" in ${target.groupLabel}?`,
    detail,
    verb,
  );
  return answer === verb;
}
