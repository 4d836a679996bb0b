// Entry of the agent timeline webview: the verdict over time, then every lane on one time
// axis. Hover shows a record, click (or Enter) opens it, the wheel and keys zoom and pan,
// dragging brushes a range and the verdict narrows to it.
import { timelineVerdict, type TimelineVerdict } from '../../src/analysis/timeline';
import { LIST_LABELS } from '../../src/analysis/timeline/model';
import { el } from '../shared/dom';
import { drawSafely } from '../shared/draw-safely';
import { GRADE_COLORS } from '../shared/grades';
import { hostApi } from '../shared/ipc';
import { adoptStyles } from '../shared/sheet';
import { drawChart, layoutLanes, LABEL_WIDTH, type LaneBox } from './chart';
import { alertsDrawn, lanesWithin, nearestMark, timelineLanes, type Lane, type Mark } from './lanes';
import {
  isTimelineHostMessage,
  RANGE_PRESETS,
  type RangePreset,
  type TimelineLoad,
  type TimelinePanelMessage,
} from './protocol';
import { localClock, TimeScale, type Window } from './scale';
import { TIMELINE_CSS } from './styles';

const host = hostApi<TimelinePanelMessage>();
adoptStyles(TIMELINE_CSS);

const live = el('p', { class: 'tl-live', role: 'status', 'aria-live': 'polite' });
const root = el('div', { class: 'tl' }, el('p', { class: 'tl-muted', role: 'status' }, 'Loading the timeline…'));
document.body.append(live, root);

/** "Show" selects a period with this much either side. */
const SHOW_MARGIN_MS = 20 * 60_000;
const HELP =
  'Chart keys: Up and Down choose a lane, Left and Right move between its records, Enter opens one; ' +
  '+ and − zoom, Shift+Left and Shift+Right pan, Home shows the whole range, ' +
  'B narrows the verdict to the visible range, Escape clears it.';

interface State {
  load: TimelineLoad;
  lanes: Lane[];
  boxes: LaneBox[];
  height: number;
  scale: TimeScale;
  brush: Window | undefined;
  active: { laneId: string; index: number } | undefined;
  verdict: TimelineVerdict;
}

let state: State | undefined;
const progress = el('span', { class: 'tl-progress tl-muted', role: 'status' });
const cancel = el('button', { type: 'button', hidden: true }, 'Cancel');
cancel.addEventListener('click', () => {
  cancel.hidden = true;
  host.postMessage({ type: 'cancel', params: undefined });
});
const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
svg.classList.add('tl-chart');
svg.setAttribute('tabindex', '0');
svg.setAttribute('role', 'application');
svg.setAttribute('aria-roledescription', 'timeline chart');
svg.setAttribute('aria-describedby', 'tl-help');
const tip = el('div', { class: 'tl-tip', hidden: true, role: 'tooltip' });
const verdictBox = el('section', { class: 'tl-verdict', 'aria-labelledby': 'tl-verdict-h' });

function chartWidth(): number {
  return Math.max(360, (root.clientWidth || 900) - LABEL_WIDTH - 30);
}

function load(params: TimelineLoad): void {
  const { timeline } = params;
  const range = { fromMs: timeline.range.fromMs, toMs: timeline.range.toMs };
  const keepView =
    state &&
    state.load.timeline.agent.agentId === timeline.agent.agentId &&
    state.load.timeline.range.fromMs === range.fromMs &&
    state.load.timeline.range.toMs === range.toMs;
  const lanes = timelineLanes(timeline);
  const { boxes, height } = layoutLanes(lanes);
  state = {
    load: params,
    lanes,
    boxes,
    height,
    scale: keepView && state ? state.scale.withWidth(chartWidth()) : TimeScale.of(range, chartWidth()),
    brush: keepView ? state?.brush : undefined,
    active: undefined,
    verdict: timelineVerdict(timeline.lanes, timeline.events, localClock),
  };
  root.replaceChildren(
    header(params),
    el('p', { class: 'tl-loading' }, progress, ' ', cancel),
    gapsBlock(params),
    verdictBox,
    legend(),
    el('p', { id: 'tl-help', class: 'tl-help tl-muted' }, HELP),
    el('div', { class: 'tl-chart-wrap' }, svg, tip),
  );
  root.dataset['complete'] = String(timeline.complete);
  if (timeline.complete) progress.replaceChildren();
  else if (!progress.textContent) progress.textContent = 'Loading…';
  cancel.hidden = timeline.complete;
  redraw();
  const { lanes: data } = timeline;
  host.postMessage({
    type: 'rendered',
    params: {
      agentId: timeline.agent.agentId,
      complete: timeline.complete,
      periods: state.verdict.periods.length,
      sessions: data.sessions.length,
      pages: data.pages.length,
      networkLanes: data.network.length,
      probeLanes: data.probes.length,
      events: timeline.events.length,
      gaps: timeline.gaps.length,
      ...alertsDrawn(lanes),
    },
  });
  if (timeline.complete)
    live.textContent = `Timeline of ${timeline.agent.name ?? timeline.agent.agentId}: ${state.verdict.summary}`;
}

