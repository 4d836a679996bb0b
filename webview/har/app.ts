// The waterfall panel: holds the state (document, page, filter, types, sort, zoom,
// selection) and re-derives the visible rows whenever one of them changes.
import {
  buildWaterfall,
  entryMatcher,
  parseFilter,
  readHar,
  RESOURCE_TYPES,
  SORT_KEYS,
  sortRows,
  summarize,
  type HarDocument,
  type ResourceType,
  type SortDirection,
  type SortKey,
  type Waterfall,
  type WaterfallRow,
} from '../../src/analysis/har';
import { el } from '../shared/dom';
import { DetailPane } from './detail';
import type { HarLoadedInfo, LoadParams } from './protocol';
import type { TimeRange } from './scale';
import { summaryBar, timeSplitBar, Toolbar } from './toolbar';
import { timeSplit } from '../../src/analysis/har/time-split';
import { filterValuesOf } from '../../src/analysis/har/filter-complete';
import { rawEntryAt, responseBody } from '../../src/analysis/har/body';
import type { RedactionPreview } from '../../src/analysis/har/redact-preview';
import { ExportDialog } from './export-dialog';
import { WaterfallView } from './waterfall-view';
import { InsightsPane, PanelTabs } from './insights-pane';
import { pageInsights } from '../../src/analysis/har/insights';

export interface AppHost {
  loaded(info: HarLoadedInfo): void;
  openExternal(url: string): void;
  openBody?(index: number): void;
  /** Absent in the offline report: nothing to save to. */
  previewExport?(): void;
  exportHar?(redacted: boolean): void;
  saveState(state: SavedState): void;
}

/** Columns whose first click sorts the biggest first. */
const WORST_FIRST: ReadonlySet<SortKey> = new Set<SortKey>(['time', 'size']);

export interface SavedState {
  filter: string;
  types: ResourceType[];
  sortKey: SortKey;
  sortDirection: SortDirection;
}

export class HarApp {
  private doc: HarDocument = readHar({ log: { entries: [] } });
  /** The HAR as received: bodies are read from it when the Response tab asks. */
  private raw: unknown;
  private waterfall: Waterfall | undefined;
  private visible: WaterfallRow[] = [];
  private filter = '';
  private types = new Set<ResourceType>();
  private sortKey: SortKey = 'start';
  private sortDirection: SortDirection = 'asc';
  private zoom: TimeRange | undefined;
  private readonly toolbar: Toolbar;
  private readonly view: WaterfallView;
  private readonly detail: DetailPane;
  private readonly exportDialog: ExportDialog | undefined;
  private readonly summary = el('div', {});
  private readonly main = el('main', {
    class: 'har-main',
    id: 'har-main',
    role: 'tabpanel',
    'aria-labelledby': 'har-tab-requests',
  });
  private readonly tabs: PanelTabs;
  private readonly insights: InsightsPane;
  private readonly notice = el('div', { class: 'har-notice', role: 'alert', hidden: true });

  constructor(
    root: HTMLElement,
    private readonly host: AppHost,
    saved?: Partial<SavedState>,
  ) {
    const { previewExport, exportHar } = host;
    this.exportDialog =
      previewExport && exportHar
        ? new ExportDialog({
            preview: () => previewExport.call(host),
            save: (redacted) => exportHar.call(host, redacted),
          })
        : undefined;
    this.toolbar = new Toolbar({
      ...(this.exportDialog ? { exportHar: () => this.exportDialog?.open() } : {}),
      page: (id) => this.showPage(id),
      filter: (text) => {
        this.filter = text;
        this.refresh();
      },
      types: (types) => {
        this.types = types;
        this.refresh();
      },
      resetZoom: () => this.setZoom(undefined),
      backToList: () => this.view.focus(),
    });
    this.view = new WaterfallView({
      select: (position) => {
        if (this.detail.open) this.openDetail(position);
      },
      open: (position) => this.openDetail(position),
      close: () => this.closeDetail(),
      sort: (key) => this.cycleSort(key),
      zoom: (range) => this.setZoom(range),
      find: () => this.toolbar.filterBox.focus(),
    });
    this.detail = new DetailPane({
      close: () => this.closeDetail(),
      openExternal: (url) => host.openExternal(url),
      body: (index) => responseBody(rawEntryAt(this.raw, index)),
      ...(host.openBody ? { openBody: host.openBody.bind(host) } : {}),
    });
    this.tabs = new PanelTabs((tab) => this.selectTab(tab));
    this.insights = new InsightsPane({ show: (index) => this.showEntry(index) });
    if (saved) this.restore(saved);
    root.replaceChildren(
      el(
        'div',
        { class: 'har' },
        this.toolbar.element,
        this.notice,
        this.tabs.element,
        this.main,
        this.insights.element,
        this.summary,
      ),
      ...(this.exportDialog ? [this.exportDialog.element] : []),
    );
    this.main.append(this.view.element, this.detail.element);
  }

  load(params: LoadParams): void {
    this.doc = readHar(params.har);
    this.raw = params.har;
    this.toolbar.setFilterValues(filterValuesOf(this.doc.entries));
    this.toolbar.setTitle(params.title ?? '');
    this.notice.hidden = this.doc.warnings.length === 0;
    this.notice.textContent = this.doc.warnings.join(' ');
    const pageId = this.doc.pages.some((p) => p.id === params.pageId)
      ? (params.pageId ?? '')
      : (this.doc.pages[0]?.id ?? '');
    this.showPage(pageId);
    this.host.loaded({
      pages: this.doc.pages.length,
      entries: this.doc.entries.length,
      warnings: this.doc.warnings,
      heading: this.toolbar.heading(),
    });
  }

