// "An HTTP server test for https://example.com/health from two enterprise agents: deploy it,
// every 10 minutes instead, plan, run it now and read the results, delete it" — done as a new
// user in demo mode speaking API v7, counting every user action (one command run, one click,
// one dialog answered, or one edit-and-save each; nothing redone): at most ten. Saves
// docs/screenshots/authoring-new-document.png (the new document, its name selected),
// authoring-create-lens.png and authoring-update-lens.png (lenses that state the write).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  actionCounter,
  errorNotifications,
  onFailureScreenshot,
  openWorkbench,
  saveScreenshot,
  toastsGone,
  treeRow,
  waitForFileText,
  waitForLens,
  webviewFrame,
  type Workbench,
} from './workbench';

const TIMEOUT_MS = 30_000;
const MAX_ACTIONS = 10;
/** Where New Test Document writes by default (netmon.documents.newDocumentFolder). */
const DOCUMENT = 'netmon-tests/new-http-server.netmon-test.json';

describe(
  'authoring in v7 demo mode: new document → two agents → name and URL → Create → interval 600 → Update → Plan Folder → Run Now → Delete',
  { timeout: 300_000 },
  () => {
    let workbench: Workbench;
    let file: string;
    /** One user action: a command run, a click, a dialog answered or an edit-and-save. */
    const { actions, act, mostEditorGroups } = actionCounter(() => workbench?.page);
    before(async () => {
      workbench = await openWorkbench({
        'netmon.startInDemoMode': true,
        'netmon.apiVersion': 'v7',
        'workbench.colorTheme': 'Default Dark Modern',
      });
      file = join(workbench.server.workspace, DOCUMENT);
    });
    after(async () => {
      await workbench?.close();
    });

    test(`in ${MAX_ACTIONS} actions or fewer, with nothing redone and no error`, async () => {
      await onFailureScreenshot(workbench.page, 'authoring-walk', walk);
    });

    async function walk(): Promise<void> {
      const { page } = workbench;
      const widget = page.locator('.quick-input-widget');
      const dialog = page.locator('.monaco-dialog-box');
      // Where a person starts: the Netmon view (the first start opens it), connected to the demo, Deployed Tests open.
      await page
        .locator('.part.activitybar')
        .getByRole('tab', { name: /^Netmon/ })
        .click();
      await page.locator('.statusbar-item', { hasText: 'Netmon: demo' }).waitFor({ timeout: TIMEOUT_MS });
      const group = treeRow(page, /^http-server$/, 2);
      await group.waitFor({ timeout: TIMEOUT_MS });

      await act('click "New Test Document of This Type" on the http-server group', async () => {
        await group.hover();
        await group.locator('.action-label[aria-label="New Test Document of This Type"]').click();
        await widget.locator('.monaco-list-row').nth(1).waitFor({ timeout: TIMEOUT_MS });
      });
      await act('pick two agents', async () => {
        // The first is picked already; the second is ticked, then OK.
        await widget.locator('.monaco-list-row').nth(1).click();
        await widget
          .locator('.quick-input-count', { hasText: '2 Selected' })
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
        await widget.getByRole('button', { name: 'OK' }).click();
        await widget.waitFor({ state: 'hidden' });
      });
      await page
        .locator('.tab.active', { hasText: 'new-http-server.netmon-test.json' })
        .waitFor({ timeout: TIMEOUT_MS });
      await waitForFileText(page, file, /"type": "http-server"/);
      assert.equal(await page.locator('.tab.active.dirty').count(), 0, 'the new document opens saved');
      // A person types once the name shows selected (on a loaded machine the extension selects it a while after).
      await page.locator('.monaco-editor .selected-text').first().waitFor({ timeout: TIMEOUT_MS });
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'authoring-new-document');

      await act('type the name, Tab, the URL, save', async () => {
        await page.keyboard.type('Example health');
        await page.keyboard.press('Tab');
        await page.keyboard.type('https://example.com/health');
        await page.keyboard.press('Control+S');
      });
      const written = await waitForFileText(
        page,
        file,
        /"testName": "Example health",[\s\S]*"url": "https:\/\/example\.com\/health"/,
      );
      assert.equal([...written.matchAll(/\{ "agentId": \d+ \}/g)].length, 2, `two agents:\n${written}`);

      const create = await waitForLens(page, /Create "Example health" in .+ · http-server · 2 agents · every 300 s/);
      await toastsGone(page);
      await saveScreenshot(page, 'authoring-create-lens');
      await act('click the Create lens', async () => {
        await create.click();
      });
      await waitForLens(page, /Bound to test/);
      assert.equal(await dialog.count(), 0, 'the lens said the write: no dialog');
      assert.match(readFileSync(file, 'utf8'), /"deployments"/);

      await act('edit the interval to 600, save', async () => {
        const interval = page.locator('.monaco-editor .view-lines span', { hasText: /^300$/ }).first();
        await interval.dblclick();
        await page.keyboard.type('600');
        await page.keyboard.press('Control+S');
      });
      await waitForFileText(page, file, /"interval": 600/);
      const update = await waitForLens(page, /Update: interval 300 → 600/);
      await toastsGone(page);
      await saveScreenshot(page, 'authoring-update-lens');
      await act('click the Update lens', async () => {
        await update.click();
      });
      await page
        .locator('.notifications-toasts', { hasText: /Updated test "Example health"/ })
        .waitFor({ timeout: TIMEOUT_MS });
      assert.equal(await dialog.count(), 0, 'the lens said the write: no dialog');

      await act('click the Plan Folder lens', async () => {
        await (await waitForLens(page, /Plan Folder/)).click();
      });
      await page
        .locator('.tab', { hasText: /plan of .*\.netmon-plan/ })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
      await page
        .locator('.monaco-editor .view-lines', { hasText: 'No changes' })
        .first()
        .waitFor({ timeout: TIMEOUT_MS });

      await act('click the Run Now lens', async () => {
        await (await waitForLens(page, /Run Now/)).click();
      });
      // One click is Run Now → results: nothing is deployed, so nothing is asked.
      const results = await webviewFrame(page, 'table tbody tr', 90_000);
      assert.equal(await dialog.count(), 0, 'Run Now asked nothing');
      assert.match(
        await results.locator('[role="status"]').innerText(),
        /^\d+ agents?: \d+ failing, \d+ slow, \d+ fine/,
      );

      await act('click the Delete lens', async () => {
        await (await waitForLens(page, /Delete/)).click();
      });
      await act('answer "Delete"', async () => {
        await dialog.waitFor({ timeout: TIMEOUT_MS });
        await dialog.locator('.monaco-button', { hasText: /^Delete$/ }).click();
        await dialog.waitFor({ state: 'hidden' });
      });
      await waitForLens(page, /Create "Example health" in/);

      console.log(`authoring walk (v7 demo): ${actions.length} actions: ${actions.join(' → ')}`);
      assert.deepEqual(await errorNotifications(page), []);
      assert.equal(new Set(actions).size, actions.length, `nothing redone: ${actions.join(' → ')}`);
      // Netmon's panels open beside the document in one group, re-used: never a third column.
      const groups = mostEditorGroups();
      assert.ok(groups >= 1 && groups <= 2, `${groups} editor groups open after an action`);
      assert.ok(actions.length <= MAX_ACTIONS, `${actions.length} actions: ${actions.join(' → ')}`);
    }
  },
);