function header(params: TimelineLoad): HTMLElement {
  const { agent } = params.timeline;
  const status = agent.deleted ? 'deleted' : agent.status || 'status unknown';
  const rangeButton = (preset: RangePreset, label: string): HTMLButtonElement => {
    const button = el('button', { type: 'button', 'aria-pressed': String(params.preset === preset) }, label);
    button.addEventListener('click', () => host.postMessage({ type: 'setRange', params: { preset } }));
    return button;
  };
  const copy = el('button', { type: 'button' }, 'Copy as Text');
  copy.addEventListener('click', () => host.postMessage({ type: 'copyText', params: undefined }));
  const evidence = el(
    'button',
    { type: 'button', title: 'One offline file for a ticket: the verdict over time, its periods and what changed' },
    'Export Evidence…',
  );
  evidence.addEventListener('click', () => host.postMessage({ type: 'exportEvidence', params: undefined }));
  const share = el(
    'button',
    {
      type: 'button',
      'aria-label': "Share for a Ticket: the timeline's evidence, in a folder you pick",
      title: 'The evidence (HTML) in a folder you pick, as it is or pseudonymised',
    },
    'Share for a Ticket…',
  );
  share.addEventListener('click', () => host.postMessage({ type: 'shareForTicket', params: undefined }));
  return el(
    'header',
    {},
    el(
      'div',
      { class: 'tl-head' },
      el('h1', {}, `Timeline: ${agent.name ?? agent.agentId}`),
      el('span', { class: 'tl-muted' }, `${status} · ${params.rangeLabel} · times in local time`),
    ),
    el(
      'div',
      { class: 'tl-bar', role: 'group', 'aria-label': 'Time range' },
      ...RANGE_PRESETS.map((p) => rangeButton(p, `Last ${p}`)),
      rangeButton('today', 'Today'),
      rangeButton('yesterday', 'Yesterday'),
      rangeButton('custom', 'Range\u2026'),
      rangeButton('view', 'View\u2019s range'),
      copy,
      evidence,
      share,
    ),
  );
}

function gapsBlock(params: TimelineLoad): HTMLElement {
  const items = params.timeline.gaps.map((gap) => {
    const retry = el('button', { type: 'button' }, `Retry ${LIST_LABELS[gap.list]}`);
    retry.addEventListener('click', () => host.postMessage({ type: 'retryGap', params: { list: gap.list } }));
    return el(
      'li',
      { class: 'tl-gap' },
      `${LIST_LABELS[gap.list]} after ${localClock(gap.fromMs)} could not be read (${gap.reason}). `,
      retry,
    );
  });
  return items.length ? el('ul', { role: 'alert' }, ...items) : el('div', {});
}

function legend(): HTMLElement {
  const swatch = (grade: string, label: string): HTMLElement => {
    const s = el('span', {}, label);
    s.style.setProperty('--swatch', GRADE_COLORS[grade] ?? '');
    return s;
  };
  return el(
    'div',
    { class: 'tl-legend', 'aria-label': 'Legend' },
    swatch('ok', 'good'),
    swatch('warn', 'fair'),
    swatch('bad', 'poor'),
    swatch('unknown', 'not scored'),
    el(
      'span',
      { class: 'tl-muted' },
      'Shaded: periods of poor experience. ▼ red: loss. ' +
        'Letters: R roaming, S SSID, IP public IP, ISP, V VPN, P proxy, G gateway, C connection, ! agent state.',
    ),
  );
}

