// Alert and event marks in the built panels (headless Chromium): the agent timeline's "Alerts &
// events" lane draws each mark over its span, focusable and spoken by its whole label, with a text cue
// beside its colour; the metrics panel shades the test's alerts behind its charts, labels them, and
// lists them in words below. Hostile rule and test names stay text. No lane without marks (v6).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { testMarks, timelineMarks, type MarkInputs } from '../../src/analysis/alerts/marks';
import type { AgentTimeline } from '../../src/analysis/timeline';
import type { Alert } from '../../src/api/types';
import { agentRecords, timelineOf, T0 } from '../unit/timeline/fixtures';
import { launchChromium, openPanel } from './helpers/panel';
import { buildPanels } from './path-fixture';
import { FIRST_ROUND, metricsLoad } from './metrics-fixture';

interface PlotPixels {
  valToPos(value: number, scale: string, canvas: boolean): number;
  bbox: { top: number };
  ctx: { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } };
}

interface FocusHolder {
  document: { activeElement: { getAttribute(name: string): string | null } | null };
}

const HOSTILE = `<img src=x onerror="window.__pwned='rule'">`;

function alert(alertId: string, startMs: number, endMs: number | undefined, severity: string): Alert {
  return {
    alertId,
    alertType: 'end-to-end-server',
    state: endMs === undefined ? 'trigger' : 'clear',
    severity,
    startDate: new Date(startMs).toISOString(),
    ...(endMs === undefined ? {} : { endDate: new Date(endMs).toISOString() }),
    violationCount: 3,
    ruleId: '1',
    testId: '7',
  };
}

function inputs(alerts: Alert[], ruleName = 'Default Network Loss'): MarkInputs {
  return {
    alerts,
    events: [],
    tests: new Map([['7', { testName: 'Mail from the offices', server: 'mail.example.com' }]]),
    ruleNames: new Map([['1', ruleName]]),
  };
}

