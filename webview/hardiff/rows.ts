// The diff waterfall's table: one row per request pair, with the before and after bars on
// one time scale (from each page's start), each bar split into its phases. Rows are
// focusable with a roving tabindex: arrows move, Home/End jump, Enter or a click selects.
import type { DiffRequest, HarDiffRow } from '../../src/analysis/har/diff';
import { signedMs } from '../../src/analysis/har/diff-text';
import { formatMs } from '../../src/analysis/har/format';
import { PHASES } from '../../src/analysis/har/model';
import { el } from '../shared/dom';
import { PHASE_COLORS, PHASE_LABELS } from '../shared/har-phases';
import { MARK_TEXT, markClass } from './marks';

export interface RowsView {
  table: HTMLTableElement;
  focus(index: number): void;
}

/** The scale's end: the latest end of any request on either side (at least 1 ms). */
export function scaleEnd(rows: readonly HarDiffRow[]): number {
  let end = 1;
  for (const row of rows) {
    for (const side of [row.before, row.after]) if (side) end = Math.max(end, side.startOffsetMs + side.totalMs);
  }
  return end;
}

function bar(side: DiffRequest | undefined, which: 'before' | 'after', end: number): HTMLElement | null {
  if (!side) return null;
  const span = el('span', { class: which });
  span.style.left = `${(100 * Math.max(0, side.startOffsetMs)) / end}%`;
  span.style.width = `${(100 * side.totalMs) / end}%`;
  const total = PHASES.reduce((sum, phase) => sum + Math.max(0, side.phases[phase] ?? 0), 0);
  for (const phase of PHASES) {
    const ms = side.phases[phase] ?? 0;
    if (ms <= 0 || total <= 0) continue;
    const part = el('i', { title: `${which}: ${PHASE_LABELS[phase]} ${formatMs(ms)}` });
    part.style.width = `${(100 * ms) / total}%`;
    part.style.setProperty('--phase', PHASE_COLORS[phase]);
    span.append(part);
  }
  return span;
}

const timeText = (side: DiffRequest | undefined): string => (side ? formatMs(side.totalMs) : '—');

function barsLabel(row: HarDiffRow): string {
  const part = (which: string, side: DiffRequest | undefined): string =>
    side ? `${which} ${formatMs(side.totalMs)} starting at ${formatMs(side.startOffsetMs)}` : `no ${which} request`;
  return `${part('before', row.before)}; ${part('after', row.after)}`;
}

function rowElement(row: HarDiffRow, index: number, end: number, selected: boolean): HTMLTableRowElement {
  const urls = [row.before?.url, row.after?.url].filter((u, i, all): u is string => !!u && all.indexOf(u) === i);
  const status =
    row.before && row.after && row.before.status !== row.after.status
      ? `${row.before.status} → ${row.after.status}`
      : String((row.after ?? row.before)?.status ?? '');
  const phase = row.largestPhase
    ? `${PHASE_LABELS[row.largestPhase]} ${signedMs(row.phaseDeltas[row.largestPhase] ?? 0)}`
    : '—';
  const track = el(
    'div',
    { class: 'hd-track', role: 'img', 'aria-label': barsLabel(row) },
    bar(row.before, 'before', end),
    bar(row.after, 'after', end),
  );
  return el(
    'tr',
    { 'data-index': index, 'data-key': row.key, tabindex: selected ? 0 : -1, 'aria-selected': String(selected) },
    el('td', { class: `hd-mark ${markClass(row.mark)}` }, MARK_TEXT[row.mark]),
    el('td', { class: 'hd-url', title: urls.join('\n') }, `${row.method} ${row.url}`),
    el('td', {}, row.resourceType),
    el('td', {}, status),
    el('td', {}, track),
    el('td', { class: 'num' }, timeText(row.before)),
    el('td', { class: 'num' }, timeText(row.after)),
    el('td', { class: 'num' }, signedMs(row.deltaMs)),
    el('td', {}, phase),
  );
}

/** The table of `rows` (already filtered, sorted and cut), `selected` highlighted; `onSelect` gets a row's index. */
export function rowsView(rows: readonly HarDiffRow[], selected: number, onSelect: (index: number) => void): RowsView {
  const end = scaleEnd(rows);
  const body = el('tbody', {}, ...rows.map((row, i) => rowElement(row, i, end, i === selected)));
  const head = el(
    'tr',
    {},
    ...[
      'Change',
      'Request',
      'Type',
      'Status',
      `Waterfall (0–${formatMs(end)}: before dashed, after solid)`,
      'Before',
      'After',
      'Δ',
      'Largest phase Δ',
    ].map((h, i) => el('th', { scope: 'col', class: i >= 5 && i <= 7 ? 'num' : undefined }, h)),
  );
  const table = el(
    'table',
    { class: 'hd-rows', 'aria-label': 'Requests compared, before and after' },
    el('thead', {}, head),
    body,
  );
  const focus = (index: number): void => {
    const target = body.rows[Math.max(0, Math.min(rows.length - 1, index))];
    target?.focus();
  };
  const indexOf = (target: EventTarget | null): number | undefined => {
    const tr = (target as HTMLElement | null)?.closest?.('tr');
    const raw = tr?.getAttribute('data-index');
    return raw === null || raw === undefined ? undefined : Number(raw);
  };
  body.addEventListener('click', (event) => {
    const i = indexOf(event.target);
    if (i !== undefined) onSelect(i);
  });
  body.addEventListener('keydown', (event) => {
    const i = indexOf(event.target);
    if (i === undefined) return;
    const moves: Record<string, number> = {
      ArrowDown: i + 1,
      ArrowUp: i - 1,
      Home: 0,
      End: rows.length - 1,
      PageDown: i + 10,
      PageUp: i - 10,
    };
    if (event.key in moves) {
      event.preventDefault();
      focus(moves[event.key] ?? i);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(i);
    }
  });
  body.addEventListener('focusin', (event) => {
    for (const tr of Array.from(body.rows)) tr.tabIndex = tr === (event.target as HTMLElement).closest('tr') ? 0 : -1;
  });
  return { table, focus };
}
