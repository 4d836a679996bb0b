// Restricted Mode: the folder the user never trusted is the attacker's repository. It commits
// the evidence's attachment names as symbolic links; exporting the evidence of a HAR diff into
// it (as the save dialog suggests) writes nothing through them and tells the user why.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { closeAllEditors } from '../suite/panels-fixture';
import {
  assertNothingWrittenThrough,
  compareTwoHars,
  exportMarkdownEvidence,
  plantLinks,
} from '../suite/planted-links';

describe("Restricted Mode: Export Evidence beside a repository's planted links", () => {
  const home = mkdtempSync(join(tmpdir(), 'netmon-restricted-home-'));
  after(async () => {
    await closeAllEditors();
    rmSync(home, { recursive: true, force: true });
  });

  it('nothing is written through the links and the user is told', async function () {
    this.timeout(60_000);
    assert.equal(vscode.workspace.isTrusted, false, 'the runner should open this folder untrusted');
    const repository = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(repository, 'the Restricted Mode workbench has no folder');
    const links = plantLinks(repository, home);
    const panel = await compareTwoHars(repository);
    assertNothingWrittenThrough(links, await exportMarkdownEvidence(panel, repository));
  });
});
