// Lays out instant-test results: heading, summary, one row per agent with its grade in words
// and colour, the numbers, HTTP phases as a bar in the metrics charts' colours, and links.
// Every string from the API goes in as text.
import {
  GRADE_WORDS,
  layoutOf,
  type Grade,
  type InstantLayout,
  type InstantResultsView,
  type InstantRow,
} from '../../src/analysis/instant/results';
import { HTTP_PHASES } from '../../src/analysis/metrics/series';
import { paletteCss } from '../shared/chart-palette';
import { el } from '../shared/dom';
import { GRADE_COLORS } from '../shared/grades';
import type { InstantLink } from './protocol';

export interface RenderEvents {
  openMetrics(link: InstantLink): void;
  openPath(link: InstantLink): void;
  openText(): void;
  openJson(): void;
  /** Stop waiting for a run's answers. */
  cancel(): void;
}

const PHASE_KEYS = ['dns', 'connect', 'ssl', 'wait', 'receive'] as const;
const ms = (value: number | undefined): string => (value === undefined ? '–' : `${Math.round(value)} ms`);
const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);

export function renderResults(view: InstantResultsView, events: RenderEvents): HTMLElement {
  const rows = Array.isArray(view.rows) ? view.rows : [];
  const waiting = Array.isArray(view.waiting) ? view.waiting : [];
  return el(
    'main',
    { class: 'ins', 'aria-busy': view.running === true ? 'true' : 'false' },
    el('h1', {}, text(view.heading)),
    el('p', { class: 'ins-summary', role: 'status' }, `${text(view.summary)} (thresholds as in the session verdict)`),
    ...(Array.isArray(view.notes) ? view.notes : []).map((note) => el('p', { class: 'ins-note' }, text(note))),
    actions(view, events),
    layoutOf(view) === 'http' ? legend() : null,
    rows.length + waiting.length === 0
      ? el('p', { class: 'ins-muted' }, 'No agent reported a result.')
      : table(view, rows, events),
  );
}

/** Metrics and path links: an endpoint instant test has them; an enterprise run when its test lists results. */
const linked = (view: InstantResultsView): boolean => view.source !== 'enterprise' || view.links === true;

function actions(view: InstantResultsView, events: RenderEvents): HTMLElement {
  const button = (label: string, title: string, run: () => void, primary = false): HTMLButtonElement => {
    const node = el('button', { type: 'button', title, class: primary ? 'primary' : undefined }, label);
    node.addEventListener('click', run);
    return node;
  };
  return el(
    'div',
    { class: 'ins-actions' },
    view.running === true
      ? button('Cancel', "Stop waiting for the agents' answers (the run goes on at the service)", events.cancel, true)
      : null,
    ...(linked(view)
      ? [
          button(
            'Open Metrics',
            `Every round of test ${view.testId} as charts`,
            () => events.openMetrics({ testId: view.testId }),
            view.running !== true,
          ),
          button('Open Path', `Path traces of test ${view.testId}`, () => events.openPath({ testId: view.testId })),
        ]
      : []),
    button('Open as Text', 'The same table as text, for a ticket', events.openText),
    button('Open as JSON', 'The results as the service sent them', events.openJson),
  );
}

function legend(): HTMLElement {
  return el(
    'div',
    { class: 'ins-legend', 'aria-hidden': 'true' },
    ...HTTP_PHASES.map((phase, i) => {
      const swatch = el('i');
      swatch.style.background = paletteCss(i);
      return el('span', {}, swatch, phase.label);
    }),
  );
}

const HEADINGS: Record<InstantLayout, readonly string[]> = {
  http: ['Result', 'Agent', 'Code', 'Phases', 'Total'],
  network: ['Result', 'Agent', 'Latency', 'Loss', 'Jitter'],
  health: ['Result', 'Agent', 'Why'],
};
const NUMERIC = new Set(['Code', 'Total', 'Latency', 'Loss', 'Jitter']);

