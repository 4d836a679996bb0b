// "Share for a Ticket…" in the session overview's header: a button a keyboard reaches and a
// screen reader names (what it shares, not only its visible words), asking the host to share
// this session.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { healthySession } from '../unit/session/fixtures';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';

describe('session overview: Share for a Ticket', () => {
  let browser: Browser;
  let panel: OpenPanel;
  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'session' });
    await panel.waitForSent('ready');
    await panel.post({ type: 'load', params: { session: healthySession() } });
    await panel.waitForSent('loaded');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('the button is named for a screen reader and asks the host to share this session', async () => {
    const button = panel.page.getByRole('button', { name: /^Share for a Ticket: the evidence and the redacted HARs/ });
    assert.equal(await button.textContent(), 'Share for a Ticket…');
    await button.click();
    assert.deepEqual(panel.sent.at(-1), { type: 'shareForTicket', params: { userSessionId: 'us-4f2a9c' } });
  });

  test('Enter on the focused button shares too', async () => {
    panel.sent.length = 0;
    await panel.page.getByRole('button', { name: /^Share for a Ticket/ }).focus();
    await panel.page.keyboard.press('Enter');
    assert.deepEqual(panel.sent.at(-1), { type: 'shareForTicket', params: { userSessionId: 'us-4f2a9c' } });
  });
});