function verdictView(s: State): void {
  const brushed = s.brush
    ? timelineVerdict(
        lanesWithin(s.load.timeline.lanes, s.brush.fromMs, s.brush.toMs),
        s.load.timeline.events,
        localClock,
      )
    : undefined;
  const shown = brushed ?? s.verdict;
  const preliminary = s.load.timeline.complete ? '' : ' (preliminary: still reading)';
  const heading = s.brush
    ? `Verdict for ${localClock(s.brush.fromMs)}–${localClock(s.brush.toMs)} (selected)${preliminary}`
    : `Verdict over time${preliminary}`;
  const clear = s.brush ? el('button', { type: 'button' }, 'Clear selection') : null;
  clear?.addEventListener('click', () => {
    s.brush = undefined;
    redraw();
  });
  const periods = shown.periods.map((period) => {
    const show = el(
      'button',
      { type: 'button', 'aria-label': `Show ${localClock(period.fromMs)}–${localClock(period.toMs)} on the chart` },
      'Show',
    );
    show.addEventListener('click', () => {
      // The selection keeps a margin either side, so the narrowed verdict still sees how the period began and ended.
      const window = { fromMs: period.fromMs - SHOW_MARGIN_MS, toMs: period.toMs + SHOW_MARGIN_MS };
      s.scale = s.scale.to(window);
      s.brush = window;
      redraw();
      svg.focus();
    });
    return el('li', {}, period.line, show);
  });
  const parts: HTMLElement[] = [
    el('h2', { id: 'tl-verdict-h' }, heading, clear ? ' ' : '', clear),
    el('p', {}, shown.summary),
  ];
  if (periods.length) parts.push(el('ul', {}, ...periods));
  if (shown.missing.length) parts.push(el('p', { class: 'tl-muted' }, `Missing: ${shown.missing.join('; ')}.`));
  verdictBox.replaceChildren(...parts);
}

function redraw(): void {
  const s = state;
  if (!s) return;
  drawSafely(host, () => {
    verdictView(s);
    drawChart(svg, s.boxes, s.height, { scale: s.scale, periods: s.verdict.periods, brush: s.brush, active: s.active });
    svg.setAttribute(
      'aria-label',
      `Timeline chart, ${localClock(s.scale.view.fromMs)} to ${localClock(s.scale.view.toMs)}, ${s.lanes.length} lanes`,
    );
  });
}

// ---------- pointer ----------

function pointAt(event: MouseEvent): { box?: LaneBox; t: number; x: number } | undefined {
  if (!state) return undefined;
  const rect = svg.getBoundingClientRect();
  const x = event.clientX - rect.left - LABEL_WIDTH;
  const y = event.clientY - rect.top;
  if (x < 0 || x > state.scale.width) return undefined;
  return { box: state.boxes.find((b) => y >= b.top && y <= b.top + b.height), t: state.scale.t(x), x };
}

function markNear(event: MouseEvent): Mark | undefined {
  const at = pointAt(event);
  if (!at?.box || !state) return undefined;
  const found = nearestMark(at.box.lane.marks, at.t);
  return found && Math.abs(state.scale.x(found.mark.t) - at.x) <= 8 ? found.mark : undefined;
}

let drag: { startX: number; startT: number; moved: boolean } | undefined;

