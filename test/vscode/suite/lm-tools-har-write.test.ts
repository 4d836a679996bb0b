// The security review's finding in agent mode, trusted folder: a repository commits
// `out -> <a folder outside the workspace>`, and an agent asks for a redacted HAR at
// out/x.har. redact_har reads only (called as agent mode calls it, it takes no output);
// write_redacted_har asks first, naming the exact file, and once allowed (its handler, which
// is what invokeTool runs after the user's yes; a modal outside chat, which a suite cannot
// answer) still writes nothing through the link, while a real folder of the workspace takes it.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { activateExtension } from '../helpers';
import { netmonApi, signInTo, signOut, startControlledEmulator } from './netmon-fixture';

const PROBE = 'lm-tools-har-write';

async function invoke(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await vscode.lm.invokeTool(
    name,
    { input, toolInvocationToken: undefined },
    new vscode.CancellationTokenSource().token,
  );
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

/** The handler invokeTool runs once the user allowed the confirmation. */
async function invokeAllowed(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await (await netmonApi()).lmTools().invoke(name, input, new vscode.CancellationTokenSource().token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

function messageText(message: string | vscode.MarkdownString | undefined): string {
  return typeof message === 'string' ? message : (message?.value ?? '');
}

describe('Language-model tools: a file write asks first and never goes through a planted link', function () {
  this.timeout(60_000);
  let emulator: RunningEmulator;
  let probe: string;
  const outside = mkdtempSync(join(tmpdir(), 'netmon-lm-outside-'));

  before(async () => {
    emulator = await startControlledEmulator();
    await signInTo(emulator);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the suite runs in a workspace folder');
    probe = join(folder, PROBE);
    mkdirSync(join(probe, 'reports'), { recursive: true });
    symlinkSync(outside, join(probe, 'out'));
    const fixtures = join((await activateExtension()).extensionPath, 'test', 'fixtures', 'har-real');
    copyFileSync(join(fixtures, 'chrome-before.har'), join(probe, 'a.har'));
  });
  after(async () => {
    rmSync(probe, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
    await signOut();
    await emulator.close();
  });

  it("redact_har, the review's call: no output is taken, nothing is written where the link points", async () => {
    const text = await invoke('redact_har', { file: `${PROBE}/a.har`, output: `${PROBE}/out/x.har` });
    assert.deepEqual(readdirSync(outside), [], 'nothing written through the link');
    assert.match(text, /^redact_har: the arguments has an unknown argument "output"/, text);
    const report = await invoke('redact_har', { file: `${PROBE}/a.har` });
    assert.match(report, /values redacted in \d+ entries\./, 'the report still answers');
  });

  it('write_redacted_har asks first, naming the exact file; the report asks nothing', async () => {
    const runner = (await netmonApi()).lmTools();
    const token = new vscode.CancellationTokenSource().token;
    const write = await runner.prepare(
      'write_redacted_har',
      { file: `${PROBE}/a.har`, output: `${PROBE}/reports/x.har` },
      token,
    );
    assert.equal(write.confirmationMessages?.title, 'Write a redacted copy of a HAR file?');
    const said = messageText(write.confirmationMessages?.message);
    assert.ok(said.includes(`to the new file ${PROBE}/reports/x.har`), said);

    const linked = await runner.prepare(
      'write_redacted_har',
      { file: `${PROBE}/a.har`, output: `${PROBE}/out/x.har` },
      token,
    );
    assert.match(
      messageText(linked.confirmationMessages?.message),
      /it will be refused: .*a symbolic link in the workspace/,
    );

    const read = await runner.prepare('redact_har', { file: `${PROBE}/a.har` }, token);
    assert.equal(read.confirmationMessages, undefined);
  });

  it('once allowed: through the link refused with a sentence, nothing outside; a real folder takes it', async () => {
    const refused = await invokeAllowed('write_redacted_har', { file: `${PROBE}/a.har`, output: `${PROBE}/out/x.har` });
    assert.match(
      refused,
      /^write_redacted_har: .*goes through lm-tools-har-write\/out, a symbolic link in the workspace/,
      refused,
    );
    assert.deepEqual(readdirSync(outside), []);

    const written = await invokeAllowed('write_redacted_har', {
      file: `${PROBE}/a.har`,
      output: `${PROBE}/reports/x.har`,
    });
    assert.match(written, /the redacted copy was written/, written);
    assert.ok(existsSync(join(probe, 'reports', 'x.har')));
  });
});
