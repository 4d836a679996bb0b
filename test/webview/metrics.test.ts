import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, openPanel, type OpenPanel } from './helpers/panel';
import { buildPanels, REPO } from './path-fixture';
import { FIRST_ROUND, metricsLoad } from './metrics-fixture';
import type { MetricsLoadParams } from '../../webview/metrics/protocol';

let browser: Browser;
before(async () => {
  buildPanels('metrics');
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
});

type Rendered = { params: { charts: { id: string; series: number; points: number }[] } };

async function loaded(params: MetricsLoadParams = metricsLoad()): Promise<OpenPanel> {
  const panel = await openPanel(browser, { panel: 'metrics', viewport: { width: 1280, height: 900 } });
  await panel.waitForSent('ready');
  await panel.post({ type: 'load', params });
  await panel.waitForSent('rendered');
  return panel;
}

/** The part of uPlot the tests read from the chart element (main.ts keeps it as `plot`). */
interface PlotLike {
  data: number[][];
  over: { getBoundingClientRect(): { left: number; top: number } };
  valToPos(value: number, scale: string): number;
}
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } };
}

/** Clicks the drawn point of series `seriesIndex` at round `pointIndex` of one chart. */
async function clickPoint(panel: OpenPanel, chart: string, seriesIndex: number, pointIndex: number): Promise<void> {
  const at = await panel.page.locator(`.chart-${chart}`).evaluate(
    (element, { seriesIndex, pointIndex }) => {
      const plot = (element as unknown as { plot: PlotLike }).plot;
      const box = plot.over.getBoundingClientRect();
      return {
        x: box.left + plot.valToPos(plot.data[0]![pointIndex]!, 'x'),
        y: box.top + plot.valToPos(plot.data[seriesIndex + 1]![pointIndex]!, 'y'),
      };
    },
    { seriesIndex, pointIndex },
  );
  await panel.page.mouse.move(at.x - 20, at.y);
  await panel.page.mouse.click(at.x, at.y);
}

