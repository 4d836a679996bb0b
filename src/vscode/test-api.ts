// What activate() returns: a small typed surface for the extension-host suites (and other
// extensions), so tests reach the tree through its TreeDataProvider rather than the DOM.
import type * as vscode from 'vscode';
import type { ConnectionManager } from './connection/connection-manager';
import type { TreeNode } from './tree/nodes';
import type { NetmonTreeProvider } from './tree/provider';
import type { QueryState } from './tree/query-state';

export interface NetmonExtensionApi {
  readonly tree: NetmonTreeProvider;
  readonly treeView: vscode.TreeView<TreeNode>;
  readonly connection: ConnectionManager;
  readonly query: QueryState;
  /** The status bar item's current text. */
  statusBarText(): string;
  /** Folder of this extension's log files (the "Netmon" channel writes Netmon.log there). */
  readonly logUri: vscode.Uri;
  /** How many "Open Details" documents' texts the provider holds (closed ones are dropped). */
  heldDetailsTexts(): number;
  /** Settles when the connection of the last session (or demo mode) has been restored. */
  readonly ready: Promise<void>;
}
