// The built session overview panel in headless Chromium: verdict, graded path, pages that
// open their waterfall, network details — and hostile strings that stay text.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { UserSessionDetail } from '../../src/api/types';
import { healthySession, withNetwork } from '../unit/session/fixtures';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { assertInert } from './helpers/hostile';

const weakWifi = withNetwork(healthySession(), (n) => ({
  ...n,
  networkProfile: { ...n.networkProfile, wirelessProfile: { ...n.networkProfile.wirelessProfile!, rssi: -80 } },
}));

const HOSTILE = `<img src=x onerror="window.__pwned='session';alert(1)">`;
const hostileSession: UserSessionDetail = {
  ...withNetwork(healthySession(), (n) => ({
    ...n,
    errors: [`<script>window.__pwned='error'</script>`],
    gatewayPing: `<svg onload="window.__pwned='ping'">`,
    networkProfile: { ...n.networkProfile, wirelessProfile: { ...n.networkProfile.wirelessProfile!, ssid: HOSTILE } },
    traceroute: {
      destination: 'javascript:alert(1)',
      hops: [
        { hop: 1, delay: 2, ipAddress: '<b onclick=alert(1)>', name: `<iframe src="javascript:window.__pwned='hop'">` },
      ],
    },
  })),
  visitedSite: `</script><script>window.__pwned='site'</script>`,
  browser: { name: HOSTILE, version: '1' },
  pages: [
    {
      id: `"><img src=x onerror=alert(2)>`,
      title: `<script>window.__pwned='page'</script>`,
      startedDateTime: 'x',
      responseCode: 200,
      pageTimings: { onContentLoad: 1, onLoad: 2 },
    },
  ],
};

