// Status bar: connection (demo / host), account group and rate-limit remaining.
import * as vscode from 'vscode';
import { untrustedLine } from '../analysis/text/untrusted';
import { apiLabel } from './connection/api-version';
import type { ConnectionManager } from './connection/connection-manager';
import { COMMAND } from './command-ids.generated';

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

  get text(): string {
    return this.item.text;
  }

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
      this.show('$(sync~spin) Netmon: connecting…', ['Starting the demo emulator or connecting to the API']);
      this.item.command = COMMAND.showLog;
      return;
    }
    if (!info) {
      this.rateLimitRemaining = undefined;
      this.show('$(debug-disconnect) Netmon: signed out', ['Sign in to a Netmon API, or try the demo']);
      this.item.command = COMMAND.signIn;
      return;
    }
    const where = info.kind === 'demo' ? 'demo' : new URL(info.baseUrl).host;
    const parts = [`$(${info.kind === 'demo' ? 'beaker' : 'plug'}) Netmon: ${where}`];
    if (info.accountGroup) parts.push(untrustedLine(info.accountGroup.accountGroupName, 60));
    if (this.rateLimitRemaining !== undefined) parts.push(`${this.rateLimitRemaining} left`);
    const server = info.kind === 'demo' ? 'Demo mode (embedded emulator)' : info.baseUrl;
    const group = info.accountGroup
      ? `${untrustedLine(info.accountGroup.accountGroupName, 60)} (aid ${info.accountGroup.aid})`
      : 'default';
    const lines = [`${server}${info.api ? ` · ${apiLabel(info.api.version)}` : ''}`, `Account group: ${group}`];
    if (this.rateLimitRemaining !== undefined)
      lines.push(`Requests left in this rate-limit period: ${this.rateLimitRemaining}`);
    lines.push('Click to switch the account group');
    this.show(parts.join(' · '), lines);
    this.item.command = COMMAND.switchAccountGroup;
  }

  /** The tooltip's lines for the mouse; the same words, without icons, for a screen reader. */
  get accessibleLabel(): string {
    return this.item.accessibilityInformation?.label ?? '';
  }

  get tooltip(): string {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : '';
  }

  /**
   * A plain-text tooltip: a MarkdownString's appendText turns every space into `&nbsp;`,
   * which screen readers announced verbatim. The label says the text and the tooltip.
   */
  private show(text: string, lines: readonly string[]): void {
    this.item.text = text;
    this.item.tooltip = lines.join('\n');
    const spoken = text.replace(/\$\([a-z0-9~-]+\)\s*/g, '');
    this.item.accessibilityInformation = { label: [spoken, ...lines].join('. '), role: 'button' };
  }

  dispose(): void {
    this.item.dispose();
  }
}
