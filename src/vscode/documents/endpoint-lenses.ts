// Code lenses of an endpoint test document (once signed in, in a trusted folder): Create and
// Plan when it is not deployed here; Update, Delete, Plan and what it is bound to when it is.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connection/connection-manager';
import type { BindingWriter } from './bindings';
import { ENDPOINT_TEST_COMMANDS } from './endpoint-test-commands';
import { documentsLibrary as lib } from './library';
import { deployTarget } from './target';

type Lens = (title: string, command: string, ...args: unknown[]) => vscode.CodeLens;

export function endpointTestLenses(connection: ConnectionManager, bindings: BindingWriter, document: vscode.TextDocument, lens: Lens): vscode.CodeLens[] {
  const text = document.getText();
  const target = deployTarget(connection, text);
  const testId = lib().readBinding(text, target.connectionKey, target.aidKey);
  const plan = lens('$(checklist) Plan', ENDPOINT_TEST_COMMANDS.plan, document.uri);
  if (testId === undefined) return [lens(`$(cloud-upload) Create endpoint test in ${target.groupLabel}`, ENDPOINT_TEST_COMMANDS.create, document.uri), plan];
  const verified = bindings.isConfirmed(document.uri, target.connectionKey, target.aidKey, testId);
  const status = lens(verified ? `$(link) Bound to endpoint test ${testId} · ${target.groupLabel}` : `$(warning) Bound in the document to endpoint test ${testId} — not verified · ${target.groupLabel}`,
    ENDPOINT_TEST_COMMANDS.plan, document.uri);
  const actions = [lens('$(sync) Update', ENDPOINT_TEST_COMMANDS.update, document.uri), lens('$(trash) Delete', ENDPOINT_TEST_COMMANDS.delete, document.uri), plan];
  return verified ? [...actions, status] : [status, ...actions];
}
