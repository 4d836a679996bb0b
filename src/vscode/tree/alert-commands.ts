// "Show Alert" on a row under Alerts (its click, and its inline action): the alert's test's
// results, opened as Show Test Results opens them (metrics and path, or the type's panels).
// Show Test Results takes a test, not a round: the panels show the view's range, newest round
// first, which for an active alert is a round of the violation.
import * as vscode from 'vscode';
import { COMMAND } from '../command-ids.generated';
import { reporting, type CommandHandler } from '../command-util';
import { TreeNode } from './nodes';

export function alertCommands(): Record<string, CommandHandler> {
  return {
    [COMMAND.showAlert]: (arg) =>
      reporting("Opening the alert's test", () =>
        Promise.resolve(vscode.commands.executeCommand(COMMAND.showTestResults, alertTestId(arg))),
      ),
  };
}

function alertTestId(arg: unknown): number {
  if (!(arg instanceof TreeNode) || arg.spec.kind !== 'alert')
    throw new Error('Run "Show Alert" on an alert under Alerts in the Netmon view');
  const testId = arg.spec.ids?.testId;
  if (testId === undefined) throw new Error('This alert names no test of the account group: it has no results to show');
  return testId;
}
