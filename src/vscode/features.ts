// Entry of dist/features-lib.js: everything activation does not need to show the Netmon view
// and route its commands (panels, the .har editor, document features, item and agent
// commands, the walkthrough). Loaded by ./lazy-features.ts on first use; the modules it
// shares with dist/extension.js come from there (./shared-modules.ts), not from a copy.
import type * as vscode from 'vscode';
import type { ConnectionManager } from './connection/connection-manager';
import { registerDocuments, type DocumentsApi } from './documents';
import { locateSharingLibrary } from './sharing/library';
import { registerItemCommands } from './items/commands';
import type { DetailsDocumentProvider } from './items/details-provider';
import type { TimeOptions } from './panels/data';
import { registerPanels } from './panels';
import { registerAgentCommands } from './tree/agent-commands';
import { alertCommands } from './tree/alert-commands';
import { registerCommands } from './command-util';
import { deleteDeployedCommands } from './documents/delete-deployed';
import type { Prompts } from './ui/prompts';
import { registerWalkthrough } from './walkthrough';
import type { HarEditorProvider } from './har-editor/har-editor-provider';

export interface FeatureServices {
  readonly context: vscode.ExtensionContext;
  readonly connection: ConnectionManager;
  readonly log: vscode.LogOutputChannel;
  readonly prompts: Prompts;
  readonly timeOptions: () => TimeOptions;
}

export interface Features {
  readonly details: DetailsDocumentProvider;
  readonly documents: DocumentsApi;
  /** The .har editor: its registration stays in dist/extension.js, so VS Code finds it as it activates. */
  readonly harEditor: HarEditorProvider;
}

/** Constructs and registers every feature; their command ids must be free (see lazy-features.ts). */
export function registerFeatures({ context, connection, log, prompts, timeOptions }: FeatureServices): Features {
  locateSharingLibrary(context.extensionPath);
  const details = registerItemCommands(context, connection, prompts);
  const panels = registerPanels(context, connection, log, prompts, timeOptions);
  const documents = registerDocuments(context, connection, prompts, panels.instantResults, panels.backtests);
  registerWalkthrough(context, connection);
  registerAgentCommands(context, prompts);
  registerCommands(context, deleteDeployedCommands(connection, prompts));
  registerCommands(context, alertCommands());
  return { details, documents, harEditor: panels.harEditor };
}
