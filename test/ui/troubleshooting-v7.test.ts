// "A user says the web app was slow yesterday afternoon": find the worst session of yesterday
// afternoon, say what was slow, and show the network path involved — done as a person, in
// demo mode speaking API v7 (what accounts speak today), counting every user action (one
// command run, one click, one dialog answered each; nothing redone): at most six. Saves
// docs/screenshots/troubleshoot-worst.png (the worst sessions of the range, at the default
// sidebar width), troubleshoot-overview.png (what was slow) and troubleshoot-path.png.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
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
const MAX_ACTIONS = 6;

/**
 * Whether the first `chars` characters of the label of the row `selector` finds are inside the
 * list as drawn (not cut at the sidebar's edge). Browser code as text: this project's tests
 * compile without the DOM types.
 */
async function leadFitsInRow(page: Page, selector: string, chars: number): Promise<boolean> {
  const measure = `(() => {
    const row = document.querySelector(${JSON.stringify(selector)});
    const name = row && row.querySelector('.label-name');
    const walker = name && document.createTreeWalker(name, 4 /* NodeFilter.SHOW_TEXT */);
    const first = walker && walker.nextNode();
    if (!first || !first.textContent) return false;
    const range = document.createRange();
    range.setStart(first, 0);
    range.setEnd(first, Math.min(${chars}, first.textContent.length));
    return range.getBoundingClientRect().right <= row.closest('.monaco-list').getBoundingClientRect().right;
  })()`;
  return (await page.evaluate(measure)) === true;
}