  /** The host's answer to previewExport. */
  showExportPreview(preview: RedactionPreview): void {
    this.exportDialog?.show(preview);
  }

  showPage(pageId: string): void {
    this.waterfall = buildWaterfall(this.doc, pageId);
    this.toolbar.setPages(this.doc.pages, this.waterfall.page.id);
    this.zoom = undefined;
    this.closeDetail();
    this.view.reset();
    const insights = pageInsights(this.waterfall);
    this.insights.show(insights);
    this.tabs.setCount(insights.findings.length);
    this.view.setCritical(new Set(insights.criticalPath.links.map((link) => link.row.entry.index)));
    this.refresh();
  }

  private selectTab(tab: 'requests' | 'insights'): void {
    this.tabs.setSelected(tab);
    this.main.hidden = tab !== 'requests';
    this.insights.element.hidden = tab !== 'insights';
    if (tab === 'requests') this.view.render();
  }

  /**
   * Show: the request in the Requests tab, selected with its detail open (the filter cleared if it hid the request).
   */
  private showEntry(entryIndex: number): void {
    this.selectTab('requests');
    if (!this.visible.some((row) => row.entry.index === entryIndex)) {
      this.filter = '';
      this.types = new Set();
      this.refresh();
    }
    const position = this.visible.findIndex((row) => row.entry.index === entryIndex);
    if (position < 0) return;
    this.openDetail(position);
    this.view.focus();
  }

  private refresh(): void {
    const waterfall = this.waterfall;
    if (!waterfall) return;
    const matches = entryMatcher(this.filter, this.types);
    const filtered = waterfall.rows.filter((row) => matches(row.entry));
    this.visible =
      this.sortKey === 'start' && this.sortDirection === 'asc'
        ? filtered
        : sortRows(filtered, this.sortKey, this.sortDirection);
    this.toolbar.setFilter(this.filter, parseFilter(this.filter).errors);
    this.toolbar.setTypes(this.types);
    this.toolbar.setZoomed(this.zoom !== undefined);
    this.view.setSort(this.sortKey, this.sortDirection);
    const split = timeSplit(waterfall);
    const marks = {
      ...(waterfall.onContentLoad !== undefined ? { dcl: waterfall.onContentLoad } : {}),
      ...(waterfall.onLoad !== undefined ? { load: waterfall.onLoad } : {}),
    };
    this.view.setTimeline(this.zoom ?? { start: 0, end: Math.max(1, waterfall.spanMs * 1.03) }, {
      ...marks,
      gaps: split.gaps,
    });
    this.view.setRows(
      this.visible,
      waterfall.rows.length === 0 ? 'This page has no requests.' : 'No request matches the filter.',
    );
    const shown = summarize(filtered);
    this.summary.replaceChildren(
      summaryBar(shown, filtered.length === waterfall.rows.length ? shown : summarize(waterfall.rows), marks),
      timeSplitBar(split),
    );
    if (this.detail.open && !this.visible.some((r) => r.entry.index === this.detail.shownIndex)) this.closeDetail();
    this.host.saveState({
      filter: this.filter,
      types: [...this.types],
      sortKey: this.sortKey,
      sortDirection: this.sortDirection,
    });
  }

  /**
   * Time and size start with the slowest and largest (what one looks for), other columns A→Z;
   * the second click reverses, the third goes back to start order.
   */
  private cycleSort(key: SortKey): void {
    const first: SortDirection = WORST_FIRST.has(key) ? 'desc' : 'asc';
    if (this.sortKey !== key) {
      this.sortKey = key;
      this.sortDirection = first;
    } else if (this.sortDirection === first) this.sortDirection = first === 'asc' ? 'desc' : 'asc';
    else {
      this.sortKey = 'start';
      this.sortDirection = 'asc';
    }
    this.refresh();
  }

  private setZoom(range: TimeRange | undefined): void {
    this.zoom = range && range.end - range.start > 0.01 ? range : undefined;
    this.refresh();
  }

  private openDetail(position: number): void {
    const row = this.visible[position];
    if (!row) return;
    if (this.view.selection !== position) this.view.select(position);
    if (this.detail.shownIndex !== row.entry.index) this.detail.show(row);
    this.main.classList.add('har-compact');
    this.view.render();
  }

  private closeDetail(): void {
    if (!this.detail.open) return;
    this.detail.hide();
    this.main.classList.remove('har-compact');
    this.view.render();
    this.view.focus();
  }

  /** getState() returns whatever an older version saved: keep only what is still valid. */
  private restore(saved: Partial<SavedState>): void {
    this.filter = typeof saved.filter === 'string' ? saved.filter : '';
    const types = Array.isArray(saved.types) ? saved.types : [];
    this.types = new Set(RESOURCE_TYPES.filter((t) => types.includes(t)));
    if (SORT_KEYS.includes(saved.sortKey as SortKey)) this.sortKey = saved.sortKey as SortKey;
    if (saved.sortDirection === 'asc' || saved.sortDirection === 'desc') this.sortDirection = saved.sortDirection;
  }
}
