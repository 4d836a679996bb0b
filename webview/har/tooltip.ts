// The hover card of a waterfall row: start offset and every non-empty phase.
import { formatMs, PHASES, type WaterfallRow } from '../../src/analysis/har';
import { el } from '../shared/dom';
import { PHASE_COLORS, PHASE_LABELS } from '../shared/har-phases';

export class RowTooltip {
  readonly element = el('div', { class: 'har-tooltip', role: 'tooltip', hidden: true });
  private shownFor: WaterfallRow | undefined;

  show(row: WaterfallRow, clientX: number, clientY: number): void {
    if (this.shownFor !== row) {
      this.shownFor = row;
      this.element.replaceChildren(timingCard(row));
    }
    this.element.hidden = false;
    const box = this.element.getBoundingClientRect();
    const left = Math.min(clientX + 14, window.innerWidth - box.width - 4);
    const top = clientY + 16 + box.height > window.innerHeight ? clientY - box.height - 8 : clientY + 16;
    this.element.style.left = `${Math.max(0, left)}px`;
    this.element.style.top = `${Math.max(0, top)}px`;
  }

  hide(): void {
    this.element.hidden = true;
    this.shownFor = undefined;
  }
}

/** Also used by the detail pane's Timing tab. */
export function timingCard(row: WaterfallRow): HTMLElement {
  const table = el(
    'table',
    {},
    el('tr', {}, el('td', {}, 'Started at'), el('td', { class: 'har-num' }, formatMs(row.offsetMs))),
  );
  for (const phase of PHASES) {
    const duration = row.entry.phases[phase];
    if (duration <= 0) continue;
    const swatch = el('span', { class: 'har-swatch' });
    swatch.style.background = PHASE_COLORS[phase];
    table.append(
      el('tr', {}, el('td', {}, swatch, PHASE_LABELS[phase]), el('td', { class: 'har-num' }, formatMs(duration))),
    );
  }
  table.append(
    el(
      'tr',
      {},
      el('td', {}, el('b', {}, 'Total')),
      el('td', { class: 'har-num' }, el('b', {}, formatMs(row.entry.totalMs))),
    ),
  );
  return el('div', {}, el('div', { class: 'har-tooltip-url' }, `${row.entry.method} ${row.entry.url}`), table);
}
