// A document's value for an action (deploy, run, filter): only when it has no error; the
// first error otherwise, with where it is.
import * as vscode from 'vscode';
import type { DocumentKind } from '../../documents/kinds';
import { documentsLibrary as lib } from './library';
import type { ErrorWithAction } from '../errors';

/** What stops an action in the document itself: where it is, so the user can be taken there. */
export class DocumentProblem extends Error implements ErrorWithAction {
  readonly action = 'Fix it in the document (the editor marks it), then retry.';
  constructor(
    readonly uri: vscode.Uri,
    readonly range: vscode.Range,
    message: string,
  ) {
    super(message);
  }
}

export function checkedValue(kind: DocumentKind, document: vscode.TextDocument, text = document.getText()): unknown {
  const { parsed, diagnostics } = lib().validateDocument(kind, text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) {
    const { start, end } = error.range;
    throw new DocumentProblem(
      document.uri,
      new vscode.Range(start.line, start.character, end.line, end.character),
      `${vscode.workspace.asRelativePath(document.uri)}:${start.line + 1} ${error.message}`,
    );
  }
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
