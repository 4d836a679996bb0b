// "Share for a Ticket…" beside "Export Evidence…" in the path, agent timeline, HAR diff and session compare panels
// (the session overview's is session-share.test.ts): right after it in the tab order, named for a screen reader (what
// it shares, not only its visible words), and a click or Enter asks the host to share what the panel shows, through
// the panel's typed protocol.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { compareSessions } from '../../src/analysis/session/compare';
import { isComparePanelMessage } from '../../webview/compare/protocol';
import { isHarDiffPanelMessage } from '../../webview/hardiff/protocol';
import { isPathPanelMessage } from '../../webview/path/protocol';
import { isTimelinePanelMessage } from '../../webview/timeline/protocol';
import { healthySession, weakWifiSession } from '../unit/session/fixtures';
import { agentRecords, timelineOf } from '../unit/timeline/fixtures';
import { harDiffLoad } from './har-diff-fixture';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { openPathPanel } from './path-fixture';

interface Case {
  panel: string;
  open(browser: Browser): Promise<OpenPanel>;
  /** The button's accessible name starts so. */
  name: RegExp;
  /** What the host is asked. */
  message: unknown;
  /** The panel's own guard: the host accepts the message. */
  accepts(message: unknown): boolean;
}

const loaded = async (browser: Browser, panel: string, params: unknown, drawn: string): Promise<OpenPanel> => {
  const open = await openPanel(browser, { panel, viewport: { width: 1400, height: 900 } });
  await open.waitForSent('ready');
  await open.post({ type: 'load', params });
  await open.waitForSent(drawn);
  return open;
};

const CASES: Case[] = [
  {
    panel: 'path',
    open: (browser) => openPathPanel(browser),
    name: /^Share for a Ticket: the path's evidence, with the highlighted hops/,
    message: { type: 'shareForTicket', params: { highlightHops: [] } },
    accepts: isPathPanelMessage,
  },
  {
    panel: 'timeline',
    open: (browser) =>
      loaded(
        browser,
        'timeline',
        { timeline: timelineOf(agentRecords('wifi')), rangeLabel: 'last 6h', preset: '6h' },
        'rendered',
      ),
    name: /^Share for a Ticket: the timeline's evidence/,
    message: { type: 'shareForTicket', params: undefined },
    accepts: isTimelinePanelMessage,
  },
  {
    panel: 'hardiff',
    open: (browser) => loaded(browser, 'hardiff', harDiffLoad(), 'loaded'),
    name: /^Share for a Ticket: the diff's evidence and both redacted HARs/,
    message: { type: 'shareForTicket', params: undefined },
    accepts: isHarDiffPanelMessage,
  },
  {
    panel: 'compare',
    open: (browser) =>
      loaded(
        browser,
        'compare',
        { comparison: compareSessions(healthySession(), weakWifiSession('Office')) },
        'loaded',
      ),
    name: /^Share for a Ticket: the comparison's evidence and both sessions' redacted HARs/,
    message: { type: 'shareForTicket', params: undefined },
    accepts: isComparePanelMessage,
  },
];

describe('Share for a Ticket beside Export Evidence', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
  });

  for (const c of CASES)
    test(`${c.panel}: named, next to Export Evidence… in the tab order, a click and Enter ask the host to share`, async () => {
      const panel = await c.open(browser);
      try {
        const share = panel.page.getByRole('button', { name: c.name });
        assert.equal(await share.count(), 1, 'one Share for a Ticket… button');
        assert.equal(await share.textContent(), 'Share for a Ticket…');
        assert.ok(c.accepts(c.message), 'the host accepts the message');

        // Beside Export Evidence…: Tab from it reaches the share button.
        await panel.page.getByRole('button', { name: /^Export Evidence…$/ }).focus();
        await panel.page.keyboard.press('Tab');
        assert.equal(
          await panel.page.locator(':focus').getAttribute('aria-label'),
          await share.getAttribute('aria-label'),
          'the next stop after Export Evidence… is Share for a Ticket…',
        );
        panel.sent.length = 0;
        await panel.page.keyboard.press('Enter');
        await panel.waitForSent('shareForTicket');
        assert.deepEqual(panel.sent.at(-1), c.message, 'Enter on the focused button shares');

        panel.sent.length = 0;
        await share.click();
        await panel.waitForSent('shareForTicket');
        assert.deepEqual(panel.sent, [c.message], 'a click shares, and asks nothing else');
        assert.deepEqual(panel.errors, []);
      } finally {
        await panel.close();
      }
    });

  test('a share message with the wrong params is refused by each host guard', () => {
    assert.equal(isPathPanelMessage({ type: 'shareForTicket', params: { highlightHops: 'all' } }), false);
    assert.equal(isPathPanelMessage({ type: 'shareForTicket', params: undefined }), false);
    for (const guard of [isTimelinePanelMessage, isHarDiffPanelMessage, isComparePanelMessage])
      assert.equal(guard({ type: 'shareForTicket', params: { all: true } }), false);
  });
});
