// "Compare with…" in the built path panel: the baseline round's traces and the shown round's
// drawn together, hops and links marked added / removed / changed, each agent's route change
// listed with a button that highlights its path; hostile names stay text.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { PathHop } from '../../src/api/types';
import { launchChromium } from './helpers/panel';
import { inspectInert } from './helpers/hostile';
import { buildPanels, openPathPanel } from './path-fixture';
import { hop, trace } from '../unit/path/traces';
import type { PathLoadParams } from '../../webview/path/protocol';
import { forwardingLossAtExchange, IXP, rateLimitedHop, ROUND_1, routingLoop } from '../unit/path/localize-fixtures';

let browser: Browser;
before(async () => {
  buildPanels('path');
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

function route(transit: 'arelion' | 'lumen'): PathHop[] {
  const via =
    transit === 'arelion'
      ? [
          hop(3, '62.115.1.1', 12, { network: 'Arelion (AS 1299)' }),
          hop(4, '62.115.9.9', 20, { network: 'Arelion (AS 1299)' }),
        ]
      : [
          hop(3, '4.68.1.1', 15, { network: 'Lumen (AS 3356)' }),
          hop(4, '4.68.9.9', 38, { network: 'Lumen (AS 3356)' }),
        ];
  return [
    hop(1, '192.168.1.1', 1),
    hop(2, '80.10.0.1', 6, { network: 'Orange (AS 3215)' }),
    ...via,
    hop(5, '203.0.113.10', transit === 'arelion' ? 30 : 48),
  ];
}

const HOSTILE = `<img src=x onerror="window.__pwned='agent'">`;
const params = (names: Record<string, string> = { a1: 'London laptop 1', a2: 'London laptop 2' }): PathLoadParams => ({
  title: 'Outlook reachability',
  roundId: 2000,
  rounds: [
    { roundId: 2000, agents: 2 },
    { roundId: 1000, agents: 2 },
  ],
  agentNames: names,
  traces: [trace('a1', [route('lumen')], 2000), trace('a2', [route('arelion')], 2000)],
  baseline: { roundId: 1000, traces: [trace('a1', [route('arelion')], 1000), trace('a2', [route('arelion')], 1000)] },
});

describe('path panel: compare with a baseline round', () => {
  test('both rounds drawn, what changed marked, each route change listed; Show highlights the agent', async () => {
    const panel = await openPathPanel(browser, params());
    assert.deepEqual(
      (panel.sent.find((m) => (m as { type: string }).type === 'rendered') as { params: unknown }).params,
      { nodes: 9, links: 9, agents: 2, changedAgents: 1, findings: 1 },
    );
    assert.equal(await panel.page.locator('.node.diff-added').count(), 2);
    assert.equal(await panel.page.locator('.link.diff-added').count(), 3);
    assert.equal(await panel.page.locator('.node.diff-removed').count(), 0, 'a2 still crosses Arelion');
    assert.equal(await panel.page.textContent('.diff-summary h2'), 'Compared with 1970-01-01 00:16 UTC');
    const summary = await panel.page.locator('.diff-summary').innerText();
    assert.match(summary, /1 of 2 agents changed route; 2 hops added, 0 removed/);
    assert.match(summary, /London laptop 1: AS1299 → AS3356 at hop 3, \+18 ms/);
    await panel.page.click('.diff-summary button:has-text("Show")');
    assert.equal(await panel.page.inputValue('#agent'), 'a1');
    assert.equal(await panel.page.inputValue('#compare'), '1000');
    assert.equal(await panel.page.isDisabled('#group'), true, 'grouping would hide what changed');
    await panel.page.selectOption('#compare', '');
    assert.deepEqual(panel.sent.at(-1), { type: 'compareWith', params: {} });
    await panel.close();
  });

  test('hostile agent names stay text in the route-change list', async () => {
    const panel = await openPathPanel(browser, params({ a1: HOSTILE }));
    assert.ok((await panel.page.locator('.diff-summary').innerText()).includes(HOSTILE));
    const report = await inspectInert(panel.page);
    assert.equal(report.pwned, undefined);
    assert.deepEqual(report.handlers, []);
    assert.deepEqual(panel.errors, []);
    await panel.close();
  });
});

describe('path panel: where the problem is', () => {
  test('the banner names the hop where loss starts, and Show highlights it in the graph', async () => {
    const traces = forwardingLossAtExchange();
    const panel = await openPathPanel(browser, {
      title: 'Zoom signalling',
      traces,
      rounds: [{ roundId: ROUND_1 }],
      roundId: ROUND_1,
    });
    const banner = await panel.page.locator('.localize').innerText();
    assert.match(banner, new RegExp(IXP.replace(/\./g, '\\.')), banner);
    assert.ok(
      (panel.sent.find((m) => (m as { type: string }).type === 'rendered') as { params: { findings: number } }).params
        .findings >= 1,
    );
    await panel.page.locator('.localize li', { hasText: IXP }).first().locator('button').click();
    assert.equal(await panel.page.locator(`.node.on-path[data-node="${IXP}"]`).count(), 1, 'the hop is highlighted');
    assert.equal(
      (await panel.page.getAttribute('.canvas', 'aria-activedescendant')) !== null,
      true,
      'and focused for the keyboard',
    );
    await panel.page.click('button:has-text("Export Evidence…")');
    const asked = panel.sent.at(-1) as { type: string; params: { highlightHops: string[] } };
    assert.equal(asked.type, 'exportEvidence');
    assert.ok(
      asked.params.highlightHops.includes(IXP),
      `the highlighted hop goes into the evidence: ${asked.params.highlightHops.join(', ')}`,
    );
    await panel.close();
  });

  test('a routing loop has its own line naming both routers, and Show highlights them', async () => {
    const panel = await openPathPanel(browser, {
      title: 'Outlook',
      traces: routingLoop(),
      rounds: [{ roundId: ROUND_1 }],
      roundId: ROUND_1,
    });
    const line = panel.page.locator('.localize li', { hasText: 'Routing loop between 10.8.0.1 and 10.8.0.2' });
    assert.equal(await line.count(), 1, await panel.page.locator('.localize').innerText());
    await line.locator('button').click();
    assert.equal(
      await panel.page.locator('.node.on-path[data-node="10.8.0.1"]').count(),
      1,
      'the first router is highlighted',
    );
    await panel.close();
  });

  test('a rate-limited hop is flagged as such, not blamed', async () => {
    const panel = await openPathPanel(browser, {
      title: 'Outlook',
      traces: rateLimitedHop(),
      rounds: [{ roundId: ROUND_1 }],
      roundId: ROUND_1,
    });
    const banner = await panel.page.locator('.localize').innerText();
    assert.match(banner, /rate limit/i);
    assert.equal(await panel.page.locator('.localize.healthy').count(), 1, 'nothing is blamed');
    await panel.close();
  });
});
