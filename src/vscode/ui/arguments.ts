// What a command accepts from menus, lenses and links: a node of the Netmon view or a
// document or folder of this workspace. Links in a notification or a Markdown hover can
// call any command with JSON arguments (URIs included), so nothing here may decide
// consent or a destination, and a URI outside the workspace is refused.
import * as vscode from 'vscode';

/** A document of this workspace (or an untitled one), or the active editor's document. */
export async function workspaceDocument(argument: unknown): Promise<vscode.TextDocument> {
  if (argument === undefined) {
    const active = vscode.window.activeTextEditor?.document;
    if (!active)
      throw new Error('No document: open a .netmon-test.json, .netmon-instant.json or .netmon-filter.json file first');
    return active;
  }
  return vscode.workspace.openTextDocument(workspaceUri(argument, 'a document'));
}

/** A folder (or file) inside one of the workspace's folders. */
export function workspaceUri(argument: unknown, what: string): vscode.Uri {
  if (!(argument instanceof vscode.Uri))
    throw new Error(`Run this command on ${what} of this workspace (from the explorer, the editor or a lens)`);
  if (argument.scheme === 'untitled') return argument;
  if (!vscode.workspace.getWorkspaceFolder(argument))
    throw new Error(
      `${argument.scheme === 'file' ? argument.fsPath : argument.toString(true)} is not in this workspace: ` +
        "Netmon acts only on the workspace's own files",
    );
  return argument;
}

/** Write actions (deploy, delete, run) are not offered in Restricted Mode. */
export function requireTrustedWorkspace(action: string): void {
  if (!vscode.workspace.isTrusted) {
    // Not a thing to retry: the action says what makes it available.
    throw Object.assign(new Error(`${action} is not available in Restricted Mode: this folder is not trusted`), {
      action: 'Trust it ("Workspaces: Manage Workspace Trust") if you wrote its documents or know who did.',
    });
  }
}
