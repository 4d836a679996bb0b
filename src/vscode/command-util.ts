// Shared plumbing for command modules: registration into context.subscriptions and one way
// of reporting failures (what failed, what to do), silent on cancellation.
import * as vscode from 'vscode';
import { showError } from './ui/notify';
import { errorText, isCancellation } from './errors';

export type CommandHandler = (...args: unknown[]) => unknown;

export function registerCommands(context: vscode.ExtensionContext, handlers: Record<string, CommandHandler>): void {
  for (const [id, handler] of Object.entries(handlers))
    context.subscriptions.push(vscode.commands.registerCommand(id, handler));
}

/** Runs `work`; a failure becomes an error notification and the result `undefined`. */
export async function reporting<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (!isCancellation(error)) void showError(errorText(what, error));
    return undefined;
  }
}
