// Outside production only (registered by activate() in development and test runs, contributed
// nowhere): calls a Netmon tool the way agent mode does, through vscode.lm.invokeTool. Outside
// a chat request VS Code confirms a write in a modal dialog; the UI tests bind this command to
// a key and answer that dialog as a person would (test/ui/lm-tools-confirm.test.ts).
import * as vscode from 'vscode';
import { untrustedLine } from '../../analysis/text/untrusted';
import { showInfo, showWarning } from '../ui/notify';

export const INVOKE_TOOL_COMMAND = 'netmon.test.invokeTool';

interface InvokeArguments {
  name: string;
  input: Record<string, unknown>;
}

function invokeArguments(value: unknown): InvokeArguments {
  const { name, input } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof name !== 'string' || !/^[a-z_]{1,40}$/.test(name))
    throw new Error(`${INVOKE_TOOL_COMMAND} needs { name, input }`);
  return { name, input: typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {} };
}

/** Says the answer's first line in a notification, or that the user declined (VS Code cancels the call). */
export function registerInvokeToolCommand(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(INVOKE_TOOL_COMMAND, async (value: unknown) => {
      const { name, input } = invokeArguments(value);
      const source = new vscode.CancellationTokenSource();
      try {
        const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, source.token);
        const text = result.content
          .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
          .join('');
        void showInfo(`Tool ${name} answered: ${untrustedLine(text.split('\n')[0], 200)}`);
      } catch (error) {
        const declined =
          error instanceof vscode.CancellationError || (error instanceof Error && error.name === 'Canceled');
        void showWarning(
          declined
            ? `Tool ${name} did not run: the user declined.`
            : `Tool ${name} failed: ${untrustedLine(error instanceof Error ? error.message : String(error), 200)}`,
        );
      } finally {
        source.dispose();
      }
    }),
  );
}
