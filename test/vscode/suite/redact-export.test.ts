// Export HAR… redacts on a worker thread (issue #27, row 2): with the crafted HAR that once
// froze the extension host for 49 s, other commands keep answering while the export is in
// progress, and the file written has lost its secrets and kept the runs.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, describe, it } from 'mocha';
import * as vscode from 'vscode';
import { CRAFTED_JWT, craftedHar } from '../../fixtures/har-redact/crafted';
import { activateExtension } from '../helpers';
import { answeringPrompts } from './netmon-fixture';
import { closeAllEditors, sendFromWebview, waitForPanels } from './panels-fixture';

/** Commands that must answer while one export is still redacting. */
const ANSWERS_DURING_EXPORT = 20;

describe("Export HAR… off the extension host's thread", () => {
  let scratch: string;
  before(async () => {
    await activateExtension();
    scratch = mkdtempSync(join(tmpdir(), 'netmon-redact-export-'));
  });
  afterEach(closeAllEditors);
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('the crafted HAR exports redacted while other commands answer', async function () {
    this.timeout(180_000);
    const { har, runs } = craftedHar(1024 * 1024);
    const file = join(scratch, 'crafted.har');
    writeFileSync(file, JSON.stringify(har));
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(file));
    const editor = await waitForPanels(
      'the crafted .har editor',
      (states) =>
        states.find((panel) => panel.kind === 'har-file' && panel.title === 'crafted.har' && panel.renders > 0),
      60_000,
    );

    const target = join(scratch, 'crafted.redacted.har');
    let saveAsked = (): void => undefined;
    const asked = new Promise<void>((resolve) => {
      saveAsked = resolve;
    });
    let exported = false;
    const exporting = answeringPrompts(
      (prompt) => {
        if (prompt.kind !== 'save') return undefined;
        saveAsked();
        return vscode.Uri.file(target);
      },
      () => sendFromWebview(editor.id, { type: 'exportHar', params: { redacted: true } }),
    ).finally(() => {
      exported = true;
    });
    await asked;
    // Each setContext is a round trip to the workbench: its answer is read on the host's thread.
    let answered = 0;
    while (!exported && answered < ANSWERS_DURING_EXPORT) {
      await vscode.commands.executeCommand('setContext', 'netmon.test.redactProbe', answered);
      if (!exported && !existsSync(target)) answered++;
    }
    await exporting;
    assert.equal(answered, ANSWERS_DURING_EXPORT, `only ${answered} commands answered before the export finished`);

    const written = readFileSync(target, 'utf8');
    assert.ok(!written.includes(CRAFTED_JWT), 'every JWT after a run is gone');
    const entries = (JSON.parse(written) as { log: { entries: { _note: string; time: number }[] } }).log.entries;
    assert.deepEqual(
      entries.map((entry) => entry._note),
      Object.values(runs).map((run) => `${run} [redacted: jwt]`),
    );
    assert.deepEqual(
      entries.map((entry) => entry.time),
      Object.values(runs).map(() => 12.5),
      'timings are kept',
    );
  });
});
