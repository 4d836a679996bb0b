// Path-trace panel: merges the host's detailed traces into one hop graph and draws it.
import { el } from '../shared/dom';
import { hostApi } from '../shared/ipc';
import { drawSafely } from '../shared/draw-safely';
import { adoptStyles } from '../shared/sheet';
import { idsInGraph, localizePathTraces, type HopNode, type PathLocalization } from '../../src/analysis/path';
import { roundMinute } from '../../src/analysis/text/utc';
import { isPathHostMessage, type PathLoadParams, type PathPanelMessage, type PathSources } from './protocol';
import { buildToolbar, fillSelect } from './toolbar';
import { GraphView, type ColorMode } from './graph-view';
import { agentPath, buildView, searchNodes, type ViewModel, type ViewOptions } from './view-model';
import { linkDetails, nodeDetails } from './details';
import { legend } from './legend';
import { nextNode } from './keyboard';
import { PATH_CSS } from './styles';

const host = hostApi<PathPanelMessage>();

const roundLabel = roundMinute;

class PathPanel {
  private readonly toolbar = buildToolbar();
  private readonly canvas = el('div', {
    class: 'canvas',
    tabindex: 0,
    role: 'application',
    'aria-label': 'Path graph. Arrow keys move between hops, + and − zoom, 0 fits, Enter highlights an agent.',
  });
  private readonly status = el('div', { class: 'status', role: 'status' }, 'Waiting for path traces…');
  private readonly details = el('section', { class: 'details', 'aria-live': 'polite' });
  private readonly legendSlot = el('div');
  /** Where the problem is (loss, delay, rate-limited hops), above the graph. */
  private readonly banner = el('section', {
    class: 'localize',
    'aria-label': 'Where the problem is',
    'aria-live': 'polite',
  });
  private localization: PathLocalization | undefined;
  /** Opened from a session: the session's own measurements first, then this round's, and why they differ. */
  private readonly sources = el('section', {
    class: 'sources',
    'aria-label': "This session beside the test's path",
    'aria-live': 'polite',
  });
  /** What changed against the baseline round, when comparing. */
  private readonly diffSlot = el('section', { class: 'diff-summary', 'aria-live': 'polite' });
  private readonly graph = new GraphView(this.canvas, {
    hover: (target) => this.showDetails(target ?? (this.active ? { node: this.active } : undefined)),
    select: (id) => this.activate(id, false),
  });
  private params: PathLoadParams | undefined;
  private view: ViewModel | undefined;
  private options: ViewOptions = { groupBy: 'none', collapse: false };
  private mode: ColorMode = 'delay';
  private active: string | undefined;
  private matches: string[] = [];
  private matchIndex = -1;

  constructor() {
    this.canvas.append(this.status);
    const side = el(
      'aside',
      { class: 'side' },
      this.diffSlot,
      el('h2', {}, 'Details'),
      this.details,
      this.legendSlot,
      el('h3', {}, 'Keys'),
      el(
        'div',
        { class: 'keys' },
        '←/→ along links · ↑/↓ within a hop · Home/End agent/target · Enter highlight agent · ' +
          '+/−/0 zoom · / search · Esc clear',
      ),
    );
    document.body.append(
      el(
        'div',
        { class: 'app' },
        this.toolbar.root,
        this.sources,
        this.banner,
        el('main', { class: 'body' }, this.canvas, side),
      ),
    );
    this.legendSlot.append(legend(this.mode));
    this.hint();
    this.wire();
  }

