// After an export: a notification that stays until read, offering the next step with the
// file just written. "Show in Explorer" is VS Code's own Explorer (the OS reveal is not in
// every VS Code, e.g. in a browser), so it is offered only for a file inside the workspace.
import * as vscode from 'vscode';
import type { Prompts } from './prompts';

export const OPEN_WRITTEN = 'Open';
export const SHOW_IN_EXPLORER = 'Show in Explorer';

/** Not awaited by the export: the notification may wait for the user long after the file is written. */
export function offerWrittenFile(prompts: Prompts, message: string, file: vscode.Uri): void {
  const actions = vscode.workspace.getWorkspaceFolder(file) ? [OPEN_WRITTEN, SHOW_IN_EXPLORER] : [OPEN_WRITTEN];
  void prompts
    .offer(message, ...actions)
    .then(async (action) => {
      if (action === OPEN_WRITTEN) await vscode.commands.executeCommand('vscode.open', file);
      else if (action === SHOW_IN_EXPLORER) await vscode.commands.executeCommand('revealInExplorer', file);
    })
    .then(undefined, () => undefined);
}