function table(view: InstantResultsView, rows: readonly InstantRow[], events: RenderEvents): HTMLElement {
  const layout = layoutOf(view);
  const headings = [...HEADINGS[layout], ...(linked(view) ? ['Open'] : [])];
  const cells = (row: InstantRow): HTMLElement[] =>
    layout === 'http' ? httpCells(row) : layout === 'network' ? networkCells(row) : [el('td', {}, text(row.reason))];
  return el(
    'div',
    { class: 'ins-table' },
    el(
      'table',
      { 'aria-label': `Results per agent of test ${view.testId}` },
      el(
        'thead',
        {},
        el('tr', {}, ...headings.map((h) => el('th', { scope: 'col', class: NUMERIC.has(h) ? 'num' : undefined }, h))),
      ),
      el(
        'tbody',
        {},
        ...rows.flatMap((row) => [
          el(
            'tr',
            {
              'data-agent-id': text(row.agentId),
              'data-grade': row.grade,
              class: text(row.error) ? 'ins-has-error' : undefined,
            },
            gradeCell(row.grade),
            el('td', { class: 'ins-agent', title: `Agent id ${text(row.agentId)}` }, text(row.agent)),
            ...cells(row),
            linked(view) ? linkCell(view, row, events) : null,
          ),
          // A health row says its failure in its Why cell already.
          ...(layout === 'health' ? [] : errorRow(row, headings.length)),
        ]),
        ...waitingRows(view, headings.length),
      ),
    ),
  );
}

/** The agents not heard from yet: named, under the answers, until they answer or the wait ends. */
function waitingRows(view: InstantResultsView, columns: number): HTMLElement[] {
  const waiting = Array.isArray(view.waiting) ? view.waiting : [];
  const word = view.running === true ? 'waiting for its answer…' : 'no answer';
  return waiting.map((agent) =>
    el(
      'tr',
      { 'data-agent-id': text(agent.agentId), 'data-grade': 'waiting', class: 'ins-waiting' },
      el('td', { class: 'ins-grade ins-muted' }, view.running === true ? 'waiting' : 'silent'),
      el('td', { class: 'ins-agent', title: `Agent id ${text(agent.agentId)}` }, text(agent.agent)),
      el('td', { class: 'ins-muted', colspan: String(columns - 2) }, word),
    ),
  );
}

/**
 * An error is a sentence: it gets the table's whole width on a line of its own under its agent's
 * row, instead of a column squeezed to one word beside the numbers (and the buttons pushed off screen).
 */
function errorRow(row: InstantRow, columns: number): HTMLElement[] {
  const error = text(row.error);
  if (!error) return [];
  return [
    el(
      'tr',
      { class: 'ins-error-row', 'data-error-of': text(row.agentId) },
      el(
        'td',
        { colspan: String(columns), class: 'ins-error' },
        el('span', { class: 'ins-error-label' }, `${text(row.agent)}: `),
        error,
      ),
    ),
  ];
}

function gradeCell(grade: Grade): HTMLElement {
  const cell = el('td', { class: 'ins-grade' }, GRADE_WORDS[grade] ?? 'unknown');
  cell.style.setProperty('--grade-color', GRADE_COLORS[grade] ?? GRADE_COLORS['unknown']!);
  return cell;
}

function networkCells(row: InstantRow): HTMLElement[] {
  return [
    el('td', { class: 'num' }, ms(row.latencyMs)),
    el('td', { class: 'num' }, typeof row.lossPct === 'number' ? `${row.lossPct.toFixed(1)} %` : '–'),
    el('td', { class: 'num' }, ms(row.jitterMs)),
  ];
}

function httpCells(row: InstantRow): HTMLElement[] {
  const phases = row.phases ?? {};
  const sum = PHASE_KEYS.reduce((total, key) => total + (phases[key] ?? 0), 0);
  const described = PHASE_KEYS.map((key, i) => `${HTTP_PHASES[i]!.label} ${ms(phases[key])}`).join(', ');
  const bar = el(
    'div',
    { class: 'ins-bar', role: 'img', 'aria-label': described, title: described },
    ...PHASE_KEYS.map((key, i) => {
      const part = el('span');
      part.style.width = sum > 0 ? `${((phases[key] ?? 0) / sum) * 100}%` : '0';
      part.style.background = paletteCss(i);
      return part;
    }),
  );
  return [
    el('td', { class: 'num' }, row.responseCode === undefined ? '–' : String(row.responseCode)),
    el('td', {}, bar),
    el('td', { class: 'num' }, ms(phases.total)),
  ];
}

function linkCell(view: InstantResultsView, row: InstantRow, events: RenderEvents): HTMLElement {
  const link = { testId: view.testId, agentId: text(row.agentId) };
  const metrics = el('button', { type: 'button', 'aria-label': `Metrics of ${text(row.agent)}` }, 'Metrics');
  metrics.addEventListener('click', () => events.openMetrics(link));
  const path = el('button', { type: 'button', 'aria-label': `Path of ${text(row.agent)}` }, 'Path');
  path.addEventListener('click', () => events.openPath(link));
  return el('td', { class: 'ins-links' }, metrics, ' ', path);
}
