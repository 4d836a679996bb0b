// Every panel, with real data, in a dark, a light and a high-contrast theme: axe-core finds no
// violation of impact serious or critical; and by keyboard alone, Tab reaches every control and
// Enter opens a detail. The panels are the built bundles, as VS Code hosts them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { agentCard } from '../../src/analysis/agents/card';
import { instantResultsView, instantRows } from '../../src/analysis/instant/results';
import type { EndpointAgent } from '../../src/api/types';
import { healthySession } from '../unit/session/fixtures';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { syntheticHar } from './helpers/synthetic-har';
import { VSCODE_DARK_THEME, VSCODE_HIGH_CONTRAST_THEME, VSCODE_LIGHT_THEME } from './helpers/theme';
import { metricsLoad } from './metrics-fixture';
import { agentRecords, timelineOf } from '../unit/timeline/fixtures';
import { pathLoad } from './path-fixture';
import { harDiffLoad } from './har-diff-fixture';
import { compareSessions } from '../../src/analysis/session/compare';

const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

const THEMES = [
  { name: 'dark', css: VSCODE_DARK_THEME, bodyClass: 'vscode-dark' },
  { name: 'light', css: VSCODE_LIGHT_THEME, bodyClass: 'vscode-light' },
  { name: 'high contrast', css: VSCODE_HIGH_CONTRAST_THEME, bodyClass: 'vscode-high-contrast' },
];

interface PanelCase {
  panel: string;
  load: unknown;
  /** The message the panel sends once it has drawn. */
  drawn: string;
  viewport?: { width: number; height: number };
  /** Focus reached by Tab alone: the control that opens a detail. */
  detailControl: string;
  /** Keys after reaching it (Enter last), and what shows the detail opened. */
  keys: string[];
  opened: (panel: OpenPanel) => Promise<void>;
}

const instant = instantResultsView(
  41,
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
      { agentId: 'a-2', roundId: 1, responseCode: 503, errorType: 'HTTP', errorDetails: 'Service Unavailable' },
    ],
    (id) => ({ 'a-1': 'LAPTOP-ANNA', 'a-2': 'LAPTOP-BEN' })[id],
  ),
);

const sentType = (panel: OpenPanel, type: string) => async (): Promise<void> => {
  await panel.waitForSent(type);
};

const CASES: PanelCase[] = [
  {
    panel: 'har',
    load: { type: 'load', params: { har: syntheticHar(40, 3) } },
    drawn: 'loaded',
    detailControl: '.har-viewport',
    keys: ['ArrowDown', 'Enter'],
    opened: async (panel) => {
      assert.ok((await panel.page.textContent('.har-detail-name'))?.trim(), 'the request detail opened');
    },
  },
  {
    panel: 'session',
    load: { type: 'load', params: { session: healthySession() } },
    drawn: 'loaded',
    detailControl: 'button[data-page-id]',
    keys: ['Enter'],
    opened: (panel) => sentType(panel, 'openPage')(),
  },
  {
    panel: 'path',
    load: { type: 'load', params: pathLoad(6, 10) },
    drawn: 'rendered',
    viewport: { width: 1400, height: 860 },
    detailControl: '.canvas',
    keys: ['Home', 'Enter'],
    opened: async (panel) => {
      assert.notEqual(await panel.page.inputValue('#agent'), '', 'Enter on an agent highlights it');
    },
  },
  {
    panel: 'metrics',
    load: { type: 'load', params: metricsLoad(3, 12) },
    drawn: 'rendered',
    viewport: { width: 1280, height: 900 },
    detailControl: '.chart-latency',
    keys: ['ArrowRight', 'ArrowDown', 'Enter'],
    opened: (panel) => sentType(panel, 'openPathTrace')(),
  },
  {
    panel: 'instant',
    load: { type: 'load', params: { view: instant } },
    drawn: 'loaded',
    detailControl: 'tbody button',
    keys: ['Enter'],
    opened: (panel) => sentType(panel, 'openMetrics')(),
  },
  {
    panel: 'agent',
    load: {
      type: 'load',
      params: {
        card: agentCard({
          agentId: 'a-1',
          computerName: 'LAPTOP-ANNA',
          status: 'enabled',
          deleted: false,
          osVersion: 'macOS 15.1',
        } as EndpointAgent),
        canOpenJson: true,
      },
    },
    drawn: 'loaded',
    detailControl: 'button.primary',
    keys: ['Enter'],
    opened: (panel) => sentType(panel, 'filterByAgent')(),
  },
  {
    panel: 'timeline',
    load: { type: 'load', params: { timeline: timelineOf(agentRecords('wifi')), rangeLabel: 'last 6h', preset: '6h' } },
    drawn: 'rendered',
    viewport: { width: 1400, height: 1000 },
    detailControl: 'svg.tl-chart',
    keys: ['ArrowDown', 'ArrowDown', 'Enter'],
    opened: (panel) => sentType(panel, 'openSession')(),
  },
  {
    panel: 'compare',
    load: {
      type: 'load',
      params: {
        comparison: compareSessions(healthySession(), {
          ...healthySession(),
          userSessionId: 'us-second',
          experienceScore: 0.4,
        }),
      },
    },
    drawn: 'loaded',
    detailControl: 'button[aria-label="Open Overview of the second session"]',
    keys: ['Enter'],
    opened: (panel) => sentType(panel, 'openSession')(),
  },
  {
    panel: 'hardiff',
    load: { type: 'load', params: harDiffLoad() },
    drawn: 'loaded',
    viewport: { width: 1400, height: 900 },
    detailControl: '.hd-rows tbody tr',
    keys: ['ArrowDown', 'Enter'],
    opened: async (panel) => {
      assert.match(
        (await panel.page.textContent('.hd-details h2')) ?? '',
        /^New: /,
        'Enter on the second request shows its phases',
      );
    },
  },
];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, {
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
}

