// The selected pair in full: both URLs, status, sizes, and each phase before, after and Δ.
import type { DiffRequest, HarDiffRow } from '../../src/analysis/har/diff';
import { signedMs } from '../../src/analysis/har/diff-text';
import { operationOf } from '../../src/analysis/har/diff-pair';
import { formatBytes, formatMs } from '../../src/analysis/har/format';
import { PHASES } from '../../src/analysis/har/model';
import { el } from '../shared/dom';
import { PHASE_LABELS } from '../shared/har-phases';
import { MARK_LABELS } from './marks';

const ms = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : formatMs(value);
const bytes = (value: number | undefined): string => (value === undefined || value < 0 ? '—' : formatBytes(value));

function line(label: string, before: string, after: string, delta = ''): HTMLTableRowElement {
  return el(
    'tr',
    {},
    el('th', { scope: 'row' }, label),
    el('td', { class: 'num' }, before),
    el('td', { class: 'num' }, after),
    el('td', { class: 'num' }, delta),
  );
}

function urlLine(which: string, side: DiffRequest | undefined): HTMLElement {
  return el(
    'p',
    {},
    el('strong', {}, `${which}: `),
    side ? `${side.method} ${side.url}` : `no matching request ${which === 'Before' ? 'before' : 'after'}`,
    side?.redirectURL ? ` → redirects to ${side.redirectURL}` : '',
    side?.fromCache ? ' (from cache)' : '',
  );
}

function pairingText(row: HarDiffRow): string {
  const operation = operationOf(row.after ?? row.before);
  return operation === '' ? (row.pairing ?? '') : `${row.pairing ?? ''} (${operation})`;
}

export function detailsView(row: HarDiffRow | undefined): HTMLElement {
  if (!row)
    return el(
      'section',
      { class: 'hd-details', 'aria-label': 'Selected request' },
      el('p', { class: 'hd-muted' }, 'Select a request to see its phases before and after.'),
    );
  const { before: b, after: a } = row;
  const phases = PHASES.map((phase) =>
    line(
      PHASE_LABELS[phase],
      ms(b?.phases[phase]),
      ms(a?.phases[phase]),
      row.phaseDeltas[phase] === null ? '' : signedMs(row.phaseDeltas[phase] ?? 0),
    ),
  );
  const sizeDelta = (d: number | null): string =>
    d === null ? '' : `${d >= 0 ? '+' : '−'}${formatBytes(Math.abs(d))}`;
  return el(
    'section',
    { class: 'hd-details', 'aria-label': 'Selected request' },
    el('h2', {}, `${MARK_LABELS[row.mark]}: ${row.method} ${row.url}`),
    urlLine('Before', b),
    urlLine('After', a),
    row.pairing ? el('p', { class: 'hd-muted' }, `Paired by ${pairingText(row)}`) : null,
    row.rules.length ? el('p', { class: 'hd-muted' }, `Matched by: ${row.rules.map((r) => r.text).join('; ')}`) : null,
    el(
      'table',
      { 'aria-label': 'Phases before and after' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col' }, ''),
          el('th', { scope: 'col', class: 'num' }, 'Before'),
          el('th', { scope: 'col', class: 'num' }, 'After'),
          el('th', { scope: 'col', class: 'num' }, 'Δ'),
        ),
      ),
      el(
        'tbody',
        {},
        ...phases,
        line('Total', ms(b?.totalMs), ms(a?.totalMs), signedMs(row.deltaMs)),
        line('Starts at', ms(b?.startOffsetMs), ms(a?.startOffsetMs)),
        line('Status', b ? String(b.status) : '—', a ? String(a.status) : '—'),
        line('Transferred', bytes(b?.transferBytes), bytes(a?.transferBytes), sizeDelta(row.transferDeltaBytes)),
        line('Content', bytes(b?.contentBytes), bytes(a?.contentBytes), sizeDelta(row.contentDeltaBytes)),
      ),
    ),
  );
}
