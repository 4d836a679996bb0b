// Where a command's failure is written, beside the requests in the "Netmon" log: the notification
// says what failed, the log keeps it after the notification is gone. Shared by every bundle
// (shared-modules.ts), so lazily loaded features write to the one log activation opened.
import type * as vscode from 'vscode';

let failureLog: vscode.LogOutputChannel | undefined;

/** Activation hands the log over; disposing the extension takes it back. */
export function writeFailuresTo(log: vscode.LogOutputChannel): vscode.Disposable {
  failureLog = log;
  return { dispose: () => void (failureLog === log ? (failureLog = undefined) : undefined) };
}

/** One line per failure: the same text the person was shown. */
export function logFailure(text: string): void {
  failureLog?.error(text);
}
