// Where Plan and Apply (and Import) look: the folder a command works on (its argument, else one
// the user picks), a test document planned alone, the example folders left out, and the documents
// read as the editor holds them (unsaved edits count).
import * as vscode from 'vscode';
import type { PlanDocument } from '../../documents';
import { documentKindOf } from '../../documents/kinds';
import { DEFAULT_PLAN_EXCLUDED_FOLDERS, planScope } from '../../documents/plan-scope';
import { workspaceUri } from '../ui/arguments';

/** A folder's documents, or (from a document's lens or title action) one document. */
export interface PlanScopeArgument {
  folder: vscode.Uri;
  document?: vscode.Uri;
}

export const PLAN_EXCLUDED_FOLDERS_SETTING = 'netmon.plan.excludedFolders';

/** The folder a command works on: its argument (a workspace folder), else one the user picks. */
export async function folderFrom(argument: unknown, openLabel = 'Plan this folder'): Promise<vscode.Uri | undefined> {
  if (argument !== undefined) {
    const folder = workspaceUri(argument, 'a folder');
    if (!((await vscode.workspace.fs.stat(folder)).type & vscode.FileType.Directory))
      throw new Error(
        `${vscode.workspace.asRelativePath(folder)} is not a folder: this command works on a folder of ` +
          '.netmon-test.json documents',
      );
    return folder;
  }
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    openLabel,
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
    title: 'Folder of .netmon-test.json documents',
  });
  return picked?.[0];
}

/** What a plan's tab is named for: the path below the workspace, else the folder's or file's name. */
export function plannedName(uri: vscode.Uri): string {
  const relative = vscode.workspace.asRelativePath(uri, false);
  const name = relative === uri.fsPath ? (uri.path.split('/').pop() ?? 'folder') : relative;
  return name.replace(/[/\\]/g, '-');
}

/** A test document (from its lens or title action) is planned alone; anything else names a folder. */
export async function scopeFrom(argument: unknown, openLabel?: string): Promise<PlanScopeArgument | undefined> {
  if (argument instanceof vscode.Uri && documentKindOf(argument.path) === 'test') {
    const document = workspaceUri(argument, 'a test document');
    return { folder: vscode.Uri.joinPath(document, '..'), document };
  }
  const folder = await folderFrom(argument, openLabel);
  return folder && { folder };
}

/** The documents under example folders are left out unless the planned folder is inside one. */
export function leaveOutExamples(
  folder: vscode.Uri,
  documents: PlanDocument[],
): { included: PlanDocument[]; excluded: PlanDocument[] } {
  const setting = vscode.workspace.getConfiguration().get<unknown>(PLAN_EXCLUDED_FOLDERS_SETTING);
  const names = Array.isArray(setting)
    ? setting.filter((name): name is string => typeof name === 'string')
    : DEFAULT_PLAN_EXCLUDED_FOLDERS;
  const prefix = `${folder.toString()}/`;
  return planScope(documents, (d) => (d.uri.startsWith(prefix) ? d.uri.slice(prefix.length) : d.uri), names);
}

export { isSuppressionWindowFile } from './suppression-window-files';

export async function readFolder(folder: vscode.Uri): Promise<PlanDocument[]> {
  return readDocuments(
    await vscode.workspace.findFiles(
      new vscode.RelativePattern(
        folder,
        '**/*.{netmon-test,netmon-endpoint-test,netmon-alert-rule,netmon-alert-suppression-window}.json',
      ),
      '**/node_modules/**',
    ),
  );
}

export async function readDocuments(uris: readonly vscode.Uri[]): Promise<PlanDocument[]> {
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  return Promise.all(
    uris.map(async (uri) => {
      // Unsaved edits count; otherwise the file on disk (an open model may lag behind it).
      const document = open.get(uri.toString());
      const text = document?.isDirty
        ? document.getText()
        : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      return { uri: uri.toString(), text };
    }),
  );
}
