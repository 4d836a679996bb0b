import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium, type OpenPanel } from './helpers/panel';
import { activeNode, buildPanels, openPathPanel, pathLoad, visibleText } from './path-fixture';
import type { PathLoadParams } from '../../webview/path/protocol';

let browser: Browser;
before(async () => {
  buildPanels('path');
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

const loaded = (params?: PathLoadParams): Promise<OpenPanel> => openPathPanel(browser, params);
const text = visibleText;

describe('path panel controls', () => {
  test('keyboard: Home, arrows along links, Enter highlights an agent, + zooms', async () => {
    const panel = await loaded();
    await panel.page.focus('.canvas');
    await panel.page.keyboard.press('Home');
    const first = await activeNode(panel);
    assert.match(first!, /^agent:/);
    await panel.page.keyboard.press('ArrowRight');
    const second = await activeNode(panel);
    assert.match(second!, /^192\.168\./, 'the agent’s gateway follows it');
    await panel.page.keyboard.press('ArrowLeft');
    assert.equal(await activeNode(panel), first);
    await panel.page.keyboard.press('ArrowDown');
    assert.notEqual(await activeNode(panel), first);
    await panel.page.keyboard.press('End');
    assert.equal(await activeNode(panel), '104.16.132.229');
    await panel.page.keyboard.press('Home');
    await panel.page.keyboard.press('Enter');
    assert.equal(await panel.page.inputValue('#agent'), first!.slice('agent:'.length));
    const before = await panel.page.getAttribute('svg.graph .viewport', 'transform');
    await panel.page.keyboard.press('+');
    assert.notEqual(await panel.page.getAttribute('svg.graph .viewport', 'transform'), before);
    await panel.close();
  });
  test('round selector asks the host for another round; Open as Text names the highlighted agent', async () => {
    const panel = await loaded();
    await panel.page.selectOption('#round', String(1_763_776_800 - 600));
    assert.deepEqual(await panel.waitForSent('selectRound'), {
      type: 'selectRound',
      params: { roundId: 1_763_776_800 - 600 },
    });
    assert.match(await text(panel, '.status'), /Loading round 2025-11-22 01:50 UTC/);
    await panel.post({
      type: 'error',
      params: { message: '<b>403</b>: reading path traces needs View Endpoint Data' },
    });
    assert.equal(await text(panel, '.status.error'), '<b>403</b>: reading path traces needs View Endpoint Data');
    await panel.page.selectOption('#agent', 'a002');
    await panel.page.click('text=Open as Text');
    assert.deepEqual(await panel.waitForSent('openAsText'), {
      type: 'openAsText',
      params: { agentId: 'a002', roundId: 1_763_776_800 },
    });
    await panel.close();
  });
  test('grouping by network and collapsing chains shrink the graph; colour by loss swaps the legend', async () => {
    const panel = await loaded();
    const all = await panel.page.locator('svg.graph .node').count();
    await panel.page.selectOption('#group', 'network');
    const grouped = await panel.page.locator('svg.graph .node').count();
    assert.ok(grouped < all, `${grouped} < ${all}`);
    assert.ok((await panel.page.locator('svg.graph .node.kind-group').count()) > 0);
    await panel.page.selectOption('#group', 'none');
    await panel.page.check('#collapse');
    assert.ok((await panel.page.locator('svg.graph .node').count()) < all);
    await panel.page.selectOption('#mode', 'loss');
    assert.match(await text(panel, '.legend'), /hop loss/i);
    assert.equal(await panel.page.locator('svg.graph .link[class*="tone-"]').count(), 0);
    await panel.close();
  });
  test('hostile rDNS, location, network and agent names render as text and run nothing', async () => {
    const params = pathLoad(3, 10);
    const payloads = [
      '<img src=x onerror="window.__pwned=1">',
      '<script>window.__pwned=1</script>',
      '"><svg onload="window.__pwned=1">',
      'javascript:window.__pwned=1',
    ];
    const hop = params.traces[0]!.routes[0]!.hops[2]!;
    for (const trace of params.traces) {
      for (const route of trace.routes) {
        for (const h of route.hops)
          if (h.ipAddress === hop.ipAddress)
            Object.assign(h, { rdns: payloads[0], location: payloads[1], network: payloads[2], prefix: payloads[3] });
      }
    }
    const panel = await loaded({
      ...params,
      title: payloads[1]!,
      agentNames: { a001: payloads[0]!, a002: payloads[2]! },
    });
    await panel.page.locator(`svg.graph [data-node="${hop.ipAddress}"] .shape`).hover();
    const details = await text(panel, '.details');
    for (const payload of payloads.slice(0, 3)) assert.ok(details.includes(payload), `shown literally: ${payload}`);
    await panel.page.fill('#search', '<img');
    await panel.page.selectOption('#group', 'network');
    assert.equal(await panel.page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned), undefined);
    assert.equal(await panel.page.locator('img, script:not([src]), .details svg').count(), 0);
    assert.deepEqual(panel.dialogs, []);
    assert.ok((await panel.page.locator('h1', { hasText: '<script>' }).count()) === 1);
    await panel.close();
  });
});
