// Entry of the HAR diff webview: the diff waterfall. Requests of two page loads aligned by
// normalised URL, marked (symbol and word), filtered by mark, sorted (largest regression
// first by default), the selected pair's phases in full, totals per domain and type.
// Every string from the files is text (el() never parses HTML).
import { DIFF_MARKS, type DiffMark, type HarDiffRow } from '../../src/analysis/har/diff';
import { DIFF_SORT_ORDERS, sortDiffRows, type DiffSortOrder } from '../../src/analysis/har/diff-sort';
import { PHASES } from '../../src/analysis/har/model';
import { el } from '../shared/dom';
import { drawSafely } from '../shared/draw-safely';
import { PHASE_COLORS, PHASE_LABELS } from '../shared/har-phases';
import { hostApi } from '../shared/ipc';
import { adoptStyles } from '../shared/sheet';
import { detailsView } from './details';
import { MARK_LABELS } from './marks';
import { isHarDiffHostMessage, type HarDiffLoad, type HarDiffPanelMessage } from './protocol';
import { rowsView } from './rows';
import { HAR_DIFF_CSS } from './styles';
import { rulesView, sidesView, timingsView, totalsTable, warningsView } from './summary';

/** Rows drawn at once; "Show more" adds as many again. */
const ROWS_PER_STEP = 300;

const SORT_LABELS: Readonly<Record<DiffSortOrder, string>> = {
  regression: 'Largest regression first',
  improvement: 'Largest improvement first',
  change: 'Largest change first',
  bytes: 'Most bytes added first',
  url: 'URL A→Z',
  start: 'Start time',
};

interface State {
  load: HarDiffLoad;
  order: DiffSortOrder;
  marks: Set<DiffMark>;
  limit: number;
  selected: string | undefined;
}

const host = hostApi<HarDiffPanelMessage>();
adoptStyles(HAR_DIFF_CSS);
const live = el('p', { class: 'hd-live', role: 'status', 'aria-live': 'polite' });
const root = el('div', {}, el('p', { class: 'hd-muted', role: 'status' }, 'Reading the two HARs…'));
document.body.append(live, root);
let state: State | undefined;

const rowId = (row: HarDiffRow): string => `${row.key}#${row.occurrence}`;

function visibleRows(s: State): HarDiffRow[] {
  return sortDiffRows(
    s.load.diff.rows.filter((row) => s.marks.has(row.mark)),
    s.order,
  );
}

function toolbar(s: State): HTMLElement {
  const toggles = DIFF_MARKS.map((mark) => {
    const button = el(
      'button',
      { type: 'button', 'aria-pressed': String(s.marks.has(mark)) },
      `${MARK_LABELS[mark]} ${s.load.diff.counts[mark]}`,
    );
    button.addEventListener('click', () => {
      if (!s.marks.delete(mark)) s.marks.add(mark);
      s.limit = ROWS_PER_STEP;
      redraw();
    });
    return button;
  });
  const sort = el(
    'select',
    { 'aria-label': 'Sort requests' },
    ...DIFF_SORT_ORDERS.map((order) => el('option', { value: order, selected: order === s.order }, SORT_LABELS[order])),
  );
  sort.addEventListener('change', () => {
    s.order = sort.value as DiffSortOrder;
    redraw();
  });
  const swap = el(
    'button',
    { type: 'button', title: 'Compare the other way round: after becomes before' },
    'Swap Sides',
  );
  swap.addEventListener('click', () => host.postMessage({ type: 'swap', params: undefined }));
  const copy = el('button', { type: 'button' }, 'Copy as Text');
  copy.addEventListener('click', () => host.postMessage({ type: 'copyText', params: undefined }));
  const evidence = el(
    'button',
    { type: 'button', title: 'One offline file for a ticket: the diff and both HARs, redacted' },
    'Export Evidence…',
  );
  evidence.addEventListener('click', () => host.postMessage({ type: 'exportEvidence', params: undefined }));
  const share = el(
    'button',
    {
      type: 'button',
      'aria-label': "Share for a Ticket: the diff's evidence and both redacted HARs, in one folder",
      title: 'The evidence (HTML) and both redacted HARs in a folder you pick, as they are or pseudonymised',
    },
    'Share for a Ticket…',
  );
  share.addEventListener('click', () => host.postMessage({ type: 'shareForTicket', params: undefined }));
  return el(
    'div',
    { class: 'hd-bar' },
    el('div', { class: 'hd-bar', role: 'group', 'aria-label': 'Show requests marked' }, ...toggles),
    sort,
    swap,
    copy,
    evidence,
    share,
  );
}

