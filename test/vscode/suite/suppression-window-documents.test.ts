// Suppression window documents (*.netmon-alert-suppression-window.json) in the editor, against the
// emulator speaking v7 with a fixed clock and one network test deployed before sign-in: the Create
// lens creates the window (the click is the consent: nothing is asked), an edit turns it into an
// Update lens stating the change, and Delete asks in a modal, then removes the window, after which
// the document offers Create again.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'mocha';
import type * as vscode from 'vscode';
import type { RunningEmulator } from '../../../src/emulator';
import { netmonApi } from './netmon-fixture';
import { clickLens, lensCommand } from './lens-fixture';
import { closeAllEditors } from './panels-fixture';
import {
  createTestDirectly,
  openDocument,
  replaceAndSave,
  startDocumentSuite,
  writeDocument,
  type DocumentSuite,
} from './documents-fixture';

const NOW = Date.UTC(2026, 5, 17);
const TEST_NAME = 'Outlook during maintenance';
const WINDOW_NAME = 'Maintenance from the editor';

const windowDocument = (): string =>
  `${JSON.stringify(
    { name: WINDOW_NAME, startDate: '2026-07-04T22:00:00Z', duration: 3600, tests: [TEST_NAME] },
    null,
    2,
  )}\n`;

describe('Suppression window documents', () => {
  let suite: DocumentSuite;

  const deployTest = async (started: RunningEmulator): Promise<void> => {
    const group = started.world.group(started.world.accountGroups[0]?.aid ?? 0);
    assert.ok(group);
    const agents = group
      .enterpriseAgents()
      .slice(0, 2)
      .map((a) => ({ agentId: String(a.agentId) }));
    const fields = { testName: TEST_NAME, interval: 300, agents, server: 'outlook.office365.com', port: 443 };
    await createTestDirectly(started, 'agent-to-server', fields);
  };

  before(async function () {
    this.timeout(60_000);
    suite = await startDocumentSuite('suppression-windows', {
      v7: true,
      emulator: { now: () => NOW },
      beforeSignIn: deployTest,
    });
  });
  after(async () => {
    await closeAllEditors();
    await suite.end();
  });

  it('Create, Update and Delete lenses deploy the window: a lens click is the consent, Delete asks in a modal', async function () {
    this.timeout(90_000);
    const uri: vscode.Uri = writeDocument(
      suite.scratch.path,
      'maintenance.netmon-alert-suppression-window.json',
      windowDocument(),
    );
    await openDocument(uri);
    const client = (await netmonApi()).connection.requireClient();
    const testId = String((await client.listEnterpriseTests()).find((t) => t.testName === TEST_NAME)?.testId);
    const deployed = async () => (await client.listSuppressionWindows()).filter((w) => w.name === WINDOW_NAME);

    const created = await clickLens<{ action: string }>(uri, `Create window "${WINDOW_NAME}"`);
    assert.equal(created.result?.action, 'create');
    assert.deepEqual(
      created.prompts.filter((p) => p.kind === 'confirm'),
      [],
      'the click was the consent',
    );
    const [listed] = await deployed();
    assert.ok(listed, 'the window exists in the account');
    const read = await client.getSuppressionWindow(listed.windowId);
    assert.deepEqual(read.testIds, [testId]);
    assert.equal(read.duration, 3600);
    await lensCommand(uri, `Deployed as window ${listed.windowId}`);

    await replaceAndSave(uri, '"duration": 3600', '"duration": 7200');
    const updated = await clickLens<{ action: string }>(uri, 'Update: duration 3600 → 7200');
    assert.equal(updated.result?.action, 'update');
    assert.deepEqual(
      updated.prompts.filter((p) => p.kind === 'confirm'),
      [],
    );
    assert.equal((await client.getSuppressionWindow(listed.windowId)).duration, 7200);

    const deleted = await clickLens<{ action: string }>(uri, 'Delete');
    assert.equal(deleted.result?.action, 'delete');
    const asked = deleted.prompts.find((p) => p.kind === 'confirm');
    assert.ok(asked, 'Delete asks');
    assert.match(asked.message, /Delete suppression window "Maintenance from the editor"/);
    assert.deepEqual(await deployed(), []);
    // Nothing binds the document to the deleted window: it offers Create again.
    await lensCommand(uri, `Create window "${WINDOW_NAME}"`);
  });
});
