// The legend: the colour scale of the current mode and the node/link symbols.
import { el } from '../shared/dom';
import { svgEl } from './svg';
import { DELAY_SCALE, LOSS_SCALE, RESPONSE_SCALE, type Scale } from './view-model';
import type { ColorMode } from './graph-view';

function swatch(shape: 'dot' | 'line', classes: string): SVGSVGElement {
  const icon = svgEl('svg', { class: 'swatch', width: 26, height: 16, viewBox: '-13 -8 26 16', 'aria-hidden': 'true' });
  if (shape === 'line') icon.append(svgEl('path', { class: `link ${classes}`, d: 'M-12,0 L12,0', 'stroke-width': 3 }));
  else icon.append(svgEl('g', { class: `node ${classes}` }));
  return icon;
}

function symbol(classes: string, build: (g: SVGGElement) => void): SVGSVGElement {
  const icon = swatch('dot', classes);
  build(icon.querySelector('g')!);
  return icon;
}

function scaleList(title: string, scale: readonly Scale[], shape: 'dot' | 'line'): HTMLElement {
  const list = el('ul', { class: 'legend-scale' });
  scale.forEach((s, tone) => {
    const icon =
      shape === 'dot'
        ? symbol(`kind-hop tone-${tone}`, (g) => g.append(svgEl('circle', { class: 'shape', r: 6 })))
        : swatch('line', `tone-${tone}`);
    list.append(el('li', {}, icon, s.label));
  });
  return el('div', {}, el('h3', {}, title), list);
}

export function legend(mode: ColorMode): HTMLElement {
  const scales =
    mode === 'delay'
      ? [scaleList('Link delay', DELAY_SCALE, 'line'), scaleList('Hop response time', RESPONSE_SCALE, 'dot')]
      : [scaleList('Hop loss', LOSS_SCALE, 'dot')];
  const symbols = el(
    'ul',
    { class: 'legend-symbols' },
    el(
      'li',
      {},
      symbol('kind-agent', (g) =>
        g.append(svgEl('rect', { class: 'shape', x: -6, y: -6, width: 12, height: 12, rx: 3 })),
      ),
      'Agent',
    ),
    el(
      'li',
      {},
      symbol('kind-hop', (g) => g.append(svgEl('circle', { class: 'shape', r: 6 }))),
      'Hop',
    ),
    el(
      'li',
      {},
      symbol('kind-hop target', (g) => g.append(svgEl('circle', { class: 'shape', r: 7 }))),
      'Target',
    ),
    el(
      'li',
      {},
      symbol('kind-star hollow', (g) =>
        g.append(svgEl('circle', { class: 'shape', r: 6 }), svgEl('text', { class: 'glyph', y: 3.5 }, '?')),
      ),
      'No response (*)',
    ),
    el(
      'li',
      {},
      symbol('kind-hop mpls', (g) =>
        g.append(svgEl('circle', { class: 'mpls-ring', r: 7.5 }), svgEl('circle', { class: 'shape', r: 4.5 })),
      ),
      'MPLS',
    ),
    el(
      'li',
      {},
      symbol('kind-hop loop', (g) => g.append(svgEl('circle', { class: 'shape', r: 6 }))),
      'Routing loop (repeat)',
    ),
    el(
      'li',
      {},
      symbol('kind-group', (g) =>
        g.append(svgEl('rect', { class: 'shape', x: -10, y: -6, width: 20, height: 12, rx: 4 })),
      ),
      'Group / collapsed chain',
    ),
  );
  return el('section', { class: 'legend', 'aria-label': 'Legend' }, ...scales, el('h3', {}, 'Symbols'), symbols);
}
