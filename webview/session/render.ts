// Lays out a SessionOverview: verdict, the user → site path graded segment by segment,
// then one card per topic. Every string from the API goes in as text.
import { formatMs } from '../../src/analysis/har/format';
import { experienceGrade, experienceText } from '../../src/analysis/grades';
import { SEGMENT_LABELS, type Field, type Grade, type SessionOverview } from '../../src/analysis/session';
import { el } from '../shared/dom';
import type { PageTimeSplit, RelatedTests, TestRound } from './protocol';
import { GRADE_COLORS } from './styles';

export interface RenderEvents {
  openPage(pageId: string, title: string): void;
  openPath(link: TestRound): void;
  openMetrics(link: TestRound): void;
  openTraceroute(): void;
  openTimeline(): void;
  compareWithBest(): void;
  exportEvidence(): void;
  shareForTicket(): void;
}

export function renderOverview(
  view: SessionOverview,
  events: RenderEvents,
  related?: RelatedTests,
  split?: PageTimeSplit,
): HTMLElement {
  return el(
    'main',
    { class: 'ses' },
    header(view, events),
    verdict(view),
    pathStrip(view),
    errors(view),
    relatedTests(view, related, events),
    el(
      'div',
      { class: 'ses-grid' },
      card('Pages', el('div', {}, pagesTable(view, events), timeSplit(split)), true),
      card('General', keyValues(view.general)),
      card(
        view.connection === 'wireless' ? 'Wi-Fi' : 'Network (wired)',
        keyValues(view.connection === 'wireless' ? view.wireless : view.network),
      ),
      view.connection === 'wireless' ? card('Network', keyValues(view.network)) : null,
      card(
        'Proxy and VPN',
        view.proxy.length || view.vpn.length
          ? keyValues([...view.proxy, ...view.vpn])
          : muted('No proxy or VPN in use'),
      ),
      card('Ping and TCP connect', pings(view)),
      card('System', view.system.length ? gauges(view) : muted('No system metrics in this response')),
      card(
        `Traceroute${view.traceroute.destination ? ` to ${view.traceroute.destination}` : ''}`,
        traceroute(view, events),
        true,
      ),
    ),
  );
}

function header(view: SessionOverview, events: RenderEvents): HTMLElement {
  const score = view.experienceScore;
  const badge =
    score === undefined
      ? null
      : el(
          'span',
          { class: 'ses-score', title: 'Experience score (0 worst, 1 best)' },
          `Experience ${experienceText(score) ?? ''}`,
        );
  badge?.style.setProperty('--grade-color', GRADE_COLORS[experienceGrade(score) ?? 'unknown'] ?? '');
  const timeline = el(
    'button',
    {
      type: 'button',
      class: 'ses-button',
      title:
        'Every session, page, network session and probe of this agent around this session, with the verdict over time',
    },
    'Agent Timeline',
  );
  timeline.addEventListener('click', () => events.openTimeline());
  const compare = el(
    'button',
    {
      type: 'button',
      class: 'ses-button',
      title: `Side by side with the best-scored session of ${view.title} in the view's time range`,
    },
    'Compare with a Good Session',
  );
  compare.addEventListener('click', () => events.compareWithBest());
  const evidence = el(
    'button',
    {
      type: 'button',
      class: 'ses-button',
      title:
        'One offline HTML (or Markdown) file for a ticket: the verdict, its numbers, the path, the ' +
        'waterfalls and the redacted HARs',
    },
    'Export Evidence…',
  );
  evidence.addEventListener('click', () => events.exportEvidence());
  return el(
    'header',
    { class: 'ses-head' },
    el('h1', {}, view.title),
    badge,
    el('span', { class: 'ses-sub' }, `Session ${view.userSessionId}`),
    timeline,
    compare,
    evidence,
    shareButton(events),
  );
}

/** The evidence and the redacted HARs in one folder; its name says so to a screen reader too. */
function shareButton(events: RenderEvents): HTMLElement {
  const share = el(
    'button',
    {
      type: 'button',
      class: 'ses-button',
      'aria-label': 'Share for a Ticket: the evidence and the redacted HARs of the session, in one folder',
      title: "The evidence (HTML) and each page's redacted HAR in a folder you pick, as they are or pseudonymised",
    },
    'Share for a Ticket…',
  );
  share.addEventListener('click', () => events.shareForTicket());
  return share;
}

