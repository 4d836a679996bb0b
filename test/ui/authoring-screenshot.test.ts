// A newcomer in demo mode: opens the "Get started" walkthrough from the command palette,
// then creates an HTTP server test document with "Netmon: New Test Document…" (kind, agents;
// no save dialog: it is written in netmon-tests/ and opens saved), and sees it open with its
// Create and Run Now lenses and no problem, badged in the explorer as a test document. Saves docs/screenshots/walkthrough.png and new-document.png for the README.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  errorNotifications,
  findCommandInPalette,
  openWorkbench,
  runCommandFromPalette,
  saveScreenshot,
  waitForFileText,
  type Workbench,
} from './workbench';

/** Where New Test Document writes by default (netmon.documents.newDocumentFolder). */
const DOCUMENT = 'netmon-tests/new-http-server.netmon-test.json';

describe('authoring in VS Code', { timeout: 150_000 }, () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await openWorkbench({ 'netmon.startInDemoMode': true, 'workbench.colorTheme': 'Default Dark Modern' });
    const { page } = workbench;
    await page
      .locator('.part.activitybar')
      .getByRole('tab', { name: /^Netmon/ })
      .click();
    await page.locator('.statusbar', { hasText: 'Netmon: demo' }).waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await workbench?.close();
  });

  test('the Get started walkthrough lists its four steps', async () => {
    const { page } = workbench;
    await findCommandInPalette(page, 'Welcome: Open Walkthrough');
    await page.keyboard.press('Enter');
    const widget = page.locator('.quick-input-widget');
    await widget
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with Netmon Workbench' })
      .first()
      .click();
    const steps = page.locator('.getting-started-step');
    await steps.filter({ hasText: 'Plan a folder of test documents' }).first().waitFor({ timeout: 20_000 });
    for (const title of [
      'Explore the Netmon view',
      'Open a session and its waterfall',
      'Create and deploy a test document',
      'Plan a folder of test documents',
    ]) {
      assert.ok((await steps.filter({ hasText: title }).count()) > 0, title);
    }
    await page.waitForTimeout(500);
    await saveScreenshot(page, 'walkthrough');
    await runCommandFromPalette(page, 'View: Close All Editors');
  });

  test('New Test Document writes a commented HTTP server test that opens with its lenses and no problem', async () => {
    const { page, server } = workbench;
    const widget = page.locator('.quick-input-widget');
    await findCommandInPalette(page, 'Netmon: New Test Document');
    await page.keyboard.press('Enter');
    await widget
      .locator('.quick-input-list .monaco-list-row', { hasText: 'HTTP server test' })
      .first()
      .waitFor({ timeout: 15_000 });
    await widget.locator('input').fill('HTTP server test');
    await page.keyboard.press('Enter');
    // The agents: the first is picked already; Enter accepts.
    await widget.locator('.quick-input-title', { hasText: 'Enterprise agents' }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    // No save dialog: the document is written in the new-document folder and opens saved.
    const file = join(server.workspace, DOCUMENT);
    await page.locator('.tab.active', { hasText: 'new-http-server.netmon-test.json' }).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.tab.active.dirty').count(), 0, 'the new document opens saved');
    await page.locator('.codelens-decoration', { hasText: 'Run Now' }).waitFor({ timeout: 20_000 });
    // Polled: the editor's save of the tab stops rewrites the file as this reads it.
    const written = await waitForFileText(page, file, /"type": "http-server"/);
    assert.match(written, /^\s*\/\/ /m, `a commented document:\n${written}`);
    await page.waitForTimeout(1500); // diagnostics settle
    assert.equal(await page.locator('.squiggly-error').count(), 0, 'no problem in the new document');
    assert.deepEqual(await errorNotifications(page), []);
    await saveScreenshot(page, 'new-document');

    // In the explorer, the document carries the badge of its kind.
    await page.keyboard.press('Control+Shift+E');
    const row = page.locator('.explorer-folders-view .monaco-list-row', {
      hasText: 'new-http-server.netmon-test.json',
    });
    await row.waitFor({ timeout: 10_000 });
    // The badge is drawn by CSS (a pseudo-element's content), as VS Code draws every file decoration.
    await page.waitForFunction(
      (element) =>
        [...(element?.querySelectorAll('*') ?? [])].some((child) =>
          ['::after', '::before'].some(
            (pseudo) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }
              ).getComputedStyle(child, pseudo).content === '"T"',
          ),
        ),
      await row.elementHandle(),
      { timeout: 10_000 },
    );
  });
});
