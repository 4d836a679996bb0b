// The hop graph as SVG: nodes, links, tones for delay/loss, highlight and search
// classes, pan (drag) and zoom (wheel, buttons). All API text goes through textContent.
import {
  curveSegments,
  placeLabels,
  sampleCurves,
  type HopLink,
  type HopNode,
  type LabelInput,
} from '../../src/analysis/path';
import { svgEl } from './svg';
import {
  DELAY_SCALE,
  LOSS_SCALE,
  RESPONSE_SCALE,
  isUnresponsive,
  linkDelay,
  nodeLatency,
  nodeLoss,
  step,
  type ViewModel,
} from './view-model';

export type ColorMode = 'delay' | 'loss';

export interface GraphCallbacks {
  hover(target: { node?: string; link?: string } | undefined): void;
  select(nodeId: string): void;
}

/** Room around the drawing; agent names sit left of the first layer. */
const MARGIN = 24;
/** The labels' font size (styles.ts), for measuring them before they are shown. */
const LABEL_FONT_PX = 11;

/** Text widths in the labels' font, measured once per render. */
function labelMeasure(): (text: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (text) => text.length * LABEL_FONT_PX * 0.6;
  context.font = `${LABEL_FONT_PX}px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  return (text) => context.measureText(text).width;
}
const LEFT = 150;

interface Transform {
  scale: number;
  x: number;
  y: number;
}

export class GraphView {
  readonly svg: SVGSVGElement;
  private readonly viewport: SVGGElement;
  private transform: Transform = { scale: 1, x: 0, y: 0 };
  private nodeElements = new Map<string, SVGGElement>();
  private linkElements = new Map<string, SVGPathElement>();
  private view: ViewModel | undefined;
  private dragFrom: { x: number; y: number; start: Transform } | undefined;

  constructor(
    private readonly host: HTMLElement,
    private readonly callbacks: GraphCallbacks,
  ) {
    this.svg = svgEl('svg', { class: 'graph', role: 'img' });
    this.viewport = svgEl('g', { class: 'viewport' });
    this.svg.append(this.viewport);
    host.append(this.svg);
    this.listen();
  }

  render(view: ViewModel, labelOf: (node: HopNode) => string, mode: ColorMode): void {
    this.view = view;
    this.viewport.replaceChildren();
    this.nodeElements.clear();
    this.linkElements.clear();
    const links = svgEl('g', { class: 'links' });
    const nodes = svgEl('g', { class: 'nodes' });
    for (const placed of view.layout.links)
      links.append(this.linkElement(view.linkById.get(placed.id)!, placed.points, placed.reversed));
    view.graph.nodes.forEach((node, index) => nodes.append(this.nodeElement(node, index, labelOf(node))));
    this.viewport.append(links, nodes);
    this.placeLabels(view);
    this.setMode(mode);
    this.svg.setAttribute(
      'aria-label',
      `Path graph: ${view.graph.nodes.length} nodes, ${view.graph.links.length} links`,
    );
    this.fit();
  }

  nodeElement(node: HopNode, index: number, label: string): SVGGElement {
    const placed = this.view!.layout.nodes.get(node.id)!;
    const classes = ['node', `kind-${node.kind}`];
    if (isUnresponsive(node)) classes.push('hollow');
    if (node.isTarget) classes.push('target');
    if (node.routingLoop) classes.push('loop'); // a repeat on a route that goes on is no loop
    if (node.mpls.length) classes.push('mpls');
    const group = svgEl('g', {
      class: classes.join(' '),
      id: `pn-${index}`,
      'data-node': node.id,
      transform: `translate(${placed.x + LEFT},${placed.y + MARGIN})`,
    });
    if (node.mpls.length) group.append(svgEl('circle', { class: 'mpls-ring', r: 11 }));
    group.append(this.shape(node));
    if (node.kind === 'star') group.append(svgEl('text', { class: 'glyph', y: 3.5 }, '?'));
    if (node.kind === 'group')
      group.append(svgEl('text', { class: 'glyph', y: 3.5 }, String(node.members?.length ?? 0)));
    const onLeft = node.kind === 'agent';
    group.append(
      svgEl(
        'text',
        {
          class: `label${onLeft || node.isTarget || node.kind === 'group' ? ' always' : ''}`,
          x: onLeft ? -13 : 13,
          y: 4,
          'text-anchor': onLeft ? 'end' : 'start',
        },
        label,
      ),
    );
    this.nodeElements.set(node.id, group);
    return group;
  }

  private shape(node: HopNode): SVGElement {
    if (node.kind === 'agent') return svgEl('rect', { class: 'shape', x: -7, y: -7, width: 14, height: 14, rx: 3 });
    if (node.kind === 'group') return svgEl('rect', { class: 'shape', x: -14, y: -10, width: 28, height: 20, rx: 6 });
    if (node.isTarget) return svgEl('circle', { class: 'shape', r: 9 });
    return svgEl('circle', { class: 'shape', r: node.kind === 'star' ? 6.5 : 7 });
  }

  private linkElement(link: HopLink, points: readonly { x: number; y: number }[], reversed: boolean): SVGPathElement {
    const moved = points.map((p) => ({ x: p.x + LEFT, y: p.y + MARGIN }));
    let d = `M${moved[0]!.x},${moved[0]!.y}`;
    for (const { c1, c2, b } of curveSegments(moved)) d += ` C${c1.x},${c1.y} ${c2.x},${c2.y} ${b.x},${b.y}`;
    const width = Math.min(4.5, 1 + Math.log2(1 + link.samples) / 2);
    const classes = ['link', link.mpls ? 'mpls' : '', reversed ? 'reversed' : ''].filter(Boolean).join(' ');
    const path = svgEl('path', { class: classes, d, 'stroke-width': width.toFixed(2), 'data-link': link.id });
    this.linkElements.set(link.id, path);
    return path;
  }

  /** Each label where no link runs through it and no node covers it; a label with no such spot only on hover. */
  private placeLabels(view: ViewModel): void {
    const measure = labelMeasure();
    const centre = (id: string): { x: number; y: number } => {
      const placed = view.layout.nodes.get(id)!;
      return { x: placed.x + LEFT, y: placed.y + MARGIN };
    };
    const labels: LabelInput[] = [];
    for (const [id, group] of this.nodeElements) {
      const text = group.querySelector('text.label');
      if (!text) continue;
      labels.push({
        id,
        ...centre(id),
        width: measure(text.textContent ?? ''),
        height: LABEL_FONT_PX,
        side: view.nodeById.get(id)?.kind === 'agent' ? 'left' : 'right',
      });
    }
    const curves = view.layout.links.map((link) => link.points.map((p) => ({ x: p.x + LEFT, y: p.y + MARGIN })));
    const spots = placeLabels(labels, sampleCurves(curves), [...this.nodeElements.keys()].map(centre));
    for (const [id, spot] of spots) {
      const text = this.nodeElements.get(id)?.querySelector('text.label');
      if (!text) continue;
      text.setAttribute('x', String(spot.dx));
      text.setAttribute('y', String(spot.dy));
      text.setAttribute('text-anchor', spot.anchor);
      text.classList.toggle('crowded', spot.crowded);
    }
  }

  setMode(mode: ColorMode): void {
    if (!this.view) return;
    this.svg.dataset.mode = mode;
    for (const [id, element] of this.nodeElements) {
      const node = this.view.nodeById.get(id)!;
      const tone = mode === 'loss' ? step(nodeLoss(node), LOSS_SCALE) : step(nodeLatency(node), RESPONSE_SCALE);
      setTone(element, node.kind === 'agent' ? undefined : tone);
    }
    for (const [id, element] of this.linkElements) {
      setTone(element, mode === 'delay' ? step(linkDelay(this.view.linkById.get(id)!), DELAY_SCALE) : undefined);
    }
  }

  /** The hops highlighted now (what Show or an agent put on the path), for the evidence. */
  highlightedNodes(): string[] {
    return [...this.nodeElements].filter(([, element]) => element.classList.contains('on-path')).map(([id]) => id);
  }

  /** Dims everything off the given path; no path clears the highlight. */
  setHighlight(path: { nodes: Set<string>; links: Set<string> } | undefined): void {
    this.svg.classList.toggle('highlighting', path !== undefined);
    for (const [id, element] of this.nodeElements) element.classList.toggle('on-path', path?.nodes.has(id) ?? false);
    for (const [id, element] of this.linkElements) element.classList.toggle('on-path', path?.links.has(id) ?? false);
  }

  /** Marks what changed against the baseline (added, removed, changed); none clears the marks. */
  setDiff(diff: ViewModel['diff']): void {
    this.svg.classList.toggle('comparing', diff !== undefined);
    const nodes = new Map(diff?.nodes.map((n) => [n.id, n.status]) ?? []);
    const links = new Map(diff?.links.map((l) => [l.id, l.status]) ?? []);
    for (const [id, element] of this.nodeElements)
      for (const status of ['added', 'removed', 'changed'] as const)
        element.classList.toggle(`diff-${status}`, nodes.get(id) === status);
    for (const [id, element] of this.linkElements)
      for (const status of ['added', 'removed'] as const)
        element.classList.toggle(`diff-${status}`, links.get(id) === status);
  }

  setMatches(ids: readonly string[]): void {
    const set = new Set(ids);
    this.svg.classList.toggle('searching', set.size > 0);
    for (const [id, element] of this.nodeElements) element.classList.toggle('match', set.has(id));
  }

  setActive(id: string | undefined): string | undefined {
    for (const element of this.viewport.querySelectorAll('.node.active')) element.classList.remove('active');
    const element = id === undefined ? undefined : this.nodeElements.get(id);
    element?.classList.add('active');
    return element?.id;
  }

  zoomBy(factor: number, around?: { x: number; y: number }): void {
    const box = this.host.getBoundingClientRect();
    const centre = around ?? { x: box.width / 2, y: box.height / 2 };
    const scale = Math.min(4, Math.max(0.05, this.transform.scale * factor));
    const applied = scale / this.transform.scale;
    this.apply({
      scale,
      x: centre.x - (centre.x - this.transform.x) * applied,
      y: centre.y - (centre.y - this.transform.y) * applied,
    });
  }

  fit(): void {
    if (!this.view) return;
    const box = this.host.getBoundingClientRect();
    const width = this.view.layout.width + LEFT + 130;
    const height = this.view.layout.height + 2 * MARGIN;
    const scale = Math.min(1.5, Math.max(0.05, Math.min(box.width / width, box.height / height)));
    this.apply({ scale, x: (box.width - width * scale) / 2, y: Math.max(0, (box.height - height * scale) / 2) });
  }

  /** Pans so the node is in view (centred when it was outside), zoomed in enough to read labels. */
  reveal(id: string): void {
    const placed = this.view?.layout.nodes.get(id);
    if (!placed) return;
    const box = this.host.getBoundingClientRect();
    const { scale: current, x, y } = this.transform;
    const screen = { x: (placed.x + LEFT) * current + x, y: (placed.y + MARGIN) * current + y };
    const scale = Math.max(current, 0.9);
    const inside =
      scale === current && screen.x > 40 && screen.x < box.width - 40 && screen.y > 40 && screen.y < box.height - 40;
    if (inside) return;
    this.apply({
      scale,
      x: box.width / 2 - (placed.x + LEFT) * scale,
      y: box.height / 2 - (placed.y + MARGIN) * scale,
    });
  }

  get scale(): number {
    return this.transform.scale;
  }

  private apply(next: Transform): void {
    this.transform = next;
    this.viewport.setAttribute(
      'transform',
      `translate(${next.x.toFixed(1)},${next.y.toFixed(1)}) scale(${next.scale.toFixed(4)})`,
    );
    this.svg.classList.toggle('zoomed', next.scale >= 0.85);
  }

  private listen(): void {
    this.svg.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        const box = this.host.getBoundingClientRect();
        this.zoomBy(Math.exp(-event.deltaY / 400), { x: event.clientX - box.left, y: event.clientY - box.top });
      },
      { passive: false },
    );
    this.svg.addEventListener('pointerdown', (event) => {
      if ((event.target as Element).closest('[data-node]')) return;
      this.dragFrom = { x: event.clientX, y: event.clientY, start: this.transform };
      this.svg.setPointerCapture(event.pointerId);
      this.svg.classList.add('panning');
    });
    this.svg.addEventListener('pointermove', (event) => {
      if (!this.dragFrom) return;
      const { start } = this.dragFrom;
      this.apply({
        scale: start.scale,
        x: start.x + event.clientX - this.dragFrom.x,
        y: start.y + event.clientY - this.dragFrom.y,
      });
    });
    const stop = (): void => {
      this.dragFrom = undefined;
      this.svg.classList.remove('panning');
    };
    this.svg.addEventListener('pointerup', stop);
    this.svg.addEventListener('pointercancel', stop);
    this.svg.addEventListener('pointerover', (event) => {
      const target = event.target as Element;
      const node = target.closest('[data-node]')?.getAttribute('data-node') ?? undefined;
      const link = target.closest('[data-link]')?.getAttribute('data-link') ?? undefined;
      this.callbacks.hover(node || link ? { node, link } : undefined);
    });
    this.svg.addEventListener('pointerleave', () => this.callbacks.hover(undefined));
    this.svg.addEventListener('click', (event) => {
      const node = (event.target as Element).closest('[data-node]')?.getAttribute('data-node');
      if (node) this.callbacks.select(node);
    });
  }
}

function setTone(element: Element, tone: number | undefined): void {
  for (let i = 0; i < 4; i++) element.classList.remove(`tone-${i}`);
  if (tone !== undefined) element.classList.add(`tone-${tone}`);
}
