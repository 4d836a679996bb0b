// What activate() returns outside production mode: a small typed surface for the
// extension-host suites, so tests reach the tree through its TreeDataProvider rather than
// the DOM, and pass the inputs that the commands themselves never take as arguments.
import type * as vscode from 'vscode';
import type { AccountGroup } from '../api/types';
import type { ConnectionInfo, ConnectionManager } from './connection/connection-manager';
import type { DocumentsApi } from './documents';
import type { LmToolRunner } from './lm-tools/register';
import type { TreeNode } from './tree/nodes';
import type { NetmonTreeProvider } from './tree/provider';
import type { QueryState } from './tree/query-state';
import type { Prompts } from './ui/prompts';

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
  /** The confirmations and save dialogs: a suite answers them in the user's place and sees what they show. */
  readonly prompts: Prompts;
  /** Sign In with `{ baseUrl, authForm, email?, token }` instead of the input boxes. */
  signIn(input: unknown): Promise<ConnectionInfo | undefined>;
  /** Switch Account Group to `aid` instead of the quick pick. */
  switchAccountGroup(aid: unknown): Promise<AccountGroup | undefined>;
  /** Run Instant Test… with answers instead of the quick inputs. */
  runInstantAnswers: DocumentsApi['runWithAnswers'];
  /**
   * The language-model tools' handlers: what prepareInvocation shows (invokeTool outside chat confirms writes in a
   * modal).
   */
  lmTools(): LmToolRunner;
}
