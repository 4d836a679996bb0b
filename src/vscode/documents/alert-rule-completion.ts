// Completion inside an alert rule document's `expression`: the metrics the rule's alert type
// carries (its `alertType`, or the default), each with its unit, and the operators. Nothing is
// read from the account: the metrics are those of src/analysis/alerts/known-metrics.ts.
import * as vscode from 'vscode';
import { ALERT_RULE_GLOB } from './alert-rule-files';
import { expressionItems } from './alert-rule-places';
import { documentsLibrary as lib } from './library';

export function registerAlertRuleCompletion(): vscode.Disposable {
  return vscode.languages.registerCompletionItemProvider(
    { pattern: ALERT_RULE_GLOB },
    {
      provideCompletionItems(document, position) {
        const text = document.getText();
        const offset = document.offsetAt(position);
        return expressionItems(text, lib().parseDocument(text).root, offset).map((item, index) => {
          const kind = item.kind === 'metric' ? vscode.CompletionItemKind.Field : vscode.CompletionItemKind.Operator;
          const result = new vscode.CompletionItem({ label: item.label, description: item.detail }, kind);
          result.detail = item.detail;
          result.range = new vscode.Range(document.positionAt(item.start), document.positionAt(item.end));
          // Metrics first, in their table's order (the most used first), then the operators.
          result.sortText = String(index).padStart(4, '0');
          return result;
        });
      },
    },
    '(',
    ' ',
  );
}
