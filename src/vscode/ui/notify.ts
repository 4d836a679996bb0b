// The one way Netmon speaks in notifications. Every message and progress title is
// neutralised here, whatever it holds: VS Code renders `[label](command:…)` in a
// notification as a link that runs the command, and our messages carry file names,
// document fields and server text. Nothing of ours needs a link in a message, so the
// rule is applied to the whole text. A lint rule keeps `show*Message` and notification
// progress out of every other module.
import * as vscode from 'vscode';
import { neutralize } from '../../analysis/text/untrusted';

export function showInfo<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showInformationMessage(neutralize(message), ...actions);
}

export function showWarning<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(neutralize(message), ...actions);
}

export function showError<T extends string>(message: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showErrorMessage(neutralize(message), ...actions);
}

/** A modal warning; `detail` is neutralised too. The caller's own code decides the actions. */
export function showModal<T extends string>(message: string, detail: string, ...actions: T[]): Thenable<T | undefined> {
  return vscode.window.showWarningMessage(neutralize(message), { modal: true, detail: neutralize(detail) }, ...actions);
}

export interface ProgressReporter {
  report(update: { message?: string; increment?: number }): void;
}

/** A cancellable progress notification; the title and every reported message are neutralised. */
export async function withNotificationProgress<T>(
  title: string,
  work: (progress: ProgressReporter, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: neutralize(title), cancellable: true },
    (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      const reporter: ProgressReporter = {
        report: (update) =>
          progress.report({
            ...update,
            message: update.message === undefined ? undefined : neutralize(update.message),
          }),
      };
      return Promise.resolve(work(reporter, controller.signal)).finally(() => subscription.dispose());
    },
  );
}

/** Window (status bar) progress; its title is neutralised like everything else shown. */
export async function withWindowProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
  return await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: neutralize(title) }, work);
}

/** A short status bar message. */
export function flashStatus(message: string, timeoutMs: number): vscode.Disposable {
  return vscode.window.setStatusBarMessage(neutralize(message), timeoutMs);
}
