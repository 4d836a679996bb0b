// Every live Netmon webview (panels and .har editors) by id and by what it shows, so that
// opening the same session twice reveals the open panel, and so the extension-host suites
// can read what each panel shows (netmon.internal.panelStates) and play a webview's part
// (netmon.internal.panelMessage). Those two commands are not contributed (no menu shows
// them) and exist only outside production mode.
import * as vscode from 'vscode';
import type { PanelSnapshot } from './panel-host';

export interface RegisteredPanel extends vscode.Disposable {
  readonly id: string;
  readonly key: string;
  readonly panel: vscode.WebviewPanel;
  readonly onDidDispose: vscode.Event<void>;
  snapshot(): PanelSnapshot;
  receive(message: unknown): Promise<void>;
}

export class PanelRegistry implements vscode.Disposable {
  private readonly panels = new Map<string, RegisteredPanel>();
  private counter = 0;

  nextId(kind: string): string {
    return `${kind}-${++this.counter}`;
  }

  add<T extends RegisteredPanel>(panel: T): T {
    this.panels.set(panel.id, panel);
    panel.onDidDispose(() => this.panels.delete(panel.id));
    return panel;
  }

  byKey(key: string): RegisteredPanel | undefined {
    return [...this.panels.values()].find((panel) => panel.key === key);
  }

  snapshots(): PanelSnapshot[] {
    return [...this.panels.values()].map((panel) => panel.snapshot());
  }

  async deliver(id: unknown, message: unknown): Promise<boolean> {
    const panel = typeof id === 'string' ? this.panels.get(id) : undefined;
    if (!panel) return false;
    await panel.receive(message);
    return true;
  }

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(this);
    // Like activate()'s test API: nothing of this reaches other extensions in production.
    if (context.extensionMode === vscode.ExtensionMode.Production) return;
    context.subscriptions.push(
      vscode.commands.registerCommand('netmon.internal.panelStates', () => this.snapshots()),
      vscode.commands.registerCommand('netmon.internal.panelMessage', (id: unknown, message: unknown) =>
        this.deliver(id, message),
      ),
    );
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
    this.panels.clear();
  }
}
