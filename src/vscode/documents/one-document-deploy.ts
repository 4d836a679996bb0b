// Create, Update and Delete of what one alert document describes (a rule, a suppression window),
// from its lenses and the command palette: the document planned against what it can describe, the
// one step it comes to run. A Create or Update lens carries a one-time token for the change its
// title states (lens-consent.ts): its click is the consent, once; any other caller is asked in a
// modal. Delete always asks. Each kind (alert-rule-deploy.ts, suppression-window-deploy.ts) says
// only what is its own: its words, its file, its plan and its apply.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { NetmonClient } from '../../api';
import { reporting, type CommandHandler } from '../command-util';
import type { ConnectionManager } from '../connection/connection-manager';
import type { ErrorWithAction } from '../errors';
import { requireTrustedWorkspace, workspaceDocument } from '../ui/arguments';
import { showInfo } from '../ui/notify';
import type { Prompts } from '../ui/prompts';
import type { LensConsent } from './lens-consent';
import { consentedChange } from './lens-consent';
import { deployTarget, type DeployTarget } from './target';

export interface DeployServices {
  connection: ConnectionManager;
  prompts: Prompts;
  consent: LensConsent;
  /** Something was written: the lenses redraw. */
  changed(): void;
}

export type DeployAction = 'create' | 'update' | 'delete';

interface OneStepPlan<Step, Unchanged> {
  steps: Step[];
  skipped: { reason: string }[];
  unchanged: Unchanged[];
}

/** One kind of alert document, as its commands and its lenses (one-document-lenses.ts) both read it. */
export interface DeployKind<Step extends { action: DeployAction }, Result, Unchanged = unknown> {
  /** `alert rule`, `suppression window`; `short`: `rule`, `window`; `plural`: `Alert rules`. */
  noun: string;
  short: string;
  plural: string;
  isFile(path: string): boolean;
  /** `.netmon-alert-rule.json` */
  suffix: string;
  plan(
    target: DeployTarget,
    document: vscode.TextDocument,
    deleting: boolean,
  ): Promise<OneStepPlan<Step, Unchanged> | undefined>;
  apply(step: Step, client: NetmonClient, call: { aid?: string }): Promise<{ failed?: { error: unknown } }>;
  lensTitle(step: Step, target: DeployTarget): string;
  /** The name the document gives (outside text). */
  nameOf(step: Step): string;
  /** What a Delete's question says happens. */
  deleteDetail(step: Step, target: DeployTarget): string;
  result(step: Step): Result;
  /** Its Create, Update and Delete command ids. */
  commands: Record<DeployAction, string>;
}

export function deployCommands<Step extends { action: DeployAction }, Result>(
  services: DeployServices,
  kind: DeployKind<Step, Result>,
): Record<string, CommandHandler> {
  const ids = kind.commands;
  const handler = (action: DeployAction, what: string) => (uri: unknown, token: unknown) =>
    reporting(what, async () => {
      const result = await deploy(services, kind, action, uri, token);
      if (result) services.changed();
      return result;
    });
  return {
    [ids.create]: handler('create', `Creating the ${kind.noun}`),
    [ids.update]: handler('update', `Updating the ${kind.noun}`),
    [ids.delete]: handler('delete', `Deleting the ${kind.noun}`),
  };
}

function withAction(message: string, action: string): ErrorWithAction {
  return Object.assign(new Error(message), { action });
}

async function deploy<Step extends { action: DeployAction }, Result>(
  services: DeployServices,
  kind: DeployKind<Step, Result>,
  action: DeployAction,
  arg: unknown,
  token: unknown,
): Promise<Result | undefined> {
  requireTrustedWorkspace(`Changing ${kind.plural.toLowerCase()}`);
  const document = await workspaceDocument(arg);
  const name = untrustedLine(vscode.workspace.asRelativePath(document.uri), 200);
  if (!kind.isFile(document.uri.path))
    throw withAction(`${name} is not ${article(kind.noun)} document`, `Open a ${kind.suffix} document.`);
  const target = deployTarget(services.connection, document.getText());
  const plan = await kind.plan(target, document, action === 'delete');
  if (!plan)
    throw withAction(
      `${kind.plural} need the v7 API; this account speaks v6`,
      'Set "netmon.apiVersion" to v7 (or auto, on an account that speaks v7) and try again.',
    );
  const skipped = plan.skipped[0];
  if (skipped) throw withAction(`${name}: ${untrustedLine(skipped.reason, 300)}`, 'Change the document, then again.');
  const step = plan.steps[0];
  if (!step || step.action !== action) return nothingTo(kind, action, plan, name);
  if (!(await consented(services, kind, document, target, step, token))) return undefined;
  const call = target.requestAid === undefined ? {} : { aid: target.requestAid };
  const { failed } = await kind.apply(step, target.client, call);
  if (failed) throw failed.error;
  return kind.result(step);
}

const article = (noun: string): string => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** Why the action has nothing to do: what the document describes matches, is there already, or is not there. */
function nothingTo<Step extends { action: DeployAction }>(
  kind: { short: string },
  action: DeployAction,
  plan: OneStepPlan<Step, unknown>,
  name: string,
): undefined {
  const there = plan.unchanged.length > 0 || plan.steps[0]?.action === 'update';
  const what = there ? (action === 'create' ? `the ${kind.short} exists` : 'no change') : `no such ${kind.short}`;
  void showInfo(`${name}: ${what}`);
  return undefined;
}

async function consented<Step extends { action: DeployAction }, Result>(
  services: DeployServices,
  kind: DeployKind<Step, Result>,
  document: vscode.TextDocument,
  target: DeployTarget,
  step: Step,
  token: unknown,
): Promise<boolean> {
  const title = kind.lensTitle(step, target);
  if (step.action !== 'delete') {
    const change = consentedChange(target, title);
    if (services.consent.take(token, document.uri, document.version, step.action, change)) return true;
  }
  const named = untrustedLine(kind.nameOf(step), 80);
  const verb = step.action === 'create' ? 'Create' : step.action === 'update' ? 'Update' : 'Delete';
  const detail = step.action === 'delete' ? kind.deleteDetail(step, target) : `${title}\n\nOn ${target.connectionKey}.`;
  const answer = await services.prompts.confirm(
    `${verb} ${kind.noun} "${named}" in ${target.groupLabel}?`,
    detail,
    verb,
  );
  return answer === verb;
}