/** What has focus, as a stable description (through open shadow roots to the host). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = (
      globalThis as unknown as {
        document: {
          activeElement: {
            tagName: string;
            id: string;
            className: unknown;
            getAttribute(n: string): string | null;
            textContent: string | null;
          } | null;
        };
      }
    ).document.activeElement;
    if (!active) return '';
    return `${active.tagName.toLowerCase()}#${active.id}.${typeof active.className === 'string' ? active.className : ''}[${active.getAttribute('aria-label') ?? ''}]${(active.textContent ?? '').slice(0, 30)}`;
  });
}

/** Every control a keyboard user should reach (native controls, tabindex ≥ 0, the Lit controls' hosts), visible. */
function tabbables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (
      globalThis as unknown as {
        document: {
          querySelectorAll(s: string): ArrayLike<{
            tagName: string;
            id: string;
            className: unknown;
            getAttribute(n: string): string | null;
            textContent: string | null;
            getClientRects(): ArrayLike<unknown>;
            closest(s: string): unknown;
            hasAttribute(n: string): boolean;
          }>;
        };
      }
    ).document;
    const selector =
      'a[href], button, input, select, textarea, [tabindex], vscode-textfield, vscode-single-select, vscode-checkbox, vscode-button';
    return Array.from(doc.querySelectorAll(selector))
      .filter(
        (e) =>
          !e.hasAttribute('disabled') &&
          e.getAttribute('tabindex') !== '-1' &&
          e.getClientRects().length > 0 &&
          !e.closest('[inert], [hidden]'),
      )
      .filter(
        (e) =>
          !e.closest('vscode-textfield, vscode-single-select, vscode-checkbox, vscode-button') ||
          /^VSCODE-/.test(e.tagName),
      )
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}#${e.id}.${typeof e.className === 'string' ? e.className : ''}[${e.getAttribute('aria-label') ?? ''}]${(e.textContent ?? '').slice(0, 30)}`,
      );
  });
}

describe('accessibility of every panel', { timeout: 240_000 }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
  });

  for (const item of CASES) {
    const open = async (theme = THEMES[0]!): Promise<OpenPanel> => {
      const panel = await openPanel(browser, {
        panel: item.panel,
        themeCss: theme.css,
        bodyClass: theme.bodyClass,
        viewport: item.viewport,
      });
      await panel.waitForSent('ready');
      await panel.post(item.load);
      await panel.waitForSent(item.drawn, 15_000);
      return panel;
    };

    for (const theme of THEMES) {
      test(`${item.panel} panel, ${theme.name} theme: no serious or critical axe violation`, async () => {
        const panel = await open(theme);
        try {
          assert.deepEqual(await seriousViolations(panel.page), []);
          assert.deepEqual(panel.errors, []);
        } finally {
          await panel.close();
        }
      });
    }

    test(`${item.panel} panel by keyboard alone: Tab reaches every control, Enter opens a detail`, async () => {
      const panel = await open();
      try {
        const wanted = new Set(await tabbables(panel.page));
        assert.ok(wanted.size > 0, 'the panel has controls');
        const reached = new Set<string>();
        for (let i = 0; i < wanted.size * 2 + 6; i++) {
          await panel.page.keyboard.press('Tab');
          reached.add(await focused(panel.page));
        }
        assert.deepEqual(
          [...wanted].filter((control) => !reached.has(control)),
          [],
          'controls Tab never reached',
        );
        await panel.page.evaluate(() =>
          (
            globalThis as unknown as { document: { activeElement: { blur(): void } | null } }
          ).document.activeElement?.blur(),
        );
        let found = false;
        for (let i = 0; i < wanted.size * 2 + 6 && !found; i++) {
          await panel.page.keyboard.press('Tab');
          found = await panel.page.evaluate(
            (selector) =>
              (
                globalThis as unknown as { document: { activeElement: { matches(s: string): boolean } | null } }
              ).document.activeElement?.matches(selector) ?? false,
            item.detailControl,
          );
        }
        assert.ok(found, `Tab reaches ${item.detailControl}`);
        panel.sent.length = 0;
        for (const key of item.keys) await panel.page.keyboard.press(key);
        await item.opened(panel);
      } finally {
        await panel.close();
      }
    });
  }
});
