// "Export HAR…" in the built waterfall: the dialog asks the host what redaction removes,
// lists it rule by rule (each expandable to where), offers the redacted file first and the
// HAR as recorded second (saying what it keeps); the offline report has no Export button.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium, type OpenPanel } from './helpers/panel';
import { openHarPanel } from './helpers/har-panel';
import { syntheticHar } from './helpers/synthetic-har';
import type { RedactionPreview } from '../../src/analysis/har/redact-preview';

const PREVIEW: RedactionPreview = {
  entries: 12,
  total: 5,
  rules: [
    {
      id: 'cookie',
      description: 'cookie values',
      count: 4,
      locations: [
        'request 1 · request cookie session_id',
        'request 1 · request header Cookie',
        'request 2 · response cookie <b>sid</b>',
      ],
      more: 1,
    },
    {
      id: 'authorization',
      description: 'credentials of Authorization headers',
      count: 1,
      locations: ['request 3 · request header Authorization'],
      more: 0,
    },
  ],
};

describe('HAR waterfall: Export HAR…', () => {
  let browser: Browser;
  let panel: OpenPanel;
  before(async () => {
    browser = await launchChromium();
    panel = await openHarPanel(browser, { har: syntheticHar(12, 1) });
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('the preview lists each rule and where; the redacted export is the first choice', async () => {
    await panel.page.click('button:has-text("Export HAR…")');
    assert.deepEqual(panel.sent.at(-1), { type: 'previewExport', params: undefined });
    assert.equal(
      await panel.page.isDisabled('dialog button:has-text("Save Redacted HAR…")'),
      true,
      'nothing to save before the preview arrives',
    );
    await panel.post({ type: 'exportPreview', params: { preview: PREVIEW } });
    assert.match(
      (await panel.page.textContent('dialog p[role="status"]')) ?? '',
      /^Redaction removes 5 values from 12 requests\./,
    );
    const focused = await panel.page.evaluate(
      () =>
        (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document
          .activeElement?.textContent,
    );
    assert.equal(focused, 'Save Redacted HAR…', 'the redacted export has the focus');
    assert.deepEqual(await panel.page.$$eval('dialog summary', (s) => s.map((e) => e.textContent)), [
      'cookie values: 4',
      'credentials of Authorization headers: 1',
    ]);
    await panel.page.click('dialog summary:has-text("cookie values")');
    assert.deepEqual(await panel.page.$$eval('dialog details[open] li', (s) => s.map((e) => e.textContent)), [
      'request 1 · request cookie session_id',
      'request 1 · request header Cookie',
      'request 2 · response cookie <b>sid</b>',
      'and 1 more',
    ]);
    assert.equal(await panel.page.$$eval('dialog b', (b) => b.length), 0, 'names from the file stay text');
    await panel.page.focus('dialog button.primary');
    await panel.page.keyboard.press('Enter');
    assert.deepEqual(panel.sent.at(-1), { type: 'exportHar', params: { redacted: true } });
    assert.equal(await panel.page.$eval('dialog', (d) => (d as unknown as { open: boolean }).open), false);
  });

  test('the HAR as recorded is the second button and says it keeps secrets; Escape closes the dialog', async () => {
    await panel.page.click('button:has-text("Export HAR…")');
    await panel.post({ type: 'exportPreview', params: { preview: PREVIEW } });
    const buttons = await panel.page.$$eval('dialog .har-export-buttons button', (b) => b.map((e) => e.textContent));
    assert.deepEqual(buttons, ['Save Redacted HAR…', 'Save Unredacted HAR (keeps secrets)…', 'Cancel']);
    await panel.page.click('dialog button:has-text("Save Unredacted")');
    assert.deepEqual(panel.sent.at(-1), { type: 'exportHar', params: { redacted: false } });
    await panel.page.click('button:has-text("Export HAR…")');
    await panel.page.keyboard.press('Escape');
    assert.equal(await panel.page.$eval('dialog', (d) => (d as unknown as { open: boolean }).open), false);
    assert.deepEqual(panel.errors, []);
  });
});
