// A person troubleshoots an endpoint agent in demo mode: "Netmon: Troubleshoot Endpoint
// Agent…", types part of its name, and reads the timeline: the verdict names the seeded Wi-Fi
// episode, "Show" zooms to it. Saves docs/screenshots/agent-timeline.png for the README.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startEmulator } from '../../src/emulator';
import {
  errorNotifications,
  findCommandInPalette,
  openWorkbench,
  saveScreenshot,
  webviewFrame,
  type Workbench,
} from './workbench';

const TIMEOUT_MS = 60_000;

/** The demo world's featured Wi-Fi agent (the extension's demo uses the same default seed). */
async function wifiAgentName(): Promise<string> {
  const emulator = await startEmulator({ port: 0 });
  try {
    const featured = emulator.world
      .group(1001)
      ?.featuredAgents()
      .find((agent) => agent.kind === 'wifi');
    assert.ok(featured, 'the demo world has a featured Wi-Fi agent');
    const now = Date.now() / 1000;
    const episode = emulator.world
      .group(1001)
      ?.episodes(now - 86400, now)
      .find((e) => e.agentId === featured.agentId);
    assert.ok(episode, 'its episode lies in the last 24 hours');
    return episode.computerName;
  } finally {
    await emulator.close();
  }
}

describe('agent timeline in VS Code', { timeout: 180_000 }, () => {
  let workbench: Workbench;
  let name: string;
  before(async () => {
    name = await wifiAgentName();
    workbench = await openWorkbench({ 'netmon.startInDemoMode': true, 'workbench.colorTheme': 'Default Dark Modern' });
    const { page } = workbench;
    await page.setViewportSize({ width: 1500, height: 1000 });
    await page
      .locator('.part.activitybar')
      .getByRole('tab', { name: /^Netmon/ })
      .click();
    await page.locator('.statusbar', { hasText: 'Netmon: demo' }).waitFor({ timeout: TIMEOUT_MS });
  });
  after(async () => {
    await workbench?.close();
  });

  test('Troubleshoot Endpoint Agent… by part of a name: the timeline names the Wi-Fi period; Show zooms to it', async () => {
    const { page } = workbench;
    await (await findCommandInPalette(page, 'Netmon: Troubleshoot Endpoint Agent')).click();
    const widget = page.locator('.quick-input-widget');
    // Our own quick pick (after the agents have loaded), not the closing command palette.
    await widget
      .locator('.quick-input-title', { hasText: 'Troubleshoot Endpoint Agent' })
      .waitFor({ timeout: TIMEOUT_MS });
    await widget.locator('input').fill(name.slice(0, -2));
    await widget
      .locator('.quick-input-list .monaco-list-row')
      .first()
      .filter({ hasText: name })
      .waitFor({ timeout: TIMEOUT_MS });
    await widget.locator('input').press('Enter');
    let panel = await webviewFrame(page, '.tl-chart', TIMEOUT_MS).catch(async (error: unknown) => {
      await page.screenshot({ path: 'test-results/timeline-open.png' }).catch(() => undefined);
      throw error;
    });
    // The view's range may be an hour; the episode lies somewhere in the last day.
    await panel.locator('button', { hasText: 'Last 24h' }).click();
    // The verdict once every list and the details are read (a partial one may still change).
    panel = await webviewFrame(page, '.tl[data-complete="true"] .tl-verdict li', TIMEOUT_MS);
    assert.match(await panel.locator('.tl-verdict li').first().innerText(), /— Wi-Fi: RSSI -\d\d dBm median on SSID /);
    assert.equal(await panel.locator('h1').innerText(), `Timeline: ${name}`);
    await page.keyboard.press('Control+B'); // the panel gets the whole width
    await panel.locator('.tl-verdict li button', { hasText: 'Show' }).first().click();
    await panel.locator('.tl-brush').waitFor();
    await page
      .locator('.notifications-toasts .notification-toast')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await saveScreenshot(page, 'agent-timeline');
    assert.deepEqual(await errorNotifications(page), []);
  });
});
