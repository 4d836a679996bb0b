// Activation wiring: only what VS Code needs to show the Netmon view and route commands.
// The view, the connection and their commands are built here; everything else (panels,
// document features, the walkthrough, item and agent commands) is in dist/features-lib.js,
// constructed on first use (./lazy-features.ts). Every disposable in context.subscriptions.
import * as vscode from 'vscode';
import { writePendingCodeCaches } from './bundle-loader';
import { lazyClientFactory, type ClientFactory } from './connection/client-loader';
import { registerConnectionCommands } from './connection/commands';
import { ConnectionManager } from './connection/connection-manager';
import { readSettings } from './connection/settings';
import { onSettingChanged } from './connection/setting-changes';
import { DocumentKindDecorations } from './documents/decorations';
import { errorText } from './errors';
import { welcomeOnFirstRun } from './first-run';
import { registerLazyHarEditor } from './har-editor/lazy-har-editor';
import { LazyFeatures } from './lazy-features';
import { lazyLmToolRunner } from './lm-tools/lazy';
import { registerInvokeToolCommand } from './lm-tools/invoke-command';
import { registerCopyMcpConfiguration } from './lm-tools/copy-mcp-configuration';
import { registerLanguageModelTools } from './lm-tools/register';
import { logRequest } from './request-log';
import { ConnectionStatusBar } from './status-bar';
import { Prompts } from './ui/prompts';
import type { NetmonExtensionApi } from './test-api';
import { registerTreeCommands } from './tree/commands';
import { registerFilterCommands } from './tree/filter-commands';
import { NetmonTreeProvider } from './tree/provider';
import { QueryState } from './tree/query-state';
import { writeFailuresTo } from './failure-log';
import { COMMAND } from './command-ids.generated';

export const VIEW_ID = 'netmon.explorer';

let connectionToClose: ConnectionManager | undefined;

export function activate(context: vscode.ExtensionContext): NetmonExtensionApi | undefined {
  const log = vscode.window.createOutputChannel('Netmon', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand(COMMAND.showLog, () => log.show(true)),
    writeFailuresTo(log),
  );

  const connection = new ConnectionManager(
    context,
    (event) => {
      logRequest(log, event);
      statusBar.onRateLimit(event.rateLimitRemaining); // requests only start after activation
    },
    preloadAfterActivation(lazyClientFactory(context.extensionPath)),
    (message) => log.warn(message),
    (message) => log.info(message),
  );
  connectionToClose = connection;
  const statusBar = new ConnectionStatusBar(connection);
  const query = new QueryState();
  // Read once, not at every getChildren: readSettings() inspects every netmon.* key, and the
  // profile of a launch showed those reads among the extension host's largest costs.
  let pageSize: number | undefined;
  const tree = new NetmonTreeProvider(
    connection,
    query,
    () => (pageSize ??= readSettings().pageSize),
    writePendingCodeCaches,
    (message) => log.error(message),
  );
  const treeView = vscode.window.createTreeView(VIEW_ID, {
    treeDataProvider: tree,
    showCollapseAll: true,
    canSelectMany: true,
  });
  const showQuery = (): void => {
    treeView.description = query.description;
    // A single-view container hides the description in its merged title, so say it in the view too.
    treeView.message = query.isDefault ? undefined : `Showing ${query.description}`;
  };
  showQuery();
  context.subscriptions.push(
    connection,
    statusBar,
    query,
    tree,
    treeView,
    connection.onDidChange(() => statusBar.update()),
    query.onDidChange(showQuery),
    onSettingChanged(
      'netmon',
      () => {
        const { timeoutMs, proxy } = readSettings();
        return { timeoutMs, proxy };
      },
      () => void connection.applySettings(),
    ),
    onSettingChanged(
      'netmon.apiVersion',
      () => readSettings().apiVersion,
      () => {
        connection
          .applyApiVersion()
          .catch((error: unknown) =>
            log.error(errorText('Reconnecting in the API version netmon.apiVersion names', error)),
          );
      },
    ),
    onSettingChanged(
      'netmon.pageSize',
      () => readSettings().pageSize,
      () => {
        pageSize = undefined;
        tree.refreshAll();
      },
    ),
  );
  const development = context.extensionMode !== vscode.ExtensionMode.Production;
  const prompts = new Prompts(development);
  const connectionCommands = registerConnectionCommands(context, connection);
  registerTreeCommands(context, tree, query);
  registerFilterCommands(context, tree, query, connection, prompts);
  const features = new LazyFeatures({ context, connection, log, prompts, timeOptions: () => query.timeOptions() });
  context.subscriptions.push(features, vscode.window.registerFileDecorationProvider(new DocumentKindDecorations()));
  registerLazyHarEditor(context, () => features.load().harEditor);
  const lmTools = lazyLmToolRunner(context.extensionPath, connection, log);
  registerLanguageModelTools(context, lmTools, (message) => log.info(message));
  registerCopyMcpConfiguration(context);
  if (development) registerInvokeToolCommand(context);
  void vscode.commands.executeCommand('setContext', 'netmon.connected', false);

  const ready = connection
    .restore()
    .catch((error: unknown) => {
      log.error(errorText('Restoring the last connection', error));
    })
    .then(() => welcomeOnFirstRun(context, (message) => log.info(message)))
    .then(() => undefined);
  // Other extensions get nothing in production: the API holds a signed-in client.
  if (!development) return undefined;
  return {
    tree,
    treeView,
    connection,
    query,
    statusBarText: () => statusBar.text,
    heldDetailsTexts: () => features.load().details.heldTexts,
    logUri: context.logUri,
    ready,
    prompts,
    signIn: connectionCommands.signIn,
    switchAccountGroup: connectionCommands.switchAccountGroup,
    runInstantAnswers: (answers, pollMs) => features.load().documents.runWithAnswers(answers, pollMs),
    lmTools,
  };
}

/**
 * Restoring demo mode starts in a microtask of activate(), so activate() did not return
 * before client-lib.js (the largest bundle) was compiled. The same load, one macrotask
 * later: the view has its roots by then, and the emulator is still binding its port (a
 * request that comes first loads the client itself).
 */
function preloadAfterActivation(factory: ClientFactory): ClientFactory {
  const { preload } = factory;
  return Object.assign((options: Parameters<ClientFactory>[0]) => factory(options), {
    preload: preload && ((): void => void setImmediate(preload)),
  });
}

/** Stops the demo emulator and closes keep-alive connections. */
export async function deactivate(): Promise<void> {
  writePendingCodeCaches();
  await connectionToClose?.dispose();
  connectionToClose = undefined;
}
