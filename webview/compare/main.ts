// Entry of the session compare webview: two sessions side by side, what differs marked (a ≠
// sign and a background, never colour alone), every API string as text.
import { formatMs } from '../../src/analysis/har/format';
import { experienceGrade } from '../../src/analysis/grades';
import type { HopPair, PagePair, SessionComparison, SessionSide } from '../../src/analysis/session/compare';
import type { OverviewHop } from '../../src/analysis/session/overview';
import { el } from '../shared/dom';
import { drawSafely } from '../shared/draw-safely';
import { GRADE_COLORS } from '../shared/grades';
import { hostApi } from '../shared/ipc';
import { adoptStyles } from '../shared/sheet';
import { isCompareHostMessage, type ComparePanelMessage } from './protocol';
import { COMPARE_CSS } from './styles';

const host = hostApi<ComparePanelMessage>();
adoptStyles(COMPARE_CSS);
const live = el('p', { class: 'cmp-live', role: 'status', 'aria-live': 'polite' });
const root = el('div', {}, el('p', { class: 'cmp-muted', role: 'status' }, 'Loading the two sessions…'));
document.body.append(live, root);

const GRADE_WORDS: Record<string, string> = { ok: 'OK', warn: 'Suspect', bad: 'Problem', unknown: 'Not measured' };

function sideCard(side: SessionSide, which: string): HTMLElement {
  const score = el('span', { class: 'cmp-score' }, side.scoreText ?? 'not scored');
  score.style.setProperty('--grade-color', GRADE_COLORS[experienceGrade(side.score) ?? 'unknown'] ?? '');
  const open = el(
    'button',
    { type: 'button', 'aria-label': `Open Overview of the ${which.toLowerCase()} session` },
    'Open Overview',
  );
  open.addEventListener('click', () =>
    host.postMessage({ type: 'openSession', params: { userSessionId: String(side.userSessionId) } }),
  );
  return el(
    'section',
    { class: 'cmp-side', 'aria-label': `${which} session` },
    el('h2', {}, `${which}: ${String(side.title)}`),
    el('div', {}, score, ' ', el('span', { class: 'cmp-muted' }, `${String(side.date)} · ${String(side.agent)}`)),
    el('p', {}, String(side.verdict)),
    open,
  );
}

function table(
  headings: string[],
  rows: { cells: string[]; differs: boolean; numeric?: number[]; grades?: (string | undefined)[] }[],
): HTMLElement {
  const head = el('tr', {}, ...headings.map((h) => el('th', { scope: 'col' }, h)));
  return el(
    'table',
    {},
    el('thead', {}, head),
    el(
      'tbody',
      {},
      ...rows.map((row) =>
        el(
          'tr',
          { class: row.differs ? 'differs' : undefined },
          ...row.cells.map((cell, i) => {
            const td = el('td', { class: row.numeric?.includes(i) ? 'num' : undefined }, cell);
            const grade = row.grades?.[i];
            if (grade) {
              td.classList.add('cmp-grade');
              td.style.setProperty('--grade-color', GRADE_COLORS[grade] ?? '');
            }
            return td;
          }),
        ),
      ),
    ),
  );
}

const hopText = (hop: OverviewHop | undefined): string =>
  hop
    ? `${String(hop.ipAddress)}${hop.name ? ` (${String(hop.name)})` : ''}${hop.asn ? ` ${String(hop.asn)}` : ''}`
    : '—';
const delay = (hop: OverviewHop | undefined): string => (hop && hop.delayMs >= 0 ? `${hop.delayMs} ms` : '—');
const signed = (ms: number | undefined): string =>
  ms === undefined ? '' : `${ms >= 0 ? '+' : '−'}${formatMs(Math.abs(ms))}`;