let browser: Browser;
before(async () => {
  buildPanels('metrics');
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

describe('agent timeline: alerts & events lane', () => {
  const withMarks = (found: MarkInputs): AgentTimeline => {
    const timeline = timelineOf(agentRecords('wifi'));
    return { ...timeline, alertMarks: timelineMarks(found, ['mail.example.com'], timeline.range) };
  };
  const open = async (timeline: AgentTimeline) => {
    const panel = await openPanel(browser, { panel: 'timeline', viewport: { width: 1400, height: 1000 } });
    await panel.waitForSent('ready');
    await panel.post({ type: 'load', params: { timeline, rangeLabel: 'last 6h', preset: '6h' } });
    return { panel, rendered: (await panel.waitForSent('rendered')) as { params: { alerts?: string[] } } };
  };

  test('each mark over its span, first lane, focusable with its label; severity as a cue, not colour alone', async () => {
    const timeline = withMarks(
      inputs([
        alert('a1', T0 + 65 * 60_000, T0 + 100 * 60_000, 'major'),
        alert('a2', T0 + 4 * 3600_000, undefined, 'critical'),
      ]),
    );
    const { panel, rendered } = await open(timeline);
    const labels = rendered.params.alerts ?? [];
    assert.equal(labels.length, 2);
    assert.match(
      labels[0]!,
      /^Major alert Default Network Loss on Mail from the offices, \d\d:\d\d–\d\d:\d\d, 3 sources$/,
    );
    assert.match(
      labels[1]!,
      /^Critical alert Default Network Loss on Mail from the offices, \d\d:\d\d–now \(active\), 3 sources$/,
    );
    const lanes = await panel.page.$$eval('.tl-lane', (all) => all.map((l) => l.getAttribute('data-lane')));
    assert.equal(lanes[0], 'alerts');
    const marks = panel.page.locator('[data-lane="alerts"] .tl-alert');
    assert.deepEqual(await marks.evaluateAll((all) => all.map((m) => m.getAttribute('aria-label'))), labels);
    assert.deepEqual(await marks.evaluateAll((all) => all.map((m) => m.textContent?.slice(-1))), ['!', '‼']);
    assert.deepEqual(await marks.evaluateAll((all) => all.map((m) => m.getAttribute('class'))), [
      'tl-alert tl-alert-major',
      'tl-alert tl-alert-critical',
    ]);
    // The 35-minute alert is wider than a point; the active one runs to the range's end.
    const widths = await marks.evaluateAll((all) =>
      all.map((m) => Number(m.querySelector('rect')?.getAttribute('width'))),
    );
    assert.ok(widths[0]! > 20, `width ${widths[0]}`);
    await marks.first().focus();
    assert.equal(
      await panel.page.evaluate(() =>
        (globalThis as unknown as FocusHolder).document.activeElement?.getAttribute('aria-label'),
      ),
      labels[0],
    );
    assert.deepEqual(panel.errors, []);
    await panel.close();
  });

  test('a hostile rule name is text; no marks (v6, none found): no lane', async () => {
    const { panel, rendered } = await open(
      withMarks(inputs([alert('a', T0 + 3600_000, T0 + 7200_000, 'minor')], HOSTILE)),
    );
    assert.ok(rendered.params.alerts?.[0]?.includes(HOSTILE));
    assert.equal(await panel.page.evaluate(() => (globalThis as { __pwned?: string }).__pwned), undefined);
    assert.equal(await panel.page.locator('[data-lane="alerts"] img').count(), 0);
    panel.sent.length = 0;
    await panel.post({
      type: 'load',
      params: {
        timeline: { ...timelineOf(agentRecords('wifi')), alertMarks: { marks: [], leftOut: 0, note: 'v6' } },
        rangeLabel: 'last 6h',
        preset: '6h',
      },
    });
    const again = (await panel.waitForSent('rendered')) as { params: { alerts?: string[] } };
    assert.equal(again.params.alerts, undefined);
    assert.equal(await panel.page.locator('[data-lane="alerts"]').count(), 0);
    await panel.close();
  });
});

describe('metrics panel: alert bands', () => {
  const FIRST_MS = FIRST_ROUND * 1000;
  const range = { fromMs: FIRST_MS, toMs: FIRST_MS + 36 * 300_000 };

  test('shaded behind each chart over the span, labelled, and listed in words below', async () => {
    const alerts = testMarks(
      inputs(
        [
          alert('a1', FIRST_MS + 30 * 60_000, FIRST_MS + 60 * 60_000, 'major'),
          alert('a2', FIRST_MS + 150 * 60_000, undefined, 'minor'),
        ],
        HOSTILE,
      ),
      '7',
      range,
    );
    const panel = await openPanel(browser, { panel: 'metrics', viewport: { width: 1280, height: 900 } });
    await panel.waitForSent('ready');
    await panel.post({ type: 'load', params: { ...metricsLoad(), alerts } });
    const rendered = (await panel.waitForSent('rendered')) as { params: { alerts?: string[] } };
    assert.deepEqual(rendered.params.alerts, [
      `Major alert ${HOSTILE} on Mail from the offices, 00:30–01:00, 3 sources`,
      `Minor alert ${HOSTILE} on Mail from the offices, 02:30–now (active), 3 sources`,
    ]);
    // On every chart, a label at each band's start; the active one reaches the right edge.
    assert.equal(await panel.page.locator('.chart-latency .alert-band-label').count(), 2);
    assert.equal(await panel.page.locator('.chart-loss .alert-band-label').count(), 2);
    assert.deepEqual(await panel.page.locator('.chart-latency .alert-band-label').allTextContents(), [
      `! ${HOSTILE}`,
      `▲ ${HOSTILE}`,
    ]);
    // The list below says each one, for screen readers.
    assert.equal(
      await panel.page.locator('.alert-list h2').textContent(),
      'Alerts & events in this range (shaded on the charts; times UTC)',
    );
    assert.deepEqual(
      (await panel.page.locator('.alert-list li').allTextContents()).map((t) => t.trim()),
      rendered.params.alerts!.map((label, i) => `${i === 0 ? '!' : '▲'} ${label}`),
    );
    assert.equal(await panel.page.evaluate(() => (globalThis as { __pwned?: string }).__pwned), undefined);
    // The band is painted on the canvas: a pixel inside it differs from one outside, left of it.
    // (No named functions inside evaluate: the test runner's transform would name them with a helper the page lacks.)
    const tint = await panel.page.locator('.chart-latency').evaluate(
      (element, at) => {
        const plot = (element as unknown as { plot: PlotPixels }).plot;
        return [at.inside, at.outside].map((seconds) =>
          Array.from(
            plot.ctx.getImageData(Math.round(plot.valToPos(seconds, 'x', true)), plot.bbox.top + 3, 1, 1).data,
          ),
        );
      },
      { inside: FIRST_ROUND + 45 * 60, outside: FIRST_ROUND + 10 * 60 },
    );
    assert.notDeepEqual(tint[0], tint[1]);
    assert.deepEqual(panel.errors, []);
    await panel.close();
  });

  test('no alerts: no bands and no list', async () => {
    const panel = await openPanel(browser, { panel: 'metrics', viewport: { width: 1280, height: 900 } });
    await panel.waitForSent('ready');
    await panel.post({ type: 'load', params: metricsLoad() });
    const rendered = (await panel.waitForSent('rendered')) as { params: { alerts?: string[] } };
    assert.equal(rendered.params.alerts, undefined);
    assert.equal(await panel.page.locator('.alert-band-label, .alert-list').count(), 0);
    await panel.close();
  });
});
