// Create, Update and Delete of the alert rule an alert rule document describes, from its lenses
// and the command palette: the document planned against the deployed rules
// (src/workflows/alert-rules.ts), the one step it comes to run. A Create or Update lens carries a
// one-time token for the change its title states (lens-consent.ts): its click is the consent,
// once; any other caller is asked in a modal. Delete always asks.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { RulePlan, RulePlanStep } from '../../documents/alert-rules/plan';
import { reporting, type CommandHandler } from '../command-util';
import { COMMAND } from '../command-ids.generated';
import type { ConnectionManager } from '../connection/connection-manager';
import type { ErrorWithAction } from '../errors';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import { showInfo } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import { isAlertRuleFile } from './alert-rule-files';
import { consentedChange, updateChange, type LensConsent } from './lens-consent';
import { documentsLibrary as lib } from './library';
import { deployTarget, type DeployTarget } from './target';

export interface RuleDeployServices {
  connection: ConnectionManager;
  prompts: Prompts;
  consent: LensConsent;
  /** A rule was written: the lenses redraw. */
  changed(): void;
}

export interface RuleDeployResult {
  action: RulePlanStep['action'];
  ruleName: string;
  ruleId?: string;
}

type Action = 'create' | 'update' | 'delete';

/** The plan of one rule document against the account, through the target its text names. */
export async function planOfDocument(
  target: DeployTarget,
  document: vscode.TextDocument,
  deleting = false,
): Promise<RulePlan | undefined> {
  if ((await target.client.apiVersion()) !== 'v7') return undefined;
  return lib().planRuleDocument(
    target.client,
    { uri: document.uri.toString(), text: document.getText() },
    { ...(target.requestAid === undefined ? {} : { aid: target.requestAid }), deleting },
  );
}

/** What a lens states and consents to: `Create rule "Loss" in ACME (1001)`, `Update: severity "a" → "b"`. */
export function ruleLensTitle(step: RulePlanStep, target: DeployTarget): string {
  if (step.action === 'create') return `Create rule "${untrustedLine(step.ruleName, 60)}" in ${target.groupLabel}`;
  if (step.action === 'update') return updateChange(step.changes);
  return `Delete rule ${step.ruleId}`;
}

export function ruleDeployCommands(services: RuleDeployServices): Record<string, CommandHandler> {
  const handler = (action: Action, what: string) => (uri: unknown, token: unknown) =>
    reporting(what, async () => {
      const result = await deploy(services, action, uri, token);
      if (result) services.changed();
      return result;
    });
  return {
    [COMMAND.alertRulesCreate]: handler('create', 'Creating the alert rule'),
    [COMMAND.alertRulesUpdate]: handler('update', 'Updating the alert rule'),
    [COMMAND.alertRulesDelete]: handler('delete', 'Deleting the alert rule'),
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
): Promise<RuleDeployResult | undefined> {
  requireTrustedWorkspace('Changing alert rules');
  const document = await workspaceDocument(arg);
  const name = untrustedLine(vscode.workspace.asRelativePath(document.uri), 200);
  if (!isAlertRuleFile(document.uri.path))
    throw withAction(`${name} is not an alert rule document`, 'Open a .netmon-alert-rule.json document.');
  const target = deployTarget(services.connection, document.getText());
  const plan = await planOfDocument(target, document, action === 'delete');
  if (!plan)
    throw withAction(
      'Alert rules need the v7 API; this account speaks v6',
      'Set "netmon.apiVersion" to v7 (or auto, on an account that speaks v7) and try again.',
    );
  const skipped = plan.skipped[0];
  if (skipped) throw withAction(`${name}: ${untrustedLine(skipped.reason, 300)}`, 'Change the document, then again.');
  const step = plan.steps[0];
  if (!step || step.action !== action) return nothingTo(action, plan, name);
  if (!(await consented(services, document, target, step, token))) return undefined;
  const call = target.requestAid === undefined ? {} : { aid: target.requestAid };
  const { failed } = await lib().applyRuleSteps([step], target.client, call);
  if (failed) throw failed.error;
  return { action, ruleName: step.ruleName, ...('ruleId' in step ? { ruleId: step.ruleId } : {}) };
}

/** Why the action has nothing to do: the rule matches, is there already, or is not there. */
function nothingTo(action: Action, plan: RulePlan, name: string): undefined {
  const there = plan.unchanged.length > 0 || plan.steps[0]?.action === 'update';
  void showInfo(`${name}: ${there ? (action === 'create' ? 'the rule exists' : 'no change') : 'no such rule'}`);
  return undefined;
}

async function consented(
  services: RuleDeployServices,
  document: vscode.TextDocument,
  target: DeployTarget,
  step: RulePlanStep,
  token: unknown,
): Promise<boolean> {
  const title = ruleLensTitle(step, target);
  if (step.action !== 'delete') {
    const change = consentedChange(target, title);
    if (services.consent.take(token, document.uri, document.version, step.action, change)) return true;
  }
  const rule = untrustedLine(step.ruleName, 80);
  const verb = step.action === 'create' ? 'Create' : step.action === 'update' ? 'Update' : 'Delete';
  const detail =
    step.action === 'delete'
      ? `Alert rule ${step.ruleId} is removed from ${target.groupLabel}; its tests stop alerting on it.`
      : `${title}\n\nOn ${target.connectionKey}.`;
  const answer = await services.prompts.confirm(`${verb} alert rule "${rule}" in ${target.groupLabel}?`, detail, verb);
  return answer === verb;
}
