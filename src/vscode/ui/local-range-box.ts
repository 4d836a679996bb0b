// One input box for a time range typed in local time ("yesterday 14:00 – 18:00"): the view's
// range and the agent timeline ask with it; src/analysis/time/local-range.ts reads the text.
import * as vscode from 'vscode';
import { LOCAL_TIME_HELP, parseLocalRange, type LocalRange } from '../../analysis/time/local-range';

/** Asks for a range; while typing, the box shows what the text resolves to (or why it cannot). */
export async function askLocalRange(
  title: string,
  value = 'yesterday 14:00 – 18:00',
): Promise<{ text: string; range: LocalRange } | undefined> {
  const text = await vscode.window.showInputBox({
    title,
    prompt: LOCAL_TIME_HELP,
    value,
    validateInput: (input) => {
      const parsed = parseLocalRange(input, Date.now());
      return parsed.ok
        ? { message: parsed.value.label, severity: vscode.InputBoxValidationSeverity.Info }
        : parsed.error;
    },
  });
  if (text === undefined) return undefined;
  const parsed = parseLocalRange(text, Date.now());
  return parsed.ok ? { text, range: parsed.value } : undefined;
}