describe(
  "troubleshooting in v7 demo mode: yesterday afternoon's worst session → what was slow → the path",
  { timeout: 240_000 },
  () => {
    let workbench: Workbench;
    /** One user action: a click, a command run or a dialog answered. */
    const { actions, act, mostEditorGroups } = actionCounter(() => workbench?.page);
    before(async () => {
      workbench = await openWorkbench({
        'netmon.startInDemoMode': true,
        'netmon.apiVersion': 'v7',
        'workbench.colorTheme': 'Default Dark Modern',
      });
    });
    after(async () => {
      await workbench?.close();
    });

    test(`in ${MAX_ACTIONS} actions or fewer, with nothing redone and no error`, async () => {
      const { page } = workbench;
      const sidebar = page.locator('.part.sidebar');
      const widget = page.locator('.quick-input-widget');
      // Where a person starts: the Netmon view open (the first start opens it), connected to the demo.
      await page
        .locator('.part.activitybar')
        .getByRole('tab', { name: /^Netmon/ })
        .click();
      const status = page.locator('.statusbar-item', { hasText: 'Netmon: demo' });
      await status.waitFor({ timeout: TIMEOUT_MS });
      assert.match(
        (await status.locator('a, .statusbar-item-label').first().getAttribute('aria-label')) ??
          (await status.innerText()),
        /API v7/,
        'demo mode speaks API v7',
      );
      await treeRow(page, 'User Sessions', 1).waitFor({ timeout: TIMEOUT_MS });

      await act('click "Set Time Range"', async () => {
        await sidebar.getByRole('button', { name: 'Set Time Range' }).click();
      });
      await act('pick "Yesterday afternoon"', async () => {
        await widget.locator('.monaco-list-row', { hasText: 'Yesterday afternoon' }).click();
        await treeRow(page, 'User Sessions', 1)
          .locator('.label-description', { hasText: /^Yesterday afternoon \(/ })
          .waitFor({ timeout: TIMEOUT_MS });
      });
      const sessions = treeRow(page, 'User Sessions', 1);
      if ((await sessions.getAttribute('aria-expanded')) !== 'true')
        await act('expand User Sessions', async () => {
          await sessions.click();
        });
      await treeRow(page, 'Worst Sessions', 2).waitFor({ timeout: TIMEOUT_MS });
      await act('expand Worst Sessions', async () => {
        await treeRow(page, 'Worst Sessions', 2).click();
      });
      const worstSelector = '.part.sidebar .monaco-list-row[aria-level="3"]';
      const worst = page.locator(worstSelector).first();
      await worst.waitFor({ timeout: 60_000 });

      // The worst row reads as poor, its score and time at the start of the label, not cut at the default sidebar width.
      const label = (await worst.locator('.label-name').textContent()) ?? '';
      const lead = /^\d\.\d\d poor · (yesterday )?\d\d:\d\d · /.exec(label);
      assert.ok(lead, `the worst session of yesterday afternoon leads with a poor score and its time: "${label}"`);
      assert.ok(
        await leadFitsInRow(page, worstSelector, lead[0].length),
        `"${lead[0]}" is visible at the default sidebar width`,
      );
      if (label.length >= 50)
        assert.equal(
          await leadFitsInRow(page, worstSelector, label.length),
          false,
          'the measure sees a long label cut: the site is what a narrow sidebar loses',
        );
      // The row under the worst ten can sit past the view's bottom edge: scrolled to, as a person would (no click).
      // The worst session is held by its label from here on: the scroll may move which row is drawn first.
      const worstRow = treeRow(page, label, 3);
      const footer = treeRow(page, /lowest of [\d,]+ sessions/, 3);
      await worstRow.hover();
      for (let step = 0; step < 20 && !(await footer.isVisible()); step++) {
        await page.mouse.wheel(0, 44);
        await page.waitForTimeout(150);
      }
      await footer.waitFor({ timeout: TIMEOUT_MS });
      await toastsGone(page);
      await treeSettled(page);
      await saveScreenshot(page, 'troubleshoot-worst');

      let overview!: Frame;
      await act('click the worst session\'s "Open Session Overview"', async () => {
        await worstRow.hover();
        await worstRow.locator('.action-label[aria-label="Open Session Overview"]').click();
        overview = await webviewFrame(page, '.ses-verdict', TIMEOUT_MS);
      });
      // What was slow: the verdict names the segment; the slowest page's time split says where its time went.
      assert.ok(
        (await overview.locator('.ses-verdict').innerText()).trim().length > 0,
        'the overview says what was slow',
      );
      await overview.locator('.ses-split').waitFor({ timeout: TIMEOUT_MS });
      assert.match(
        await overview.locator('.ses-split').innerText(),
        /s to (onLoad|last request): .* network, .* no request in flight/,
      );
      await overview
        .locator('.ses-related li, .ses-related p:not([role="status"])')
        .first()
        .waitFor({ timeout: TIMEOUT_MS });
      const link = overview.locator('.ses-related li').first();
      assert.ok(
        (await link.count()) > 0,
        `the session links to a network path: ${await overview.locator('.ses-related').innerText()}`,
      );
      await toastsGone(page);
      await saveScreenshot(page, 'troubleshoot-overview');

      let path!: Frame;
      await act('click "Path" of the test toward the same site', async () => {
        await link.locator('button', { hasText: 'Path' }).click();
        path = await webviewFrame(page, 'svg.graph .node', TIMEOUT_MS);
      });
      // The session's own measurements beside the test's path, the session's first; when they disagree, why.
      const sources = path.locator('.sources');
      await sources.waitFor({ timeout: TIMEOUT_MS });
      const sides = await sources.locator('dt').allInnerTexts();
      assert.match(
        sides[0] ?? '',
        /^This session \(its own ping and traceroute from .+\)$/,
        "the session's own measurement leads",
      );
      assert.match(sides[1] ?? '', /^The test '.+' \(its path trace from \d+ agents?, round .+\)$/);
      const heading = await sources.locator('strong').innerText();
      if (/disagree/.test(heading))
        assert.match(await sources.locator('p').innerText(), /^Why they can differ: .*different probe/);
      else assert.equal(heading, "This session and the test's path agree.");
      await toastsGone(page);
      await saveScreenshot(page, 'troubleshoot-path');

      assert.ok(actions.length <= MAX_ACTIONS, `${actions.length} actions: ${actions.join(' → ')}`);
      assert.equal(new Set(actions).size, actions.length, `nothing redone: ${actions.join(' → ')}`);
      // Netmon's panels open beside the document in one group, re-used: never a third column.
      const groups = mostEditorGroups();
      assert.ok(groups >= 1 && groups <= 2, `${groups} editor groups open after an action`);
      assert.deepEqual(await errorNotifications(page), []);
      console.log(`troubleshooting walk (v7 demo): ${actions.length} actions: ${actions.join(' → ')}`);
    });
  },
);