function verdict(view: SessionOverview): HTMLElement {
  const line = el('div', { class: 'ses-verdict', role: 'status', 'data-grade': view.verdict.grade }, view.verdict.line);
  line.style.setProperty('--grade-color', GRADE_COLORS[view.verdict.grade] ?? '');
  return line;
}

const GRADE_WORDS: Record<Grade, string> = { ok: 'OK', warn: 'Suspect', bad: 'Problem', unknown: 'Not measured' };

function pathStrip(view: SessionOverview): HTMLElement {
  return el(
    'div',
    { class: 'ses-path', role: 'list', 'aria-label': 'Path from the user to the site' },
    ...view.verdict.segments.map((s) => {
      const segment = el(
        'div',
        {
          class: `ses-seg${s.segment === view.verdict.worst ? ' ses-worst' : ''}`,
          role: 'listitem',
          'data-segment': s.segment,
          'data-grade': s.grade,
          title: s.findings.map((f) => f.message).join('\n') || GRADE_WORDS[s.grade],
        },
        SEGMENT_LABELS[s.segment],
        el('small', {}, GRADE_WORDS[s.grade]),
      );
      segment.style.setProperty('--grade-color', GRADE_COLORS[s.grade] ?? '');
      return segment;
    }),
  );
}

/** Network errors sit right under the verdict: when there are any, they are the news. */
function errors(view: SessionOverview): HTMLElement {
  if (view.errors.length === 0) return el('p', { class: 'ses-errors ses-muted' }, 'Network errors: none reported');
  return el(
    'section',
    { class: 'ses-errors', role: 'alert' },
    el('b', {}, `Network errors (${view.errors.length})`),
    el('ul', {}, ...view.errors.map((e) => el('li', { class: 'ses-error' }, e))),
  );
}

/** The scheduled tests toward the same site from the same agent: the network path and metrics around the session. */
function relatedTests(view: SessionOverview, related: RelatedTests | undefined, events: RenderEvents): HTMLElement {
  const heading = el('h2', {}, 'The network path around this session');
  if (!related)
    return el(
      'section',
      { class: 'ses-related' },
      heading,
      el('p', { class: 'ses-muted', role: 'status' }, `Looking for scheduled tests toward ${view.title}…`),
    );
  if (related.links.length === 0)
    return el(
      'section',
      { class: 'ses-related' },
      heading,
      muted(`Nothing to link to: ${String(related.why ?? 'no matching scheduled test')}.`),
    );
  const button = (label: string, name: string, run: () => void): HTMLButtonElement => {
    const node = el('button', { type: 'button', class: 'ses-button', 'aria-label': `${label}: ${name}` }, label);
    node.addEventListener('click', run);
    return node;
  };
  return el(
    'section',
    { class: 'ses-related' },
    heading,
    el(
      'ul',
      {},
      ...related.links.map((link) => {
        const target = { testId: Number(link.testId), agentId: String(link.agentId), roundId: Number(link.roundId) };
        return el(
          'li',
          {},
          button('Path', String(link.description), () => events.openPath(target)),
          ' ',
          button('Metrics', String(link.description), () => events.openMetrics(target)),
          ' ',
          el('span', {}, String(link.description)),
        );
      }),
    ),
  );
}

function card(title: string, content: Node, wide = false): HTMLElement {
  return el('section', { class: `ses-card${wide ? ' ses-wide' : ''}` }, el('h2', {}, title), content);
}

function muted(text: string): HTMLElement {
  return el('p', { class: 'ses-muted' }, text);
}

function keyValues(fields: readonly Field[]): HTMLElement {
  if (fields.length === 0) return muted('Not reported');
  return el('dl', { class: 'ses-kv' }, ...fields.flatMap((f) => [el('dt', {}, f.label), el('dd', {}, f.value)]));
}

