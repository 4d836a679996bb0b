// The Netmon tools for agent mode (issue #32), registered at activation as thin handlers:
// the names come from package.json's contributes.languageModelTools (one list, checked
// against the catalogue by test/unit/tools/lm-manifest.test.ts), and the first call loads
// dist/lmtools-lib.js, which holds the catalogue. Activations that never see a tool call pay
// for none of it.
import * as vscode from 'vscode';

/** What dist/lmtools-lib.js exports (src/vscode/lm-tools/tools.ts). */
export interface LmToolRunner {
  prepare(name: string, input: unknown, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation>;
  invoke(name: string, input: unknown, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult>;
}

/** The tool names package.json contributes (this extension's own manifest). */
export function contributedToolNames(packageJson: unknown): string[] {
  const contributes = (packageJson as { contributes?: { languageModelTools?: unknown } } | undefined)?.contributes;
  const tools = contributes?.languageModelTools;
  if (!Array.isArray(tools)) return [];
  return tools
    .map((tool: unknown) => (tool as { name?: unknown }).name)
    .filter((name): name is string => typeof name === 'string');
}

/** Registers each contributed tool; a VS Code without `vscode.lm.registerTool` gets none (and the log says so). */
export function registerLanguageModelTools(
  context: vscode.ExtensionContext,
  load: () => LmToolRunner,
  log: (line: string) => void,
): void {
  const lm = (vscode as Partial<typeof vscode>).lm;
  if (typeof lm?.registerTool !== 'function') {
    log(
      'This VS Code has no language-model tools API (vscode.lm.registerTool): the Netmon tools for agent mode are off.',
    );
    return;
  }
  for (const name of contributedToolNames(context.extension.packageJSON)) {
    context.subscriptions.push(
      lm.registerTool<unknown>(name, {
        prepareInvocation: (options, token) => load().prepare(name, options.input, token),
        invoke: (options, token) => load().invoke(name, options.input, token),
      }),
    );
  }
}
