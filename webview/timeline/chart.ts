// The stacked lanes on one time axis, drawn as SVG: marks coloured by grade, poor periods
// shaded across every lane, a brushed range, ticks in local time. Text goes in through
// textContent only (SSIDs, titles and rDNS names come from the outside world).
import { GRADE_COLORS } from '../shared/grades';
import { marksIn, type Lane, type Mark } from './lanes';
import { tickLabel, type TimeScale, type Window } from './scale';

const SVG = 'http://www.w3.org/2000/svg';
export const LABEL_WIDTH = 150;
export const AXIS_HEIGHT = 24;
const LANE_GAP = 6;
/** Width of a character of a mark label (10 px text), rounded up: labels are kept apart by it. */
const LABEL_CHAR_PX = 6;

export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | undefined> = {},
  text?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A label cut to fit the label column (the whole text is in the lane's tooltip and spoken label). */
function fitLabel(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export interface LaneBox {
  lane: Lane;
  top: number;
  height: number;
}

/** Where each lane sits, top to bottom. */
export function layoutLanes(lanes: readonly Lane[]): { boxes: LaneBox[]; height: number } {
  let top = 0;
  const boxes = lanes.map((lane) => {
    const box = { lane, top, height: lane.height };
    top += lane.height + LANE_GAP;
    return box;
  });
  return { boxes, height: top + AXIS_HEIGHT };
}

export interface ChartState {
  scale: TimeScale;
  periods: readonly Window[];
  brush: Window | undefined;
  active: { laneId: string; index: number } | undefined;
}

const EVENT_GLYPHS: Record<string, string> = {
  connection: 'C',
  ssid: 'S',
  roam: 'R',
  publicIp: 'IP',
  isp: 'ISP',
  vpn: 'V',
  proxy: 'P',
  gateway: 'G',
  agentState: '!',
};

export function drawChart(svg: SVGSVGElement, boxes: readonly LaneBox[], height: number, state: ChartState): void {
  const { scale } = state;
  const width = LABEL_WIDTH + scale.width;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  const plot = svgEl('g', { class: 'tl-plot', transform: `translate(${LABEL_WIDTH},0)` });
  const clip = svgEl('clipPath', { id: 'tl-clip' }, undefined);
  clip.append(svgEl('rect', { x: 0, y: 0, width: scale.width, height }));
  const shades = svgEl('g', { class: 'tl-periods', 'clip-path': 'url(#tl-clip)' });
  for (const period of state.periods) shades.append(band(scale, period, height - AXIS_HEIGHT, 'tl-period'));
  if (state.brush) shades.append(band(scale, state.brush, height - AXIS_HEIGHT, 'tl-brush'));
  plot.append(shades);
  const labels = svgEl('g', { class: 'tl-labels' });
  for (const box of boxes) {
    const label = svgEl('text', { x: 4, y: box.top + 14, class: 'tl-lane-label' }, fitLabel(box.lane.label, 22));
    label.append(svgEl('title', {}, box.lane.label));
    labels.append(label);
    if (box.lane.caption)
      labels.append(svgEl('text', { x: 4, y: box.top + 28, class: 'tl-lane-caption' }, fitLabel(box.lane.caption, 28)));
    const group = svgEl('g', {
      class: 'tl-lane',
      'data-lane': box.lane.id,
      transform: `translate(0,${box.top})`,
      'clip-path': 'url(#tl-clip-lane)',
    });
    group.append(svgEl('rect', { class: 'tl-lane-bg', x: 0, y: 0, width: scale.width, height: box.height }));
    drawMarks(group, box, scale, state.active?.laneId === box.lane.id ? state.active.index : undefined);
    plot.append(group);
  }
  plot.append(axis(scale, height - AXIS_HEIGHT));
  svg.replaceChildren(svgEl('defs', {}), labels, plot);
  svg.querySelector('defs')?.append(clip, laneClip(scale.width, Math.max(...boxes.map((b) => b.height), 0)));
}

function laneClip(width: number, height: number): SVGClipPathElement {
  const clip = svgEl('clipPath', { id: 'tl-clip-lane' });
  clip.append(svgEl('rect', { x: -8, y: -2, width: width + 16, height: height + 4 }));
  return clip;
}

function band(scale: TimeScale, window: Window, height: number, cls: string): SVGRectElement {
  const x0 = Math.max(-2, scale.x(window.fromMs));
  const x1 = Math.min(scale.width + 2, scale.x(window.toMs));
  return svgEl('rect', { class: cls, x: x0, y: 0, width: Math.max(2, x1 - x0), height });
}

function axis(scale: TimeScale, y: number): SVGGElement {
  const group = svgEl('g', { class: 'tl-axis', transform: `translate(0,${y})`, 'aria-hidden': 'true' });
  group.append(svgEl('line', { x1: 0, x2: scale.width, y1: 0, y2: 0 }));
  for (const t of scale.ticks()) {
    const x = scale.x(t);
    group.append(
      svgEl('line', { x1: x, x2: x, y1: 0, y2: 4 }),
      svgEl('text', { x, y: 16, 'text-anchor': 'middle' }, tickLabel(t)),
    );
  }
  return group;
}

function drawMarks(group: SVGGElement, box: LaneBox, scale: TimeScale, activeIndex: number | undefined): void {
  const { lane, height } = box;
  if (lane.shape === 'alert') {
    drawAlertMarks(group, box, scale, activeIndex);
    return;
  }
  const visible = marksIn(lane.marks, scale.view.fromMs - scale.span * 0.02, scale.view.toMs + scale.span * 0.02);
  const yOf = (value: number): number => height - 4 - value * (height - 10);
  if (lane.shape === 'line' || lane.shape === 'band') {
    if (lane.shape === 'band') {
      const upper = visible.map((m) => `${scale.x(m.t).toFixed(1)},${yOf(m.y1 ?? m.y).toFixed(1)}`);
      const lower = [...visible].reverse().map((m) => `${scale.x(m.t).toFixed(1)},${yOf(m.y0 ?? m.y).toFixed(1)}`);
      if (visible.length > 1)
        group.append(svgEl('polygon', { class: 'tl-band', points: [...upper, ...lower].join(' ') }));
    }
    if (visible.length > 1)
      group.append(
        svgEl('polyline', {
          class: 'tl-line',
          points: visible.map((m) => `${scale.x(m.t).toFixed(1)},${yOf(m.y).toFixed(1)}`).join(' '),
        }),
      );
  }
  let labelEnd = Number.NEGATIVE_INFINITY;
  for (const mark of visible) {
    const x = scale.x(mark.t);
    if (lane.shape === 'dot')
      group.append(
        svgEl('circle', {
          class: 'tl-mark',
          cx: x,
          cy: height / 2,
          r: mark.size ?? 4,
          fill: GRADE_COLORS[mark.grade ?? 'unknown'],
        }),
      );
    else if (lane.shape === 'square')
      group.append(
        svgEl('rect', {
          class: 'tl-mark',
          x: x - 3,
          y: yOf(mark.y) - 3,
          width: 6,
          height: 6,
          fill: GRADE_COLORS[mark.grade ?? 'unknown'],
        }),
      );
    else if (lane.shape === 'event') group.append(eventMark(mark, x, height));
    else if (visible.length === 1) group.append(svgEl('circle', { class: 'tl-point', cx: x, cy: yOf(mark.y), r: 3 }));
    if (mark.alarm) group.append(svgEl('path', { class: 'tl-alarm', d: `M${x - 4},2 L${x + 4},2 L${x},9 Z` }));
    // A label that would run into the one before is left out (the mark's tooltip still names it).
    if (mark.label && x + 6 > labelEnd + 4) {
      group.append(svgEl('text', { class: 'tl-mark-label', x: x + 6, y: Math.max(10, yOf(mark.y) - 4) }, mark.label));
      labelEnd = x + 6 + mark.label.length * LABEL_CHAR_PX;
    }
  }
  const active = activeIndex === undefined ? undefined : lane.marks[activeIndex];
  if (active)
    group.append(svgEl('rect', { class: 'tl-active', x: scale.x(active.t) - 7, y: 1, width: 14, height: height - 2 }));
}

function eventMark(mark: Mark, x: number, height: number): SVGGElement {
  const group = svgEl('g', { class: `tl-event tl-event-${mark.event ?? 'other'}` });
  group.append(svgEl('line', { x1: x, x2: x, y1: 2, y2: height - 2 }));
  const glyph = EVENT_GLYPHS[mark.event ?? ''] ?? '•';
  group.append(
    svgEl('rect', { x: x - 3 - glyph.length * 3.5, y: height / 2 - 8, width: 6 + glyph.length * 7, height: 16, rx: 3 }),
  );
  group.append(svgEl('text', { x, y: height / 2 + 4, 'text-anchor': 'middle' }, glyph));
  return group;
}

/**
 * Alerts and events over their span: a bar coloured by level with the level's cue written at its start (never colour
 * alone), each focusable with its whole label spoken and shown as its tooltip (text only: names come from the API).
 */
function drawAlertMarks(group: SVGGElement, box: LaneBox, scale: TimeScale, activeIndex: number | undefined): void {
  const { lane, height } = box;
  lane.marks.forEach((mark, index) => {
    const until = mark.until ?? mark.t;
    if (until < scale.view.fromMs || mark.t > scale.view.toMs) return;
    const x0 = Math.max(-2, scale.x(mark.t));
    const x1 = Math.min(scale.width + 2, scale.x(until));
    const bar = svgEl('g', {
      class: `tl-alert tl-alert-${mark.level ?? 'info'}`,
      tabindex: 0,
      role: 'img',
      'aria-label': mark.text,
    });
    bar.append(
      svgEl('title', {}, mark.text),
      svgEl('rect', { x: x0, y: 4, width: Math.max(4, x1 - x0), height: height - 8, rx: 2 }),
      svgEl('text', { x: x0 + 3, y: height / 2 + 4 }, mark.cue ?? ''),
    );
    group.append(bar);
    if (index === activeIndex)
      group.append(
        svgEl('rect', { class: 'tl-active', x: x0 - 2, y: 1, width: Math.max(8, x1 - x0 + 4), height: height - 2 }),
      );
  });
}