function render(c: SessionComparison, matchedOn: string | undefined): HTMLElement {
  const hops = (pairs: readonly HopPair[]): HTMLElement =>
    table(
      ['Hop', 'First', 'Delay', 'Second', 'Delay', 'Δ'],
      pairs.map((h) => ({
        cells: [String(h.hop), hopText(h.a), delay(h.a), hopText(h.b), delay(h.b), signed(h.delayDeltaMs)],
        differs: h.differs,
        numeric: [2, 4, 5],
      })),
    );
  const pages = (pairs: readonly PagePair[]): HTMLElement =>
    table(
      ['Page', 'First onLoad', 'Second onLoad', 'Δ'],
      pairs.map((p) => ({
        cells: [
          String(p.title),
          p.a && p.a.onLoad >= 0 ? formatMs(p.a.onLoad) : '—',
          p.b && p.b.onLoad >= 0 ? formatMs(p.b.onLoad) : '—',
          signed(p.onLoadDeltaMs),
        ],
        differs: !p.a || !p.b || Math.abs(p.onLoadDeltaMs ?? 0) >= 500,
        numeric: [1, 2, 3],
      })),
    );
  const evidence = el(
    'button',
    { type: 'button', title: 'One offline file for a ticket: the two sessions side by side, what differs marked' },
    'Export Evidence…',
  );
  evidence.addEventListener('click', () => host.postMessage({ type: 'exportEvidence', params: undefined }));
  const share = el(
    'button',
    {
      type: 'button',
      'aria-label': "Share for a Ticket: the comparison's evidence and both sessions' redacted HARs, in one folder",
      title: "The evidence (HTML) and each session's redacted HARs in a folder you pick, as they are or pseudonymised",
    },
    'Share for a Ticket…',
  );
  share.addEventListener('click', () => host.postMessage({ type: 'shareForTicket', params: undefined }));
  return el(
    'main',
    { class: 'cmp' },
    el(
      'div',
      { class: 'cmp-head' },
      el('h1', {}, 'Compare sessions'),
      el('div', { class: 'cmp-actions' }, evidence, share),
    ),
    matchedOn ? el('p', { class: 'cmp-muted' }, `Second session: ${matchedOn}`) : null,
    el('div', { class: 'cmp-sides' }, sideCard(c.a, 'First'), sideCard(c.b, 'Second')),
    el('p', { class: 'cmp-summary' }, String(c.summary)),
    el('h3', {}, 'Segments'),
    table(
      ['Segment', 'First', 'Second'],
      c.segments.map((s) => ({
        cells: [s.label, GRADE_WORDS[s.a] ?? s.a, GRADE_WORDS[s.b] ?? s.b],
        differs: s.differs,
        grades: [undefined, s.a, s.b],
      })),
    ),
    ...c.sections.flatMap((section) => [
      el('h3', {}, String(section.heading)),
      table(
        ['', 'First', 'Second'],
        section.rows.map((r) => ({ cells: [String(r.label), String(r.a), String(r.b)], differs: r.differs })),
      ),
    ]),
    el('h3', {}, 'Traceroute by hop'),
    c.hops.length ? hops(c.hops) : el('p', { class: 'cmp-muted' }, 'Neither session has traceroute hops.'),
    el('h3', {}, 'Pages'),
    c.pages.length ? pages(c.pages) : el('p', { class: 'cmp-muted' }, 'No pages in either session.'),
  );
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isCompareHostMessage(message)) return;
  if (message.type === 'error') {
    root.replaceChildren(el('p', { class: 'cmp-error', role: 'alert' }, message.params.message));
    return;
  }
  const { comparison, matchedOn } = message.params;
  drawSafely(host, () => {
    root.replaceChildren(render(comparison, matchedOn));
    live.textContent = `Compared: ${String(comparison.summary)}`;
    host.postMessage({
      type: 'loaded',
      params: { a: String(comparison.a.userSessionId), b: String(comparison.b.userSessionId) },
    });
  });
});

host.postMessage({ type: 'ready', params: undefined });
