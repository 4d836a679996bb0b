// The diff's frame: what is compared, the page timings' deltas, warnings, the URL rules that
// paired requests, and the totals per domain and per type.
import type { DiffTotal, HarDiff, HarDiffSideInfo, TimingDelta } from '../../src/analysis/har/diff';
import { signedMs } from '../../src/analysis/har/diff-text';
import { formatBytes, formatMs } from '../../src/analysis/har/format';
import { el } from '../shared/dom';
import type { HarDiffLoad } from './protocol';

function sideText(side: HarDiffSideInfo): string {
  const what = side.page
    ? `page ${side.page.number} of ${side.pages}: ${side.page.title || side.page.id}`
    : side.pages > 0
      ? `all requests of ${side.pages} pages`
      : 'all requests (no pages in the file)';
  const tool = [side.creator, side.browser && side.browser !== side.creator ? side.browser : '']
    .filter(Boolean)
    .join(' · ');
  return `${what} · ${side.requests} requests${tool ? ` · ${tool}` : ''}`;
}

export function sidesView(load: HarDiffLoad): HTMLElement {
  const card = (which: string, name: string, side: HarDiffSideInfo): HTMLElement =>
    el(
      'section',
      { class: 'hd-side', 'aria-label': which },
      el('h2', {}, `${which}: ${name}`),
      el('div', { class: 'hd-muted' }, sideText(side)),
    );
  return el(
    'div',
    { class: 'hd-sides' },
    card('Before', load.names.before, load.diff.before),
    card('After', load.names.after, load.diff.after),
  );
}

export function timingsView(diff: HarDiff): HTMLElement {
  const timing = (label: string, t: TimingDelta | undefined): HTMLElement =>
    el(
      'span',
      {},
      t
        ? `${label}: ${formatMs(t.before)} → ${formatMs(t.after)} (${signedMs(t.delta)})`
        : `${label}: not reported by both pages`,
    );
  const total = el(
    'span',
    {},
    `Request time: ${formatMs(diff.total.before.totalMs)} → ${formatMs(diff.total.after.totalMs)} ` +
      `(${signedMs(diff.total.delta.totalMs)})`,
  );
  if (!diff.page)
    return el(
      'div',
      { class: 'hd-timings' },
      total,
      el('span', { class: 'hd-muted' }, 'Page timings not compared: a side is all requests, not a page'),
    );
  return el(
    'div',
    { class: 'hd-timings' },
    timing('onLoad', diff.page.onLoad),
    timing('DOMContentLoaded', diff.page.onContentLoad),
    total,
  );
}

export function warningsView(diff: HarDiff): HTMLElement | null {
  if (diff.warnings.length === 0) return null;
  return el('ul', { class: 'hd-warn', 'aria-label': 'Warnings' }, ...diff.warnings.map((w) => el('li', {}, w)));
}

export function rulesView(diff: HarDiff): HTMLElement {
  const summary = el(
    'summary',
    {},
    diff.rulesUsed.length
      ? `URL matching: ${diff.rulesUsed.length} rules paired requests whose URLs differ`
      : 'URL matching: every pair has the same URL',
  );
  return el(
    'details',
    {},
    summary,
    el('ul', {}, ...diff.rulesUsed.map((r) => el('li', {}, `${r.text} ×${r.pairs}`))),
    el(
      'p',
      { class: 'hd-muted' },
      `Slower or faster: at least ${diff.thresholds.minDeltaMs} ms and ` +
        `${Math.round(diff.thresholds.minRelativeDelta * 100)} % of the time before.`,
    ),
  );
}

function signedBytes(n: number): string {
  return n === 0 ? '±0 B' : `${n > 0 ? '+' : '−'}${formatBytes(Math.abs(n))}`;
}

export function totalsTable(label: string, rows: readonly { name: string; total: DiffTotal }[]): HTMLElement {
  const head = el(
    'tr',
    {},
    ...[label, 'Requests', 'Time before', 'Time after', 'Δ time', 'Δ transferred', 'Changes'].map((h, i) =>
      el('th', { scope: 'col', class: i >= 2 && i <= 5 ? 'num' : undefined }, h),
    ),
  );
  const changes = (t: DiffTotal): string =>
    (['status changed', 'new', 'missing', 'slower', 'faster', 'cached'] as const)
      .filter((m) => t.marks[m] > 0)
      .map((m) => `${t.marks[m]} ${m}`)
      .join(', ');
  return el(
    'table',
    { 'aria-label': `Totals per ${label.toLowerCase()}` },
    el('thead', {}, head),
    el(
      'tbody',
      {},
      ...rows.map(({ name, total }) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row' }, name),
          el('td', {}, `${total.before.requests} → ${total.after.requests}`),
          el('td', { class: 'num' }, formatMs(total.before.totalMs)),
          el('td', { class: 'num' }, formatMs(total.after.totalMs)),
          el('td', { class: 'num' }, signedMs(total.delta.totalMs)),
          el('td', { class: 'num' }, signedBytes(total.delta.transferBytes)),
          el('td', {}, changes(total)),
        ),
      ),
    ),
  );
}
