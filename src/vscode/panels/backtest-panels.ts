// The Backtest panel of an alert rule document: "Backtest: <ruleName>", one per document (a
// second backtest of the same document redraws it). Its page is drawn here (backtest-html.ts),
// static and without script; what it says is kept for the extension-host suites' snapshot.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import type { BacktestReport } from '../../workflows/backtest';
import { besideColumn } from '../ui/columns';
import { backtestHtml, backtestSummary } from './backtest-html';
import type { PanelSnapshot } from './panel-host';
import type { RegisteredPanel } from './registry';
import { netmonWebviewPanel, type PanelServices } from './services';
import { contentSecurityPolicy } from './webview-html';

/** What the panel shows, as the suites read it (`rendered` of its snapshot). */
export interface BacktestShown {
  summary: string;
  firingCount: number;
  days: number;
  deployedFired: number | undefined;
}

class BacktestPanel implements RegisteredPanel {
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private shown: BacktestShown | undefined;
  private renders = 0;
  private readonly subscription: vscode.Disposable;

  constructor(
    readonly id: string,
    readonly key: string,
    readonly panel: vscode.WebviewPanel,
  ) {
    this.subscription = panel.onDidDispose(() => this.dispose());
  }

  show(report: BacktestReport): void {
    const nonce = randomBytes(18).toString('base64url');
    this.panel.title = `Backtest: ${untrustedLine(report.ruleName, 80)}`;
    this.panel.webview.html = backtestHtml(report, contentSecurityPolicy(this.panel.webview, nonce), nonce);
    this.shown = {
      summary: backtestSummary(report),
      firingCount: report.result.firingCount,
      days: report.days,
      deployedFired: report.deployed?.fired,
    };
    this.renders++;
  }

  snapshot(): PanelSnapshot {
    return {
      id: this.id,
      kind: 'backtest',
      key: this.key,
      title: this.panel.title,
      visible: this.panel.visible,
      column: this.panel.viewColumn,
      // A static page: drawn as soon as it is set.
      ready: this.renders > 0,
      rendered: this.shown,
      renders: this.renders,
      error: undefined,
      busy: false,
    };
  }

  receive(): Promise<void> {
    return Promise.resolve(); // no script, no messages
  }

  dispose(): void {
    this.subscription.dispose();
    this.disposed.fire();
    this.disposed.dispose();
    this.panel.dispose();
  }
}

export class BacktestPanels {
  constructor(private readonly services: PanelServices) {}

  /** Shows the report in the document's panel (opened beside the document); returns the panel id. */
  show(report: BacktestReport, document: vscode.Uri): string {
    const key = `backtest:${document.toString()}`;
    const existing = this.services.registry.byKey(key);
    const panel = existing instanceof BacktestPanel ? existing : this.create(key);
    panel.show(report);
    panel.panel.reveal(undefined, true);
    return panel.id;
  }

  private create(key: string): BacktestPanel {
    const webview = netmonWebviewPanel(this.services, 'backtest', 'Backtest', besideColumn(), {
      enableScripts: false,
      localResourceRoots: [],
    });
    return this.services.registry.add(new BacktestPanel(this.services.registry.nextId('backtest'), key, webview));
  }
}
