// The plan's way to the results of what it deploys: on a v7 account the plan text ends with a
// line per bound test, and each line has lenses that open that test's results or run it now.
// Only the lines after the section's heading are read: they are ours (a test id and a file
// name), written after every line that carries outside text.
import * as vscode from 'vscode';
import type { Plan } from '../../documents';
import { COMMANDS } from './command-ids';
import { COMMAND } from '../command-ids.generated';

export const PLAN_RESULTS_HEADING =
  'Results of the bound tests (the lenses above each line open them or run the test now; v7):';
const LINE = /^ {2}test ([0-9]{1,12}) · /;

/** The section's lines: the tests the documents are bound to and stay bound to after Apply. */
export function planResultsSection(plan: Plan, name: (uri: string) => string): string {
  const bound = [
    ...plan.unchanged.map((u) => ({ testId: u.testId, uri: u.uri })),
    ...plan.steps.flatMap((step) =>
      step.action === 'update' && step.uri !== undefined ? [{ testId: step.testId, uri: step.uri }] : [],
    ),
  ].sort((a, b) => a.testId - b.testId);
  if (bound.length === 0) return '';
  const lines = bound.map((b) => `  test ${b.testId} · ${name(b.uri).replace(/[\r\n]/g, ' ')}`);
  return `\n${PLAN_RESULTS_HEADING}\n${lines.join('\n')}\n`;
}

export class PlanResultsLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const lines = document.getText().split('\n');
    const start = lines.lastIndexOf(PLAN_RESULTS_HEADING);
    if (start < 0) return [];
    return lines.slice(start + 1).flatMap((line, offset) => {
      const testId = LINE.exec(line)?.[1];
      if (testId === undefined) return [];
      const range = new vscode.Range(start + 1 + offset, 0, start + 1 + offset, 0);
      return [
        new vscode.CodeLens(range, {
          title: `$(graph) Results of test ${testId}`,
          command: COMMAND.showTestResults,
          arguments: [Number(testId)],
        }),
        new vscode.CodeLens(range, {
          title: `$(play) Run test ${testId} once`,
          command: COMMANDS.runDeployed,
          arguments: [Number(testId)],
        }),
      ];
    });
  }
}