describe('session overview panel', () => {
  let browser: Browser;
  let panel: OpenPanel;
  const load = async (session: UserSessionDetail): Promise<void> => {
    panel.sent.length = 0;
    await panel.post({ type: 'load', params: { session } });
    await panel.waitForSent('loaded');
  };
  before(async () => {
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'session' });
    await panel.waitForSent('ready');
  });
  after(async () => {
    await panel.close();
    await browser.close();
  });

  test('leads with the verdict and marks the worst segment on the path', async () => {
    await load(weakWifi);
    assert.equal(
      await panel.page.textContent('.ses-verdict'),
      'Worst segment: Wi-Fi — RSSI -80 dBm (limit -75 dBm); signal-to-noise 12 dB (limit 15 dB).',
    );
    assert.deepEqual(
      await panel.page.$$eval('.ses-seg', (s) =>
        s.map((e) => `${e.getAttribute('data-segment')}:${e.getAttribute('data-grade')}`),
      ),
      ['device:ok', 'wifi:bad', 'gateway:ok', 'tunnel:unknown', 'isp:ok', 'server:ok', 'page:ok'],
    );
    assert.equal(await panel.page.getAttribute('.ses-worst', 'data-segment'), 'wifi');
    assert.match(
      (await panel.page.textContent('.ses-head')) ?? '',
      /Experience 0\.86 good/,
      "the score on the service's 0 … 1 scale, as the explorer writes it",
    );
  });

  test('shows the Wi-Fi profile, pings, traceroute hops and system gauges', async () => {
    await load(healthySession());
    const text = (await panel.page.textContent('main')) ?? '';
    for (const expected of [
      'SSIDOffice-5G',
      'BSSIDa4:2b:b0:11:22:33',
      'Channel36',
      'RSSI-55 dBm',
      'Noise-92 dBm',
      'Tx rate573 Mbit/s',
      'Gateway ping2 ms, 0% loss',
      'TCP connect24 ms',
      'core2.ams.example-telecom.net',
      'AS64500 · 198.18.0.0/15',
      'CPU 21% mean, 42% max',
    ]) {
      assert.ok(text.includes(expected), expected);
    }
    assert.equal(await panel.page.$$eval('.ses-card:has(h2:text-matches("Traceroute")) tbody tr', (r) => r.length), 4);
    assert.equal(await panel.page.getAttribute('[role="meter"][aria-label="CPU"]', 'aria-valuenow'), '21');
  });

  test('a page’s Waterfall button asks the host to open that page', async () => {
    await load(healthySession());
    await panel.page.click('button[data-page-id="p2"]');
    assert.deepEqual(panel.sent.at(-1), {
      type: 'openPage',
      params: { userSessionId: 'us-4f2a9c', pageId: 'p2', title: 'Portal — Reports' },
    });
  });

  test('the buttons are reachable with the keyboard', async () => {
    await load(healthySession());
    await panel.page.focus('button[data-page-id="p1"]');
    await panel.page.keyboard.press('Enter');
    assert.equal((panel.sent.at(-1) as { params: { pageId: string } }).params.pageId, 'p1');
  });

  test('related tests: each link says what it matched and opens the path or metrics at that round; none says why', async () => {
    panel.sent.length = 0;
    await panel.post({ type: 'load', params: { session: healthySession() } });
    await panel.waitForSent('loaded');
    assert.match((await panel.page.textContent('.ses-related')) ?? '', /Looking for scheduled tests toward/);
    const link = {
      testId: 7,
      agentId: 'a-1',
      roundId: 1_800_000_000,
      description: "test 'Portal', round 17:25 UTC, 2 min before the session (same host)",
    };
    panel.sent.length = 0;
    await panel.post({ type: 'load', params: { session: healthySession(), related: { links: [link] } } });
    assert.deepEqual(await panel.waitForSent('loaded'), {
      type: 'loaded',
      params: { userSessionId: 'us-4f2a9c', links: 1 },
    });
    assert.match(
      (await panel.page.textContent('.ses-related li')) ?? '',
      /test 'Portal', round 17:25 UTC, 2 min before the session/,
    );
    await panel.page.click(`button[aria-label="Path: ${link.description}"]`);
    assert.deepEqual(panel.sent.at(-1), {
      type: 'openPath',
      params: { testId: 7, agentId: 'a-1', roundId: 1_800_000_000 },
    });
    await panel.page.click(`button[aria-label="Metrics: ${link.description}"]`);
    assert.deepEqual(panel.sent.at(-1), {
      type: 'openMetrics',
      params: { testId: 7, agentId: 'a-1', roundId: 1_800_000_000 },
    });
    await load(healthySession());
    await panel.post({
      type: 'load',
      params: {
        session: healthySession(),
        related: { links: [], why: 'no scheduled test measures portal.example.com' },
        split: {
          pageId: 'p2',
          title: 'Portal — Reports',
          line: '6.3 s to onLoad: 1.2 s network, 4.6 s no request in flight, 0.5 s blocked',
          verdict: 'No single request is slow.',
          critical:
            'critical path document 476 ms (server wait 278 ms) → <img src=x onerror=alert(1)>.js → profile 1.20 s (server wait 1.10 s)',
          finding: 'Slow server response — saves ~1.02 s: profile waited 1.10 s for the server',
        },
      },
    });
    await panel.page
      .locator('.ses-split', {
        hasText:
          'Slowest page, Portal — Reports: 6.3 s to onLoad: 1.2 s network, 4.6 s no request in flight, 0.5 s blocked',
      })
      .waitFor();
    assert.equal(await panel.page.textContent('.ses-split-verdict'), 'No single request is slow.');
    assert.equal(
      await panel.page.textContent('.ses-split-critical'),
      'critical path document 476 ms (server wait 278 ms) → <img src=x onerror=alert(1)>.js → profile 1.20 s (server wait 1.10 s)',
      'request names are text, not markup',
    );
    assert.equal(await panel.page.locator('.ses-split img').count(), 0);
    assert.equal(
      await panel.page.textContent('.ses-split-finding'),
      'Slow server response — saves ~1.02 s: profile waited 1.10 s for the server',
    );
    await panel.page
      .locator('.ses-related', { hasText: 'Nothing to link to: no scheduled test measures portal.example.com.' })
      .waitFor();
  });

  test("the session's traceroute opens as a path graph", async () => {
    await load(healthySession());
    await panel.page.click('button[aria-label="Open as path graph: the traceroute"]');
    assert.deepEqual(panel.sent.at(-1), { type: 'openTraceroute', params: { userSessionId: 'us-4f2a9c' } });
  });

  test('"Agent Timeline" in the header asks for the timeline of this session\'s agent', async () => {
    await load(healthySession());
    await panel.page.click('.ses-head button:has-text("Agent Timeline")');
    assert.deepEqual(panel.sent.at(-1), { type: 'openTimeline', params: { userSessionId: 'us-4f2a9c' } });
  });

  test('an error from the host replaces the overview', async () => {
    await panel.post({ type: 'error', params: { message: '403: <b>reading sessions</b> needs View Endpoint Data' } });
    assert.equal(
      await panel.page.textContent('[role="alert"]'),
      '403: <b>reading sessions</b> needs View Endpoint Data',
    );
  });

  test('hostile strings from the API render as text and execute nothing', async () => {
    await load(hostileSession);
    assert.equal(await panel.page.textContent('h1'), `</script><script>window.__pwned='site'</script>`);
    const text = (await panel.page.textContent('main')) ?? '';
    for (const expected of [
      HOSTILE,
      `<script>window.__pwned='error'</script>`,
      `<iframe src="javascript:window.__pwned='hop'">`,
      `<script>window.__pwned='page'</script>`,
    ]) {
      assert.ok(text.includes(expected), expected);
    }
    await panel.page.click('.ses-button');
    assert.match((await panel.page.textContent('.ses-errors')) ?? '', /Network errors \(1\)/);
    await assertInert(panel.page, panel.dialogs, 1);
    assert.deepEqual(panel.errors, []);
  });
});
