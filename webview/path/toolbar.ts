// The toolbar controls; main.ts wires them to the graph and the host.
import { el } from '../shared/dom';

export interface Toolbar {
  root: HTMLElement;
  title: HTMLHeadingElement;
  round: HTMLSelectElement;
  compare: HTMLSelectElement;
  agent: HTMLSelectElement;
  search: HTMLInputElement;
  matchCount: HTMLSpanElement;
  mode: HTMLSelectElement;
  groupBy: HTMLSelectElement;
  collapse: HTMLInputElement;
  zoomOut: HTMLButtonElement;
  fit: HTMLButtonElement;
  zoomIn: HTMLButtonElement;
  asText: HTMLButtonElement;
  evidence: HTMLButtonElement;
  share: HTMLButtonElement;
}

function options(select: HTMLSelectElement, entries: readonly [string, string][]): HTMLSelectElement {
  select.replaceChildren(...entries.map(([value, label]) => el('option', { value }, label)));
  return select;
}

export function buildToolbar(): Toolbar {
  const parts = {
    title: el('h1', {}, 'Path trace'),
    round: el('select', { 'aria-label': 'Round', id: 'round' }),
    compare: options(el('select', { 'aria-label': 'Compare with round', id: 'compare' }), [['', 'Nothing']]),
    agent: options(el('select', { 'aria-label': 'Highlight agent', id: 'agent' }), [['', 'All agents']]),
    search: el('input', {
      type: 'search',
      placeholder: 'Search IP, network, rDNS…',
      'aria-label': 'Search nodes by IP, network or rDNS',
      id: 'search',
    }),
    matchCount: el('span', { class: 'match-count', 'aria-live': 'polite' }),
    mode: options(el('select', { 'aria-label': 'Colour by', id: 'mode' }), [
      ['delay', 'Delay'],
      ['loss', 'Loss'],
    ]),
    groupBy: options(el('select', { 'aria-label': 'Group by', id: 'group' }), [
      ['none', 'None'],
      ['network', 'Network (AS)'],
      ['prefix', 'Prefix'],
    ]),
    collapse: el('input', { type: 'checkbox', id: 'collapse' }),
    zoomOut: el('button', { type: 'button', title: 'Zoom out (-)', 'aria-label': 'Zoom out' }, '−'),
    fit: el('button', { type: 'button', title: 'Fit to view (0)', 'aria-label': 'Fit to view' }, 'Fit'),
    zoomIn: el('button', { type: 'button', title: 'Zoom in (+)', 'aria-label': 'Zoom in' }, '+'),
    asText: el('button', { type: 'button', class: 'primary', title: 'Open Path Trace as Text' }, 'Open as Text'),
    evidence: el(
      'button',
      {
        type: 'button',
        title: 'One offline file for a ticket: where the problem is, the path per agent, the highlighted hops',
      },
      'Export Evidence…',
    ),
    share: el(
      'button',
      {
        type: 'button',
        'aria-label': "Share for a Ticket: the path's evidence, with the highlighted hops, in a folder you pick",
        title: 'The evidence (HTML) in a folder you pick, as it is or pseudonymised',
      },
      'Share for a Ticket…',
    ),
  };
  const root = el(
    'header',
    { class: 'toolbar' },
    parts.title,
    el('label', {}, 'Round', parts.round),
    el('label', {}, 'Compare with', parts.compare),
    el('label', {}, 'Highlight', parts.agent),
    parts.search,
    parts.matchCount,
    el('label', {}, 'Colour by', parts.mode),
    el('label', {}, 'Group', parts.groupBy),
    el('label', {}, parts.collapse, 'Collapse chains'),
    parts.zoomOut,
    parts.fit,
    parts.zoomIn,
    parts.asText,
    parts.evidence,
    parts.share,
  );
  return { root, ...parts };
}

export function fillSelect(select: HTMLSelectElement, entries: readonly [string, string][], selected: string): void {
  options(select, entries);
  select.value = selected;
}
