// Lays out instant-test results: heading, summary, one row per agent with its grade in words
// and colour, the numbers, HTTP phases as a bar in the metrics charts' colours, and links.
// Every string from the API goes in as text.
import { GRADE_WORDS, type Grade, type InstantResultsView, type InstantRow } from '../../src/analysis/instant/results';
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
}

const PHASE_KEYS = ['dns', 'connect', 'ssl', 'wait', 'receive'] as const;
const ms = (value: number | undefined): string => (value === undefined ? '–' : `${Math.round(value)} ms`);
const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

export function renderResults(view: InstantResultsView, events: RenderEvents): HTMLElement {
  const rows = Array.isArray(view.rows) ? view.rows : [];
  return el('main', { class: 'ins' },
    el('h1', {}, text(view.heading)),
    el('p', { class: 'ins-summary', role: 'status' }, `${text(view.summary)} (thresholds as in the session verdict)`),
    ...(Array.isArray(view.notes) ? view.notes : []).map((note) => el('p', { class: 'ins-note' }, text(note))),
    actions(view, events),
    view.type === 'http-server' ? legend() : null,
    rows.length === 0 ? el('p', { class: 'ins-muted' }, 'No agent reported a result.') : table(view, rows, events));
}

function actions(view: InstantResultsView, events: RenderEvents): HTMLElement {
  const button = (label: string, title: string, run: () => void, primary = false): HTMLButtonElement => {
    const node = el('button', { type: 'button', title, class: primary ? 'primary' : undefined }, label);
    node.addEventListener('click', run);
    return node;
  };
  return el('div', { class: 'ins-actions' },
    button('Open Metrics', `Every round of test ${view.testId} as charts`, () => events.openMetrics({ testId: view.testId }), true),
    button('Open Path', `Path traces of test ${view.testId}`, () => events.openPath({ testId: view.testId })),
    button('Open as Text', 'The same table as text, for a ticket', events.openText),
    button('Open as JSON', 'The results as the service sent them', events.openJson));
}

function legend(): HTMLElement {
  return el('div', { class: 'ins-legend', 'aria-hidden': 'true' }, ...HTTP_PHASES.map((phase, i) => {
    const swatch = el('i');
    swatch.style.background = paletteCss(i);
    return el('span', {}, swatch, phase.label);
  }));
}

function table(view: InstantResultsView, rows: readonly InstantRow[], events: RenderEvents): HTMLElement {
  const http = view.type === 'http-server';
  const headings = [...(http ? ['Result', 'Agent', 'Code', 'Phases', 'Total'] : ['Result', 'Agent', 'Latency', 'Loss', 'Jitter']), 'Open'];
  const numeric = new Set(http ? ['Code', 'Total'] : ['Latency', 'Loss', 'Jitter']);
  return el('div', { class: 'ins-table' }, el('table', { 'aria-label': `Results per agent of test ${view.testId}` },
    el('thead', {}, el('tr', {}, ...headings.map((h) => el('th', { scope: 'col', class: numeric.has(h) ? 'num' : undefined }, h)))),
    el('tbody', {}, ...rows.flatMap((row) => [
      el('tr', { 'data-agent-id': text(row.agentId), 'data-grade': row.grade, class: text(row.error) ? 'ins-has-error' : undefined },
        gradeCell(row.grade),
        el('td', { class: 'ins-agent', title: `Agent id ${text(row.agentId)}` }, text(row.agent)),
        ...(http ? httpCells(row) : networkCells(row)),
        linkCell(view, row, events)),
      ...errorRow(row, headings.length),
    ]))));
}

/**
 * An error is a sentence: it gets the table's whole width on a line of its own under its agent's
 * row, instead of a column squeezed to one word beside the numbers (and the buttons pushed off screen).
 */
function errorRow(row: InstantRow, columns: number): HTMLElement[] {
  const error = text(row.error);
  if (!error) return [];
  return [el('tr', { class: 'ins-error-row', 'data-error-of': text(row.agentId) },
    el('td', { colspan: String(columns), class: 'ins-error' }, el('span', { class: 'ins-error-label' }, `${text(row.agent)}: `), error))];
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
  const bar = el('div', { class: 'ins-bar', role: 'img', 'aria-label': described, title: described },
    ...PHASE_KEYS.map((key, i) => {
      const part = el('span');
      part.style.width = sum > 0 ? `${((phases[key] ?? 0) / sum) * 100}%` : '0';
      part.style.background = paletteCss(i);
      return part;
    }));
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
