// A person opens VS Code with Netmon Workbench, runs "Netmon: Show Log" from the command
// palette and sees the Netmon log. Saves docs/screenshots/show-log.png.
// (Extend here once the Netmon tree exists: open the view, expand nodes, save tree.png.)
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorNotifications, openWorkbench, runCommandFromPalette, saveScreenshot, type Workbench } from './workbench';

describe('workbench UI', { timeout: 90_000 }, () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await openWorkbench({ 'netmon.startInDemoMode': true });
  });
  after(async () => {
    await workbench?.close();
  });

  test('"Netmon: Show Log" from the command palette shows the Netmon output', async () => {
    const { page } = workbench;
    await runCommandFromPalette(page, 'Netmon: Show Log');
    const panel = page.locator('.part.panel');
    await panel.waitFor();
    // The Output view's channel picker (VS Code renders a second, hidden copy for overflow).
    const channelPicker = panel.locator('select.monaco-select-box').filter({ visible: true }).first();
    await channelPicker.waitFor();
    const selected = await channelPicker.locator('option:checked').textContent();
    assert.equal(selected, 'Netmon');
    await saveScreenshot(page, 'show-log');
    assert.deepEqual(await errorNotifications(page), [], 'VS Code shows error notifications');
  });
});
