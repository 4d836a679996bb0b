// The code lenses at the top of an alert rule document: Backtest over the last 7 days, and what
// deploying it would do (Create, or Update with its changes, and Delete: alert-rule-deploy.ts),
// once signed in and in a trusted folder (as the other documents' lenses are); otherwise what
// would make them available.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { ConnectionManager } from '../connection/connection-manager';
import { COMMAND } from '../command-ids.generated';
import { planOfDocument, ruleLensTitle } from './alert-rule-deploy';
import { isAlertRuleFile } from './alert-rule-files';
import { consentedChange, type LensConsent } from './lens-consent';
import { deployTarget } from './target';

type LensMaker = (title: string, command: string, ...args: unknown[]) => vscode.CodeLens;

/** The days a lens's backtest replays (the command palette offers 1, 3 and 7). */
export const LENS_BACKTEST_DAYS = 7;

export class AlertRuleLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly connection: ConnectionManager,
    /** Create and Update lenses carry its one-time token: their click is the consent to what the title says. */
    private readonly consent: LensConsent,
  ) {
    this.subscription = vscode.Disposable.from(
      connection.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
  }

  refresh(): void {
    this.changed.fire();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    if (!isAlertRuleFile(document.uri.path)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, command: string, ...args: unknown[]): vscode.CodeLens =>
      new vscode.CodeLens(top, { title, command, arguments: args, tooltip: title });
    if (!this.connection.current)
      return [lens('Netmon: sign in (or use the demo account) to backtest this rule', COMMAND.signIn)];
    if (!vscode.workspace.isTrusted)
      return [lens('$(shield) Restricted Mode: trust this folder to backtest its rules', 'workbench.trust.manage')];
    const backtest = lens(
      `$(history) Backtest (last ${LENS_BACKTEST_DAYS} days)`,
      COMMAND.backtestAlertRule,
      document.uri,
    );
    return [...(await this.deployLenses(document, lens)), backtest];
  }

  /** Create, or Update (with what it changes) and Delete; a lens saying why not when the plan cannot. */
  private async deployLenses(document: vscode.TextDocument, lens: LensMaker): Promise<vscode.CodeLens[]> {
    let plan;
    const target = deployTarget(this.connection, document.getText());
    try {
      plan = await planOfDocument(target, document);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return [lens(`$(warning) ${untrustedLine(message, 80)}`, '')];
    }
    if (!plan) return [lens('Alert rules need the v7 API', '')];
    const skipped = plan.skipped[0];
    if (skipped) return [lens(`$(warning) ${untrustedLine(skipped.reason, 100)}`, '')];
    const remove = lens('$(trash) Delete', COMMAND.alertRulesDelete, document.uri);
    const unchanged = plan.unchanged[0];
    if (unchanged) return [lens(`$(check) Deployed as rule ${unchanged.ruleId}`, ''), remove];
    const step = plan.steps[0];
    if (!step || step.action === 'delete') return [];
    const title = ruleLensTitle(step, target);
    const token = this.consent.issue(document.uri, document.version, step.action, consentedChange(target, title));
    if (step.action === 'create')
      return [lens(`$(cloud-upload) ${title}`, COMMAND.alertRulesCreate, document.uri, token)];
    return [lens(`$(sync) ${title}`, COMMAND.alertRulesUpdate, document.uri, token), remove];
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
