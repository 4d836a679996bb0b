// A newcomer's first `npm start`: the extension installed (not a development host), demo mode
// on, a workspace with the seeded examples. The first load shows the Netmon view and the
// "Get started" walkthrough without a click; a reload of the same profile does not open the
// walkthrough again (remembered in global state). Saves docs/screenshots/first-run.png.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT, launchChromium, startVSCodeServer, type VSCodeServer } from '../../scripts/vscode-server.mjs';
import { errorNotifications, saveScreenshot } from './workbench';

const TIMEOUT_MS = 60_000;
const WALKTHROUGH_TITLE = 'Get started with Netmon Workbench';

describe('the first start of npm start', { timeout: 240_000 }, () => {
  let server: VSCodeServer;
  let browser: Browser;
  let page: Page;
  before(async () => {
    server = await startVSCodeServer({
      installedExtensions: [REPO_ROOT], // as npm start installs it
      settings: { 'netmon.startInDemoMode': true },
      workspaceFiles: { 'examples/http-server.netmon-test.json': '{ "type": "http-server" }\n' }, // what npm start seeds
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const walkthrough = (): ReturnType<Page['locator']> =>
    page.locator('.part.editor .gettingStartedContainer', { hasText: WALKTHROUGH_TITLE });

  test('opens the Netmon view and the Get started walkthrough, once', async () => {
    await page.goto(server.workbenchUrl());
    await walkthrough().waitFor({ timeout: TIMEOUT_MS });
    await page
      .locator('.part.sidebar .composite.title', { hasText: /Netmon/i })
      .first()
      .waitFor({ timeout: TIMEOUT_MS });
    await page
      .locator('.part.sidebar .monaco-list-row', { hasText: 'User Sessions' })
      .first()
      .waitFor({ timeout: TIMEOUT_MS });
    assert.deepEqual(await errorNotifications(page), []);
    await page
      .locator('.notifications-toasts .notification-toast')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await saveScreenshot(page, 'first-run');

    await page.reload();
    await page.locator('.statusbar', { hasText: 'Netmon: demo' }).waitFor({ timeout: TIMEOUT_MS });
    // The welcome runs once the connection is restored: give it the time it took above.
    await page.waitForTimeout(3_000);
    assert.equal(await walkthrough().count(), 0, 'a second start does not open the walkthrough again');
  });
});
