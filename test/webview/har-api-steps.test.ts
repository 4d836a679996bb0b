// An API test's round in the waterfall panel (headless Chromium): one row per step in order,
// the step that failed its assertions "(failed)" in the error colour, why in its tooltip and
// first in its detail; a step that passed reads 200.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { apiRoundHar } from '../../src/analysis/results/api-steps-har';
import { launchChromium, type OpenPanel } from './helpers/panel';
import { detailText, openHarPanel, visibleRows } from './helpers/har-panel';

const step = (stepNumber: number, name: string, path: string, wait: number, assertErrorCount = 0) => ({
  stepNumber,
  name,
  url: `https://api.example.com/${path}`,
  dnsTime: 0,
  connectTime: 20,
  sendTime: 2,
  waitTime: wait,
  receiveTime: 5,
  apiCallTime: 27 + wait,
  stepTime: 30 + wait,
  completion: assertErrorCount > 0 ? 0 : 100,
  assertErrorCount,
});
const HAR = apiRoundHar(
  {
    agentId: '7',
    agentName: 'Frankfurt',
    roundId: 1_764_000_000,
    apiTransactionTime: 900,
    completion: 66.7,
    requests: [step(1, 'Token', 'token', 100), step(2, 'Sign in', 'login', 300, 2), step(3, 'Items', 'items', 200)],
  },
  { testName: 'Shop API', definedRequests: [{ name: 'Sign in', method: 'post' }] },
);

describe('HAR waterfall: an API test round', () => {
  let browser: Browser;
  let panel: OpenPanel;
  before(async () => {
    browser = await launchChromium();
    panel = await openHarPanel(browser, { har: HAR });
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('one row per step, the failing one "(failed)" in the error colour with its assertion errors as its tooltip and first fact', async () => {
    const rows = await visibleRows(panel.page);
    assert.deepEqual(
      rows.map((r) => r.cells.slice(0, 3)),
      [
        ['token', '200', 'GET'],
        ['login', '(failed)', 'POST'],
        ['items', '200', 'GET'],
      ],
    );
    const status = await panel.page.$eval('#har-row-1 .har-status-error', (e) => e.getAttribute('title'));
    assert.equal(status, '2 assertion errors');
    assert.equal(await panel.page.$$eval('.har-status-error', (nodes) => nodes.length), 1);
    await panel.page.click('#har-row-1');
    assert.match(await detailText(panel.page), /Error2 assertion errors/);
  });
});
