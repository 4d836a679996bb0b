// Status bar: connection (demo / host), account group and rate-limit remaining.
import * as vscode from 'vscode';
import { untrustedLine } from '../analysis/text/untrusted';
import type { ConnectionManager } from './connection/connection-manager';

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('netmon.connection', vscode.StatusBarAlignment.Left, 50);
  private rateLimitRemaining: number | undefined;
  /** The connection the remaining budget was read from; another one starts unknown. */
  private budgetOf: string | undefined;

  constructor(private readonly connection: ConnectionManager) {
    this.item.name = 'Netmon connection';
    this.update();
    this.item.show();
  }

  get text(): string { return this.item.text; }

  onRateLimit(remaining: number | undefined): void {
    if (remaining === undefined || remaining === this.rateLimitRemaining) return;
    this.rateLimitRemaining = remaining;
    this.update();
  }

  update(): void {
    const info = this.connection.current;
    const budgetOf = info?.key;
    if (budgetOf !== this.budgetOf) {
      this.budgetOf = budgetOf;
      this.rateLimitRemaining = undefined;
    }
    if (!info && this.connection.clientWhenReady) {
      this.item.text = '$(sync~spin) Netmon: connecting…';
      this.item.tooltip = 'Starting the demo emulator or connecting to the API';
      this.item.command = 'netmon.showLog';
      return;
    }
    if (!info) {
      this.rateLimitRemaining = undefined;
      this.item.text = '$(debug-disconnect) Netmon: signed out';
      this.item.tooltip = 'Sign in to a Netmon API, or try the demo';
      this.item.command = 'netmon.signIn';
      return;
    }
    const where = info.kind === 'demo' ? 'demo' : new URL(info.baseUrl).host;
    const parts = [`$(${info.kind === 'demo' ? 'beaker' : 'plug'}) Netmon: ${where}`];
    if (info.accountGroup) parts.push(untrustedLine(info.accountGroup.accountGroupName, 60));
    if (this.rateLimitRemaining !== undefined) parts.push(`${this.rateLimitRemaining} left`);
    this.item.text = parts.join(' · ');
    const tooltip = new vscode.MarkdownString();
    tooltip.appendText(`${info.kind === 'demo' ? 'Demo mode (embedded emulator)' : info.baseUrl}\n\n`);
    tooltip.appendText(`Account group: ${info.accountGroup ? `${info.accountGroup.accountGroupName} (aid ${info.accountGroup.aid})` : 'default'}\n\n`);
    if (this.rateLimitRemaining !== undefined) tooltip.appendText(`Requests left in this rate-limit period: ${this.rateLimitRemaining}\n\n`);
    tooltip.appendText('Click to switch the account group');
    this.item.tooltip = tooltip;
    this.item.command = 'netmon.switchAccountGroup';
  }

  dispose(): void {
    this.item.dispose();
  }
}
