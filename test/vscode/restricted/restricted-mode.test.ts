// Restricted Mode: the runner opens a folder the user never trusted (as a freshly cloned
// repository is), whose .vscode/settings.json asks for demo mode and another API, and
// which holds a test and an instant-test document. Netmon browses, but offers and does
// no write, and the folder's settings do not choose the connection.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import {
  answeringPrompts,
  clearEmulatorRequests,
  emulatorRequests,
  isWriteRequest,
  netmonApi,
  signInTo,
  signOut,
  startControlledEmulator,
} from '../suite/netmon-fixture';

const WRITE_COMMANDS = [
  'netmon.documents.create',
  'netmon.documents.update',
  'netmon.documents.delete',
  'netmon.documents.runInstant',
  'netmon.runInstantTest',
  'netmon.documents.apply',
  'netmon.documents.runNow',
  'netmon.documents.runDeployed',
  'netmon.documents.import',
];
/** An endpoint test document's: the runner's folder holds one too. */
const ENDPOINT_WRITE_COMMANDS = [
  'netmon.endpointTests.create',
  'netmon.endpointTests.update',
  'netmon.endpointTests.delete',
  'netmon.endpointTests.runNow',
];
/** An alert rule document's: the runner's folder holds one too. */
const RULE_WRITE_COMMANDS = ['netmon.alertRules.create', 'netmon.alertRules.update', 'netmon.alertRules.delete'];
const WINDOW_WRITE_COMMANDS = [
  'netmon.suppressionWindows.create',
  'netmon.suppressionWindows.update',
  'netmon.suppressionWindows.delete',
];

function workspaceFile(name: string): vscode.Uri {
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(root, 'the Restricted Mode workbench has no folder');
  return vscode.Uri.file(join(root.fsPath, name));
}

describe('Restricted Mode (an untrusted folder)', () => {
  let emulator: RunningEmulator;
  before(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the runner should open this folder untrusted');
    emulator = await startControlledEmulator();
  });
  after(async () => {
    await signOut();
    await emulator.close();
  });

  it("ignores the folder's demo-mode and base URL settings", async () => {
    const api = await netmonApi();
    const folderValue = vscode.workspace.getConfiguration('netmon').inspect('startInDemoMode')?.workspaceValue;
    assert.equal(
      api.connection.current?.kind,
      undefined,
      `the folder's settings chose a connection (workspace value ${String(folderValue)})`,
    );
    assert.match(api.statusBarText(), /signed out/);
  });

  it("offers no write lens on the folder's documents, only a way to trust it", async () => {
    await signInTo(emulator);
    for (const name of ['cloned.netmon-test.json', 'cloned.netmon-instant.json', 'cloned.netmon-endpoint-test.json']) {
      const uri = workspaceFile(name);
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      const titles = (
        await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)
      ).map((lens) => lens.command?.title ?? '');
      assert.deepEqual(
        titles,
        ['$(shield) Restricted Mode: trust this folder to deploy or run its documents'],
        `${name}: ${titles.join(' | ')}`,
      );
    }
  });

  it('write commands refuse to run, ask nothing and send nothing', async () => {
    await clearEmulatorRequests(emulator);
    const { prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'confirm' ? prompt.actions[0] : undefined),
      async () => {
        for (const command of WRITE_COMMANDS) {
          const argument =
            command === 'netmon.documents.apply' || command === 'netmon.documents.import'
              ? workspaceFile('.')
              : command.endsWith('runInstant')
                ? workspaceFile('cloned.netmon-instant.json')
                : workspaceFile('cloned.netmon-test.json');
          assert.equal(await vscode.commands.executeCommand(command, argument), undefined, command);
        }
        for (const command of ENDPOINT_WRITE_COMMANDS)
          assert.equal(
            await vscode.commands.executeCommand(command, workspaceFile('cloned.netmon-endpoint-test.json')),
            undefined,
            command,
          );
        for (const command of RULE_WRITE_COMMANDS)
          assert.equal(
            await vscode.commands.executeCommand(command, workspaceFile('cloned.netmon-alert-rule.json')),
            undefined,
            command,
          );
        for (const command of WINDOW_WRITE_COMMANDS)
          assert.equal(
            await vscode.commands.executeCommand(command, workspaceFile('cloned.netmon-alert-suppression-window.json')),
            undefined,
            command,
          );
      },
    );
    // Each says why it did not run, as an error with nothing to click; none asks anything.
    for (const prompt of prompts) {
      assert.ok(
        prompt.kind === 'offer' && prompt.error === true && prompt.actions.length === 0,
        `asked: ${JSON.stringify(prompt)}`,
      );
      assert.match(prompt.message, /is not available in Restricted Mode: this folder is not trusted\. Trust it/);
    }
    const writes = (await emulatorRequests(emulator)).filter(isWriteRequest);
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      [],
    );
  });
});