describe('metrics panel', () => {
  test('draws latency, loss, jitter per agent and HTTP phases per round', async () => {
    const panel = await loaded();
    const rendered = (await panel.waitForSent('rendered')) as Rendered;
    assert.deepEqual(rendered.params.charts, [
      { id: 'latency', series: 5, points: 36 },
      { id: 'loss', series: 5, points: 36 },
      { id: 'jitter', series: 5, points: 36 },
      { id: 'http', series: 5, points: 36 },
    ]);
    assert.equal(await panel.page.locator('.chart canvas').count(), 4);
    const legend = await panel.page.locator('.chart-latency .u-legend').innerText();
    for (const name of ['Chicago laptop 1', 'Frankfurt laptop 1', 'Tokyo laptop 1'])
      assert.ok(legend.includes(name), name);
    assert.match(
      await panel.page.locator('.chart-http .u-legend').innerText(),
      /DNS[\s\S]*Connect[\s\S]*SSL[\s\S]*Wait[\s\S]*Receive/,
    );
    // p50 / p95 of each agent's rounds under the title.
    assert.match(
      await panel.page.locator('.chart-latency .chart-summary').innerText(),
      /Chicago laptop 1: p50 \d+\.\d ms, p95 \d+\.\d ms \(\d+ rounds\)/,
    );
    assert.match(
      await panel.page.locator('.chart-jitter .chart-summary').innerText(),
      /p50 \d+\.\d ms, p95 \d+\.\d ms/,
    );
    // Pixels: the latency canvas is not blank.
    const inked = await panel.page.locator('.chart-latency canvas').evaluate((element) => {
      const canvas = element as unknown as CanvasLike;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count++;
      return count;
    });
    assert.ok(inked > 2000, `${inked} drawn pixels`);
    assert.deepEqual(panel.errors, []);
    await panel.close();
  });

  test('clicking a point asks the host to open that agent’s path trace for that round', async () => {
    const panel = await loaded();
    await clickPoint(panel, 'latency', 2, 7);
    assert.deepEqual(await panel.waitForSent('openPathTrace'), {
      type: 'openPathTrace',
      params: { agentId: 'a003', roundId: FIRST_ROUND + 7 * 300 },
    });
    assert.match(
      await panel.page.locator('.chart-latency .picked').innerText(),
      /London laptop 1 · 2025-11-22 00:35 UTC · \d+\.\d ms/,
    );
    await panel.page.locator('.next-step button', { hasText: /^User sessions of .+ around 00:35 UTC$/ }).click();
    assert.deepEqual(panel.sent.at(-1), {
      type: 'findSessions',
      params: { agentId: 'a003', roundId: FIRST_ROUND + 7 * 300 },
    });
    await panel.close();
  });

  test('one agent shows average with its min–max band, and its HTTP phases', async () => {
    const panel = await loaded();
    await panel.page.selectOption('#agent', 'a002');
    await panel.page.locator('.chart-latency h2', { hasText: 'Frankfurt' }).waitFor();
    const legend = await panel.page.locator('.chart-latency .u-legend').innerText();
    assert.match(legend, /Average[\s\S]*Minimum[\s\S]*Maximum/);
    await clickPoint(panel, 'latency', 2, 22);
    assert.deepEqual(await panel.waitForSent('openPathTrace'), {
      type: 'openPathTrace',
      params: { agentId: 'a002', roundId: FIRST_ROUND + 22 * 300 },
    });
    assert.match(await panel.page.locator('.chart-http h2').innerText(), /of Frankfurt laptop 1/i);
    await panel.close();
  });

  test('keyboard: arrows move along points and series, Enter opens the path trace', async () => {
    const panel = await loaded();
    await panel.page.focus('.chart-jitter');
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'Enter'])
      await panel.page.keyboard.press(key);
    assert.deepEqual(await panel.waitForSent('openPathTrace'), {
      type: 'openPathTrace',
      params: { agentId: 'a002', roundId: FIRST_ROUND + 2 * 300 },
    });
    await panel.close();
  });

  test('hostile agent names and title render as text and run nothing', async () => {
    const params = metricsLoad(2, 6);
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const panel = await loaded({
      ...params,
      title: `<script>window.__pwned=1</script>`,
      agentNames: { a001: hostile, a002: '"><svg onload="window.__pwned=1">' },
    });
    const legendText = await panel.page.locator('.chart-latency .u-legend').innerText();
    assert.ok(legendText.includes(hostile), legendText);
    await panel.page.selectOption('#agent', 'a001');
    assert.ok((await panel.page.locator('.chart-latency h2').textContent())!.includes(hostile));
    assert.equal(await panel.page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned), undefined);
    assert.equal(await panel.page.locator('img, svg[onload]').count(), 0);
    assert.deepEqual(panel.dialogs, []);
    await panel.close();
  });

  test('screenshot for the README (dark theme)', { skip: !process.env.SCREENSHOTS }, async () => {
    const panel = await loaded();
    await clickPoint(panel, 'latency', 1, 22);
    await panel.page.screenshot({ path: join(REPO, 'docs', 'screenshots', 'metrics.png'), fullPage: true });
    await panel.close();
  });
});

test('one round (an instant test): the time axis spans minutes around it, not years', async () => {
  const params = metricsLoad(2, 1);
  const panel = await loaded(params);
  const range = await panel.page.locator('.chart-latency').evaluate((element) => {
    const plot = (element as unknown as { plot: { scales: { x: { min: number; max: number } } } }).plot;
    return { min: plot.scales.x.min, max: plot.scales.x.max };
  });
  assert.ok(range.min < FIRST_ROUND && range.max > FIRST_ROUND, 'the round is inside the axis');
  assert.ok(range.max - range.min <= 3600, `the axis spans ${range.max - range.min} s`);
  await panel.close();
});

