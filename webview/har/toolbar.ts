// The controls above the waterfall (page selector, filter box, type chips, zoom reset,
// legend) and the summary bar below it.
import type { TimeSplit } from '../../src/analysis/har/time-split';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import {
  formatBytes,
  formatMs,
  PHASES,
  RESOURCE_TYPES,
  type HarPageInfo,
  type HarSummary,
  type ResourceType,
} from '../../src/analysis/har';
import { el } from '../shared/dom';
import { PHASE_COLORS, PHASE_LABELS } from '../shared/har-phases';
import type { FilterValues } from '../../src/analysis/har/filter-complete';
import { FilterSuggest } from './filter-suggest';

export interface ToolbarEvents {
  page(pageId: string): void;
  filter(text: string): void;
  types(types: Set<ResourceType>): void;
  resetZoom(): void;
  backToList(): void;
  /** Absent where nothing can be saved (the offline report). */
  exportHar?: () => void;
}

const CHIP_LABELS: Record<ResourceType, string> = {
  document: 'Doc',
  stylesheet: 'CSS',
  script: 'JS',
  image: 'Img',
  font: 'Font',
  fetch: 'Fetch/XHR',
  media: 'Media',
  websocket: 'WS',
  other: 'Other',
};

export class Toolbar {
  readonly element: HTMLElement;
  readonly filterBox = el('vscode-textfield', {
    class: 'har-filter',
    placeholder: 'Filter: text or key:value (domain:, status-code:4xx, resource-type:, is:from-cache…), -negates',
    'aria-label': 'Filter requests',
  });
  private readonly title = el('span', { class: 'har-title' });
  private readonly pageSelect = el('select', { 'aria-label': 'Page' });
  private readonly filterError = el('span', { class: 'har-filter-error', role: 'status' });
  private readonly chips = new Map<ResourceType | 'all', HTMLButtonElement>();
  private readonly zoomReset = el('button', { type: 'button', class: 'har-button', hidden: true }, 'Reset zoom');
  private selectedTypes = new Set<ResourceType>();
  private debounce = 0;
  private readonly suggest: FilterSuggest;

  constructor(private readonly events: ToolbarEvents) {
    this.pageSelect.addEventListener('change', () => events.page(this.pageSelect.value));
    this.suggest = new FilterSuggest(this.filterBox, (text) => {
      clearTimeout(this.debounce);
      events.filter(text);
    });
    // Escape in the filter box goes back to the list (once the suggestions are closed).
    this.filterBox.addEventListener('keydown', (e) => {
      if (this.suggest.handleKey(e)) return;
      if (e.key === 'Escape' || e.key === 'ArrowDown') {
        e.preventDefault();
        events.backToList();
      }
    });
    this.filterBox.addEventListener('input', () => {
      this.suggest.update();
      clearTimeout(this.debounce);
      this.debounce = window.setTimeout(() => events.filter(this.filterBox.value), 60);
    });
    this.zoomReset.addEventListener('click', () => events.resetZoom());
    const chipBar = el('div', { class: 'har-chips', role: 'toolbar', 'aria-label': 'Resource types' });
    for (const type of ['all', ...RESOURCE_TYPES] as const) {
      const chip = el(
        'button',
        { type: 'button', class: 'har-chip', 'aria-pressed': type === 'all', 'data-type': type },
        type === 'all' ? 'All' : CHIP_LABELS[type],
      );
      chip.addEventListener('click', (e) => this.toggleType(type, e.ctrlKey || e.metaKey));
      this.chips.set(type, chip);
      chipBar.append(chip);
    }
    const legend = el(
      'div',
      { class: 'har-legend', 'aria-label': 'Legend' },
      ...PHASES.map((phase) => {
        const item = el('span', {}, PHASE_LABELS[phase]);
        item.style.setProperty('--swatch', PHASE_COLORS[phase]);
        return item;
      }),
      el('span', { class: 'har-line-dcl' }, 'DOMContentLoaded'),
      el('span', { class: 'har-line-load' }, 'Load'),
    );
    const filter = el(
      'span',
      { class: 'har-filter-wrap' },
      this.filterBox,
      this.suggest.element,
      this.suggest.announcer,
    );
    const exportButton = events.exportHar
      ? el(
          'button',
          { type: 'button', class: 'har-button', title: 'Save this HAR, redacted by default' },
          'Export HAR…',
        )
      : null;
    const exportHar = events.exportHar;
    if (exportButton && exportHar) exportButton.addEventListener('click', () => exportHar());
    this.element = el(
      'div',
      { class: 'har-toolbar' },
      this.title,
      this.pageSelect,
      filter,
      this.filterError,
      chipBar,
      this.zoomReset,
      exportButton,
      legend,
    );
  }

