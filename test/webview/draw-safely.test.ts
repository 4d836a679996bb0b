// Nothing that displays data can die from data: an exception while a panel draws becomes a
// message in the panel (an alert for screen readers, quoting the data only as text) and a
// `renderFailed` report to the host; the panel keeps listening and the next load draws.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import type { Browser } from 'playwright-core';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';

describe('a panel whose drawing throws', () => {
  let browser: Browser;
  let panel: OpenPanel;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'netmon-probe-'));
    const bundle = join(dir, 'probe.js');
    buildSync({
      entryPoints: [join(__dirname, 'fixtures', 'draw-safely-probe.ts')],
      bundle: true,
      format: 'iife',
      outfile: bundle,
      logLevel: 'silent',
    });
    browser = await launchChromium();
    panel = await openPanel(browser, { panel: 'probe', bundle });
  });
  after(async () => {
    await panel.close();
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('shows why in an alert, reports renderFailed to the host, and draws the next load', async () => {
    await panel.post({ type: 'load', params: { text: '<img src=x onerror=alert(1)>', field: 'missing' } });
    const report = (await panel.waitForSent('renderFailed')) as { params: { message: string } };
    assert.match(report.params.message, /^TypeError: .*avgRtt/);
    const alert = await panel.page.textContent('[role="alert"]');
    assert.match(
      alert ?? '',
      /could not be drawn from the data it received \(TypeError: .*\)\. The rest of Netmon is not affected; "Netmon: Show Log" has the details\./,
    );
    assert.equal(panel.dialogs.length, 0);

    await panel.post({ type: 'load', params: { text: 'RTT', icmpPing: { avgRtt: 12 } } });
    await panel.waitForSent('drawn');
    assert.equal(await panel.page.textContent('main'), 'RTT 12');
    assert.equal(await panel.page.$('[role="alert"]'), null, 'a good load clears the message');
    assert.deepEqual(panel.errors, [], 'no uncaught error, no CSP violation');
  });
});
