// One recycled DOM row of the virtualized list. A fixed pool of these is repositioned on
// scroll, so the DOM holds ~50 rows whether the HAR has 50 or 50,000 entries.
import { formatBytes, formatMs, PHASES, type WaterfallRow } from '../../src/analysis/har';
import { el } from '../shared/dom';
import { PHASE_COLORS } from '../shared/har-phases';
import type { TimeScale } from './scale';
import { ROW_HEIGHT } from './styles';

export const TYPE_LABELS: Record<string, string> = {
  document: 'document',
  stylesheet: 'stylesheet',
  script: 'script',
  image: 'image',
  font: 'font',
  fetch: 'fetch/xhr',
  media: 'media',
  websocket: 'websocket',
  other: 'other',
};

export class RowElement {
  readonly element: HTMLDivElement;
  private readonly cells: HTMLElement[];
  private readonly segments: HTMLSpanElement[];
  /** Said to screen readers on rows of the critical path; the row's accent shows it. */
  private readonly criticalLabel = el('span', { class: 'har-sr' }, 'on the critical path');
  /** The list position this element currently shows, -1 when parked. */
  position = -1;

  constructor() {
    this.cells = [
      el('div', { role: 'gridcell' }),
      el('div', { class: 'har-num', role: 'gridcell' }),
      el('div', { role: 'gridcell' }),
      el('div', { role: 'gridcell' }),
      el('div', { role: 'gridcell' }),
      el('div', { class: 'har-num', role: 'gridcell' }),
      el('div', { class: 'har-num', role: 'gridcell' }),
    ];
    this.segments = PHASES.map((phase) => {
      const segment = el('span', { class: 'har-seg' });
      segment.style.background = PHASE_COLORS[phase];
      return segment;
    });
    this.element = el(
      'div',
      { class: 'har-row har-grid', role: 'row' },
      ...this.cells,
      el('div', { class: 'har-bar', role: 'gridcell' }, this.criticalLabel, ...this.segments),
    );
  }

  show(row: WaterfallRow, position: number, selected: boolean, scale: TimeScale, critical = false): void {
    const { entry } = row;
    this.element.classList.toggle('har-critical', critical);
    this.criticalLabel.hidden = !critical;
    this.position = position;
    this.element.id = `har-row-${position}`;
    this.element.style.transform = `translateY(${position * ROW_HEIGHT}px)`;
    this.element.setAttribute('aria-selected', String(selected));
    this.element.setAttribute('aria-rowindex', String(position + 2));
    const [name, status, method, type, domain, size, time] = this.cells as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    name.textContent = entry.name || entry.url;
    name.title = entry.url;
    status.textContent = entry.status > 0 ? String(entry.status) : '(failed)';
    status.classList.toggle('har-status-error', entry.status === 0 || entry.status >= 400 || entry.error !== '');
    status.title = entry.error;
    method.textContent = entry.method;
    type.textContent = TYPE_LABELS[entry.resourceType] ?? entry.resourceType;
    domain.textContent = entry.host;
    size.textContent = formatBytes(entry.transferBytes);
    time.textContent = formatMs(entry.totalMs);
    this.placeSegments(row, scale);
  }

  private placeSegments(row: WaterfallRow, scale: TimeScale): void {
    let at = row.offsetMs;
    PHASES.forEach((phase, i) => {
      const segment = this.segments[i] as HTMLSpanElement;
      const duration = row.entry.phases[phase];
      if (duration <= 0) {
        segment.style.display = 'none';
        return;
      }
      const left = scale.x(at);
      const right = scale.x(at + duration);
      at += duration;
      if (right < 0 || left > scale.width) {
        segment.style.display = 'none';
        return;
      }
      segment.style.display = '';
      segment.style.left = `${Math.max(left, -2)}px`;
      segment.style.width = `${Math.max(1, Math.min(right, scale.width + 2) - Math.max(left, -2))}px`;
    });
  }

  park(): void {
    this.position = -1;
    this.element.style.transform = 'translateY(-1000px)';
    this.element.removeAttribute('id');
  }
}
