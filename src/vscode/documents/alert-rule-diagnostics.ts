// Diagnostics of open alert rule documents (*.netmon-alert-rule.json): the reader's problems in
// the expression (its syntax, a metric the alert type's data does not carry, a value in the wrong
// unit), each at its line and column, on open, debounced on change, cleared on close. The
// document's other fields are checked by its schema through VS Code's JSON support
// (contributes.jsonValidation), which says the same things in place: they are not said twice.
// A backtest's complaint about the document (a test the account does not have, a metric its
// results do not carry) stays on the version it was about, until the next edit.
import * as vscode from 'vscode';
import type { RuleProblem } from '../../documents';
import { isAlertRuleFile } from './alert-rule-files';
import { placeOfComplaint } from './alert-rule-places';
import { KeyedDebounce } from './debounce';
import { documentsLibrary as lib } from './library';

const DEBOUNCE_MS = 200;
const SOURCE = 'netmon alert-rule';

export class AlertRuleDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('netmon-alert-rule');
  private readonly pending = new KeyedDebounce(DEBOUNCE_MS);
  private readonly complaints = new Map<string, { version: number; diagnostic: vscode.Diagnostic }>();
  private readonly disposables: vscode.Disposable[] = [this.collection];

  constructor() {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((document) => this.update(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.closed(document)),
    );
    for (const document of vscode.workspace.textDocuments) this.update(document);
  }

  /** Validates now (no debounce) and returns the document's diagnostics. */
  validateNow(document: vscode.TextDocument): readonly vscode.Diagnostic[] {
    this.update(document);
    return this.collection.get(document.uri) ?? [];
  }

  /** A backtest's complaint about a field of the document, shown where that field (or the thing it names) is. */
  complain(document: vscode.TextDocument, field: string, message: string): void {
    const text = document.getText();
    const place = placeOfComplaint(text, lib().parseDocument(text).root, field, message);
    const range = new vscode.Range(document.positionAt(place.offset), document.positionAt(place.offset + place.length));
    const diagnostic = new vscode.Diagnostic(range, `backtest: ${message}`, vscode.DiagnosticSeverity.Error);
    diagnostic.source = SOURCE;
    diagnostic.code = `backtest/${field}`;
    this.complaints.set(document.uri.toString(), { version: document.version, diagnostic });
    this.update(document);
  }

  private schedule(document: vscode.TextDocument): void {
    if (!isAlertRuleFile(document.uri.path)) return;
    this.pending.schedule(document.uri.toString(), () => this.update(document));
  }

  private update(document: vscode.TextDocument): void {
    if (!isAlertRuleFile(document.uri.path) || document.isClosed) return;
    const key = document.uri.toString();
    const parsed = lib().parseAlertRule(document.getText());
    const own = parsed.problems.filter(isExpressionProblem).map((problem) => toDiagnostic(document, problem));
    const complaint = this.complaints.get(key);
    if (complaint && complaint.version !== document.version) this.complaints.delete(key);
    const kept = complaint?.version === document.version ? [complaint.diagnostic] : [];
    this.collection.set(document.uri, [...own, ...kept]);
  }

  private closed(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    this.pending.cancel(key);
    this.complaints.delete(key);
    this.collection.delete(document.uri);
  }

  dispose(): void {
    this.pending.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/** The reader's own findings in the expression; "expression is required" and the like are the schema's too. */
function isExpressionProblem(problem: RuleProblem): boolean {
  return problem.field === 'expression' && problem.message.startsWith('expression: ');
}

function toDiagnostic(document: vscode.TextDocument, problem: RuleProblem): vscode.Diagnostic {
  const start = new vscode.Position(problem.line - 1, problem.column - 1);
  const end = document.positionAt(document.offsetAt(start) + problem.length);
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(start, end),
    problem.message,
    vscode.DiagnosticSeverity.Error,
  );
  diagnostic.source = SOURCE;
  diagnostic.code = 'alert-rule/expression';
  return diagnostic;
}
