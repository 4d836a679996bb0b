// The virtualized waterfall: sortable header, time axis with drag-to-zoom, a recycled
// pool of rows, grid and page-timing lines, hover card and keyboard navigation.
import { formatMs, type SortDirection, type SortKey, type WaterfallRow } from '../../src/analysis/har';
import type { IdleGap } from '../../src/analysis/har/time-split';
import { el } from '../shared/dom';
import { RowElement } from './rows';
import { TimeScale, tickLabel, type TimeRange } from './scale';
import { ROW_HEIGHT } from './styles';
import { RowTooltip } from './tooltip';

export interface WaterfallViewEvents {
  select(position: number): void;
  open(position: number): void;
  close(): void;
  sort(key: SortKey): void;
  zoom(range: TimeRange | undefined): void;
  /** Ctrl/Cmd+F or `/`: jump to the filter box. */
  find(): void;
}

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'status', label: 'Status' },
  { key: 'method', label: 'Method' },
  { key: 'type', label: 'Type' },
  { key: 'domain', label: 'Domain' },
  { key: 'size', label: 'Size' },
  { key: 'time', label: 'Time' },
];
const OVERSCAN = 6;

/** What the timeline draws besides the rows: DOMContentLoaded, onLoad and the idle gaps. */
export interface TimelineMarks {
  dcl?: number;
  load?: number;
  gaps?: readonly IdleGap[];
}

export class WaterfallView {
  readonly element: HTMLElement;
  private readonly headCells = new Map<SortKey, HTMLElement>();
  private readonly axis = el('div', { class: 'har-axis', title: 'Drag to zoom to a time span; double-click to reset' });
  // The header row sits outside the scrolling viewport (it stays put); aria-owns makes it the grid's first row.
  private readonly viewport = el('div', {
    class: 'har-viewport',
    tabindex: 0,
    role: 'grid',
    'aria-label': 'Requests',
    'aria-owns': 'har-head har-rows',
  });
  private readonly spacer = el('div', { class: 'har-spacer', role: 'rowgroup', id: 'har-rows' });
  private readonly overlay = el('div', { class: 'har-overlay' });
  private readonly empty = el('div', { class: 'har-empty', hidden: true });
  private readonly tooltip = new RowTooltip();
  private pool: RowElement[] = [];
  private rows: readonly WaterfallRow[] = [];
  private marks: TimelineMarks = {};
  /** File positions of the entries on the critical path: their rows are marked. */
  private critical: ReadonlySet<number> = new Set();
  private range: TimeRange = { start: 0, end: 1 };
  private selected = -1;
  private axisWidth = 0;
  private frame = 0;
  private axisKey = '';

  constructor(private readonly events: WaterfallViewEvents) {
    const head = el('div', { class: 'har-head har-grid', role: 'row', id: 'har-head', 'aria-rowindex': 1 });
    for (const column of COLUMNS) {
      const button = el('button', { type: 'button' }, column.label);
      button.addEventListener('click', () => events.sort(column.key));
      const cell = el('div', { role: 'columnheader', 'aria-sort': 'none' }, button);
      this.headCells.set(column.key, cell);
      head.append(cell);
    }
    head.append(this.axis);
    this.viewport.append(this.spacer);
    this.element = el(
      'div',
      { class: 'har-table' },
      head,
      el('div', { class: 'har-body' }, this.viewport, this.overlay, this.empty),
      this.tooltip.element,
    );
    this.viewport.addEventListener('scroll', () => this.schedule());
    this.viewport.addEventListener('keydown', (e) => this.onKey(e));
    this.viewport.addEventListener('click', (e) => this.onClick(e));
    this.viewport.addEventListener('mousemove', (e) => this.onHover(e));
    this.viewport.addEventListener('mouseleave', () => this.tooltip.hide());
    this.wireBrush();
    new ResizeObserver(() => {
      this.measure();
      this.schedule();
    }).observe(this.axis);
  }

  /** A new page or document: back to the top, nothing selected. */
  reset(): void {
    this.selected = -1;
    this.viewport.scrollTop = 0;
  }

  setRows(rows: readonly WaterfallRow[], emptyText: string): void {
    this.rows = rows;
    this.spacer.style.height = `${rows.length * ROW_HEIGHT}px`;
    this.viewport.setAttribute('aria-rowcount', String(rows.length + 1));
    this.empty.hidden = rows.length > 0;
    this.empty.textContent = emptyText;
    this.selected = Math.min(this.selected, rows.length - 1);
    this.render();
  }

  setTimeline(range: TimeRange, marks: TimelineMarks): void {
    this.range = range;
    this.marks = marks;
    this.render();
  }

  setCritical(entryIndices: ReadonlySet<number>): void {
    this.critical = entryIndices;
    this.render();
  }

  setSort(key: SortKey, direction: SortDirection): void {
    for (const [column, cell] of this.headCells) {
      cell.setAttribute('aria-sort', column !== key ? 'none' : direction === 'asc' ? 'ascending' : 'descending');
    }
  }

  select(position: number, reveal = true): void {
    if (this.rows.length === 0) return;
    this.selected = Math.max(0, Math.min(this.rows.length - 1, position));
    if (reveal) this.reveal(this.selected);
    this.render();
    this.events.select(this.selected);
  }

  get selection(): number {
    return this.selected;
  }
  focus(): void {
    this.viewport.focus();
  }

