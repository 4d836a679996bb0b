// Shared plumbing for command modules: registration into context.subscriptions and one way
// of reporting failures (what failed, what to do), silent on cancellation.
import * as vscode from 'vscode';
import { showError } from './ui/notify';
import { errorText, isCancellation } from './errors';
import { logFailure } from './failure-log';
import { COMMAND } from './command-ids.generated';

const SHOW_LOG = 'Show Log';

export type CommandHandler = (...args: unknown[]) => unknown;

export function registerCommands(context: vscode.ExtensionContext, handlers: Record<string, CommandHandler>): void {
  for (const [id, handler] of Object.entries(handlers))
    context.subscriptions.push(vscode.commands.registerCommand(id, handler));
}

/**
 * Runs `work`; a failure is written to the Netmon log and becomes an error notification with
 * Show Log (its advice may point there), and the result `undefined`.
 */
export async function reporting<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!isCancellation(error)) {
      const text = errorText(what, error);
      logFailure(text);
      void showError(text, SHOW_LOG).then((picked) =>
        picked === SHOW_LOG ? vscode.commands.executeCommand(COMMAND.showLog) : undefined,
      );
    }
    return undefined;
  }
}