function pagesTable(view: SessionOverview, events: RenderEvents): HTMLElement {
  if (view.pages.length === 0) return muted('No pages in this session');
  const head = el(
    'tr',
    {},
    ...['Page', 'Started', 'Status', 'DOMContentLoaded', 'Load', ''].map((h, i) =>
      el('th', { class: i >= 2 && i <= 4 ? 'num' : undefined }, h),
    ),
  );
  const rows = view.pages.map((page) => {
    const open = el('button', { type: 'button', class: 'ses-button', 'data-page-id': page.id }, 'Waterfall');
    open.addEventListener('click', () => events.openPage(page.id, page.title));
    return el(
      'tr',
      {},
      el('td', {}, page.title),
      el('td', {}, page.started),
      el(
        'td',
        { class: `num${page.responseCode >= 400 || page.responseCode === 0 ? ' ses-error' : ''}` },
        String(page.responseCode || '—'),
      ),
      el('td', { class: 'num' }, formatMs(page.onContentLoad)),
      el('td', { class: 'num' }, formatMs(page.onLoad)),
      el('td', {}, open),
    );
  });
  return el('table', { class: 'ses-table' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

/** Where the slowest page's load went: network, blocked, or nothing in flight (page work). */
function timeSplit(split: PageTimeSplit | undefined): HTMLElement | null {
  if (!split) return null;
  return el(
    'div',
    { class: 'ses-split' },
    el('b', {}, `Slowest page, ${String(split.title)}: `),
    String(split.line),
    split.critical ? el('p', { class: 'ses-split-critical' }, String(split.critical)) : null,
    split.finding ? el('p', { class: 'ses-split-finding' }, String(split.finding)) : null,
    split.verdict ? el('p', { class: 'ses-split-verdict' }, String(split.verdict)) : null,
  );
}

function pings(view: SessionOverview): HTMLElement {
  return el(
    'div',
    {},
    ...view.pings.map((p) =>
      el(
        'div',
        { class: 'ses-ping' },
        el('div', {}, el('b', {}, p.label), p.outcome),
        p.fields.length ? keyValues(p.fields) : null,
      ),
    ),
  );
}

function gauges(view: SessionOverview): HTMLElement {
  const device = view.verdict.segments.find((s) => s.segment === 'device')?.grade ?? 'unknown';
  return el(
    'div',
    {},
    ...view.system.map((g) => {
      const fill = el('span', {});
      fill.style.width = `${Math.round(g.fraction * 100)}%`;
      const gauge = el(
        'div',
        {
          class: 'ses-gauge',
          role: 'meter',
          'aria-label': g.label,
          'aria-valuemin': 0,
          'aria-valuemax': 100,
          'aria-valuenow': Math.round(g.fraction * 100),
        },
        el('div', {}, el('b', {}, `${g.label} `), g.text),
        el('div', { class: 'ses-gauge-bar' }, fill),
      );
      gauge.style.setProperty(
        '--grade-color',
        GRADE_COLORS[
          g.fraction >= 0.9 ? 'bad' : g.fraction >= 0.7 ? 'warn' : device === 'unknown' ? 'unknown' : 'ok'
        ] ?? '',
      );
      return gauge;
    }),
  );
}

function traceroute(view: SessionOverview, events: RenderEvents): HTMLElement {
  const trace = view.traceroute;
  if (trace.error) return el('p', { class: 'ses-error' }, `Traceroute failed: ${trace.error}`);
  if (trace.hops.length === 0) return muted('No hops reported');
  const asGraph = el(
    'button',
    { type: 'button', class: 'ses-button', 'aria-label': 'Open as path graph: the traceroute' },
    'Open as path graph',
  );
  asGraph.addEventListener('click', () => events.openTraceroute());
  return el('div', {}, asGraph, tracerouteTable(trace));
}

function tracerouteTable(trace: SessionOverview['traceroute']): HTMLElement {
  const maxDelay = Math.max(1, ...trace.hops.map((h) => h.delayMs));
  const head = el(
    'tr',
    {},
    ...['#', 'Address', 'Name', 'Delay', 'Network', 'MPLS'].map((h, i) =>
      el('th', { class: i === 0 ? 'num' : undefined }, h),
    ),
  );
  const rows = trace.hops.map((hop) => {
    const bar = el('span', { class: 'ses-delay' });
    bar.style.width = `${Math.max(1, (hop.delayMs / maxDelay) * 80)}px`;
    return el(
      'tr',
      {},
      el('td', { class: 'num' }, String(hop.hop)),
      el('td', {}, hop.ipAddress),
      el('td', {}, hop.name),
      el('td', {}, bar, hop.delayMs >= 0 ? `${hop.delayMs} ms` : '*'),
      el('td', {}, [hop.asn, hop.prefix].filter(Boolean).join(' · ')),
      el('td', {}, hop.mpls),
    );
  });
  return el('table', { class: 'ses-table' }, el('thead', {}, head), el('tbody', {}, ...rows));
}
