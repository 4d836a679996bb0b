// A document's value for an action (deploy, run, filter): only when it has no error; the
// first error otherwise, with where it is.
import * as vscode from 'vscode';
import type { DocumentKind } from '../../documents/kinds';
import { documentsLibrary as lib } from './library';

export function checkedValue(kind: DocumentKind, document: vscode.TextDocument, text = document.getText()): unknown {
  const { parsed, diagnostics } = lib().validateDocument(kind, text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) throw new Error(`${vscode.workspace.asRelativePath(document.uri)}:${error.range.start.line + 1} ${error.message}; fix the document first`);
  return parsed.value;
}

/** Whether a file exists (any kind). */
export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
