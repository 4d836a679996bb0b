// The Netmon write tools in Restricted Mode follow the write commands' rule: an untrusted
// folder's documents are never deployed or run. Agent mode gets a sentence saying why, the
// user is asked nothing (there is nothing to confirm), and no write reaches the account.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import {
  clearEmulatorRequests,
  emulatorRequests,
  isWriteRequest,
  signInTo,
  signOut,
  startControlledEmulator,
} from '../suite/netmon-fixture';

async function invoke(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await vscode.lm.invokeTool(
    name,
    { input, toolInvocationToken: undefined },
    new vscode.CancellationTokenSource().token,
  );
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('Language-model tools in Restricted Mode', () => {
  let emulator: RunningEmulator;
  before(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the runner should open this folder untrusted');
    emulator = await startControlledEmulator();
    await signInTo(emulator);
  });
  after(async () => {
    await signOut();
    await emulator.close();
  });

  it('write tools refuse with a sentence and send nothing; read tools still answer', async () => {
    await clearEmulatorRequests(emulator);
    const run = await invoke('run_instant_test', { document: 'cloned.netmon-instant.json' });
    const apply = await invoke('apply_documents', { paths: ['.'] });
    for (const text of [run, apply])
      assert.match(text, /^Netmon does not deploy or run documents in Restricted Mode/, text);
    const writes = (await emulatorRequests(emulator)).filter(isWriteRequest);
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [],
    );
    assert.doesNotMatch(await invoke('find_agent', { name: 'zz-no-such-agent' }), /Restricted Mode/);
  });
});