  load(params: PathLoadParams): void {
    this.params = params;
    this.toolbar.title.textContent = params.title;
    this.toolbar.title.title = params.title;
    fillSelect(
      this.toolbar.round,
      params.rounds.map((r) => [
        String(r.roundId),
        `${roundLabel(r.roundId)}${r.agents !== undefined ? ` · ${r.agents} agents` : ''}`,
      ]),
      params.roundId !== undefined ? String(params.roundId) : '',
    );
    fillSelect(
      this.toolbar.compare,
      [
        ['', 'Nothing'],
        ...params.rounds
          .filter((r) => r.roundId !== params.roundId)
          .map((r): [string, string] => [String(r.roundId), roundLabel(r.roundId)]),
      ],
      params.baseline ? String(params.baseline.roundId) : '',
    );
    const agents = [...new Set(params.traces.map((t) => String(t.agentId)))].sort((a, b) =>
      this.agentName(a).localeCompare(this.agentName(b)),
    );
    fillSelect(
      this.toolbar.agent,
      [['', 'All agents'], ...agents.map((a): [string, string] => [a, this.agentName(a)])],
      params.highlightAgentId ?? '',
    );
    this.status.textContent = params.traces.length === 0 ? 'No path traces in this round.' : '';
    this.status.classList.remove('error');
    this.localization = params.traces.length
      ? localizePathTraces(params.traces, { agentName: (id) => this.agentName(id) })
      : undefined;
    this.showSources(params.sources);
    this.rebuild();
    if (this.view) {
      const changedAgents = this.view.diff?.agents.filter((a) => a.kind === 'changed').length;
      const findings = this.localization
        ? this.localization.loss.length +
          this.localization.routingLoops.length +
          this.localization.delay.length +
          this.localization.rateLimited.length
        : undefined;
      host.postMessage({
        type: 'rendered',
        params: {
          nodes: this.view.graph.nodes.length,
          links: this.view.graph.links.length,
          agents: agents.length,
          ...(changedAgents === undefined ? {} : { changedAgents }),
          ...(findings === undefined ? {} : { findings }),
        },
      });
    }
  }