  heading(): string {
    return this.title.textContent ?? '';
  }

  setTitle(text: string): void {
    this.title.textContent = text;
    this.title.title = text;
    this.title.hidden = text === '';
  }

  setPages(pages: readonly HarPageInfo[], selected: string): void {
    this.pageSelect.replaceChildren(
      ...pages.map((page, i) => {
        const option = el('option', { value: page.id }, `${i + 1}. ${page.title}`);
        option.selected = page.id === selected;
        return option;
      }),
    );
    this.pageSelect.hidden = pages.length < 2;
  }

  setFilter(text: string, errors: readonly string[]): void {
    if (this.filterBox.value !== text) this.filterBox.value = text;
    this.filterError.textContent = errors.join('; ');
  }

  /** What the filter box may complete to: this HAR's domains, statuses, header names… */
  setFilterValues(values: FilterValues): void {
    this.suggest.setValues(values);
  }

  setTypes(types: ReadonlySet<ResourceType>): void {
    this.selectedTypes = new Set(types);
    for (const [type, chip] of this.chips)
      chip.setAttribute('aria-pressed', String(type === 'all' ? types.size === 0 : types.has(type)));
  }

  setZoomed(zoomed: boolean): void {
    this.zoomReset.hidden = !zoomed;
  }

  /** DevTools: a click selects one type, Ctrl/Cmd-click adds or removes it. */
  private toggleType(type: ResourceType | 'all', additive: boolean): void {
    let next = new Set<ResourceType>();
    if (type !== 'all') {
      next = additive ? new Set(this.selectedTypes) : new Set();
      if (additive && next.has(type)) next.delete(type);
      else next.add(type);
    }
    this.setTypes(next);
    this.events.types(next);
  }
}

export function summaryBar(shown: HarSummary, all: HarSummary, marks: { dcl?: number; load?: number }): HTMLElement {
  const item = (label: string, value: string): HTMLElement => el('span', {}, `${label} `, el('b', {}, value));
  const filtered = shown.requests !== all.requests;
  const statuses = (['4xx', '5xx', 'failed'] as const)
    .filter((c) => shown.byStatus[c] > 0)
    .map((c) => `${shown.byStatus[c]} ${c}`);
  return el(
    'div',
    { class: 'har-summary', role: 'status', 'aria-live': 'polite' },
    item('Requests', filtered ? `${shown.requests} / ${all.requests}` : String(all.requests)),
    item(
      'Transferred',
      filtered
        ? `${formatBytes(shown.transferBytes)} / ${formatBytes(all.transferBytes)}`
        : formatBytes(all.transferBytes),
    ),
    item('Resources', formatBytes(shown.contentBytes)),
    item('Finish', formatMs(shown.finishMs)),
    marks.dcl !== undefined ? item('DOMContentLoaded', formatMs(marks.dcl)) : null,
    marks.load !== undefined ? item('Load', formatMs(marks.load)) : null,
    statuses.length ? item('Errors', statuses.join(', ')) : null,
    shown.redirects ? item('Redirects', String(shown.redirects)) : null,
  );
}

/** Where the load time went (network, blocked, nothing in flight), and the verdict when no request is slow. */
export function timeSplitBar(split: TimeSplit): HTMLElement {
  return el(
    'div',
    { class: 'har-split', role: 'group', 'aria-label': 'Where the page time went' },
    el('b', {}, 'Time split: '),
    split.line,
    split.verdict ? el('span', { class: 'har-split-verdict' }, split.verdict) : null,
  );
}
