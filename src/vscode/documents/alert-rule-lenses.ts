// The code lens at the top of an alert rule document: Backtest over the last 7 days, once signed
// in and in a trusted folder (as the other documents' lenses are); otherwise what would make it
// available.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connection-manager';
import { COMMAND } from '../command-ids.generated';
import { isAlertRuleFile } from './alert-rule-files';

/** The days a lens's backtest replays (the command palette offers 1, 3 and 7). */
export const LENS_BACKTEST_DAYS = 7;

export class AlertRuleLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly connection: ConnectionManager) {
    this.subscription = vscode.Disposable.from(
      connection.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!isAlertRuleFile(document.uri.path)) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, command: string, ...args: unknown[]): vscode.CodeLens =>
      new vscode.CodeLens(top, { title, command, arguments: args, tooltip: title });
    if (!this.connection.current)
      return [lens('Netmon: sign in (or use the demo account) to backtest this rule', COMMAND.signIn)];
    if (!vscode.workspace.isTrusted)
      return [lens('$(shield) Restricted Mode: trust this folder to backtest its rules', 'workbench.trust.manage')];
    return [lens(`$(history) Backtest (last ${LENS_BACKTEST_DAYS} days)`, COMMAND.backtestAlertRule, document.uri)];
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