  private reveal(position: number): void {
    const top = position * ROW_HEIGHT;
    const { scrollTop, clientHeight } = this.viewport;
    if (top < scrollTop) this.viewport.scrollTop = top;
    else if (top + ROW_HEIGHT > scrollTop + clientHeight) this.viewport.scrollTop = top + ROW_HEIGHT - clientHeight;
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private measure(): void {
    this.axisWidth = this.axis.getBoundingClientRect().width;
  }

  /** Draws the rows in (and just around) the viewport; everything else stays parked. */
  render(): void {
    this.measure();
    const scale = new TimeScale(this.range, this.axisWidth);
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const visible = Math.ceil((this.viewport.clientHeight || window.innerHeight) / ROW_HEIGHT) + OVERSCAN * 2;
    const last = Math.min(this.rows.length, first + visible);
    while (this.pool.length < last - first) {
      const row = new RowElement();
      this.pool.push(row);
      this.spacer.append(row.element);
    }
    this.pool.forEach((element, i) => {
      const position = first + i;
      const row = this.rows[position];
      if (position < last && row)
        element.show(row, position, position === this.selected, scale, this.critical.has(row.entry.index));
      else element.park();
    });
    if (this.selected >= first && this.selected < last)
      this.viewport.setAttribute('aria-activedescendant', `har-row-${this.selected}`);
    else this.viewport.removeAttribute('aria-activedescendant');
    this.drawAxis(scale);
  }

  private drawAxis(scale: TimeScale): void {
    // Scrolling does not move the axis: redraw only when the scale or the marks change.
    const key =
      `${this.range.start}|${this.range.end}|${scale.width}|` +
      `${this.marks.dcl}|${this.marks.load}|${this.marks.gaps?.length}|${this.axis.offsetLeft}`;
    if (key === this.axisKey) return;
    this.axisKey = key;
    const left = this.axis.offsetLeft;
    this.overlay.style.left = `${left}px`;
    this.overlay.style.width = `${scale.width}px`;
    const ticks = scale.ticks();
    const labels = ticks.map((t) => {
      const tick = el('span', { class: 'har-tick' }, tickLabel(t));
      tick.style.left = `${scale.x(t)}px`;
      return tick;
    });
    this.axis.replaceChildren(...labels);
    const lines = ticks.map((t) => {
      const line = el('div', { class: 'har-gridline' });
      line.style.left = `${scale.x(t)}px`;
      return line;
    });
    // Stretches with no request in flight, shaded behind the bars: where the page was busy with itself.
    for (const gap of this.marks.gaps ?? []) {
      const afterRequest = gap.after ? ` (after ${gap.after})` : '';
      const shade = el('div', {
        class: 'har-gap',
        title: `${formatMs(gap.endMs - gap.startMs)} with no request in flight${afterRequest}`,
      });
      shade.style.left = `${scale.x(gap.startMs)}px`;
      shade.style.width = `${Math.max(1, scale.x(gap.endMs) - scale.x(gap.startMs))}px`;
      lines.push(shade);
    }
    for (const [kind, at] of [
      ['dcl', this.marks.dcl],
      ['load', this.marks.load],
    ] as const) {
      if (at === undefined) continue;
      const mark = el('div', {
        class: `har-mark har-mark-${kind}`,
        title: kind === 'dcl' ? 'DOMContentLoaded' : 'Load',
      });
      mark.style.left = `${scale.x(at)}px`;
      lines.push(mark);
    }
    this.overlay.replaceChildren(...lines);
  }

  private positionAt(clientY: number): number {
    const rect = this.viewport.getBoundingClientRect();
    return Math.floor((clientY - rect.top + this.viewport.scrollTop) / ROW_HEIGHT);
  }

  private onClick(event: MouseEvent): void {
    const position = this.positionAt(event.clientY);
    if (position < 0 || position >= this.rows.length) return;
    this.tooltip.hide();
    this.select(position, false);
    this.events.open(position);
  }

  private onHover(event: MouseEvent): void {
    const row = this.rows[this.positionAt(event.clientY)];
    if (row) this.tooltip.show(row, event.clientX, event.clientY);
    else this.tooltip.hide();
  }

  private onKey(event: KeyboardEvent): void {
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: this.selected + 1,
      ArrowUp: Math.max(0, this.selected - 1),
      PageDown: this.selected + page,
      PageUp: this.selected - page,
      Home: 0,
      End: this.rows.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      this.select(target);
    } else if (event.key === 'Enter' && this.selected >= 0) {
      event.preventDefault();
      this.events.open(this.selected);
    } else if (event.key === '/' || (event.key === 'f' && (event.ctrlKey || event.metaKey))) {
      event.preventDefault();
      this.events.find();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.events.close();
    }
  }

  /** Drag across the axis to zoom into that span; double-click to see everything again. */
  private wireBrush(): void {
    let from: number | undefined;
    const brush = el('div', { class: 'har-brush' });
    const x = (e: MouseEvent): number =>
      Math.max(0, Math.min(this.axisWidth, e.clientX - this.axis.getBoundingClientRect().left));
    this.axis.addEventListener('mousedown', (e) => {
      from = x(e);
      e.preventDefault();
    });
    window.addEventListener('mousemove', (e) => {
      if (from === undefined) return;
      const to = x(e);
      brush.style.left = `${Math.min(from, to)}px`;
      brush.style.width = `${Math.abs(to - from)}px`;
      if (!brush.isConnected) this.axis.append(brush);
    });
    window.addEventListener('mouseup', (e) => {
      if (from === undefined) return;
      const to = x(e);
      const scale = new TimeScale(this.range, this.axisWidth);
      const start = from;
      from = undefined;
      brush.remove();
      if (Math.abs(to - start) >= 4)
        this.events.zoom({ start: scale.ms(Math.min(start, to)), end: scale.ms(Math.max(start, to)) });
    });
    this.axis.addEventListener('dblclick', () => this.events.zoom(undefined));
  }
}
