// The .har editor posts a file's JSON text as bytes (posting the parsed HAR cost the extension
// host seconds of JSON.stringify): the built waterfall panel parses them and draws the same as
// from the parsed HAR, a byte-order mark and all.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { syntheticHar } from './helpers/synthetic-har';
import { visibleRows } from './helpers/har-panel';

describe('HAR waterfall panel, loaded from bytes', () => {
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

  test('a Uint8Array of the JSON text draws every entry', async () => {
    const text = `\uFEFF${JSON.stringify(syntheticHar(300, 5))}`;
    await panel.page.evaluate((json) => {
      const har = new TextEncoder().encode(json);
      const page = globalThis as unknown as { postMessage(message: unknown, target: string): void };
      page.postMessage({ type: 'load', params: { har, title: 'bytes.har' } }, '*');
    }, text);
    await panel.waitForSent('loaded');
    assert.deepEqual(panel.sent.at(-1), {
      type: 'loaded',
      params: { pages: 1, entries: 300, warnings: [], heading: 'bytes.har' },
    });
    assert.equal((await visibleRows(panel.page))[0]?.cells[0], 'dashboard');
    assert.deepEqual(panel.errors, []);
  });
});
