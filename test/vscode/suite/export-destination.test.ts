// Issue #30 (hand-off): the export dialogs open in the workspace folder, then in the last
// folder used for that export, never at the root; once written, a notification offers to
// open the file or show it in VS Code's Explorer, and each does what it says.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { defaultSaveUri } from '../../../src/vscode/ui/file-names';
import type { Prompt } from '../../../src/vscode/ui/prompts';
import { waitFor } from '../helpers';
import { answeringPrompts, netmonApi } from './netmon-fixture';
import {
  closeAllEditors,
  openFirstSessionOverview,
  sendFromWebview,
  signedInSuite,
  waitForPanels,
} from './panels-fixture';

const workspaceFolder = (): vscode.Uri => {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'the suites run with a workspace folder');
  return folder;
};

const inside = (folder: vscode.Uri, file: vscode.Uri | undefined): boolean =>
  !!file && file.fsPath.startsWith(`${folder.fsPath}/`);

/** Where a dialog opened: the workspace folder, or (after an earlier suite's export) the folder last used; never the root. */
const assertNotAtRoot = (asked: vscode.Uri | undefined): void => {
  const folder = asked && vscode.Uri.joinPath(asked, '..').fsPath;
  assert.ok(
    folder && folder !== '/' && (inside(workspaceFolder(), asked) || existsSync(folder)),
    `the dialog opens in a folder, not at ${asked?.fsPath}`,
  );
};

const savePrompt = (prompts: Prompt[]): Extract<Prompt, { kind: 'save' }> => {
  const save = prompts.find((p): p is Extract<Prompt, { kind: 'save' }> => p.kind === 'save');
  assert.ok(save, 'the save dialog was shown');
  return save;
};

describe('Export destinations and the notification after an export', () => {
  let scratch: string;
  let exportsFolder: vscode.Uri;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'netmon-export-destination-'));
    exportsFolder = vscode.Uri.joinPath(workspaceFolder(), 'netmon-export-destination');
    mkdirSync(exportsFolder.fsPath, { recursive: true });
  });
  after(async () => {
    await closeAllEditors();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(exportsFolder.fsPath, { recursive: true, force: true });
  });

  it('with no folder used yet, a dialog opens in the workspace folder', () => {
    // This suite's own copy of the module: nothing remembered, as on the first export of a session.
    assert.ok(inside(workspaceFolder(), defaultSaveUri('har', 'page.har')));
    assert.equal(
      defaultSaveUri('evidence', 'ticket.html').fsPath,
      vscode.Uri.joinPath(workspaceFolder(), 'ticket.html').fsPath,
    );
  });

  it('Export HAR…: a folder, not the root, then the folder last used; Show in Explorer and Open', async function () {
    this.timeout(60_000);
    const source = join(scratch, 'page.har');
    writeFileSync(
      source,
      JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }),
    );
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(source));
    const editor = await waitForPanels('the .har editor', (states) =>
      states.find((p) => p.kind === 'har-file' && p.title === 'page.har' && p.renders > 0),
    );
    const api = await netmonApi();
    await vscode.commands.executeCommand('netmon.explorer.focus');
    await waitFor('the Netmon view to show', () => (api.treeView.visible ? true : undefined));

    const first = vscode.Uri.joinPath(exportsFolder, 'first.redacted.har');
    const { prompts } = await answeringPrompts(
      (prompt) => (prompt.kind === 'save' ? first : prompt.kind === 'offer' ? 'Show in Explorer' : undefined),
      () => sendFromWebview(editor.id, { type: 'exportHar', params: { redacted: true } }),
    );
    const asked = savePrompt(prompts).defaultUri;
    assertNotAtRoot(asked);
    assert.match(asked?.path ?? '', /\/page\.redacted\.har$/, 'and proposes a name from the HAR');
    const offer = await waitFor('the notification after the export', () => prompts.find((p) => p.kind === 'offer'));
    assert.deepEqual(offer.kind === 'offer' && offer.actions, ['Open', 'Show in Explorer']);
    assert.ok(
      offer.kind === 'offer' && offer.message.includes('first.redacted.har'),
      'the notification names the file',
    );
    await waitFor('the Explorer to replace the Netmon view', () => (api.treeView.visible ? undefined : true));

    const again = await answeringPrompts(
      (prompt) =>
        prompt.kind === 'save'
          ? vscode.Uri.joinPath(exportsFolder, 'second.redacted.har')
          : prompt.kind === 'offer'
            ? 'Open'
            : undefined,
      () => sendFromWebview(editor.id, { type: 'exportHar', params: { redacted: true } }),
    );
    const next = savePrompt(again.prompts).defaultUri;
    assert.equal(
      next && vscode.Uri.joinPath(next, '..').fsPath,
      exportsFolder.fsPath,
      'the next dialog opens where the last HAR went',
    );
    await waitForPanels('the exported HAR open in its editor', (states) =>
      states.find((p) => p.kind === 'har-file' && p.title === 'second.redacted.har'),
    );
  });

  describe('Export Evidence…', () => {
    const suite = signedInSuite('netmon-export-destination-evidence-');

    it('opens in a folder, not at the root, and Open shows the written file as its recipient sees it', async function () {
      this.timeout(60_000);
      const { userSessionId, overview } = await openFirstSessionOverview();
      const file = vscode.Uri.joinPath(exportsFolder, 'ticket.html');
      const { prompts } = await answeringPrompts(
        (prompt) => (prompt.kind === 'save' ? file : prompt.kind === 'offer' ? 'Open' : undefined),
        () => sendFromWebview(overview, { type: 'exportEvidence', params: { userSessionId } }),
      );
      const asked = savePrompt(prompts).defaultUri;
      assertNotAtRoot(asked);
      assert.ok(suite.scratch, 'signed in');
      // The HTML in a preview (no script), not its source in a text editor.
      await waitFor(
        'the written evidence open in its preview',
        () =>
          vscode.window.tabGroups.all
            .flatMap((group) => group.tabs)
            .find(
              (tab) =>
                tab.input instanceof vscode.TabInputWebview &&
                tab.input.viewType.endsWith('netmon.evidencePreview') &&
                tab.label === 'Preview: ticket.html',
            ),
        10_000,
      );
      assert.notEqual(vscode.window.activeTextEditor?.document.uri.fsPath, file.fsPath, 'not its source');
    });
  });
});
