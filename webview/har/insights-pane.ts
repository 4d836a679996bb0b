// The Insights tab of the waterfall: the page's critical path and its findings, largest
// saving first, each naming its requests with a Show button that selects the request in
// the Requests tab. Every string from the HAR goes into text nodes (el), never markup.
import { formatMs } from '../../src/analysis/har';
import { PHASE_WORDS } from '../../src/analysis/har/critical-path';
import type { Finding, PageInsights } from '../../src/analysis/har/insights';
import { el } from '../shared/dom';

export interface InsightsEvents {
  /** Select the entry at this file position in the Requests tab. */
  show(entryIndex: number): void;
}

export class InsightsPane {
  readonly element = el('section', {
    class: 'har-insights',
    role: 'tabpanel',
    id: 'har-insights',
    'aria-labelledby': 'har-tab-insights',
    hidden: true,
    tabindex: 0,
  });

  constructor(private readonly events: InsightsEvents) {}

  show(insights: PageInsights): void {
    const path = insights.criticalPath;
    const links = path.links.map((link) =>
      el(
        'li',
        {},
        this.showButton(link.row.entry.index, link.label),
        ` ${formatMs(link.row.entry.totalMs)}`,
        link.costliest.ms > 0 ? `, ${PHASE_WORDS[link.costliest.phase]} ${formatMs(link.costliest.ms)}` : '',
        link.mainThreadMs >= 100
          ? ` — after ${formatMs(link.mainThreadMs)} with no request in flight (main thread)`
          : '',
      ),
    );
    const until =
      path.untilWhat === 'onLoad'
        ? `onLoad at ${formatMs(path.untilMs)}`
        : `the last request's end at ${formatMs(path.untilMs)}`;
    const mainThreadTail =
      path.tailMainThreadMs >= 100 ? `; then ${formatMs(path.tailMainThreadMs)} of main-thread work` : '';
    this.element.replaceChildren(
      el('h2', {}, 'Critical path'),
      el('p', {}, `The chain of requests that decided ${until}${mainThreadTail}.`),
      links.length ? el('ol', { class: 'har-insights-path' }, ...links) : el('p', {}, 'No timed requests.'),
      // How the chain was found (inferred from timing, no onLoad, cut): a reader weighs it by this.
      ...path.notes.map((note) => el('p', { class: 'har-insights-note' }, `Note: ${note}.`)),
      el('h2', {}, `Findings (${insights.findings.length})`),
      insights.findings.length
        ? el('ol', { class: 'har-findings' }, ...insights.findings.map((f) => this.finding(f)))
        : el('p', {}, 'No finding rule fired on this page.'),
    );
  }

  private finding(finding: Finding): HTMLElement {
    const saving = finding.savingMs > 0 ? `saves ~${formatMs(finding.savingMs)}` : 'saves nothing on this load';
    const more =
      finding.count > finding.requests.length
        ? el('li', {}, `and ${finding.count - finding.requests.length} more`)
        : null;
    return el(
      'li',
      { class: 'har-finding', 'data-rule': finding.rule },
      el('h3', {}, `${finding.title} — ${saving}`),
      el('p', {}, finding.summary),
      el(
        'ul',
        { class: 'har-finding-requests' },
        ...finding.requests.map((r) =>
          el(
            'li',
            {},
            this.showButton(r.index, r.name),
            r.ms > 0 ? ` ${formatMs(r.ms)}` : '',
            r.onCriticalPath ? ' (critical path)' : '',
          ),
        ),
        more,
      ),
      el('p', { class: 'har-finding-estimate' }, `Estimate: ${finding.estimate}.`),
      el('p', { class: 'har-finding-advice' }, `What to do: ${finding.advice}`),
    );
  }

  private showButton(entryIndex: number, name: string): HTMLElement {
    const button = el(
      'button',
      { type: 'button', class: 'har-link-button', 'aria-label': `Show ${name}`, title: 'Show in the Requests tab' },
      name,
    );
    button.addEventListener('click', () => this.events.show(entryIndex));
    return button;
  }
}

/** Two tabs, Requests and Insights, with arrow keys between them (the WAI-ARIA tabs pattern). */
export class PanelTabs {
  readonly element = el('div', { class: 'har-tabs', role: 'tablist', 'aria-label': 'Views' });
  private readonly requests = el(
    'button',
    { type: 'button', role: 'tab', id: 'har-tab-requests', 'aria-controls': 'har-main', 'aria-selected': 'true' },
    'Requests',
  );
  private readonly insights = el(
    'button',
    {
      type: 'button',
      role: 'tab',
      id: 'har-tab-insights',
      'aria-controls': 'har-insights',
      'aria-selected': 'false',
      tabindex: -1,
    },
    'Insights',
  );

  constructor(private readonly select: (tab: 'requests' | 'insights') => void) {
    this.element.append(this.requests, this.insights);
    this.requests.addEventListener('click', () => select('requests'));
    this.insights.addEventListener('click', () => select('insights'));
    this.element.addEventListener('keydown', (e) => {
      if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
      e.preventDefault();
      const next =
        e.key === 'Home'
          ? 'requests'
          : e.key === 'End'
            ? 'insights'
            : this.current === 'requests'
              ? 'insights'
              : 'requests';
      select(next);
      (next === 'requests' ? this.requests : this.insights).focus();
    });
  }

  get current(): 'requests' | 'insights' {
    return this.insights.getAttribute('aria-selected') === 'true' ? 'insights' : 'requests';
  }

  setSelected(tab: 'requests' | 'insights'): void {
    for (const [name, button] of [
      ['requests', this.requests],
      ['insights', this.insights],
    ] as const) {
      button.setAttribute('aria-selected', String(name === tab));
      button.tabIndex = name === tab ? 0 : -1;
    }
  }

  setCount(findings: number): void {
    this.insights.textContent = `Insights (${findings})`;
  }
}
