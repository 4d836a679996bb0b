// The offline HTML report of a HAR that Chromium records here: same renderer, styled under
// its strict CSP, interactive, and it fetches nothing.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { loadHarBundle, renderHarReport } from '../../src/cli/har-report';
import { recordSiteHar } from '../unit/har/record-har';
import { ensureBuilt, launchChromium } from './helpers/panel';
import { summaryText, typeFilter, visibleRows } from './helpers/har-panel';

describe('HTML report of a recorded HAR', () => {
  let browser: Browser;
  let page: Page;
  let dir: string;
  const requests: string[] = [];
  const errors: string[] = [];

  before(async () => {
    ensureBuilt('har');
    const { har } = await recordSiteHar();
    dir = mkdtempSync(join(tmpdir(), 'netmon-report-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHarReport(har, { bundle: loadHarBundle() }));
    browser = await launchChromium();
    const context = await browser.newContext({ offline: true, colorScheme: 'light' });
    page = await context.newPage();
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) requests.push(r.url());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('.har-row[id]');
  });
  after(async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('shows every request of the page with its title', async () => {
    assert.equal(await page.title(), 'Portal home');
    const names = (await visibleRows(page)).map((r) => r.cells[0]);
    assert.equal(names.length, 8);
    assert.match(names[0] ?? '', /^127\.0\.0\.1:\d+$/, 'the document is named by its host');
    for (const name of [
      'style.css',
      'app.js',
      'logo.png',
      'old-logo.png',
      'missing.png',
      'data.json?user=7&q=a%20b',
      'logo.png?v=2',
    ])
      assert.ok(names.includes(name), name);
    assert.match(await summaryText(page), /Requests 8/);
  });

  test('says why the page was slow: its Insights tab names the failed and redirected requests, and Show selects one', async () => {
    await page.click('#har-tab-insights');
    const rules = await page.$$eval('.har-finding', (items) => items.map((item) => item.getAttribute('data-rule')));
    assert.ok(rules.includes('failed') && rules.includes('redirects'), rules.join(', '));
    await page.click('.har-finding[data-rule="failed"] button[aria-label="Show missing.png"]');
    assert.equal((await visibleRows(page)).find((row) => row.selected)?.cells[0], 'missing.png');
    await page.keyboard.press('Escape');
  });

  test('is styled despite the strict CSP (constructed stylesheets)', async () => {
    const position = await page.$eval(
      '.har-row',
      (e) =>
        (globalThis as unknown as { getComputedStyle(e: unknown): { position: string } }).getComputedStyle(e).position,
    );
    assert.equal(position, 'absolute');
    assert.equal(await page.$eval('.har-row', (e) => e.getBoundingClientRect().height), 22);
  });

  test('ignores a load message posted by an opener or parent frame', async () => {
    const before = await visibleRows(page);
    await page.evaluate(() => {
      const hostile = {
        type: 'load',
        params: {
          title: 'Replaced',
          har: { log: { version: '1.2', creator: { name: 'x', version: '1' }, pages: [], entries: [] } },
        },
      };
      (globalThis as unknown as { postMessage(m: unknown, origin: string): void }).postMessage(hostile, '*');
    });
    await page.waitForTimeout(300);
    assert.deepEqual(await visibleRows(page), before);
    assert.equal(await page.title(), 'Portal home');
  });

  test('filters like the panel does', async () => {
    await typeFilter(page, 'status-code:404');
    assert.deepEqual(
      (await visibleRows(page)).map((r) => r.cells[0]),
      ['missing.png'],
    );
  });

  test('made no network request and logged no error', () => {
    assert.deepEqual(requests, []);
    assert.deepEqual(errors, []);
  });
});