svg.addEventListener('mousemove', (event) => {
  if (drag && state) {
    const at = pointAt(event);
    if (at && Math.abs(at.x - drag.startX) > 4) {
      drag.moved = true;
      state.brush = { fromMs: Math.min(drag.startT, at.t), toMs: Math.max(drag.startT, at.t) };
      redraw();
    }
    return;
  }
  const mark = markNear(event);
  tip.hidden = !mark;
  if (!mark) return;
  tip.textContent = mark.text;
  const wrap = svg.parentElement?.getBoundingClientRect();
  tip.style.left = `${event.clientX - (wrap?.left ?? 0) + 12}px`;
  tip.style.top = `${event.clientY - (wrap?.top ?? 0) + 12}px`;
});
svg.addEventListener('mouseleave', () => {
  tip.hidden = true;
});
svg.addEventListener('mousedown', (event) => {
  const at = pointAt(event);
  if (at && event.button === 0) drag = { startX: at.x, startT: at.t, moved: false };
});
window.addEventListener('mouseup', (event) => {
  const was = drag;
  drag = undefined;
  if (!was || was.moved) return;
  const mark = markNear(event);
  if (mark?.open) host.postMessage(mark.open);
});
svg.addEventListener('dblclick', () => {
  if (state) {
    state.brush = undefined;
    redraw();
  }
});
svg.addEventListener(
  'wheel',
  (event) => {
    if (!state) return;
    const at = pointAt(event);
    if (!at) return;
    event.preventDefault();
    const delta = event.deltaY || event.deltaX;
    state.scale =
      event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)
        ? state.scale.pan((delta / 500) * state.scale.span)
        : state.scale.zoom(delta > 0 ? 1.25 : 0.8, at.t);
    redraw();
  },
  { passive: false },
);

// ---------- keyboard ----------

svg.addEventListener('keydown', (event) => {
  const s = state;
  if (!s) return;
  const handled = keyAction(s, event);
  if (!handled) return;
  event.preventDefault();
  redraw();
});

function keyAction(s: State, event: KeyboardEvent): boolean {
  const laneIndex = s.active ? s.lanes.findIndex((l) => l.id === s.active?.laneId) : -1;
  switch (event.key) {
    case '+':
    case '=':
      s.scale = s.scale.zoom(0.5);
      return true;
    case '-':
    case '_':
      s.scale = s.scale.zoom(2);
      return true;
    case 'Home':
      s.scale = s.scale.reset();
      return true;
    case 'Escape':
      s.brush = undefined;
      return true;
    case 'b':
    case 'B':
      s.brush = { ...s.scale.view };
      return true;
    case 'ArrowUp':
    case 'ArrowDown': {
      const next = Math.min(s.lanes.length - 1, Math.max(0, laneIndex + (event.key === 'ArrowDown' ? 1 : -1)));
      const lane = s.lanes[next] as Lane;
      const mid = (s.scale.view.fromMs + s.scale.view.toMs) / 2;
      const found = nearestMark(lane.marks, mid);
      s.active = { laneId: lane.id, index: found?.index ?? 0 };
      announce(lane, found?.mark);
      return true;
    }
    case 'ArrowLeft':
    case 'ArrowRight': {
      if (event.shiftKey || !s.active) {
        s.scale = s.scale.pan((event.key === 'ArrowRight' ? 0.2 : -0.2) * s.scale.span);
        return true;
      }
      const lane = s.lanes[laneIndex] as Lane;
      const index = Math.min(
        lane.marks.length - 1,
        Math.max(0, s.active.index + (event.key === 'ArrowRight' ? 1 : -1)),
      );
      s.active = { laneId: lane.id, index };
      const mark = lane.marks[index];
      if (mark && (mark.t < s.scale.view.fromMs || mark.t > s.scale.view.toMs))
        s.scale = s.scale.pan(mark.t - (s.scale.view.fromMs + s.scale.view.toMs) / 2);
      announce(lane, mark);
      return true;
    }
    case 'Enter': {
      const mark = s.active ? s.lanes[laneIndex]?.marks[s.active.index] : undefined;
      if (mark?.open) host.postMessage(mark.open);
      return mark !== undefined;
    }
    default:
      return false;
  }
}

function announce(lane: Lane, mark: Mark | undefined): void {
  live.textContent = mark ? `${lane.label}: ${mark.text}` : `${lane.label}: no records`;
}

window.addEventListener('resize', () => {
  if (state) {
    state.scale = state.scale.withWidth(chartWidth());
    redraw();
  }
});

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isTimelineHostMessage(message)) return;
  if (message.type === 'progress') {
    progress.textContent = message.params.text;
    return;
  }
  if (message.type === 'error') {
    root.replaceChildren(el('p', { class: 'tl-error', role: 'alert' }, message.params.message));
    state = undefined;
    return;
  }
  drawSafely(host, () => load(message.params));
});

host.postMessage({ type: 'ready', params: undefined });
