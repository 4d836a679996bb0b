// One uPlot chart per metric. Picking a point (click, or Enter after arrow keys) reports
// the series and round under the cursor; main.ts turns that into "open path trace".
import uPlot from 'uplot';
import { agentStyle, CHART_PALETTE } from '../shared/chart-palette';
import { el } from '../shared/dom';
import { percentileLines, stacked, type AlignedSeries } from '../../src/analysis/metrics';
import { withAlertBands, type AlertBand } from './alert-bands';

export interface ChartSpec {
  id: string;
  title: string;
  unit: string;
  aligned: AlignedSeries;
  /** Draw the series stacked (HTTP phases). */
  stack?: boolean;
  /** Fill between these two series (indexes into aligned.series), e.g. min/max latency. */
  band?: [number, number];
  /** The test's alerts and events, shaded behind the series over their span. */
  alerts?: AlertBand[];
}

export interface Theme {
  foreground: string;
  muted: string;
  grid: string;
  palette: string[];
}

export type ChartElement = HTMLElement & { plot?: uPlot };

const css = (name: string, fallback: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

export function readTheme(): Theme {
  return {
    foreground: css('--vscode-editor-foreground', '#d4d4d4'),
    muted: css('--vscode-descriptionForeground', '#9d9d9d'),
    grid: css('--vscode-widget-border', '#454545'),
    palette: CHART_PALETTE.map(([variable, fallback]) => (variable ? css(variable, fallback) : fallback)),
  };
}

/** A translucent variant of a #rrggbb colour for fills. */
function translucent(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})/i.exec(color)?.[1];
  if (!hex) return color;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgba(${r},${g},${b},${alpha})`;
}

/** Minimum pixels between time ticks: room for "Nov 22 00:35" with a gap. */
const TIME_TICK_SPACE_PX = 96;

/** "00:35"; a tick on another day than the one before it also says the day ("Nov 22 00:35"). */
export function timeTickLabels(ticks: readonly number[]): string[] {
  let day = '';
  return ticks.map((t) => {
    const iso = new Date(t * 1000).toISOString();
    const clock = iso.slice(11, 16);
    const thisDay = iso.slice(0, 10);
    const label =
      thisDay === day
        ? clock
        : `${new Date(t * 1000).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })} ${clock}`;
    day = thisDay;
    return label;
  });
}

/** Seconds either side of a chart's only round. */
const SINGLE_ROUND_PAD_S = 5 * 60;

function xRange(rounds: ArrayLike<number> | undefined, min: number, max: number): [number, number] {
  const first = rounds?.[0];
  const last = rounds?.[rounds.length - 1];
  if (first === undefined || last === undefined) return [min, max];
  return first === last ? [first - SINGLE_ROUND_PAD_S, last + SINGLE_ROUND_PAD_S] : [first, last];
}

/**
 * A round that lost every packet has no time to draw (a gap, never 0 ms): a marker at the
 * foot of the chart says so, in words for screen readers and the tooltip.
 */
function markLostRounds(u: uPlot, raw: ChartSpec['aligned']['series']): void {
  for (const old of Array.from(u.over.querySelectorAll('.loss-marker'))) old.remove();
  const rounds = u.data[0];
  for (const series of raw) {
    series.lost?.forEach((lost, idx) => {
      const round = rounds[idx];
      if (!lost || round === undefined) return;
      const marker = el(
        'span',
        {
          class: 'loss-marker',
          role: 'img',
          'aria-label':
            `${series.label}: 100 % loss at ` +
            `${new Date(round * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
          title: `${series.label}: 100 % loss`,
        },
        '✕',
      );
      marker.style.left = `${u.valToPos(round, 'x')}px`;
      u.over.append(marker);
    });
  }
}

const formatValue =
  (unit: string) =>
  (value: number | null | undefined): string =>
    value === null || value === undefined ? '—' : `${value.toFixed(1)} ${unit}`;

