// The instant results beside a document are narrow: an error stays readable (a line of its
// own under its agent's row, words whole), and every row's Metrics and Path buttons are on screen without
// scrolling sideways.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { instantResultsView, instantRows } from '../../src/analysis/instant/results';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';

const names = new Map([
  ['a-1', 'LAPTOP-ANNA-WIN11'],
  ['a-2', 'LAPTOP-BEN'],
  ['a-3', 'Frankfurt office desk 12'],
]);
const view = instantResultsView(
  43,
  'Portal',
  'http-server',
  instantRows(
    'http-server',
    [
      {
        agentId: 'a-1',
        roundId: 1,
        responseCode: 200,
        dnsTime: 10,
        connectTime: 20,
        sslTime: 30,
        waitTime: 100,
        receiveTime: 40,
        totalTime: 200,
        errorType: 'None',
      },
      {
        agentId: 'a-2',
        roundId: 1,
        responseCode: 0,
        errorType: 'Timeout',
        errorDetails: 'Operation timed out after 10000 milliseconds with 0 bytes received',
      },
      { agentId: 'a-3', roundId: 1, responseCode: 503, errorType: 'HTTP', errorDetails: 'Service Unavailable' },
    ],
    (id) => names.get(id),
  ),
);

interface Layout {
  errorWidth: number;
  longestWord: number;
  brokenWords: string[];
  buttonsOutside: string[];
  sideways: boolean;
}

for (const width of [520, 760]) {
  describe(`instant results ${width} px wide`, () => {
    let browser: Browser;
    let panel: OpenPanel;
    before(async () => {
      browser = await launchChromium();
      panel = await openPanel(browser, { panel: 'instant', viewport: { width, height: 700 } });
      await panel.waitForSent('ready');
      await panel.post({ type: 'load', params: { view } });
      await panel.waitForSent('loaded');
    });
    after(async () => {
      await panel.close();
      await browser.close();
    });

    test('an error has a line as wide as the table, no word is broken, and every button is on screen', async () => {
      const layout = await panel.page.evaluate((): Layout => {
        const doc = (
          globalThis as unknown as {
            document: {
              querySelectorAll(s: string): ArrayLike<HtmlLike>;
              createRange(): RangeLike;
              documentElement: { clientWidth: number };
            };
          }
        ).document;
        interface RectLike {
          left: number;
          right: number;
          top: number;
          width: number;
        }
        interface HtmlLike {
          textContent: string | null;
          lastChild: { textContent: string | null } | null;
          getBoundingClientRect(): RectLike;
          scrollWidth: number;
          clientWidth: number;
          getAttribute(n: string): string | null;
        }
        interface RangeLike {
          setStart(n: unknown, o: number): void;
          setEnd(n: unknown, o: number): void;
          getClientRects(): ArrayLike<RectLike>;
          getBoundingClientRect(): RectLike;
        }
        const cells = Array.from(doc.querySelectorAll('td.ins-error'));
        const brokenWords: string[] = [];
        let longestWord = 0;
        for (const cell of cells) {
          // The error's own text (after the agent's name).
          const node = cell.lastChild;
          const text = node?.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = doc.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
            if (tops.size > 1) brokenWords.push(match[0]);
            longestWord = Math.max(longestWord, range.getBoundingClientRect().width);
          }
        }
        const viewport = doc.documentElement.clientWidth;
        const buttonsOutside = Array.from(doc.querySelectorAll('td.ins-links button'))
          .filter((b) => {
            const r = b.getBoundingClientRect();
            return r.left < 0 || r.right > viewport + 0.5;
          })
          .map((b) => b.getAttribute('aria-label') ?? '');
        const scroller = doc.querySelectorAll('.ins-table')[0]!;
        return {
          errorWidth: Math.min(...cells.map((c) => c.getBoundingClientRect().width)),
          longestWord,
          brokenWords,
          buttonsOutside,
          sideways: scroller.scrollWidth > scroller.clientWidth + 1,
        };
      });
      assert.deepEqual(layout.brokenWords, [], 'no word of an error is split across lines');
      assert.ok(
        layout.errorWidth >= Math.max(width * 0.8, layout.longestWord),
        `the error is ${layout.errorWidth} px wide in a ${width} px panel`,
      );
      assert.deepEqual(layout.buttonsOutside, [], 'every Metrics and Path button is on screen');
      assert.equal(layout.sideways, false, 'the table needs no sideways scrolling');
    });
  });
}
