// Create, Update and Delete of the alert rule an alert rule document describes, from its lenses
// and the command palette (one-document-deploy.ts does it for each kind): the document planned
// against the deployed rules (src/workflows/alert-rules.ts), the one step it comes to run.
import type * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { RulePlan, RulePlanStep } from '../../documents/alert-rules/plan';
import type { CommandHandler } from '../command-util';
import { COMMAND } from '../command-ids.generated';
import { isAlertRuleFile } from './alert-rule-files';
import { updateChange } from './lens-consent';
import { documentsLibrary as lib } from './library';
import { deployCommands, type DeployKind, type DeployServices } from './one-document-deploy';
import type { DeployTarget } from './target';

export interface RuleDeployResult {
  action: RulePlanStep['action'];
  ruleName: string;
  ruleId?: string;
}

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

export const RULE_KIND: DeployKind<RulePlanStep, RuleDeployResult, RulePlan['unchanged'][number]> = {
  noun: 'alert rule',
  short: 'rule',
  plural: 'Alert rules',
  isFile: isAlertRuleFile,
  suffix: '.netmon-alert-rule.json',
  plan: planOfDocument,
  apply: (step, client, call) => lib().applyRuleSteps([step], client, call),
  lensTitle: ruleLensTitle,
  nameOf: (step) => step.ruleName,
  deleteDetail: (step, target) =>
    `Alert rule ${'ruleId' in step ? step.ruleId : ''} is removed from ${target.groupLabel}; ` +
    'its tests stop alerting on it.',
  result: (step) => ({
    action: step.action,
    ruleName: step.ruleName,
    ...('ruleId' in step ? { ruleId: step.ruleId } : {}),
  }),
  commands: { create: COMMAND.alertRulesCreate, update: COMMAND.alertRulesUpdate, delete: COMMAND.alertRulesDelete },
};

export function ruleDeployCommands(services: DeployServices): Record<string, CommandHandler> {
  return deployCommands(services, RULE_KIND);
}