  showStatus(text: string, isError: boolean): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', isError);
  }

  private agentName(agentId: string): string {
    return this.params?.agentNames?.[agentId] ?? agentId;
  }

  private label(node: HopNode): string {
    if (node.kind === 'agent') return this.agentName(node.id.slice('agent:'.length));
    if (node.kind === 'star') return '*';
    if (node.kind === 'group') return node.groupKey ?? '';
    return node.ip ?? node.id;
  }

  private rebuild(): void {
    if (!this.params) return;
    const { baseline } = this.params;
    this.view = buildView(
      this.params.traces,
      this.options,
      baseline ? { traces: baseline.traces, names: this.params.agentNames ?? {} } : undefined,
    );
    this.toolbar.groupBy.disabled = baseline !== undefined;
    this.toolbar.collapse.disabled = baseline !== undefined;
    this.active = undefined;
    this.graph.render(this.view, (n) => this.label(n), this.mode);
    this.graph.setDiff(this.view.diff);
    this.showDiff();
    this.showLocalization();
    this.applyHighlight();
    this.runSearch();
    this.hint();
  }

  private showSources(sources: PathLoadParams['sources']): void {
    if (!sources) {
      this.sources.replaceChildren();
      return;
    }
    const statement = (side: PathSources['session']): HTMLElement[] => [
      el('dt', {}, side.source),
      el('dd', {}, `${side.loss}; ${side.latency}`),
    ];
    this.sources.classList.toggle('disagree', sources.agree === 'no');
    this.sources.replaceChildren(
      el('strong', {}, sources.heading),
      el('dl', {}, ...statement(sources.session), ...statement(sources.path)),
      ...(sources.reasons.length ? [el('p', {}, `Why they can differ: ${sources.reasons.join('; ')}.`)] : []),
    );
  }

  /** The findings in words, each with Show (highlights its hops and links in the graph as drawn). */
  private showLocalization(): void {
    const found = this.localization;
    if (!found || !this.view) {
      this.banner.replaceChildren();
      return;
    }
    const view = this.view;
    const item = (line: string, hopIds: readonly string[], linkIds: readonly string[] = []): HTMLElement => {
      const show = el('button', { type: 'button', 'aria-label': `Show in the graph: ${line}` }, 'Show');
      show.addEventListener('click', () => {
        const nodes = new Set(idsInGraph(hopIds, view.graph));
        const links = new Set(linkIds.filter((id) => view.linkById.has(id)));
        this.toolbar.agent.value = '';
        this.graph.setHighlight({ nodes, links });
        const first = [...nodes][0];
        if (first) this.activate(first, true);
      });
      return el('li', {}, line, ' ', show);
    };
    const items = [
      ...found.loss.map((f) => item(f.line, f.hopIds)),
      ...found.routingLoops.map((f) => item(f.line, f.hopIds)),
      ...found.delay.map((f) => item(f.line, f.hopIds, f.linkIds)),
      ...found.rateLimited.map((f) => item(f.line, f.hopIds)),
    ];
    this.banner.classList.toggle('healthy', found.healthy && found.delay.length === 0);
    this.banner.replaceChildren(el('strong', {}, found.headline), ...(items.length ? [el('ul', {}, ...items)] : []));
  }

  private showDiff(): void {
    const diff = this.view?.diff;
    const baseline = this.params?.baseline;
    if (!diff || !baseline) {
      this.diffSlot.replaceChildren();
      return;
    }
    const changed = diff.agents.filter((a) => a.kind !== 'same');
    const rows = changed.map((agent) => {
      const show = el('button', { type: 'button', 'aria-label': `Highlight the path of ${agent.name}` }, 'Show');
      show.addEventListener('click', () => {
        this.toolbar.agent.value = agent.agentId;
        this.applyHighlight();
      });
      return el('li', {}, agent.line, agent.kind === 'changed' ? show : null);
    });
    this.diffSlot.replaceChildren(
      el('h2', {}, `Compared with ${roundLabel(baseline.roundId)}`),
      el('p', {}, diff.summary),
      rows.length ? el('ul', {}, ...rows) : el('p', { class: 'hint' }, 'No agent changed route.'),
      el(
        'div',
        { class: 'diff-key' },
        el('span', { class: 'k-added' }, 'added'),
        el('span', { class: 'k-removed' }, 'removed'),
        el('span', { class: 'k-changed' }, 'network changed'),
      ),
    );
  }

  private applyHighlight(): void {
    const agentId = this.toolbar.agent.value;
    this.graph.setHighlight(this.view && agentId ? agentPath(this.view, agentId) : undefined);
  }

  private runSearch(): void {
    if (!this.view) return;
    this.matches = searchNodes(this.view, this.toolbar.search.value, (id) => this.agentName(id));
    this.matchIndex = -1;
    this.graph.setMatches(this.matches);
    const query = this.toolbar.search.value.trim();
    this.toolbar.matchCount.textContent = query
      ? `${this.matches.length} match${this.matches.length === 1 ? '' : 'es'}`
      : '';
  }

  private stepMatch(delta: number): void {
    if (this.matches.length === 0) return;
    this.matchIndex = (this.matchIndex + delta + this.matches.length) % this.matches.length;
    this.activate(this.matches[this.matchIndex]!, true);
  }

  private activate(id: string, reveal: boolean): void {
    this.active = id;
    const elementId = this.graph.setActive(id);
    if (elementId) this.canvas.setAttribute('aria-activedescendant', elementId);
    if (reveal) this.graph.reveal(id);
    this.showDetails({ node: id });
  }

  private showDetails(target: { node?: string; link?: string } | undefined): void {
    const node = target?.node ? this.view?.nodeById.get(target.node) : undefined;
    const link = !node && target?.link ? this.view?.linkById.get(target.link) : undefined;
    if (node)
      this.details.replaceChildren(
        nodeDetails(
          node,
          (id) => this.agentName(id),
          (agentIds, hop) => host.postMessage({ type: 'findSessions', params: { agentIds, hop } }),
        ),
      );
    else if (link)
      this.details.replaceChildren(
        linkDetails(
          link,
          this.label(this.view!.nodeById.get(link.from)!),
          this.label(this.view!.nodeById.get(link.to)!),
        ),
      );
    else this.hint();
  }

  private hint(): void {
    const counts = this.view ? `${this.view.graph.nodes.length} nodes, ${this.view.graph.links.length} links. ` : '';
    this.details.replaceChildren(
      el(
        'p',
        { class: 'hint' },
        `${counts}Hover or focus a hop for its IP, prefix, rDNS, network, location and response time.`,
      ),
    );
  }

  private onKey(event: KeyboardEvent): void {
    if (!this.view) return;
    const target = nextNode(this.view, this.active, event.key);
    if (target !== undefined) {
      event.preventDefault();
      this.activate(target, true);
      return;
    }
    const node = this.active ? this.view.nodeById.get(this.active) : undefined;
    switch (event.key) {
      case '+':
      case '=':
        this.graph.zoomBy(1.25);
        break;
      case '-':
      case '_':
        this.graph.zoomBy(0.8);
        break;
      case '0':
        this.graph.fit();
        break;
      case '/':
        this.toolbar.search.focus();
        break;
      case 'Enter':
      case ' ':
        if (node?.kind === 'agent') {
          this.toolbar.agent.value = node.id.slice('agent:'.length);
          this.applyHighlight();
        }
        break;
      case 'Escape':
        this.clear();
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  private clear(): void {
    this.toolbar.agent.value = '';
    this.toolbar.search.value = '';
    this.applyHighlight();
    this.runSearch();
  }

  private wire(): void {
    const t = this.toolbar;
    t.round.addEventListener('change', () => {
      const roundId = Number(t.round.value);
      this.showStatus(`Loading round ${roundLabel(roundId)}…`, false);
      host.postMessage({ type: 'selectRound', params: { roundId } });
    });
    t.compare.addEventListener('change', () => {
      const roundId = t.compare.value === '' ? undefined : Number(t.compare.value);
      if (roundId !== undefined) this.showStatus(`Loading round ${roundLabel(roundId)} to compare with…`, false);
      host.postMessage({ type: 'compareWith', params: roundId === undefined ? {} : { roundId } });
    });
    t.agent.addEventListener('change', () => this.applyHighlight());
    t.search.addEventListener('input', () => this.runSearch());
    t.search.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        this.stepMatch(event.shiftKey ? -1 : 1);
      }
      if (event.key === 'Escape') {
        t.search.value = '';
        this.runSearch();
      }
    });
    t.mode.addEventListener('change', () => {
      this.mode = t.mode.value === 'loss' ? 'loss' : 'delay';
      this.graph.setMode(this.mode);
      this.legendSlot.replaceChildren(legend(this.mode));
    });
    t.groupBy.addEventListener('change', () => {
      const value = t.groupBy.value;
      this.options = { ...this.options, groupBy: value === 'network' || value === 'prefix' ? value : 'none' };
      this.rebuild();
    });
    t.collapse.addEventListener('change', () => {
      this.options = { ...this.options, collapse: t.collapse.checked };
      this.rebuild();
    });
    t.zoomIn.addEventListener('click', () => this.graph.zoomBy(1.25));
    t.zoomOut.addEventListener('click', () => this.graph.zoomBy(0.8));
    t.fit.addEventListener('click', () => this.graph.fit());
    t.asText.addEventListener('click', () => {
      const agentId = t.agent.value || undefined;
      host.postMessage({
        type: 'openAsText',
        params: {
          ...(agentId ? { agentId } : {}),
          ...(this.params?.roundId !== undefined ? { roundId: this.params.roundId } : {}),
        },
      });
    });
    // The evidence holds the hops highlighted in the graph, else the focused one.
    const highlightHops = (): string[] => {
      const highlighted = this.graph.highlightedNodes();
      return highlighted.length > 0 ? highlighted : this.active ? [this.active] : [];
    };
    t.evidence.addEventListener('click', () =>
      host.postMessage({ type: 'exportEvidence', params: { highlightHops: highlightHops() } }),
    );
    t.share.addEventListener('click', () =>
      host.postMessage({ type: 'shareForTicket', params: { highlightHops: highlightHops() } }),
    );
    this.canvas.addEventListener('keydown', (event) => this.onKey(event));
    window.addEventListener('resize', () => this.graph.fit());
  }
}

adoptStyles(PATH_CSS);
const panel = new PathPanel();
window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isPathHostMessage(message)) return;
  if (message.type === 'load') drawSafely(host, () => panel.load(message.params));
  else if (message.type === 'loading') {
    panel.showStatus(`Loading round ${roundLabel(message.params.roundId)}…`, false);
  } else panel.showStatus(message.params.message, true);
});
host.postMessage({ type: 'ready', params: undefined });
