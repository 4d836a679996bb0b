// The waterfall's critical path marks and Insights tab, in the built panel in headless
// Chromium: rows of the critical path marked (for screen readers too), findings largest
// saving first with Show selecting the request (clearing a filter that hid it), the tabs
// by keyboard, hostile names kept as text, and no serious axe violation in three themes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { detailText, typeFilter, visibleRows } from './helpers/har-panel';
import { assertInert } from './helpers/hostile';
import { VSCODE_DARK_THEME, VSCODE_HIGH_CONTRAST_THEME, VSCODE_LIGHT_THEME } from './helpers/theme';

const fixture = (path: string) => JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', path), 'utf8')) as unknown;
const firefox = fixture('har-real/firefox-before.har');
const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

async function load(panel: OpenPanel, har: unknown): Promise<void> {
  panel.sent.length = 0;
  await panel.post({ type: 'load', params: { har } });
  await panel.waitForSent('loaded');
}

const criticalNames = (page: Page) =>
  page.$$eval('.har-row.har-critical[id]', (rows) => rows.map((row) => row.children[0]?.textContent ?? ''));
const selectedTab = (page: Page) => page.$eval('[role="tab"][aria-selected="true"]', (tab) => tab.textContent ?? '');

describe('HAR waterfall: critical path and Insights tab', () => {
  let browser: Browser;
  let panel: OpenPanel;
  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'har' });
    await panel.waitForSent('ready');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('the rows of the critical path are marked, and said to be so', async () => {
    await load(panel, firefox);
    assert.deepEqual(await criticalNames(panel.page), [
      'news.example.com',
      'home',
      'app.a1b2c3d4.js',
      'headlines?PHPSESSID=9f8e7d6c5b4a3210&limit=20',
    ]);
    const labels = await panel.page.$$eval('.har-row.har-critical[id] .har-sr', (spans) =>
      spans.map((s) => (s.hasAttribute('hidden') ? '' : s.textContent)),
    );
    assert.deepEqual(labels, Array(4).fill('on the critical path'));
    assert.equal(await panel.page.locator('.har-row:not(.har-critical)[id] .har-sr:not([hidden])').count(), 0);
  });

  test('Insights by keyboard: arrow to the tab, findings largest saving first, Show selects the request', async () => {
    await load(panel, firefox);
    assert.equal(await panel.page.textContent('#har-tab-insights'), 'Insights (4)');
    await panel.page.focus('#har-tab-requests');
    await panel.page.keyboard.press('ArrowRight');
    assert.equal(await selectedTab(panel.page), 'Insights (4)');
    assert.equal(await panel.page.isVisible('.har-viewport'), false);
    const titles = await panel.page.$$eval('.har-finding h3', (hs) => hs.map((h) => h.textContent));
    assert.deepEqual(titles, [
      'Slow server response — saves ~325 ms',
      'Redirect chain — saves ~113 ms',
      'Failed requests — saves ~31 ms',
      'Missing cache validators — saves nothing on this load',
    ]);
    assert.match(
      (await panel.page.textContent('.har-insights-path')) ?? '',
      /^news\.example\.com 113 ms, server wait 48 ms.*headlines\?PHPSESSID=\S+ 422 ms, server wait 420 ms/,
    );
    assert.deepEqual(
      await panel.page.$$eval('.har-insights-note', (notes) => notes.map((note) => note.textContent)),
      ['Note: 2 of 3 links inferred from timing (the HAR names no initiator for them).'],
      'Firefox writes no initiator: the tab says the chain was inferred',
    );
    await panel.page.focus('.har-finding[data-rule="failed"] button[aria-label="Show favicon.ico"]');
    await panel.page.keyboard.press('Enter');
    assert.equal(await selectedTab(panel.page), 'Requests');
    const selected = (await visibleRows(panel.page)).find((row) => row.selected);
    assert.equal(selected?.cells[0], 'favicon.ico');
    assert.match(await detailText(panel.page), /favicon\.ico/);
  });

  test('Show clears a filter that hides the request', async () => {
    await load(panel, firefox);
    await typeFilter(panel.page, 'site.css');
    assert.equal((await visibleRows(panel.page)).length, 1);
    await panel.page.click('#har-tab-insights');
    await panel.page.click('.har-finding[data-rule="slowServer"] .har-finding-requests button');
    const rows = await visibleRows(panel.page);
    assert.equal(rows.length, 7, 'the filter was cleared');
    assert.equal(rows.find((row) => row.selected)?.cells[0], 'headlines?PHPSESSID=9f8e7d6c5b4a3210&limit=20');
  });

  test('hostile request names stay text in the Insights tab', async () => {
    await load(panel, fixture('har/hostile.har'));
    await panel.page.click('#har-tab-insights');
    assert.ok((await panel.page.locator('.har-insights-path li').count()) > 0);
    await assertInert(panel.page, panel.dialogs, 1);
    await panel.page.click('#har-tab-requests');
  });
});

describe('HAR waterfall Insights tab: accessibility', { timeout: 120_000 }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
  });
  const themes = [
    { name: 'dark', css: VSCODE_DARK_THEME, bodyClass: 'vscode-dark' },
    { name: 'light', css: VSCODE_LIGHT_THEME, bodyClass: 'vscode-light' },
    { name: 'high contrast', css: VSCODE_HIGH_CONTRAST_THEME, bodyClass: 'vscode-high-contrast' },
  ];
  for (const theme of themes) {
    test(`${theme.name} theme: no serious or critical axe violation on either tab`, async () => {
      const panel = await openPanel(browser, { panel: 'har', themeCss: theme.css, bodyClass: theme.bodyClass });
      try {
        await panel.waitForSent('ready');
        await load(panel, firefox);
        await panel.page.evaluate(AXE_SOURCE);
        const serious = async () =>
          (
            await panel.page.evaluate(async () => {
              const axe = (
                globalThis as unknown as {
                  axe: {
                    run(
                      context: unknown,
                    ): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
                  };
                }
              ).axe;
              return (await axe.run((globalThis as unknown as { document: unknown }).document)).violations;
            })
          )
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} at ${JSON.stringify(v.nodes[0]?.target)}`);
        assert.deepEqual(await serious(), [], 'Requests tab');
        await panel.page.click('#har-tab-insights');
        assert.deepEqual(await serious(), [], 'Insights tab');
        assert.deepEqual(panel.errors, []);
      } finally {
        await panel.close();
      }
    });
  }
});
