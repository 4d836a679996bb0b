import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('outside text reaches notifications only through src/vscode/ui', () => {
  const direct = [
    "import * as vscode from 'vscode';\nexport function f(name: string): void { void vscode.window.showErrorMessage(`cannot open ${name}`); }\n",
    "import * as vscode from 'vscode';\nexport function f(name: string): void { void vscode.window.showQuickPick([name]); }\n",
    "import { window } from 'vscode';\nexport function f(name: string): void { void window.showInformationMessage(name); }\n",
  ];

  test('a direct show*Message or quick pick in an extension module fails lint', async () => {
    for (const code of direct)
      assert.ok((await ruleIds(code, 'src/vscode/documents/example.ts')).includes('no-restricted-syntax'), code);
  });

  test('the ui module itself may call them', async () => {
    assert.deepEqual(await ruleIds(direct[0] as string, 'src/vscode/ui/example.ts'), []);
  });
});
