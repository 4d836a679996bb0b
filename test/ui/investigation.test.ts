// "A user says their web app was slow yesterday afternoon: find the worst session of the last
// day, say what was slow, and show the network path involved", done as a person in demo mode,
// counted step by step (at most six from the explorer to the path), with no API call by hand
// and no error notification. Saves docs/screenshots/investigation-overview.png (the overview
// with its links) and investigation-time-split.png (the waterfall's time split).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Frame } from 'playwright-core';
import {
  actionCounter,
  errorNotifications,
  openWorkbench,
  saveScreenshot,
  toastsGone,
  treeRow,
  treeSettled,
  webviewFrame,
  type Workbench,
} from './workbench';

const TIMEOUT_MS = 30_000;

describe('an investigation from the explorer to the network path', { timeout: 180_000 }, () => {
  let workbench: Workbench;
  const { actions: steps, act: step } = actionCounter();
  before(async () => {
    workbench = await openWorkbench({ 'netmon.startInDemoMode': true, 'workbench.colorTheme': 'Default Dark Modern' });
    const { page } = workbench;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page
      .locator('.part.activitybar')
      .getByRole('tab', { name: /^Netmon/ })
      .click();
    await page.locator('.statusbar', { hasText: 'Netmon: demo' }).waitFor({ timeout: TIMEOUT_MS });
    await treeRow(page, 'User Sessions', 1).waitFor({ timeout: TIMEOUT_MS });
  });
  after(async () => {
    await workbench?.close();
  });

  test('worst session of the last day → what was slow → its network path, in six steps or fewer', async () => {
    const { page } = workbench;
    const sidebar = page.locator('.part.sidebar');
    const widget = page.locator('.quick-input-widget');
    await step('Set the time range to the last day', async () => {
      await sidebar.getByRole('button', { name: 'Set Time Range' }).click();
      await widget.locator('.monaco-list-row', { hasText: 'Last day' }).click();
      await treeRow(page, 'User Sessions', 1)
        .locator('.label-description', { hasText: 'Last day' })
        .waitFor({ timeout: TIMEOUT_MS });
      await treeSettled(page); // the tree reloads for the new range: expand what it shows then
    });
    await step('Open User Sessions', async () => {
      const sessions = treeRow(page, 'User Sessions', 1);
      if ((await sessions.getAttribute('aria-expanded')) !== 'true') await sessions.click();
      await treeRow(page, 'Worst Sessions', 2).waitFor({ timeout: TIMEOUT_MS });
    });
    await step('Open Worst Sessions', async () => {
      await treeRow(page, 'Worst Sessions', 2).click();
      await page.locator('.part.sidebar .monaco-list-row[aria-level="3"]').first().waitFor({ timeout: 60_000 });
      await treeRow(page, /lowest of [\d,]+ sessions/, 3).waitFor({ timeout: TIMEOUT_MS });
    });
    let overview!: Frame;
    await step("Open the worst session's overview", async () => {
      const worst = page.locator('.part.sidebar .monaco-list-row[aria-level="3"]').first();
      assert.match(
        (await worst.locator('.label-name').textContent()) ?? '',
        /^\d\.\d\d poor/,
        'the worst session reads as poor',
      );
      await worst.hover();
      await worst.locator('.action-label[aria-label="Open Session Overview"]').click();
      overview = await webviewFrame(page, '.ses-verdict', TIMEOUT_MS);
      await overview
        .locator('.ses-related li, .ses-related p:not([role="status"])')
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
    });
    // What was slow: the verdict names the segment, the pages say where the slowest page's time went.
    const verdict = await overview.locator('.ses-verdict').innerText();
    assert.ok(verdict.trim().length > 0, 'the overview says what was slow');
    await overview.locator('.ses-split').waitFor({ timeout: TIMEOUT_MS });
    assert.match(
      await overview.locator('.ses-split').innerText(),
      /s to (onLoad|last request): .* network, .* no request in flight/,
    );
    const link = overview.locator('.ses-related li').first();
    assert.ok(
      (await link.count()) > 0,
      `the worst session links to a network path: ${await overview.locator('.ses-related').innerText()}`,
    );
    assert.match(await link.innerText(), /test '.+', round \d\d:\d\d UTC, .*(before|after|at the time of) the session/);
    await toastsGone(page);
    await saveScreenshot(page, 'investigation-overview');

    await step('Open the path of the test toward the same site, at the round nearest the session', async () => {
      await link.locator('button', { hasText: 'Path' }).click();
      await webviewFrame(page, 'svg.graph .node', TIMEOUT_MS);
    });
    assert.ok(steps.length <= 6, `${steps.length} steps: ${steps.join(' → ')}`);

    // Where the page time went, in the waterfall of the slowest page (a seventh step, after the path).
    await page
      .locator('.tab', { hasText: /^Session: / })
      .first()
      .click();
    const again = await webviewFrame(page, '.ses-split', TIMEOUT_MS);
    const slowestTitle = (await again.locator('.ses-split b').innerText())
      .replace(/^Slowest page, /, '')
      .replace(/: $/, '');
    const row = again.locator('.ses-table tbody tr', { hasText: slowestTitle }).first();
    await row.locator('button', { hasText: 'Waterfall' }).click();
    const waterfall = await webviewFrame(page, '.har-split', TIMEOUT_MS);
    assert.match(await waterfall.locator('.har-split').innerText(), /Time split: .* network, .* no request in flight/);
    await toastsGone(page);
    await saveScreenshot(page, 'investigation-time-split');
    assert.deepEqual(await errorNotifications(page), []);
  });
});
