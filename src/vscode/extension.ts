// Activation wiring: one module per command group, every disposable in context.subscriptions.
// The client is created by the ConnectionManager and passed to whoever needs it.
import * as vscode from 'vscode';
import { writePendingCodeCaches } from './bundle-loader';
import { lazyClientFactory } from './connection/client-loader';
import { registerConnectionCommands } from './connection/commands';
import { ConnectionManager } from './connection/connection-manager';
import { readSettings } from './connection/settings';
import { errorText } from './errors';
import { registerDocuments } from './documents';
import { registerItemCommands } from './items/commands';
import { registerPanels } from './panels';
import { logRequest } from './request-log';
import { ConnectionStatusBar } from './status-bar';
import { Prompts } from './ui/prompts';
import type { NetmonExtensionApi } from './test-api';
import { registerTreeCommands } from './tree/commands';
import { registerFilterCommands } from './tree/filter-commands';
import { registerAgentCommands } from './tree/agent-commands';
import { registerWalkthrough } from './walkthrough';
import { NetmonTreeProvider } from './tree/provider';
import { QueryState } from './tree/query-state';
import { locateSharingLibrary } from './sharing/library';

export const VIEW_ID = 'netmon.explorer';

let connectionToClose: ConnectionManager | undefined;

export function activate(context: vscode.ExtensionContext): NetmonExtensionApi | undefined {
  const log = vscode.window.createOutputChannel('Netmon', { log: true });
  context.subscriptions.push(log, vscode.commands.registerCommand('netmon.showLog', () => log.show(true)));

  const connection = new ConnectionManager(context, (event) => {
    logRequest(log, event);
    statusBar.onRateLimit(event.rateLimitRemaining); // requests only start after activation
  }, lazyClientFactory(context.extensionPath), (message) => log.warn(message));
  connectionToClose = connection;
  const statusBar = new ConnectionStatusBar(connection);
  const query = new QueryState();
  const tree = new NetmonTreeProvider(connection, query, () => readSettings().pageSize, writePendingCodeCaches, (message) => log.error(message));
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
  const showQuery = (): void => {
    treeView.description = query.description;
    // A single-view container hides the description in its merged title, so say it in the view too.
    treeView.message = query.isDefault ? undefined : `Showing ${query.description}`;
  };
  showQuery();
  context.subscriptions.push(
    connection, statusBar, query, tree, treeView,
    connection.onDidChange(() => statusBar.update()),
    query.onDidChange(showQuery),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('netmon.timeoutMs') || event.affectsConfiguration('netmon.proxy')) void connection.applySettings();
      if (event.affectsConfiguration('netmon.pageSize')) tree.refreshAll();
    }),
  );
  const development = context.extensionMode !== vscode.ExtensionMode.Production;
  const prompts = new Prompts(development);
  locateSharingLibrary(context.extensionPath);
  const connectionCommands = registerConnectionCommands(context, connection);
  registerTreeCommands(context, tree, query);
  registerFilterCommands(context, tree, query, connection, prompts);
  const details = registerItemCommands(context, connection, prompts);
  const panels = registerPanels(context, connection, log, prompts, () => query.timeOptions());
  const documents = registerDocuments(context, connection, prompts, panels.instantResults);
  registerWalkthrough(context, connection);
  registerAgentCommands(context, prompts);
  void vscode.commands.executeCommand('setContext', 'netmon.connected', false);

  const ready = connection.restore().catch((error: unknown) => {
    log.error(errorText('Restoring the last connection', error));
  });
  // Other extensions get nothing in production: the API holds a signed-in client.
  if (!development) return undefined;
  return {
    tree, treeView, connection, query, statusBarText: () => statusBar.text, heldDetailsTexts: () => details.heldTexts, logUri: context.logUri, ready,
    prompts, signIn: connectionCommands.signIn, switchAccountGroup: connectionCommands.switchAccountGroup, runInstantAnswers: documents.runWithAnswers,
  };
}

/** Stops the demo emulator and closes keep-alive connections. */
export async function deactivate(): Promise<void> {
  writePendingCodeCaches();
  await connectionToClose?.dispose();
  connectionToClose = undefined;
}
