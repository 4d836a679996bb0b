// The built agent timeline in headless Chromium: the verdict over time above the lanes, the
// poor period shaded, hover and keyboard reach records and open them, a brushed range narrows
// the verdict, and hostile SSIDs, titles and targets stay text.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { AgentTimeline } from '../../src/analysis/timeline';
import { agentRecords, timelineOf, EPISODE } from '../unit/timeline/fixtures';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { inspectInert } from './helpers/hostile';

const HOSTILE = `<img src=x onerror="window.__pwned='ssid'">`;

function hostileTimeline(): AgentTimeline {
  const records = agentRecords('wifi');
  for (const detail of records.details as { network: { networkProfile: { wirelessProfile: { ssid: string } } } }[])
    detail.network.networkProfile.wirelessProfile.ssid = HOSTILE;
  for (const page of records.pages as { pageTitle: string }[])
    page.pageTitle = `<script>window.__pwned='title'</script>`;
  for (const n of records.network as { destination: { target: string } }[])
    n.destination.target = `"><svg onload="window.__pwned='target'">`;
  return timelineOf(records, {
    agentId: 'agent-1',
    name: `<b onmouseover="window.__pwned='name'">maria</b>`,
    status: 'enabled',
    deleted: false,
  });
}

describe('agent timeline panel', () => {
  let browser: Browser;
  let panel: OpenPanel;
  const load = async (timeline: AgentTimeline): Promise<void> => {
    panel.sent.length = 0;
    await panel.post({ type: 'load', params: { timeline, rangeLabel: 'last 6h', preset: '6h' } });
    await panel.waitForSent('rendered');
  };
  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'timeline', viewport: { width: 1400, height: 1000 } });
    await panel.waitForSent('ready');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test("the verdict over time leads, with the period's line; the poor period is shaded; every lane is drawn", async () => {
    await load(timelineOf(agentRecords('wifi')));
    assert.deepEqual(panel.sent.at(-1), {
      type: 'rendered',
      params: {
        agentId: 'agent-1',
        complete: true,
        periods: 1,
        sessions: 72,
        pages: 72,
        networkLanes: 1,
        probeLanes: 2,
        events: 2,
        gaps: 0,
      },
    });
    assert.equal(await panel.page.textContent('h1'), 'Timeline: maria-mbp');
    assert.match(
      (await panel.page.textContent('.tl-verdict li')) ?? '',
      /— Wi-Fi: RSSI -79 dBm median on SSID ACME-Branch .* 7 of 7 sessions in this period poor/,
    );
    assert.equal(await panel.page.locator('.tl-period').count(), 1);
    assert.deepEqual(await panel.page.$$eval('.tl-lane', (lanes) => lanes.map((l) => l.getAttribute('data-lane'))), [
      'events',
      'sessions',
      'pages',
      'network:192.0.2.80',
      'probe:gateway:10.1.0.1',
      'probe:vpn:198.51.100.10',
      'cpu',
      'memory',
    ]);
    assert.equal(await panel.page.locator('[data-lane="sessions"] .tl-mark').count(), 72);
    const labels = await panel.page.$$eval('[data-lane="pages"] .tl-mark-label', (nodes) =>
      nodes.map((n) => {
        const b = (n as unknown as { getBBox(): { x: number; width: number } }).getBBox();
        return [b.x, b.x + b.width];
      }),
    );
    assert.ok(labels.length >= 1 && labels.length <= 5, `the slowest pages are named (${labels.length})`);
    labels.sort((a, b) => a[0]! - b[0]!);
    for (let i = 1; i < labels.length; i++)
      assert.ok(labels[i]![0]! >= labels[i - 1]![1]!, 'page labels do not run into each other');
  });

  test('hovering a session shows it; clicking opens it; the keyboard reaches and opens records too', async () => {
    await load(timelineOf(agentRecords('wifi')));
    const dot = panel.page.locator('[data-lane="sessions"] .tl-mark').nth(30);
    await dot.hover();
    assert.match(
      (await panel.page.textContent('.tl-tip')) ?? '',
      /^Session at .* to (crm|mail)\.example\.com: experience 0\.\d\d (good|poor), 1 page$/,
    );
    await dot.click();
    assert.deepEqual(panel.sent.at(-1), { type: 'openSession', params: { userSessionId: 's30' } });
    await panel.page.focus('svg.tl-chart');
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('ArrowDown');
    assert.match((await panel.page.textContent('.tl-live')) ?? '', /^User sessions: Session at /);
    await panel.page.keyboard.press('ArrowRight');
    await panel.page.keyboard.press('Enter');
    const opened = panel.sent.at(-1) as { type: string; params: { userSessionId: string } };
    assert.equal(opened.type, 'openSession');
    await panel.page.keyboard.press('ArrowDown');
    await panel.page.keyboard.press('Enter');
    assert.equal((panel.sent.at(-1) as { type: string }).type, 'openPage');
  });

  test('"Show" zooms to a period and narrows the verdict to it; Escape widens it again; + and Home zoom', async () => {
    await load(timelineOf(agentRecords('wifi')));
    const before = await panel.page.$$eval('.tl-axis text', (t) => t.map((e) => e.textContent));
    await panel.page.click('.tl-verdict li button');
    assert.match(
      (await panel.page.textContent('.tl-verdict h2')) ?? '',
      /^Verdict for \d\d:\d\d–\d\d:\d\d \(selected\)/,
    );
    assert.equal(await panel.page.locator('.tl-brush').count(), 1);
    assert.notDeepEqual(
      await panel.page.$$eval('.tl-axis text', (t) => t.map((e) => e.textContent)),
      before,
      'zoomed in',
    );
    await panel.page.focus('svg.tl-chart');
    await panel.page.keyboard.press('Escape');
    assert.equal(await panel.page.textContent('.tl-verdict h2'), 'Verdict over time');
    await panel.page.keyboard.press('Home');
    assert.deepEqual(await panel.page.$$eval('.tl-axis text', (t) => t.map((e) => e.textContent)), before);
  });

  test('brushing with the mouse narrows the verdict to a healthy stretch: no period there', async () => {
    await load(timelineOf(agentRecords('wifi')));
    const box = await panel.page.locator('[data-lane="sessions"] .tl-lane-bg').boundingBox();
    assert.ok(box);
    await panel.page.mouse.move(box.x + 5, box.y + 10);
    await panel.page.mouse.down();
    await panel.page.mouse.move(box.x + box.width * 0.2, box.y + 10, { steps: 5 });
    await panel.page.mouse.up();
    assert.match((await panel.page.textContent('.tl-verdict')) ?? '', /\(selected\).*No period of poor experience/);
    assert.ok(EPISODE.fromMs > 0);
  });

  test('range buttons and Retry ask the host; hostile names, SSIDs, titles and targets stay text', async () => {
    const timeline = hostileTimeline();
    timeline.gaps.push({
      list: 'webSessions',
      fromMs: timeline.range.fromMs,
      toMs: timeline.range.toMs,
      reason: '<i>429</i> Too Many Requests',
    });
    await load(timeline);
    await panel.page.focus('svg.tl-chart');
    await panel.page.keyboard.press('Escape'); // the brush of the test before is kept across reloads of the same range
    await panel.page.click('button:has-text("Last 24h")');
    assert.deepEqual(panel.sent.at(-1), { type: 'setRange', params: { preset: '24h' } });
    for (const [button, preset] of [
      ['Yesterday', 'yesterday'],
      ['Today', 'today'],
      ['Range\u2026', 'custom'],
    ]) {
      await panel.page.click(`.tl-bar button:text-is("${button}")`);
      assert.deepEqual(panel.sent.at(-1), { type: 'setRange', params: { preset } }, button);
    }
    await panel.page.click('button:has-text("Retry page loads")');
    assert.deepEqual(panel.sent.at(-1), { type: 'retryGap', params: { list: 'webSessions' } });
    assert.equal(await panel.page.textContent('h1'), `Timeline: <b onmouseover="window.__pwned='name'">maria</b>`);
    const verdict = (await panel.page.textContent('.tl-verdict')) ?? '';
    assert.ok(verdict.includes(HOSTILE), verdict);
    const alert = (await panel.page.textContent('ul[role="alert"]')) ?? '';
    assert.ok(alert.includes('<i>429</i>'), alert);
    await panel.page.locator('[data-lane="pages"] .tl-mark').first().hover();
    assert.match((await panel.page.textContent('.tl-tip')) ?? '', /<script>/);
    const report = await inspectInert(panel.page);
    assert.equal(report.pwned, undefined);
    assert.deepEqual(report.handlers, []);
    assert.deepEqual(
      report.injectedTags.filter((tag) => !tag.startsWith('<svg class="tl-chart"')),
      [],
    );
    assert.deepEqual(panel.dialogs, []);
    assert.deepEqual(panel.errors, []);
  });

  test('a partial timeline says it is loading; progress text shows; an error replaces it', async () => {
    const partial = { ...timelineOf(agentRecords('none', { hours: 1 })), complete: false };
    await load(partial);
    assert.equal(await panel.page.textContent('.tl-progress'), 'Loading…');
    assert.equal(
      await panel.page.textContent('.tl-verdict h2'),
      'Verdict over time (preliminary: still reading)',
      'a partial verdict says so',
    );
    await panel.post({ type: 'progress', params: { text: 'Loading page loads (page 3)' } });
    assert.equal(await panel.page.textContent('.tl-progress'), 'Loading page loads (page 3)');
    await panel.page.click('button:has-text("Cancel")');
    assert.deepEqual(panel.sent.at(-1), { type: 'cancel', params: undefined });
    assert.equal(await panel.page.locator('button:has-text("Cancel")').isVisible(), false);
    await panel.post({ type: 'error', params: { message: '403: reading endpoint data needs View endpoint data' } });
    assert.equal(await panel.page.textContent('[role="alert"]'), '403: reading endpoint data needs View endpoint data');
  });
});
