// A deployed test's alerts and events as shaded bands behind each metrics chart, over their span
// (an active one to the right edge): the fill is the level's theme colour, the label at the band's
// top writes the level's cue and the rule's name (never colour alone), and the list below the
// charts says each one in words for screen readers. Names come from the API: inserted as text.
import type uPlot from 'uplot';
import { LEVEL_CUE, markLabel, type AlertMark, type MarkLevel } from '../../src/analysis/alerts/marks';
import { el } from '../shared/dom';

export interface AlertBand {
  /** Epoch seconds, as the charts' x axis. */
  fromS: number;
  /** Infinity while active: to the right edge. */
  toS: number;
  level: MarkLevel;
  /** "! Default Network Loss": written at the band's top. */
  short: string;
  /** "Major alert Default Network Loss on Outlook, 10:05–10:40, 3 sources" (UTC). */
  label: string;
}

const utcClock = (epochMs: number): string => new Date(epochMs).toISOString().slice(11, 16);

export function alertBands(marks: readonly AlertMark[]): AlertBand[] {
  return marks.map((mark) => ({
    fromS: mark.startMs / 1000,
    toS: mark.endMs === undefined ? Infinity : mark.endMs / 1000,
    level: mark.level,
    short: `${LEVEL_CUE[mark.level]} ${mark.title}`,
    label: markLabel(mark, utcClock),
  }));
}

const LEVEL_VARIABLES: Record<MarkLevel, [string, string]> = {
  critical: ['--vscode-charts-red', '#f14c4c'],
  major: ['--vscode-charts-orange', '#d18616'],
  minor: ['--vscode-charts-yellow', '#cca700'],
  info: ['--vscode-charts-blue', '#3794ff'],
};

function levelColour(level: MarkLevel): string {
  const [variable, fallback] = LEVEL_VARIABLES[level];
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || fallback;
}

/** The band's ends on the plot (canvas pixels with `canvas`, else CSS pixels of the over layer); undefined: outside. */
function span(u: uPlot, band: AlertBand, canvas: boolean): [number, number] | undefined {
  const width = canvas ? u.bbox.width : u.over.clientWidth;
  const origin = canvas ? u.bbox.left : 0;
  const x0 = Math.max(origin, u.valToPos(band.fromS, 'x', canvas));
  const x1 = Number.isFinite(band.toS) ? Math.min(origin + width, u.valToPos(band.toS, 'x', canvas)) : origin + width;
  return x1 > origin && x0 < origin + width ? [x0, Math.max(x1, x0 + 2)] : undefined;
}

/** Behind the series: drawn right after the canvas is cleared. */
function paintBands(u: uPlot, bands: readonly AlertBand[]): void {
  const { ctx } = u;
  ctx.save();
  for (const band of bands) {
    const ends = span(u, band, true);
    if (!ends) continue;
    ctx.globalAlpha = 0.16;
    ctx.fillStyle = levelColour(band.level);
    ctx.fillRect(ends[0], u.bbox.top, ends[1] - ends[0], u.bbox.height);
  }
  ctx.restore();
}

/** The labels at the bands' tops (hidden from screen readers: the list below says the same). */
function labelBands(u: uPlot, bands: readonly AlertBand[]): void {
  for (const old of Array.from(u.over.querySelectorAll('.alert-band-label'))) old.remove();
  bands.forEach((band, index) => {
    const ends = span(u, band, false);
    if (!ends) return;
    const label = el('span', { class: `alert-band-label alert-${band.level}`, 'aria-hidden': 'true' }, band.short);
    label.style.left = `${ends[0]}px`;
    label.style.top = `${2 + (index % 3) * 14}px`;
    label.style.maxWidth = `${Math.max(40, ends[1] - ends[0])}px`;
    u.over.append(label);
  });
}

/** The chart's hooks with the bands added (none: as they were). */
export function withAlertBands(hooks: uPlot.Hooks.Arrays, bands: readonly AlertBand[] | undefined): uPlot.Hooks.Arrays {
  if (!bands?.length) return hooks;
  return {
    ...hooks,
    drawClear: [...(hooks.drawClear ?? []), (u) => paintBands(u, bands)],
    draw: [...(hooks.draw ?? []), (u) => labelBands(u, bands)],
  };
}

/** Below the charts: every band in words, and how many were left out. */
export function alertList(bands: readonly AlertBand[], leftOut: number): HTMLElement {
  const items = bands.map((band) =>
    el(
      'li',
      { class: `alert-${band.level}` },
      el('span', { class: 'alert-cue', 'aria-hidden': 'true' }, LEVEL_CUE[band.level]),
      ` ${band.label}`,
    ),
  );
  if (leftOut > 0) items.push(el('li', {}, `${leftOut} more not shown`));
  return el(
    'section',
    { class: 'alert-list', 'aria-labelledby': 'alert-list-h' },
    el('h2', { id: 'alert-list-h' }, 'Alerts & events in this range (shaded on the charts; times UTC)'),
    el('ul', {}, ...items),
  );
}
