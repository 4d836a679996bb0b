// The built agent card in headless Chromium: name and status in words, the fields in labelled
// sections, the next steps as buttons reachable by keyboard, hostile fields kept as text.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { agentCard } from '../../src/analysis/agents/card';
import type { EndpointAgent } from '../../src/api/types';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { assertInert } from './helpers/hostile';

const anna = agentCard({
  agentId: 'a-1',
  computerName: 'LAPTOP-ANNA',
  status: 'enabled',
  deleted: false,
  osVersion: 'macOS 15.1',
  manufacturer: 'Apple',
  model: 'MacBookPro18,3',
} as EndpointAgent);
const hostile = agentCard({
  agentId: 'a-2',
  computerName: `<img src=x onerror="window.__pwned='name'">`,
  status: 'disabled',
  deleted: true,
  note: `<script>window.__pwned='field'</script>`,
} as unknown as EndpointAgent);

describe('agent card panel', () => {
  let browser: Browser;
  let panel: OpenPanel;
  const load = async (card: unknown, canOpenJson = true): Promise<void> => {
    panel.sent.length = 0;
    await panel.post({ type: 'load', params: { card, canOpenJson } });
    await panel.waitForSent('loaded');
  };
  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'agent' });
    await panel.waitForSent('ready');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('name, status in words, labelled sections; the live region says what loaded', async () => {
    await load(anna);
    assert.equal(await panel.page.textContent('h1'), 'LAPTOP-ANNA');
    assert.equal(await panel.page.textContent('.agt-status'), 'Enabled');
    assert.deepEqual(await panel.page.$$eval('section h2', (h) => h.map((e) => e.textContent)), ['System', 'Identity']);
    assert.match(
      (await panel.page.textContent('section[aria-labelledby="agt-s0"]')) ?? '',
      /Operating systemmacOS 15\.1/,
    );
    assert.equal(await panel.page.textContent('[role="status"]'), 'Agent LAPTOP-ANNA: Enabled');
  });

  test('the buttons ask the host for this agent, by keyboard too; no JSON button when the host cannot open it', async () => {
    await load(anna);
    await panel.page.focus('button.primary');
    await panel.page.keyboard.press('Enter');
    assert.deepEqual(panel.sent.at(-1), { type: 'filterByAgent', params: { agentId: 'a-1' } });
    await panel.page.keyboard.press('Tab');
    await panel.page.keyboard.press('Enter');
    assert.deepEqual(panel.sent.at(-1), { type: 'openJson', params: { agentId: 'a-1' } });
    await load(anna, false);
    assert.equal(await panel.page.locator('button', { hasText: 'Open as JSON' }).count(), 0);
  });

  test('hostile names and fields stay text', async () => {
    await load(hostile);
    assert.equal(await panel.page.textContent('h1'), `<img src=x onerror="window.__pwned='name'">`);
    assert.equal(await panel.page.textContent('.agt-status'), 'Deleted (was disabled)');
    assert.ok(((await panel.page.textContent('main')) ?? '').includes(`<script>window.__pwned='field'</script>`));
    await assertInert(panel.page, panel.dialogs, 1);
    assert.deepEqual(panel.errors, []);
  });

  test('an error replaces the card and is announced', async () => {
    await panel.post({ type: 'error', params: { message: '404: no agent a-9' } });
    assert.equal(await panel.page.textContent('[role="alert"]'), '404: no agent a-9');
  });
});
