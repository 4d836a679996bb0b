// The rules a test document names (`alertRules`) that a plan could not resolve — a name no rule
// has, or two rules share — marked where each is written, as `netmon plan` prints them. Set by
// Plan and Apply (they read the account's rules), each planned document's marks replaced, and when
// a test document is opened or saved (live-rule-names.ts); a document's marks go with its next
// edit, until the next save or plan says again. A plan reads a saved document from disk, so an open
// model may catch up with it afterwards: that change brings the very text the marks were made for,
// and they stay.
import * as vscode from 'vscode';
import type { NamingProblem } from '../../documents';
import { untrustedLine } from '../../analysis/text/untrusted';

const SOURCE = 'netmon alert rules';

export class RuleNameDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('netmon-rule-names');
  /** The text each marked document's marks were made for (a plan of a large folder marks few of its documents). */
  private readonly markedText = new Map<string, string>();
  private readonly disposables: vscode.Disposable[] = [
    this.collection,
    vscode.workspace.onDidChangeTextDocument((event) => {
      const key = event.document.uri.toString();
      if (event.contentChanges.length === 0 || this.markedText.get(key) === event.document.getText()) return;
      this.collection.delete(event.document.uri);
      this.markedText.delete(key);
    }),
  ];

  /** The planned test documents' marks, as read: `problems` where they are, none on the others. */
  show(planned: readonly { uri: string; text: string }[], problems: readonly NamingProblem[]): void {
    for (const { uri, text } of planned) {
      const mine = problems.filter((problem) => problem.uri === uri);
      this.collection.set(vscode.Uri.parse(uri), mine.map(diagnosticOf));
      if (mine.length > 0) this.markedText.set(uri, text);
      else this.markedText.delete(uri);
    }
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function diagnosticOf(problem: NamingProblem): vscode.Diagnostic {
  const start = new vscode.Position(problem.line - 1, problem.column - 1);
  const range = new vscode.Range(start, start.translate(0, problem.length));
  const diagnostic = new vscode.Diagnostic(range, untrustedLine(problem.message), vscode.DiagnosticSeverity.Error);
  diagnostic.source = SOURCE;
  return diagnostic;
}