function legend(): HTMLElement {
  return el(
    'div',
    { class: 'hd-legend', 'aria-hidden': 'true' },
    ...PHASES.map((phase) => {
      const swatch = el('i', {});
      swatch.style.setProperty('--phase', PHASE_COLORS[phase]);
      return el('span', {}, swatch, PHASE_LABELS[phase]);
    }),
  );
}

function rowsBlock(s: State, rows: HarDiffRow[]): HTMLElement {
  if (rows.length === 0)
    return el(
      'p',
      { class: 'hd-muted' },
      s.load.diff.rows.length ? 'No request has the marks chosen above.' : 'Neither side has requests to compare.',
    );
  const shown = rows.slice(0, s.limit);
  const selectedIndex = Math.max(
    0,
    shown.findIndex((row) => rowId(row) === s.selected),
  );
  const view = rowsView(shown, selectedIndex, (index) => {
    const row = shown[index];
    if (!row) return;
    s.selected = rowId(row);
    redraw(index);
  });
  const more =
    rows.length > shown.length
      ? el(
          'button',
          { type: 'button' },
          `Show ${Math.min(ROWS_PER_STEP, rows.length - shown.length)} more of ${rows.length - shown.length}`,
        )
      : null;
  more?.addEventListener('click', () => {
    s.limit += ROWS_PER_STEP;
    redraw();
  });
  const omitted = s.load.diff.omittedRows
    ? el(
        'p',
        { class: 'hd-muted' },
        `${s.load.diff.omittedRows} requests with the smallest changes are left out (row limit).`,
      )
    : null;
  return el('div', {}, view.table, more, omitted, detailsView(shown[selectedIndex]));
}

function render(s: State): HTMLElement {
  const { diff } = s.load;
  return el(
    'main',
    { class: 'hd' },
    el('h1', {}, 'Compare HARs'),
    sidesView(s.load),
    timingsView(diff),
    warningsView(diff),
    toolbar(s),
    rulesView(diff),
    legend(),
    rowsBlock(s, visibleRows(s)),
    el('h3', {}, 'Totals per domain'),
    totalsTable(
      'Domain',
      diff.byDomain.map((d) => ({ name: d.domain || '(no host)', total: d })),
    ),
    diff.omittedDomains ? el('p', { class: 'hd-muted' }, `${diff.omittedDomains} more domains not listed.`) : null,
    el('h3', {}, 'Totals per type'),
    totalsTable(
      'Type',
      diff.byType.map((t) => ({ name: t.type, total: t })),
    ),
  );
}

/** Redraws the state; `focusRow` keeps the keyboard on the row that was chosen. */
function redraw(focusRow?: number): void {
  const s = state;
  if (!s) return;
  drawSafely(host, () => {
    root.replaceChildren(render(s));
    if (focusRow !== undefined) root.querySelectorAll<HTMLElement>('.hd-rows tbody tr')[focusRow]?.focus();
  });
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isHarDiffHostMessage(message)) return;
  if (message.type === 'error') {
    root.replaceChildren(el('p', { class: 'hd-error', role: 'alert' }, message.params.message));
    return;
  }
  const load = message.params;
  state = {
    load,
    order: 'regression',
    marks: new Set(DIFF_MARKS.filter((m) => m !== 'unchanged')),
    limit: ROWS_PER_STEP,
    selected: undefined,
  };
  const s = state;
  drawSafely(host, () => {
    root.replaceChildren(render(s));
    const rows = visibleRows(s);
    const { counts } = load.diff;
    live.textContent =
      `Compared ${load.names.before} with ${load.names.after}: ${counts.slower} slower, ${counts.faster} ` +
      `faster, ${counts.new} new, ${counts.missing} missing, ${counts['status changed']} with a changed status.`;
    host.postMessage({
      type: 'loaded',
      params: { before: load.names.before, after: load.names.after, rows: rows.length, first: rows[0]?.key ?? null },
    });
  });
});

host.postMessage({ type: 'ready', params: undefined });
