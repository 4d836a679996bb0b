// A HAR full of markup, javascript: URLs, event-handler attributes and CSS breakouts, in
// the panel and in the offline report: everything shows as text, nothing executes.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { loadHarBundle, renderHarReport } from '../../src/cli/har-report';
import { ensureBuilt, launchChromium, type OpenPanel } from './helpers/panel';
import { assertInert } from './helpers/hostile';
import { detailText, openHarPanel, visibleRows } from './helpers/har-panel';

const hostile = JSON.parse(readFileSync(join(__dirname, '../fixtures/har/hostile.har'), 'utf8')) as {
  log: { pages: { title: string }[] };
};
const TITLE = hostile.log.pages[0]?.title ?? '';

/** Opens every row's detail pane and every tab, and hovers every bar: all code paths that show data. */
async function touchEverything(page: Page): Promise<string> {
  let seen = '';
  for (const row of await visibleRows(page)) {
    await page.hover(`#har-row-${row.position} .har-bar`);
    await page.click(`#har-row-${row.position}`);
    for (const tab of ['Headers', 'Payload', 'Response', 'Cookies', 'Timing']) {
      await page.click(`vscode-tab-header:has-text("${tab}")`);
      seen += await detailText(page);
    }
  }
  return seen + (await page.$eval('.har-tooltip', (e) => e.textContent ?? ''));
}

describe('a hostile HAR', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
  });

  describe('in the panel', () => {
    let panel: OpenPanel;
    before(async () => {
      panel = await openHarPanel(browser, { har: hostile, title: TITLE });
    });
    after(async () => {
      await panel.close();
    });

    test('shows the title, URLs, headers, cookies and MIME types as text', async () => {
      assert.equal(await panel.page.$eval('.har-title', (e) => e.textContent), TITLE);
      assert.match(
        await panel.page.$eval('select', (e) => e.textContent ?? ''),
        /<svg onload="window.__pwned='svg'"><\/svg>/,
      );
      const rows = await visibleRows(panel.page);
      assert.equal(rows[0]?.cells[0], "javascript:window.__pwned='url';alert('url')//");
      assert.equal(rows[0]?.cells[2], "GET<IMG SRC=X ONERROR=ALERT('METHOD')>");
      const seen = await touchEverything(panel.page);
      for (const text of [
        "<script>window.__pwned='header'</script>",
        `<iframe srcdoc="<script>parent.__pwned='cookie'</script>"></iframe>`,
        "text/html\"><script>window.__pwned='mime'</script>",
        "javascript:alert('redirect')",
        "<script>window.__pwned='post'</script>",
      ]) {
        assert.ok(seen.includes(text), `not shown as text: ${text}`);
      }
    });

    test('executes nothing and creates no element, handler or javascript: link', async () => {
      await assertInert(panel.page, panel.dialogs, 1);
      assert.deepEqual(panel.errors, []);
    });
  });

  describe('in the HTML report', () => {
    let dir: string;
    let page: Page;
    const dialogs: string[] = [];
    const requests: string[] = [];
    const errors: string[] = [];
    before(async () => {
      ensureBuilt('har');
      dir = mkdtempSync(join(tmpdir(), 'netmon-report-'));
      const file = join(dir, 'report.html');
      writeFileSync(file, renderHarReport(hostile, { bundle: loadHarBundle() }));
      const context = await browser.newContext({ offline: true });
      page = await context.newPage();
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
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
      await page.context().close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('the page title and the document title are the hostile text', async () => {
      assert.equal(await page.title(), TITLE);
      assert.equal(await page.$eval('.har-title', (e) => e.textContent), TITLE);
      const seen = await touchEverything(page);
      assert.ok(seen.includes("<script>window.__pwned='header'</script>"));
    });

    test('executes nothing, loads nothing from the network, and raises no CSP error', async () => {
      await assertInert(page, dialogs, 2);
      assert.deepEqual(requests, []);
      assert.deepEqual(errors, []);
    });
  });
});