export function drawChart(
  spec: ChartSpec,
  theme: Theme,
  onPick: (seriesIndex: number, pointIndex: number) => void,
): ChartElement {
  const root: ChartElement = el('section', {
    class: `chart chart-${spec.id}`,
    tabindex: 0,
    'aria-label': `${spec.title}. Arrow keys move between points and series, Enter opens the path trace.`,
  });
  const picked = el('div', { class: 'picked', 'aria-live': 'polite' });
  // p50 / p95 per series: what the rounds were, beyond the line's shape.
  const percentiles = percentileLines(spec.aligned, spec.unit);
  root.append(el('h2', {}, spec.title));
  if (percentiles.length) root.append(el('p', { class: 'chart-summary' }, percentiles.join(' · ')));
  root.append(picked);
  const raw = spec.aligned.series;
  const values = spec.stack ? stacked(raw) : raw.map((s) => s.values);
  const axis = { stroke: theme.muted, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid, width: 1 } };
  // One series per agent: colour-blind-safe colours and a dash each (bands and stacks keep the theme's).
  const current = raw.filter((s) => !s.previous);
  const perAgent = !spec.stack && !spec.band && current.length > 1 && current.every((s) => s.agentId !== undefined);
  const series: uPlot.Series[] = [
    { label: 'Round' },
    ...raw.map((s, i): uPlot.Series => {
      if (s.previous) {
        // The previous period: muted, dashed and thick enough to tell apart, in every theme.
        return {
          label: s.label,
          stroke: theme.muted,
          width: 2,
          dash: [6, 4],
          spanGaps: true,
          points: { show: false },
          value: (_u, v) => formatValue(spec.unit)(v),
        };
      }
      const style = perAgent ? agentStyle(i) : undefined;
      const color = style?.color ?? theme.palette[i % theme.palette.length]!;
      return {
        label: s.label,
        stroke: color,
        width: 1.5,
        spanGaps: false,
        ...(style && style.dash.length ? { dash: style.dash } : {}),
        points: { show: true, size: 5, fill: color },
        ...(spec.stack && i === 0 ? { fill: translucent(color, 0.35) } : {}),
        value: (_u, _v, _si, idx) =>
          idx !== null && raw[i]!.lost?.[idx]
            ? 'no reply (100 % loss)'
            : formatValue(spec.unit)(idx === null ? null : raw[i]!.values[idx]),
      };
    }),
  ];
  const bands: uPlot.Band[] = spec.stack
    ? raw.slice(1).map((_, k) => ({
        series: [k + 2, k + 1] as [number, number],
        fill: translucent(theme.palette[(k + 1) % theme.palette.length]!, 0.35),
      }))
    : spec.band
      ? [
          {
            series: [spec.band[1] + 1, spec.band[0] + 1] as [number, number],
            fill: translucent(theme.palette[0]!, 0.15),
          },
        ]
      : [];
  const options: uPlot.Options = {
    width: 600,
    height: 220,
    series,
    bands,
    // Time ticks in UTC (as every time in these panels), far enough apart that labels never touch.
    axes: [
      { ...axis, space: TIME_TICK_SPACE_PX, values: (_u, ticks) => timeTickLabels(ticks), label: 'UTC', labelSize: 16 },
      { ...axis, size: 72, values: (_u, ticks) => ticks.map((t) => `${t} ${spec.unit}`) },
    ],
    scales: {
      // The axis spans the data: a single round gets a few minutes either side, not years.
      // (uPlot widens a lone time value by a day in milliseconds: 1,000 days for our seconds.)
      x: { time: true, auto: true, range: (u, min, max) => xRange(u.data[0], min, max) },
      y: { range: (_u, min, max) => [Math.min(0, min ?? 0), max > 0 ? max * 1.1 : 1] },
    },
    hooks: withAlertBands({ draw: [(u) => markLostRounds(u, raw)] }, spec.alerts),
    cursor: { points: { size: 8 }, drag: { x: false, y: false } },
    legend: { live: true },
  };
  const data = [spec.aligned.rounds, ...values] as uPlot.AlignedData;
  const plot = new uPlot(options, data, root);
  root.plot = plot;
  const pick = (seriesIndex: number, pointIndex: number): void => {
    const value = raw[seriesIndex]?.values[pointIndex];
    const round = spec.aligned.rounds[pointIndex];
    if (value === null || value === undefined || round === undefined) return;
    const time = new Date(round * 1000).toISOString().slice(0, 16).replace('T', ' ');
    picked.textContent = `${raw[seriesIndex]!.label} · ${time} UTC · ${formatValue(spec.unit)(value)}`;
    onPick(seriesIndex, pointIndex);
  };
  plot.over.addEventListener('click', () => {
    const nearest = nearestSeries(plot, values);
    if (nearest !== undefined) pick(nearest, plot.cursor.idx!);
  });
  keyboard(root, plot, values, pick);
  return root;
}

/** The series whose point at the cursor's round is closest to the pointer (within 30 px). */
function nearestSeries(plot: uPlot, values: (number | null)[][]): number | undefined {
  const idx = plot.cursor.idx;
  const top = plot.cursor.top;
  if (idx === null || idx === undefined || top === undefined) return undefined;
  let best: number | undefined;
  let bestDistance = 30;
  values.forEach((series, i) => {
    const v = series[idx];
    if (v === null || v === undefined || !plot.series[i + 1]!.show) return;
    const distance = Math.abs(plot.valToPos(v, 'y') - top);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

function keyboard(
  root: HTMLElement,
  plot: uPlot,
  values: (number | null)[][],
  pick: (s: number, p: number) => void,
): void {
  let seriesIndex = 0;
  let pointIndex = -1;
  const move = (): void => {
    const v = values[seriesIndex]?.[pointIndex];
    const x = plot.data[0][pointIndex];
    if (x === undefined) return;
    plot.setCursor({ left: plot.valToPos(x, 'x'), top: v === null || v === undefined ? 0 : plot.valToPos(v, 'y') });
  };
  root.addEventListener('keydown', (event) => {
    const points = plot.data[0].length;
    if (points === 0) return;
    switch (event.key) {
      case 'ArrowRight':
        pointIndex = Math.min(points - 1, pointIndex + 1);
        break;
      case 'ArrowLeft':
        pointIndex = Math.max(0, pointIndex - 1);
        break;
      case 'ArrowDown':
        seriesIndex = (seriesIndex + 1) % values.length;
        break;
      case 'ArrowUp':
        seriesIndex = (seriesIndex - 1 + values.length) % values.length;
        break;
      case 'Enter':
      case ' ':
        if (pointIndex >= 0) pick(seriesIndex, pointIndex);
        event.preventDefault();
        return;
      default:
        return;
    }
    if (pointIndex < 0) pointIndex = 0;
    event.preventDefault();
    move();
  });
}
