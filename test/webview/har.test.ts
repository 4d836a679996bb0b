// The built HAR waterfall panel in headless Chromium: rows, filters, sort, detail pane,
// keyboard, page selector, zoom — driven as a user would.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { syntheticHar } from './helpers/synthetic-har';
import { detailText, summaryText, typeFilter, visibleRows } from './helpers/har-panel';

const edgeCases = JSON.parse(readFileSync(join(__dirname, '../fixtures/har/edge-cases.har'), 'utf8')) as unknown;

describe('HAR waterfall panel', () => {
  let browser: Browser;
  let panel: OpenPanel;
  const load = async (har: unknown, extra: Record<string, unknown> = {}): Promise<void> => {
    panel.sent.length = 0;
    await panel.post({ type: 'load', params: { har, ...extra } });
    await panel.waitForSent('loaded');
  };

  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'har' });
    await panel.waitForSent('ready');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('draws only the visible rows of a 5,000-entry HAR, and the last one after scrolling', async () => {
    await load(syntheticHar(5000, 11));
    assert.deepEqual(panel.sent.at(-1), {
      type: 'loaded',
      params: { pages: 1, entries: 5000, warnings: [], heading: '' },
    });
    const rows = await visibleRows(panel.page);
    assert.ok(rows.length > 20 && rows.length < 80, `${rows.length} rows in the DOM`);
    assert.equal(rows[0]?.cells[0], 'dashboard');
    assert.match(await summaryText(panel.page), /Requests 5000/);
    await panel.page.$eval('.har-viewport', (v) => {
      v.scrollTop = v.scrollHeight;
    });
    await panel.page.waitForTimeout(100);
    const after = await visibleRows(panel.page);
    assert.equal(after.at(-1)?.position, 4999);
  });

  test('filters with DevTools syntax and type chips, and the summary counts what is shown', async () => {
    await load(edgeCases);
    assert.equal((await visibleRows(panel.page)).length, 3);
    await typeFilter(panel.page, 'domain:*.example.com -scheme:http');
    assert.deepEqual(
      (await visibleRows(panel.page)).map((r) => r.cells[0]),
      ['portal.example.com'],
    );
    assert.match(await summaryText(panel.page), /Requests 1 \/ 3/);
    await typeFilter(panel.page, 'status-code:abc');
    assert.match(
      await panel.page.$eval('.har-filter-error', (e) => e.textContent ?? ''),
      /status-code: cannot use "abc"/,
    );
    await typeFilter(panel.page, '');
    await panel.page.click('.har-chip[data-type="script"]');
    assert.deepEqual(
      (await visibleRows(panel.page)).map((r) => r.cells[0]),
      ['app.js?v=3'],
    );
    await panel.page.click('.har-chip[data-type="document"]', { modifiers: ['Control'] });
    assert.equal((await visibleRows(panel.page)).length, 2);
    await panel.page.click('.har-chip[data-type="all"]');
    await typeFilter(panel.page, 'nothing-matches-this');
    assert.equal(await panel.page.$eval('.har-empty', (e) => e.textContent), 'No request matches the filter.');
    await typeFilter(panel.page, '');
  });

  test("the filter box completes keys, then this HAR's values; Escape closes the list before it leaves the box", async () => {
    await load(edgeCases);
    const input = panel.page.locator('vscode-textfield.har-filter input');
    const suggestions = (): Promise<string[]> =>
      panel.page.$$eval('.har-suggest:not([hidden]) li .har-suggest-label', (items) =>
        items.map((i) => i.textContent ?? ''),
      );
    await input.fill('');
    await input.pressSequentially('-sta');
    assert.deepEqual(await suggestions(), ['-status-code:']);
    await panel.page.keyboard.press('Tab');
    assert.equal(await input.inputValue(), '-status-code:');
    assert.deepEqual(
      await suggestions(),
      ['-status-code:200', '-status-code:301', '-status-code:503'],
      'the statuses of this HAR, most used first',
    );
    assert.match(
      await panel.page.$eval('.har-sr-only', (e) => e.textContent ?? ''),
      /^3 suggestions\. -status-code:200 status, class or range$/,
    );
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('Enter');
    assert.equal(await input.inputValue(), '-status-code:503 ');
    assert.deepEqual(await suggestions(), [], 'a value accepted closes the list');
    await panel.page.waitForTimeout(120);
    assert.equal((await visibleRows(panel.page)).length, 3, 'the 503 is not on this page: nothing hidden');
    await input.pressSequentially('is');
    assert.deepEqual(await suggestions(), ['is:']);
    await panel.page.keyboard.press('Escape');
    assert.deepEqual(await suggestions(), []);
    assert.equal(
      await panel.page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement
            ?.tagName,
      ),
      'VSCODE-TEXTFIELD',
      'the first Escape only closed the list',
    );
    await typeFilter(panel.page, '');
  });

  test('sorts by a column: Time slowest first, then fastest first, then back to start order; Name A→Z first', async () => {
    await load(edgeCases);
    const time = panel.page.locator('.har-head [role="columnheader"]', { hasText: 'Time' });
    await time.locator('button').click();
    assert.deepEqual(
      (await visibleRows(panel.page)).map((r) => r.cells[6]),
      ['500 ms', '400 ms', '100 ms'],
    );
    assert.equal(await time.getAttribute('aria-sort'), 'descending');
    await time.locator('button').click();
    assert.deepEqual(
      (await visibleRows(panel.page)).map((r) => r.cells[6]),
      ['100 ms', '400 ms', '500 ms'],
    );
    assert.equal(await time.getAttribute('aria-sort'), 'ascending');
    const name = panel.page.locator('.har-head [role="columnheader"]', { hasText: 'Name' });
    await name.locator('button').click();
    assert.equal(await name.getAttribute('aria-sort'), 'ascending');
    await time.locator('button').click();
    await time.locator('button').click();
    await time.locator('button').click();
    assert.deepEqual(
      (await visibleRows(panel.page)).map((r) => r.cells[6]),
      ['400 ms', '500 ms', '100 ms'],
    );
    assert.equal(await time.getAttribute('aria-sort'), 'none');
  });

  test('a click opens the detail pane with general facts, headers, cookies as recorded and timings', async () => {
    await load(edgeCases);
    await panel.page.click('#har-row-1');
    const detail = await detailText(panel.page);
    assert.match(detail, /Request URLhttps:\/\/portal\.example\.com\//);
    assert.match(detail, /Status code200 OK/);
    assert.equal(await panel.page.$eval('.har-detail a', (a) => a.getAttribute('href')), 'https://portal.example.com/');
    await panel.page.click('vscode-tab-header:has-text("Cookies")');
    assert.match(await panel.page.locator('vscode-tab-panel').nth(3).innerText(), /sid\s+a%3Db/);
    await panel.page.click('vscode-tab-header:has-text("Timing")');
    const timing = await panel.page.locator('vscode-tab-panel').nth(4).innerText();
    assert.match(timing, /Connect\s+50 ms/);
    assert.match(timing, /SSL\/TLS\s+100 ms/);
    await panel.page.click('vscode-tab-header:has-text("Headers")');
    await panel.page.click('.har-detail a');
    assert.deepEqual(panel.sent.at(-1), { type: 'openExternal', params: { url: 'https://portal.example.com/' } });
  });

  test('the detail pane says HTTP/3, the CDN cache status and how much of the wait the server says was its own', async () => {
    const har = JSON.parse(JSON.stringify(edgeCases)) as {
      log: { entries: { response: { httpVersion: string; headers: { name: string; value: string }[] } }[] };
    };
    const response = har.log.entries[1]?.response;
    assert.ok(response);
    response.httpVersion = 'h3';
    response.headers.push(
      { name: 'x-cache', value: 'Miss from cloudfront' },
      { name: 'Server-Timing', value: 'db;dur=150;desc="orders", total;dur=200' },
    );
    await load(har);
    await panel.page.click('#har-row-1');
    const detail = await detailText(panel.page);
    assert.match(detail, /ProtocolHTTP\/3 \(QUIC\)/);
    assert.match(detail, /CDN cacheCDN miss: fetched from the origin — x-cache/);
    await panel.page.click('vscode-tab-header:has-text("Timing")');
    const timing = await panel.page.locator('vscode-tab-panel').nth(4).innerText();
    assert.match(
      timing,
      /Of the 243 ms wait: 200 ms in the server by its Server-Timing \(its "total" metric\); 43 ms network round trip and queuing/,
    );
    assert.match(timing, /db\s+150 ms — orders/);
    await panel.page.click('vscode-tab-header:has-text("Headers")');
  });

  test('keyboard: arrows move, Enter opens details, Escape closes them, End jumps to the last row', async () => {
    await load(syntheticHar(300, 5));
    await panel.page.focus('.har-viewport');
    for (let i = 0; i < 3; i++) await panel.page.keyboard.press('ArrowDown');
    const selected = (await visibleRows(panel.page)).find((r) => r.selected);
    assert.equal(selected?.position, 2);
    await panel.page.keyboard.press('Enter');
    assert.match(
      await panel.page.$eval('.har-detail-name', (e) => e.textContent ?? ''),
      new RegExp(selected?.cells[0]?.replace(/[?]/g, '\\?') ?? 'x'),
    );
    await panel.page.keyboard.press('ArrowDown');
    assert.notEqual(await panel.page.$eval('.har-detail-name', (e) => e.textContent ?? ''), selected?.cells[0]);
    await panel.page.keyboard.press('Escape');
    assert.equal(await detailText(panel.page), '');
    assert.equal(
      await panel.page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { className: string } | null } }).document
            .activeElement?.className,
      ),
      'har-viewport',
    );
    await panel.page.keyboard.press('End');
    assert.equal((await visibleRows(panel.page)).find((r) => r.selected)?.position, 299);
    assert.equal(
      await panel.page.$eval('.har-viewport', (v) => v.getAttribute('aria-activedescendant')),
      'har-row-299',
    );
    await panel.page.keyboard.press('/');
    await panel.page.keyboard.type('chunk');
    await panel.page.waitForTimeout(120);
    assert.ok((await visibleRows(panel.page)).every((r) => r.cells[0]?.startsWith('chunk-')));
    await panel.page.keyboard.press('Escape');
    assert.equal(
      await panel.page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { className: string } | null } }).document
            .activeElement?.className,
      ),
      'har-viewport',
    );
    await typeFilter(panel.page, '');
  });

  test('the page selector switches pages; onContentLoad and onLoad lines are drawn', async () => {
    await load(edgeCases, { pageId: 'page_2' });
    assert.equal(await panel.page.inputValue('select'), 'page_2');
    assert.deepEqual(
      (await visibleRows(panel.page)).map((r) => r.cells[2]),
      ['POST', 'GET'],
    );
    await panel.page.selectOption('select', 'page_1');
    assert.equal((await visibleRows(panel.page)).length, 3);
    assert.deepEqual(await panel.page.$$eval('.har-mark', (m) => m.map((e) => e.getAttribute('title'))), [
      'DOMContentLoaded',
      'Load',
    ]);
  });

  test('dragging across the time axis zooms in; Reset zoom goes back', async () => {
    await load(edgeCases);
    const ticksBefore = await panel.page.$$eval('.har-tick', (t) => t.map((e) => e.textContent));
    const axis = await panel.page.locator('.har-axis').boundingBox();
    assert.ok(axis);
    await panel.page.mouse.move(axis.x + 5, axis.y + 10);
    await panel.page.mouse.down();
    await panel.page.mouse.move(axis.x + axis.width * 0.3, axis.y + 10, { steps: 4 });
    await panel.page.mouse.up();
    const ticksAfter = await panel.page.$$eval('.har-tick', (t) => t.map((e) => e.textContent));
    assert.notDeepEqual(ticksAfter, ticksBefore);
    assert.equal(await panel.page.isVisible('text=Reset zoom'), true);
    await panel.page.click('text=Reset zoom');
    assert.deepEqual(await panel.page.$$eval('.har-tick', (t) => t.map((e) => e.textContent)), ticksBefore);
  });

  test('hovering a row shows its timing breakdown', async () => {
    await load(edgeCases);
    await panel.page.hover('#har-row-1 .har-bar');
    const tip = await panel.page.$eval('.har-tooltip', (e) => (e.hasAttribute('hidden') ? '' : (e.textContent ?? '')));
    assert.match(tip, /GET https:\/\/portal\.example\.com\//);
    assert.match(tip, /Wait \(TTFB\)243 ms/);
    assert.match(tip, /Total500 ms/);
  });

  test('says where the load time went and shades the stretches with no request in flight', async () => {
    const start = Date.UTC(2026, 10, 23, 9, 0, 0);
    const entry = (name: string, at: number, wait: number) => ({
      pageref: 'p1',
      startedDateTime: new Date(start + at).toISOString(),
      time: wait,
      timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: 0 },
      request: {
        method: 'GET',
        url: `https://example.com/${name}`,
        httpVersion: 'HTTP/1.1',
        headers: [],
        queryString: [],
        cookies: [],
        headersSize: -1,
        bodySize: -1,
      },
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: 'HTTP/1.1',
        headers: [],
        cookies: [],
        content: { size: 10, mimeType: 'text/html' },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
    });
    await load({
      log: {
        version: '1.2',
        creator: { name: 't', version: '1' },
        pages: [
          {
            id: 'p1',
            title: 'Home',
            startedDateTime: new Date(start).toISOString(),
            pageTimings: { onContentLoad: 500, onLoad: 6300 },
          },
        ],
        entries: [entry('index.html', 0, 200), entry('app.js', 250, 400), entry('data.json', 4800, 500)],
      },
    });
    const split = (await panel.page.textContent('.har-split')) ?? '';
    assert.match(split, /Time split: 6\.3 s to onLoad: 1\.1 s network, 5\.2 s no request in flight, 0\.0 s blocked/);
    assert.match(split, /No single request is slow .* longest 4\.2 s at 0\.7 s after app\.js/);
    const gaps = await panel.page.$$eval('.har-gap', (shades) => shades.map((g) => g.getAttribute('title')));
    assert.deepEqual(gaps, [
      '4.15 s with no request in flight (after app.js)',
      '1.00 s with no request in flight (after data.json)',
    ]);
  });

  test('ran without page errors or CSP violations', () => {
    assert.deepEqual(panel.errors, []);
  });
});
