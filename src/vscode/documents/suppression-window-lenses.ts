// The code lenses at the top of a suppression window document: what deploying it would do (Create,
// or Update with its changes, and Delete: suppression-window-deploy.ts), once signed in and in a
// trusted folder, as alert rule documents have them (alert-rule-lenses.ts, without a Backtest);
// otherwise what would make them available.
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { ConnectionManager } from '../connection/connection-manager';
import { COMMAND } from '../command-ids.generated';
import { consentedChange, type LensConsent } from './lens-consent';
import { planOfWindowDocument, windowLensTitle } from './suppression-window-deploy';
import { isSuppressionWindowFile } from './suppression-window-files';
import { deployTarget } from './target';

type LensMaker = (title: string, command: string, ...args: unknown[]) => vscode.CodeLens;

export class SuppressionWindowLenses implements vscode.CodeLensProvider, vscode.Disposable {
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
    if (!isSuppressionWindowFile(document.uri.path)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, command: string, ...args: unknown[]): vscode.CodeLens =>
      new vscode.CodeLens(top, { title, command, arguments: args, tooltip: title });
    if (!this.connection.current)
      return [lens('Netmon: sign in (or use the demo account) to deploy this window', COMMAND.signIn)];
    if (!vscode.workspace.isTrusted)
      return [lens('$(shield) Restricted Mode: trust this folder to deploy its windows', 'workbench.trust.manage')];
    return this.deployLenses(document, lens);
  }

  /** Create, or Update (with what it changes) and Delete; a lens saying why not when the plan cannot. */
  private async deployLenses(document: vscode.TextDocument, lens: LensMaker): Promise<vscode.CodeLens[]> {
    let plan;
    const target = deployTarget(this.connection, document.getText());
    try {
      plan = await planOfWindowDocument(target, document);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return [lens(`$(warning) ${untrustedLine(message, 80)}`, '')];
    }
    if (!plan) return [lens('Suppression windows need the v7 API', '')];
    const skipped = plan.skipped[0];
    if (skipped) return [lens(`$(warning) ${untrustedLine(skipped.reason, 100)}`, '')];
    const remove = lens('$(trash) Delete', COMMAND.suppressionWindowsDelete, document.uri);
    const unchanged = plan.unchanged[0];
    if (unchanged) return [lens(`$(check) Deployed as window ${untrustedLine(unchanged.windowId, 30)}`, ''), remove];
    const step = plan.steps[0];
    if (!step || step.action === 'delete') return [];
    const title = windowLensTitle(step, target);
    const token = this.consent.issue(document.uri, document.version, step.action, consentedChange(target, title));
    if (step.action === 'create')
      return [lens(`$(cloud-upload) ${title}`, COMMAND.suppressionWindowsCreate, document.uri, token)];
    return [lens(`$(sync) ${title}`, COMMAND.suppressionWindowsUpdate, document.uri, token), remove];
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
