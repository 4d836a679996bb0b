// Shared by the suites that click a document's code lenses: the lens found by its title, as
// the provider offers it (it redraws as diagnostics and the catalog arrive), and its click.
import * as vscode from 'vscode';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { acceptConfirmations, answeringPrompts } from './netmon-fixture';

/** The lens whose title (after its icon) starts with `title`, once the provider offers it. */
export async function lensCommand(uri: vscode.Uri, title: string): Promise<vscode.Command> {
  const deadline = Date.now() + 10_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    seen = lenses.map((lens) => lens.command?.title ?? '');
    const found = lenses
      .map((lens) => lens.command)
      .find((command) => command?.title.replace(/^\$\([a-z-]+\) /, '').startsWith(title));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${title}" lens on ${uri.path}; lenses: ${seen.join(' | ')}`);
}

/** Clicks the lens: confirmations are accepted, offers declined. */
export async function clickLens<T>(
  uri: vscode.Uri,
  title: string,
): Promise<{ result: T | undefined; prompts: Prompt[] }> {
  const command = await lensCommand(uri, title);
  return answeringPrompts(acceptConfirmations, () =>
    vscode.commands.executeCommand<T>(command.command, ...(command.arguments ?? [])),
  );
}
