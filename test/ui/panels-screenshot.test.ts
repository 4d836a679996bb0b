// A person in demo mode opens each troubleshooting panel the way the README shows — a
// session's inline action in the Netmon tree, a page clicked in the overview, a .har file
// through Quick Open, the command palette and its test picker — and sees it drawn, with no
// Content-Security-Policy report. Saves docs/screenshots/vscode-{session,har,path,metrics}.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../../scripts/vscode-server.mjs';
import {
  errorNotifications,
  findCommandInPalette,
  openWorkbench,
  runCommandFromPalette,
  saveScreenshot,
  webviewFrame,
  type Workbench,
} from './workbench';

const FIXTURE_HAR = join(REPO_ROOT, 'test/fixtures/vscode/portal.har');

/**
 * F1, the command, then its quick pick (which appears after a fetch): pick the row that
 * contains `choice`, or the first one.
 */
async function runWithPick(page: Page, command: string, choice?: string, timeoutMs = 30_000): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await findCommandInPalette(page, command, timeoutMs);
  await page.keyboard.press('Enter');
  // The palette closes, then the command's own picker opens with its rows.
  const pickRow = widget
    .locator('.quick-input-list .monaco-list-row', { hasNotText: command, ...(choice ? { hasText: choice } : {}) })
    .first();
  await pickRow.waitFor({ timeout: 15_000 });
  if (choice) await widget.locator('input').fill(choice);
  await page.keyboard.press('Enter');
  await widget.waitFor({ state: 'hidden' });
}

/** The panel's progress toast fades after its load; the screenshot shows the panel alone. */
async function shoot(page: Page, name: string): Promise<void> {
  await page
    .locator('.notifications-toasts .notification-toast')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await saveScreenshot(page, name);
}

async function closeEditors(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await runCommandFromPalette(page, 'View: Close All Editors');
}

/**
 * Ctrl+B, checked and retried: a key pressed while a webview is still loading can be lost
 * (its key forwarding is not attached yet), and a second blind toggle would show it again.
 */
async function hideSidebar(page: Page): Promise<void> {
  const sidebar = page.locator('.part.sidebar');
  for (let attempt = 0; attempt < 3 && (await sidebar.isVisible()); attempt += 1) {
    await page.keyboard.press('Control+B');
    await sidebar.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
  await sidebar.waitFor({ state: 'hidden', timeout: 1_000 });
}

describe('troubleshooting panels in VS Code', { timeout: 150_000 }, () => {
  let workbench: Workbench;
  /** The webviews' Content-Security-Policy reports: the panels must need nothing it forbids. */
  const cspViolations: string[] = [];
  before(async () => {
    workbench = await openWorkbench({ 'netmon.startInDemoMode': true, 'workbench.colorTheme': 'Default Dark Modern' });
    const { page } = workbench;
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    // Opening the Netmon view activates the extension, which connects to the demo.
    await page
      .locator('.part.activitybar')
      .getByRole('tab', { name: /^Netmon/ })
      .click();
    await page.locator('.statusbar', { hasText: 'Netmon: demo' }).waitFor({ timeout: 30_000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'User Sessions' }).waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await workbench?.close();
  });

  test('the session overview opened from a session in the Netmon tree, and the waterfall of the page clicked in it', async () => {
    const { page } = workbench;
    const tree = page.locator('.part.sidebar');
    // Deployed Tests opens at first: folded, the second-level rows are the sessions' alone (Alerts opens folded).
    const deployed = tree.locator('.monaco-list-row[aria-level="1"]', { hasText: 'Deployed Tests' });
    await deployed.waitFor({ timeout: 20_000 });
    if ((await deployed.getAttribute('aria-expanded')) === 'true') await deployed.click();
    await tree.locator('.monaco-list-row[aria-level="1"]', { hasText: 'User Sessions' }).click();
    const session = tree.locator('.monaco-list-row[aria-level="2"]').nth(1); // after "Worst Sessions"
    await session.hover({ timeout: 20_000 });
    await session.locator('.action-label[aria-label="Open Session Overview"]').click();
    const overview = await webviewFrame(page, '.ses-verdict');
    await hideSidebar(page); // the panels get the whole width
    assert.ok((await overview.locator('.ses-head').first().textContent())?.trim(), 'the overview has no heading');
    await shoot(page, 'vscode-session');

    await overview.locator('button[data-page-id]').first().click();
    const waterfall = await webviewFrame(page, '.har-row');
    assert.ok((await waterfall.locator('.har-row').count()) > 0);
    assert.deepEqual(await errorNotifications(page), []);
    await closeEditors(page);
  });

  test('a .har file opened with Quick Open shows the waterfall editor', async () => {
    const { page } = workbench;
    await page.keyboard.press('Control+P');
    const widget = page.locator('.quick-input-widget');
    await widget.locator('input').fill(FIXTURE_HAR);
    await widget.locator('.quick-input-list .monaco-list-row', { hasText: 'portal.har' }).first().waitFor();
    await page.keyboard.press('Enter');
    const waterfall = await webviewFrame(page, '.har-row');
    await waterfall.locator('.har-row').nth(13).waitFor();
    await page.locator('.tab.active', { hasText: 'portal.har' }).waitFor();
    await shoot(page, 'vscode-har');
    assert.deepEqual(await errorNotifications(page), []);
    await closeEditors(page);
  });

  test('the path visualization of a scheduled test', async () => {
    const { page } = workbench;
    await runWithPick(page, 'Netmon: Open Path Visualization', 'Outlook reachability');
    const graph = await webviewFrame(page, 'svg .nodes g');
    assert.ok((await graph.locator('svg .nodes g').count()) > 5);
    await page.locator('.tab.active', { hasText: 'Path: Outlook reachability' }).waitFor();
    await shoot(page, 'vscode-path');
    assert.deepEqual(await errorNotifications(page), []);
    await closeEditors(page);
  });

  test('the metrics of an HTTP server test', async () => {
    const { page } = workbench;
    await runWithPick(page, 'Netmon: Open Metrics', 'Salesforce login page');
    const charts = await webviewFrame(page, '.uplot');
    await charts.locator('.uplot').nth(3).waitFor();
    await page.locator('.tab.active', { hasText: 'Metrics: Salesforce login page' }).waitFor();
    await shoot(page, 'vscode-metrics');
    assert.deepEqual(await errorNotifications(page), []);
  });

  test('no panel needed anything its Content-Security-Policy forbids', () => {
    assert.deepEqual(cspViolations, []);
  });
});
