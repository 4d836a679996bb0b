// The built session compare panel in headless Chromium: both sessions side by side, rows that
// differ marked with ≠ (not colour alone), the reason the second session was chosen, links to
// the two overviews only, hostile strings as text.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { compareSessions } from '../../src/analysis/session/compare';
import { healthySession, weakWifiSession } from '../unit/session/fixtures';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { inspectInert } from './helpers/hostile';

const HOSTILE = `<img src=x onerror="window.__pwned='ssid'">`;

describe('session compare panel', () => {
  let browser: Browser;
  let panel: OpenPanel;
  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'compare' });
    await panel.waitForSent('ready');
    await panel.post({
      type: 'load',
      params: {
        comparison: compareSessions(healthySession(), weakWifiSession(HOSTILE)),
        matchedOn: 'the best-scored session of portal.example.com in the last 1h: 0.86 good, 10:00',
      },
    });
    await panel.waitForSent('loaded');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('both sessions, the summary, and ≠ on the rows that differ', async () => {
    assert.deepEqual(panel.sent.at(-1), { type: 'loaded', params: { a: 'us-4f2a9c', b: 'us-second' } });
    assert.deepEqual(await panel.page.$$eval('.cmp-side h2', (h) => h.map((e) => e.textContent)), [
      'First: portal.example.com',
      'Second: portal.example.com',
    ]);
    assert.match((await panel.page.textContent('.cmp-summary')) ?? '', /^The second session is worse on Wi-Fi/);
    assert.match(
      (await panel.page.textContent('main')) ?? '',
      /Second session: the best-scored session of portal\.example\.com/,
    );
    const differing = await panel.page.$$eval('tr.differs td:first-child', (cells) => cells.map((c) => c.textContent));
    assert.ok(
      differing.includes('Wi-Fi') && differing.includes('RSSI') && differing.includes('SSID'),
      differing.join(', '),
    );
    const marker = await panel.page.$eval(
      'tr.differs td:first-child',
      (cell) =>
        (globalThis as unknown as { getComputedStyle(e: unknown, p: string): { content: string } }).getComputedStyle(
          cell,
          '::before',
        ).content,
    );
    assert.equal(marker, '"≠ "', 'a difference is marked in text, not by colour alone');
  });

  test('Open Overview asks for that session; hostile SSIDs stay text', async () => {
    await panel.page.click('button[aria-label="Open Overview of the second session"]');
    assert.deepEqual(panel.sent.at(-1), { type: 'openSession', params: { userSessionId: 'us-second' } });
    await panel.page.click('button:has-text("Export Evidence…")');
    assert.deepEqual(panel.sent.at(-1), { type: 'exportEvidence', params: undefined });
    assert.ok(((await panel.page.textContent('main')) ?? '').includes(HOSTILE));
    const report = await inspectInert(panel.page);
    assert.equal(report.pwned, undefined);
    assert.deepEqual(report.handlers, []);
    assert.deepEqual(report.injectedTags, []);
    assert.deepEqual(panel.errors, []);
  });
});
