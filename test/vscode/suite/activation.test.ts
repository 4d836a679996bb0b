import assert from 'node:assert/strict';
import { describe, it } from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID, activateExtension, waitFor } from '../helpers';

interface ContributedCommand {
  command: string;
  title: string;
  category?: string;
}

function contributedCommands(extension: vscode.Extension<unknown>): ContributedCommand[] {
  const manifest: unknown = extension.packageJSON;
  const commands = (manifest as { contributes?: { commands?: ContributedCommand[] } }).contributes?.commands;
  return commands ?? [];
}

describe('activation', () => {
  it('loads and activates the extension in a real VS Code', async () => {
    const extension = await activateExtension();
    assert.equal(extension.id, EXTENSION_ID);
    assert.equal(extension.isActive, true);
    assert.match(vscode.version, /^1\.\d+\.\d+/);
  });

  it('wakes only for Netmon documents in the workspace (and its own views and commands), not in every window or for settings.json', async () => {
    const extension = await activateExtension();
    const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
    assert.deepEqual([...events].sort(), [
      'workspaceContains:**/*.netmon-alert-rule.json',
      'workspaceContains:**/*.netmon-alert-suppression-window.json',
      'workspaceContains:**/*.netmon-endpoint-test.json',
      'workspaceContains:**/*.netmon-filter.json',
      'workspaceContains:**/*.netmon-instant.json',
      'workspaceContains:**/*.netmon-test.json',
    ]);
  });

  it('offers "Netmon: Show Log" in the command palette', async () => {
    const extension = await activateExtension();
    const showLog = contributedCommands(extension).find((entry) => entry.command === 'netmon.showLog');
    assert.deepEqual({ category: showLog?.category, title: showLog?.title }, { category: 'Netmon', title: 'Show Log' });
    const registered = await vscode.commands.getCommands(true);
    assert.ok(registered.includes('netmon.showLog'), 'netmon.showLog is not registered');
  });

  it('routes every contributed command from activation on, also those whose feature is only loaded on first use', async () => {
    const extension = await activateExtension();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributedCommands(extension)
      .map((entry) => entry.command)
      .filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('"Netmon: Show Log" opens the Netmon output channel', async () => {
    await activateExtension();
    await vscode.commands.executeCommand('netmon.showLog');
    const logDocument = await waitFor('the Netmon log to be shown', () =>
      vscode.workspace.textDocuments.find(
        (document) => document.uri.scheme === 'output' && document.uri.path.includes('Netmon'),
      ),
    );
    assert.equal(logDocument.uri.scheme, 'output');
  });
});
