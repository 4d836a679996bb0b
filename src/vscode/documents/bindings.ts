// Writes and removes a document's binding (`deployments.<connection>.<aid>: testId`) with
// the documents layer's byte-preserving edits, applied as a WorkspaceEdit so undo works
// and the user's comments and formatting stay as they were. A document that had no
// unsaved changes is saved again afterwards. Every binding is also remembered per
// connection and account group, so a plan can delete the test of a removed document, and
// so a binding that arrived with a cloned document can be told from one written here.
import * as vscode from 'vscode';
import type { TextEdit } from '../../documents';
import { documentsLibrary as lib } from './library';
import { DeploymentRecords } from './deployment-records';

type Remembered = Record<string, number>;

export class BindingWriter {
  /** The service's answers to this workspace's creates and updates (Plan's fallback). */
  readonly deployments: DeploymentRecords;

  constructor(private readonly state: vscode.Memento) {
    this.deployments = new DeploymentRecords(state);
  }

  async bind(uri: vscode.Uri, connectionKey: string, aidKey: string, testId: number | undefined): Promise<void> {
    const document = await vscode.workspace.openTextDocument(uri);
    const text = document.getText();
    if (
      !document.isDirty &&
      uri.scheme === 'file' &&
      new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)) !== text
    ) {
      throw new Error(
        `${vscode.workspace.asRelativePath(uri)} changed on disk while its binding was being written: run ` +
          'the command again',
      );
    }
    const edits =
      testId === undefined
        ? lib().unbindingEdits(text, connectionKey, aidKey)
        : lib().bindingEdits(text, connectionKey, aidKey, testId);
    await this.applyEdits(document, edits);
    await this.remember(connectionKey, aidKey, uri.toString(), testId);
  }

  /** Bindings recorded earlier under this connection and group: document uri → testId. */
  remembered(connectionKey: string, aidKey: string): Remembered {
    return { ...this.state.get<Remembered>(stateKey(connectionKey, aidKey), {}) };
  }

  /** True when this machine wrote (or the user confirmed) this binding: not only the document says so. */
  isConfirmed(uri: vscode.Uri, connectionKey: string, aidKey: string, testId: number): boolean {
    return this.remembered(connectionKey, aidKey)[uri.toString()] === testId;
  }

  /** Records a binding the user acted on after seeing the live test (Update, Delete). */
  async confirmBinding(uri: vscode.Uri, connectionKey: string, aidKey: string, testId: number): Promise<void> {
    await this.remember(connectionKey, aidKey, uri.toString(), testId);
  }

  /** Drops remembered bindings of documents that are gone once their tests are deleted. */
  async forget(connectionKey: string, aidKey: string, uri: string): Promise<void> {
    await this.remember(connectionKey, aidKey, uri, undefined);
  }

  private async remember(
    connectionKey: string,
    aidKey: string,
    uri: string,
    testId: number | undefined,
  ): Promise<void> {
    const all = this.remembered(connectionKey, aidKey);
    if (testId === undefined) delete all[uri];
    else all[uri] = testId;
    await this.state.update(stateKey(connectionKey, aidKey), all);
  }

  private async applyEdits(document: vscode.TextDocument, edits: readonly TextEdit[]): Promise<void> {
    if (edits.length === 0) return;
    const wasSaved = !document.isDirty && !document.isUntitled;
    const workspaceEdit = new vscode.WorkspaceEdit();
    for (const edit of edits) {
      const range = new vscode.Range(document.positionAt(edit.offset), document.positionAt(edit.offset + edit.length));
      workspaceEdit.replace(document.uri, range, edit.content);
    }
    if (!(await vscode.workspace.applyEdit(workspaceEdit)))
      throw new Error(`Could not write the binding into ${vscode.workspace.asRelativePath(document.uri)}`);
    if (wasSaved) await document.save();
  }
}

function stateKey(connectionKey: string, aidKey: string): string {
  return `netmon.bindings:${connectionKey}:${aidKey}`;
}