test('a round with 100 % loss is a gap with a loss marker, never 0 ms latency', async () => {
  const params = metricsLoad(2, 6);
  const lostRound = FIRST_ROUND + 3 * 300;
  params.metrics = params.metrics.map((m) =>
    m.agentId === 'a001' && m.roundId === lostRound
      ? { ...m, loss: 100, avgLatency: 0, minLatency: 0, maxLatency: 0, jitter: 0 }
      : m,
  );
  const panel = await loaded(params);
  const latency = await panel.page
    .locator('.chart-latency')
    .evaluate((element) => (element as unknown as { plot: { data: (number | null)[][] } }).plot.data[1]);
  assert.equal(latency?.[3], null, 'no latency point for the lost round');
  assert.ok(latency?.filter((v) => v !== null).every((v) => (v as number) > 0));
  const markers = await panel.page
    .locator('.chart-latency .loss-marker')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
  assert.deepEqual(markers, [
    `${params.agentNames!['a001']}: 100 % loss at ${new Date(lostRound * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ]);
  assert.equal(
    await panel.page.locator('.chart-loss .loss-marker').count(),
    0,
    'the loss chart draws the 100 % itself',
  );
  await panel.close();
});

test('time axis labels never run together, even in a narrow panel', async () => {
  const panel = await openPanel(browser, { panel: 'metrics', viewport: { width: 520, height: 900 } });
  await panel.waitForSent('ready');
  await panel.post({ type: 'load', params: metricsLoad(2, 36) });
  await panel.waitForSent('rendered');
  const overlaps = await panel.page.locator('.chart-latency').evaluate((element) => {
    const plot = (
      element as unknown as {
        plot: {
          axes: { _splits?: number[]; _values?: string[]; font?: string[] }[];
          valToPos(v: number, s: string): number;
          ctx: { font: string; measureText(t: string): { width: number } };
        };
      }
    ).plot;
    const axis = plot.axes[0]!;
    const splits = axis._splits ?? [];
    const values = axis._values ?? [];
    plot.ctx.font = (axis.font ?? [])[0] ?? '12px sans-serif';
    const boxes = splits
      .map((v, i) => {
        const centre = plot.valToPos(v, 'x');
        const width =
          plot.ctx.measureText(String(values[i] ?? '')).width /
          (globalThis as unknown as { devicePixelRatio: number }).devicePixelRatio;
        return { left: centre - width / 2, right: centre + width / 2, text: values[i] };
      })
      .filter((b) => b.text !== null && b.text !== undefined && b.text !== '');
    const touching: string[] = [];
    for (let i = 1; i < boxes.length; i++)
      if (boxes[i]!.left < boxes[i - 1]!.right + 4) touching.push(`${boxes[i - 1]!.text}|${boxes[i]!.text}`);
    return { touching, count: boxes.length, labels: boxes.map((b) => b.text) };
  });
  assert.ok(overlaps.count >= 2, `at least two time labels: ${JSON.stringify(overlaps.labels)}`);
  assert.deepEqual(overlaps.touching, []);
  assert.ok(
    overlaps.labels.every((label) => /^(\w{3} \d{1,2} )?\d\d:\d\d$/.test(String(label))),
    JSON.stringify(overlaps.labels),
  );
  await panel.close();
});

test('agents are told apart by more than colour: colour-blind-safe colours and a dash pattern each', async () => {
  const panel = await loaded(metricsLoad(4, 12));
  const styles = await panel.page.locator('.chart-latency').evaluate((element) => {
    const plot = (element as unknown as { plot: { series: { stroke?: unknown; dash?: number[] }[] } }).plot;
    // uPlot keeps a series' stroke as a function of (plot, series index).
    return plot.series.slice(1).map((s, i) => ({
      stroke: String(
        typeof s.stroke === 'function' ? (s.stroke as (u: unknown, i: number) => unknown)(plot, i + 1) : s.stroke,
      ),
      dash: JSON.stringify(s.dash ?? []),
    }));
  });
  assert.equal(styles.length, 4);
  assert.equal(new Set(styles.map((s) => s.stroke)).size, 4, 'four colours');
  assert.equal(new Set(styles.map((s) => s.dash)).size, 4, 'four dash patterns');
  assert.deepEqual(
    styles.map((s) => s.stroke.toUpperCase()),
    ['#0072B2', '#E69F00', '#009E73', '#CC79A7'],
  );
  await panel.close();
});

test('compare to the previous period: the checkbox asks the host; its line is drawn over each chart and cannot be picked', async () => {
  const current = metricsLoad(3, 12);
  const panel = await loaded(current);
  await panel.page.check('#previous');
  assert.deepEqual(panel.sent.at(-1), { type: 'comparePrevious', params: { on: true } });
  const earlier = metricsLoad(3, 12).metrics.map((m) => ({
    ...m,
    roundId: m.roundId - 3600,
    avgLatency: m.avgLatency + 40,
  }));
  panel.sent.length = 0;
  await panel.post({ type: 'load', params: { ...current, previous: { metrics: earlier, shiftSeconds: 3600 } } });
  const drawn = (await panel.waitForSent('rendered')) as Rendered;
  assert.deepEqual(
    drawn.params.charts.filter((c) => c.id !== 'http').map((c) => [c.id, c.series]),
    [
      ['latency', 4],
      ['loss', 4],
      ['jitter', 4],
    ],
    'three agents and the previous period',
  );
  assert.equal(await panel.page.isChecked('#previous'), true);
  const legend = await panel.page.locator('.chart-latency .u-legend').innerText();
  assert.match(legend, /Previous period/);
  await clickPoint(panel, 'latency', 3, 4);
  assert.equal(
    panel.sent.filter((m) => (m as { type: string }).type === 'openPathTrace').length,
    0,
    'the previous period opens no path trace',
  );
  await panel.close();
});
