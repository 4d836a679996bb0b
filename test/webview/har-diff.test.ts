// The built HAR diff panel (the diff waterfall) in headless Chromium: requests marked in words
// and symbols, largest regression first, filters by mark, sort orders, keyboard selection
// that shows the pair's phases, Swap and Copy asked of the host, hostile strings as text.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { inspectInert } from './helpers/hostile';
import { harDiffLoad, HOSTILE_TITLE, HOSTILE_URL } from './har-diff-fixture';

const rowKeys = (panel: OpenPanel): Promise<(string | null)[]> =>
  panel.page.$$eval('.hd-rows tbody tr', (rows) => rows.map((r) => r.getAttribute('data-key')));
const marks = (panel: OpenPanel): Promise<(string | null)[]> =>
  panel.page.$$eval('.hd-rows tbody tr td:first-child', (cells) => cells.map((c) => c.textContent));

describe('HAR diff panel', () => {
  let browser: Browser;
  let panel: OpenPanel;
  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'hardiff', viewport: { width: 1400, height: 900 } });
    await panel.waitForSent('ready');
    await panel.post({ type: 'load', params: harDiffLoad() });
    await panel.waitForSent('loaded');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('the changed requests, largest regression first, each marked in words', async () => {
    const loaded = panel.sent.find((m) => (m as { type: string }).type === 'loaded') as {
      params: { rows: number; first: string };
    };
    assert.equal(loaded.params.rows, 6, 'five changes of the fixture and the added request; unchanged ones hidden');
    assert.equal(loaded.params.first, 'GET https://shop.example.com/static/js/main.[hash].js');
    assert.deepEqual(await marks(panel), ['▲ slower', '+ new', '+ new', '≠ status', '− missing', '▼ faster']);
    const timings = (await panel.page.textContent('.hd-timings')) ?? '';
    assert.match(timings, /onLoad: 1\.45 s → 1\.89 s \(\+440 ms\)/);
    assert.match(timings, /DOMContentLoaded: 812 ms → 1\.02 s \(\+208 ms\)/);
    assert.match(
      (await panel.page.textContent('details')) ?? '',
      /file-name hash/i,
      'the URL rules that paired requests are listed',
    );
  });

  test('filters by mark and sorts: unchanged shown on demand, improvements first', async () => {
    await panel.page.click('button:has-text("Unchanged")');
    assert.equal((await rowKeys(panel)).length, 15);
    assert.equal(await panel.page.getAttribute('button:has-text("Unchanged")', 'aria-pressed'), 'true');
    await panel.page.click('button:has-text("Unchanged")');
    await panel.page.selectOption('select[aria-label="Sort requests"]', 'improvement');
    assert.equal((await rowKeys(panel))[0], 'GET https://cdn.example.net/lib/analytics.js?v=*');
    await panel.page.selectOption('select[aria-label="Sort requests"]', 'regression');
  });

  test('by keyboard: arrows move between requests, Enter shows the phases before and after', async () => {
    await panel.page.focus('.hd-rows tbody tr[tabindex="0"]');
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('Enter');
    assert.match(
      (await panel.page.textContent('.hd-details h2')) ?? '',
      /^Status changed: GET https:\/\/api\.shop\.example\.com\/products\?sid=\*&page=1/,
    );
    const focusedKey = await panel.page.evaluate(() =>
      (
        globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }
      ).document.activeElement?.getAttribute('data-key'),
    );
    assert.equal(focusedKey, 'GET https://api.shop.example.com/products?sid=*&page=1', 'focus stays on the chosen row');
    const phases = await panel.page.$$eval('.hd-details tbody tr th', (cells) => cells.map((c) => c.textContent));
    assert.deepEqual(phases.slice(0, 7), ['Blocked', 'DNS', 'Connect', 'SSL/TLS', 'Send', 'Wait (TTFB)', 'Receive']);
    assert.match((await panel.page.textContent('.hd-details')) ?? '', /Status\s*200\s*500/);
  });

  test('Swap Sides and Copy as Text are asked of the host', async () => {
    await panel.page.click('button:has-text("Swap Sides")');
    assert.deepEqual(panel.sent.at(-1), { type: 'swap', params: undefined });
    await panel.page.click('button:has-text("Copy as Text")');
    assert.deepEqual(panel.sent.at(-1), { type: 'copyText', params: undefined });
  });

  test('hostile URLs and titles stay text', async () => {
    const text = (await panel.page.textContent('main')) ?? '';
    assert.ok(text.includes(HOSTILE_URL), 'the hostile URL is shown as written');
    assert.ok(text.includes(HOSTILE_TITLE), 'the hostile page title is shown as written');
    const report = await inspectInert(panel.page);
    assert.equal(report.pwned, undefined);
    assert.deepEqual(report.handlers, []);
    assert.deepEqual(report.injectedTags, []);
    assert.deepEqual(panel.errors, []);
    assert.deepEqual(panel.dialogs, []);
  });
});
