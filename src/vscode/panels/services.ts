// What every panel host needs, handed down from registerPanels (no singletons), and the
// one way a panel is created: a WebviewPanel wrapped in a PanelHost and registered.
import * as vscode from 'vscode';
import type { IpcMessage } from '../../../webview/shared/ipc';
import type { ConnectionManager } from '../connection/connection-manager';
import type { Prompts } from '../ui/prompts';
import type { TimeOptions } from './data';
import { PanelHost, type PanelHostOptions } from './panel-host';
import type { PanelRegistry } from './registry';

export interface PanelServices {
  extensionUri: vscode.Uri;
  registry: PanelRegistry;
  connection: ConnectionManager;
  /** The Netmon view's time range, for the lists the panels read. */
  timeOptions: () => TimeOptions;
  /** The "Netmon" log: ignored webview messages are noted there. */
  log: vscode.LogOutputChannel;
  /** Questions panels ask (a pick among found sessions); the suites may answer them. */
  prompts: Prompts;
}

type HostSpec<P extends IpcMessage<string, unknown>> = Omit<
  PanelHostOptions<P>,
  'panel' | 'extensionUri' | 'showError' | 'log'
>;

export function createPanelHost<H extends IpcMessage<string, unknown>, P extends IpcMessage<string, unknown>>(
  services: PanelServices,
  spec: HostSpec<P> & { title: string; column?: vscode.ViewColumn },
  errorMessage: ((message: string) => H) | undefined,
): PanelHost<H, P> {
  const panel = netmonWebviewPanel(services, spec.kind, spec.title, spec.column ?? vscode.ViewColumn.Active);
  return hostFor(services, panel, spec, errorMessage);
}

/**
 * A Netmon webview panel: view type `netmon.<kind>`, Find enabled, the activity icon. Panels whose page is drawn here
 * (no webview bundle) pass their own options (scripts, no local resources).
 */
export function netmonWebviewPanel(
  services: Pick<PanelServices, 'extensionUri'>,
  kind: string,
  title: string,
  column: vscode.ViewColumn,
  options: vscode.WebviewPanelOptions & vscode.WebviewOptions = {},
): vscode.WebviewPanel {
  const panel = vscode.window.createWebviewPanel(`netmon.${kind}`, title, column, {
    enableFindWidget: true,
    ...options,
  });
  panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'netmon-activity.svg');
  return panel;
}

/**
 * Wraps a panel VS Code created (a custom editor's) or this module created. `errorMessage`
 * builds the protocol's `error` message; without one, failures get a static error page.
 */
export function hostFor<H extends IpcMessage<string, unknown>, P extends IpcMessage<string, unknown>>(
  services: PanelServices,
  panel: vscode.WebviewPanel,
  spec: HostSpec<P>,
  errorMessage: ((message: string) => H) | undefined,
): PanelHost<H, P> {
  const showError = (message: string): void => {
    if (errorMessage) host.show(errorMessage(message));
    else host.showErrorPage(message);
  };
  const host: PanelHost<H, P> = new PanelHost<H, P>(
    { ...spec, panel, extensionUri: services.extensionUri, showError, log: services.log },
    services.registry.nextId(spec.kind),
  );
  return services.registry.add(host);
}
