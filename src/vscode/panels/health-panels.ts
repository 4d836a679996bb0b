// The Health panel of a deployed test: "Health: <testName>", one per test (Show Results again
// redraws it). One row per agent: its latest round, the grade in words and why, worst first
// (healthRows), each with Metrics (the metrics panel on that agent) and Path (the path panel at
// that agent's latest round). Its page is drawn here (health-html.ts); what it shows is kept for
// the extension-host suites' snapshot.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { HealthRow } from '../../analysis/results/health-rows';
import { untrustedLine } from '../../analysis/text/untrusted';
import { showError } from '../ui/notify';
import { errorText } from '../errors';
import { besideColumn } from '../ui/columns';
import { healthHeadline, healthHtml, isHealthPanelMessage, type HealthPanelMessage } from './health-html';
import type { PanelSnapshot } from './panel-host';
import type { RegisteredPanel } from './registry';
import { netmonWebviewPanel, type PanelServices } from './services';
import { contentSecurityPolicy } from './webview-html';

/** What the panel shows, as the suites read it (`rendered` of its snapshot). */
export interface HealthShown {
  headline: string;
  rows: { agentId: string; agent: string; round?: number; grade: HealthRow['grade']; reason: string }[];
}

/** What a row's button opens: the metrics on the agent, the path at its round; each resolves to a panel id. */
export interface HealthActions {
  openMetrics?: (agentId: string) => Promise<string>;
  openPath?: (agentId: string, roundId: number) => Promise<string>;
}

class HealthPanel implements RegisteredPanel {
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private shown: HealthShown | undefined;
  private rows: readonly HealthRow[] = [];
  private actions: HealthActions | undefined;
  private renders = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    readonly id: string,
    readonly key: string,
    readonly panel: vscode.WebviewPanel,
  ) {
    this.subscriptions = [
      panel.onDidDispose(() => this.dispose()),
      panel.webview.onDidReceiveMessage((message: unknown) =>
        this.receive(message).catch((error: unknown) => showError(errorText('Opening from the Health panel', error))),
      ),
    ];
  }

  show(testName: string, rangeLabel: string, rows: readonly HealthRow[], actions: HealthActions): void {
    const nonce = randomBytes(18).toString('base64url');
    this.rows = rows;
    this.actions = actions;
    this.panel.title = `Health: ${untrustedLine(testName, 80)}`;
    this.panel.webview.html = healthHtml(
      testName,
      rangeLabel,
      rows,
      { metrics: actions.openMetrics !== undefined, path: actions.openPath !== undefined },
      contentSecurityPolicy(this.panel.webview, nonce),
      nonce,
    );
    this.shown = {
      headline: healthHeadline(rows),
      rows: rows.map((row) => ({
        agentId: row.agentId,
        agent: untrustedLine(row.agentName, 80),
        ...(row.roundId === undefined ? {} : { round: row.roundId }),
        grade: row.grade,
        reason: untrustedLine(row.reason, 400),
      })),
    };
    this.renders++;
  }

  snapshot(): PanelSnapshot {
    return {
      id: this.id,
      kind: 'health',
      key: this.key,
      title: this.panel.title,
      visible: this.panel.visible,
      column: this.panel.viewColumn,
      // A page drawn by the host: drawn as soon as it is set.
      ready: this.renders > 0,
      rendered: this.shown,
      renders: this.renders,
      error: undefined,
      busy: false,
    };
  }

  /** A row's button: only for an agent the panel shows (the path only at a round it shows). */
  async receive(message: unknown): Promise<void> {
    if (!isHealthPanelMessage(message) || !this.actions) return;
    const row = this.rows.find((candidate) => candidate.agentId === message.params.agentId);
    if (!row) throw new Error(`${message.type} for agent ${message.params.agentId}, which this panel does not show`);
    await this.open(message, row, this.actions);
  }

  private async open(message: HealthPanelMessage, row: HealthRow, actions: HealthActions): Promise<void> {
    if (message.type === 'openMetrics') await actions.openMetrics?.(row.agentId);
    else if (row.roundId !== undefined) await actions.openPath?.(row.agentId, row.roundId);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.disposed.fire();
    this.disposed.dispose();
    this.panel.dispose();
  }
}

export class HealthPanels {
  constructor(private readonly services: PanelServices) {}

  /** Shows the rows in the test's panel (opened beside the editor, in the results group); returns the panel id. */
  show(
    testId: number,
    testName: string,
    rangeLabel: string,
    rows: readonly HealthRow[],
    actions: HealthActions,
  ): string {
    const key = `health:deployed:${testId}`;
    const existing = this.services.registry.byKey(key);
    const panel = existing instanceof HealthPanel ? existing : this.create(key);
    panel.show(testName, rangeLabel, rows, actions);
    // Focused: the panels opened from it after it (metrics, path) open in its group.
    panel.panel.reveal();
    return panel.id;
  }

  private create(key: string): HealthPanel {
    const webview = netmonWebviewPanel(this.services, 'health', 'Health', besideColumn(), {
      enableScripts: true,
      localResourceRoots: [],
    });
    return this.services.registry.add(new HealthPanel(this.services.registry.nextId('health'), key, webview));
  }
}
