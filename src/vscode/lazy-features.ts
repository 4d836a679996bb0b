// Lazy command routing: activation registers each feature command as a thin handler; the
// first call (or the first Netmon document opened, or the first .har file) loads
// dist/features-lib.js, which constructs the panels, document features, item and agent
// commands and the walkthrough. Their real handlers replace the thin ones in the same tick,
// then the call goes on to them with its arguments untouched (the same TreeNode objects).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { documentKindOf } from '../documents/kinds';
import { isAlertRuleFile } from './documents/alert-rule-files';
import { isSuppressionWindowFile } from './documents/suppression-window-files';
import { requireBundle } from './bundle-loader';
import type { FeatureServices, Features } from './features';
import { sharedModules } from './shared-modules';
import { COMMAND, CONTRIBUTED_COMMANDS, type CommandId } from './command-ids.generated';

/**
 * The contributed commands activate() registers itself: the log, the connection, the view's
 * refresh, time range, filters and paging. Every other contributed command is a feature's.
 */
export const ACTIVATION_COMMANDS: ReadonlySet<CommandId> = new Set([
  COMMAND.showLog,
  COMMAND.copyMcpConfiguration,
  COMMAND.signIn,
  COMMAND.signOut,
  COMMAND.useDemo,
  COMMAND.switchAccountGroup,
  COMMAND.refreshAll,
  COMMAND.refresh,
  COMMAND.setTimeRange,
  COMMAND.addFilter,
  COMMAND.clearFilters,
  COMMAND.removeFilter,
  COMMAND.filterByAgent,
  COMMAND.filterByNetwork,
  COMMAND.filterBySite,
  COMMAND.filterBySsid,
  COMMAND.sortSessions,
  COMMAND.groupSessions,
  COMMAND.loadMore,
  COMMAND.retry,
]);

/** The commands dist/features-lib.js registers: derived from package.json (command-ids.generated.ts). */
export const FEATURE_COMMANDS: readonly string[] = CONTRIBUTED_COMMANDS.filter((id) => !ACTIVATION_COMMANDS.has(id));

/** Test commands of the features: not contributed, registered outside production only. */
const INTERNAL_FEATURE_COMMANDS = [
  'netmon.internal.panelStates',
  'netmon.internal.panelMessage',
  'netmon.internal.setHarSizeLimit',
];

export class LazyFeatures implements vscode.Disposable {
  private features: Features | undefined;
  private readonly thin: vscode.Disposable[] = [];
  private readonly watching: vscode.Disposable;
  private disposed = false;

  constructor(private readonly services: FeatureServices) {
    const { context } = services;
    const ids =
      context.extensionMode === vscode.ExtensionMode.Production
        ? FEATURE_COMMANDS
        : [...FEATURE_COMMANDS, ...INTERNAL_FEATURE_COMMANDS];
    for (const id of ids) {
      this.thin.push(
        vscode.commands.registerCommand(id, (...args: unknown[]) => {
          this.load();
          return vscode.commands.executeCommand(id, ...args);
        }),
      );
    }
    // Diagnostics, completions and lenses start with the first Netmon document shown.
    this.watching = vscode.workspace.onDidOpenTextDocument((document) => {
      if (isNetmonDocument(document.uri.path)) this.load();
    });
    if (vscode.workspace.textDocuments.some((document) => isNetmonDocument(document.uri.path))) {
      // Not inside activate(): the view draws its roots first.
      setTimeout(() => {
        if (!this.disposed) this.load();
      }, 0);
    }
  }

  /** Loads and constructs the features once; later calls return them. */
  load(): Features {
    if (this.features) return this.features;
    const bundle = path.join(this.services.context.extensionPath, 'dist', 'features-lib.js');
    const loaded = requireBundle(bundle, undefined, undefined, sharedModules());
    const register =
      typeof loaded === 'object' && loaded !== null
        ? (loaded as { registerFeatures?: unknown }).registerFeatures
        : undefined;
    if (typeof register !== 'function')
      throw new Error(`${bundle} does not export registerFeatures; rebuild with "npm run build"`);
    // The thin handlers give way first: an id can be registered only once.
    for (const handler of this.thin.splice(0)) handler.dispose();
    this.watching.dispose();
    this.features = (register as (services: FeatureServices) => Features)(this.services);
    return this.features;
  }

  dispose(): void {
    this.disposed = true;
    for (const handler of this.thin.splice(0)) handler.dispose();
    this.watching.dispose();
  }
}

/** Test, instant-test, filter and endpoint test documents, alert rule and suppression window documents. */
function isNetmonDocument(path: string): boolean {
  return documentKindOf(path) !== undefined || isAlertRuleFile(path) || isSuppressionWindowFile(path);
}
