// A newcomer in demo mode: opens the "Get started" walkthrough from the command palette,
// then creates an HTTP server test document with "Netmon: New Test Document…" (kind, agents,
// file name in the save dialog), and sees it open with its Create and Run Now lenses and
// no problem, badged in the explorer as a test document. Saves docs/screenshots/walkthrough.png and new-document.png for the README.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { errorNotifications, findCommandInPalette, openWorkbench, runCommandFromPalette, saveScreenshot, type Workbench } from './workbench';

describe('authoring in VS Code', { timeout: 150_000 }, () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await openWorkbench({ 'netmon.startInDemoMode': true, 'workbench.colorTheme': 'Default Dark Modern' });
    const { page } = workbench;
    await page.locator('.part.activitybar').getByRole('tab', { name: /^Netmon/ }).click();
    await page.locator('.statusbar', { hasText: 'Netmon: demo' }).waitFor({ timeout: 30_000 });
  });
  after(async () => { await workbench?.close(); });

  test('the Get started walkthrough lists its four steps', async () => {
    const { page } = workbench;
    await findCommandInPalette(page, 'Welcome: Open Walkthrough');
    await page.keyboard.press('Enter');
    const widget = page.locator('.quick-input-widget');
    await widget.locator('.quick-input-list .monaco-list-row', { hasText: 'Get started with Netmon Workbench' }).first().click();
    const steps = page.locator('.getting-started-step');
    await steps.filter({ hasText: 'Plan a folder of test documents' }).first().waitFor({ timeout: 20_000 });
    for (const title of ['Explore the Netmon view', 'Open a session and its waterfall', 'Create and deploy a test document', 'Plan a folder of test documents']) {
      assert.ok(await steps.filter({ hasText: title }).count() > 0, title);
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
    await widget.locator('.quick-input-list .monaco-list-row', { hasText: 'HTTP server test' }).first().waitFor({ timeout: 15_000 });
    await widget.locator('input').fill('HTTP server test');
    await page.keyboard.press('Enter');
    // The agents: the first is picked already; OK accepts.
    await widget.locator('.quick-input-title', { hasText: 'Enterprise agents' }).or(widget.locator('input[placeholder*="Save"], .quick-input-list')).first().waitFor({ timeout: 15_000 });
    if (await widget.locator('.quick-input-title', { hasText: 'Enterprise agents' }).isVisible()) await page.keyboard.press('Enter');
    // The save dialog (VS Code's own, in the browser) proposes the workspace folder and a name.
    const file = join(server.workspace, 'portal-health.netmon-test.json');
    await widget.locator('input').waitFor();
    await page.waitForTimeout(500);
    await widget.locator('input').fill(file);
    await page.keyboard.press('Enter');
    await page.locator('.tab.active', { hasText: 'portal-health.netmon-test.json' }).waitFor({ timeout: 20_000 });
    await page.locator('.codelens-decoration', { hasText: 'Run Now' }).waitFor({ timeout: 20_000 });
    assert.ok(existsSync(file));
    assert.match(readFileSync(file, 'utf8'), /"type": "http-server"/);
    await page.waitForTimeout(1500); // diagnostics settle
    assert.equal(await page.locator('.squiggly-error').count(), 0, 'no problem in the new document');
    assert.deepEqual(await errorNotifications(page), []);
    await saveScreenshot(page, 'new-document');

    // In the explorer, the document carries the badge of its kind.
    await page.keyboard.press('Control+Shift+E');
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'portal-health.netmon-test.json' });
    await row.waitFor({ timeout: 10_000 });
    // The badge is drawn by CSS (a pseudo-element's content), as VS Code draws every file decoration.
    await page.waitForFunction((element) => [...(element?.querySelectorAll('*') ?? [])]
      .some((child) => ['::after', '::before'].some((pseudo) => (globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } })
        .getComputedStyle(child, pseudo).content === '"T"')), await row.elementHandle(), { timeout: 10_000 });
  });
});
