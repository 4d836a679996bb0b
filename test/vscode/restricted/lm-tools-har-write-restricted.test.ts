// The security review's finding in Restricted Mode: the untrusted folder is the attacker's
// repository, committing `out -> <a folder outside it>`. An agent's redact_har with an output
// wrote through the link with no dialog while apply_documents was refused in the same window.
// Now the report takes no output, the write tool is refused like every write (no question
// asked, a sentence for the model), and nothing appears anywhere; the report still answers.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { activateExtension } from '../helpers';
import { netmonApi, signInTo, signOut, startControlledEmulator } from '../suite/netmon-fixture';

async function invoke(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await vscode.lm.invokeTool(
    name,
    { input, toolInvocationToken: undefined },
    new vscode.CancellationTokenSource().token,
  );
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('Language-model tools in Restricted Mode: no file write, through a planted link or not', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let repository: string;
  const outside = mkdtempSync(join(tmpdir(), 'netmon-restricted-outside-'));

  before(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the runner should open this folder untrusted');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the Restricted Mode workbench has no folder');
    repository = folder;
    mkdirSync(join(repository, 'reports'), { recursive: true });
    symlinkSync(outside, join(repository, 'out'));
    const fixtures = join((await activateExtension()).extensionPath, 'test', 'fixtures', 'har-real');
    copyFileSync(join(fixtures, 'chrome-before.har'), join(repository, 'planted.har'));
    emulator = await startControlledEmulator();
    await signInTo(emulator);
  });
  after(async () => {
    for (const name of ['out', 'reports', 'planted.har'])
      rmSync(join(repository, name), { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
    await signOut();
    await emulator.close();
  });

  it("redact_har with the review's output writes nothing through the link; the report still answers", async () => {
    const text = await invoke('redact_har', { file: 'planted.har', output: 'out/x.har' });
    assert.deepEqual(readdirSync(outside), [], 'nothing written where the link points');
    assert.match(text, /unknown argument "output"/, text);
    assert.match(await invoke('redact_har', { file: 'planted.har' }), /values redacted in \d+ entries\./);
  });

  it('write_redacted_har is refused like apply_documents: no question, a sentence, nothing written', async () => {
    const runner = (await netmonApi()).lmTools();
    const prepared = await runner.prepare(
      'write_redacted_har',
      { file: 'planted.har', output: 'reports/x.har' },
      new vscode.CancellationTokenSource().token,
    );
    assert.equal(prepared.confirmationMessages, undefined, 'nothing to confirm for what will not run');
    for (const output of ['reports/x.har', 'out/x.har']) {
      const text = await invoke('write_redacted_har', { file: 'planted.har', output });
      assert.match(
        text,
        /^Netmon does not let an agent write in Restricted Mode: write_redacted_har writes a file/,
        text,
      );
    }
    assert.equal(existsSync(join(repository, 'reports', 'x.har')), false);
    assert.deepEqual(readdirSync(outside), []);
  });
});
