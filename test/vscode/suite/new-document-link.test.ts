// New Test Document writes into the folder of "netmon.documents.newDocumentFolder" with no
// dialog, so that folder must be the workspace's own: a repository can commit it (or a folder
// on its way) as a symbolic link to elsewhere on the disk. Checked through workspace.fs.stat's
// SymbolicLink bit: refused with a sentence, the save dialog offered, nothing written there.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { endDocumentSuite, startDocumentSuite, type WorkspaceScratch } from './documents-fixture';
import { answeringPrompts } from './netmon-fixture';

describe('New Test Document: a new-document folder that is a link', () => {
  let emulator: RunningEmulator;
  let scratch: WorkspaceScratch;
  const outside = mkdtempSync(join(tmpdir(), 'netmon-new-document-outside-'));

  before(async () => {
    ({ emulator, scratch } = await startDocumentSuite('new-document-link'));
    symlinkSync(outside, join(scratch.path, 'netmon-tests'));
  });
  after(async () => {
    await vscode.workspace
      .getConfiguration()
      .update('netmon.documents.newDocumentFolder', undefined, vscode.ConfigurationTarget.Workspace);
    await endDocumentSuite(scratch, emulator);
    rmSync(outside, { recursive: true, force: true });
  });

  for (const below of ['', '/sub']) {
    it(`the link ${below ? 'on the way to' : 'as'} the folder: refused, the save dialog offered, nothing written`, async function () {
      this.timeout(30_000);
      const setting = `${vscode.workspace.asRelativePath(scratch.folder)}/netmon-tests${below}`;
      await vscode.workspace
        .getConfiguration()
        .update('netmon.documents.newDocumentFolder', setting, vscode.ConfigurationTarget.Workspace);
      const { result, prompts } = await answeringPrompts(
        (prompt) => (prompt.kind === 'choose' ? (prompt.many ? [] : 'Search filter') : undefined),
        () => vscode.commands.executeCommand<vscode.Uri | undefined>('netmon.documents.new'),
      );
      assert.equal(result, undefined, 'declined: nothing written');
      const failure = prompts.find((p) => p.kind === 'offer' && p.error);
      assert.match(
        failure?.kind === 'offer' ? failure.message : '',
        /netmon-tests is a symbolic link, and a new document is never written through one \(it can point anywhere on the disk\)\. Nothing was written there\. Choose Where to Save keeps/,
      );
      assert.deepEqual(readdirSync(outside), [], 'nothing made or written where the link points');
    });
  }
});
