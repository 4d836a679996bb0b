// SVG elements built like shared/dom.ts builds HTML: attributes via setAttribute,
// text via textContent, never markup parsing.
const SVG_NS = 'http://www.w3.org/2000/svg';

export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | undefined> = {},
  text?: string,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined) continue;
    if (/^on/i.test(name)) throw new Error(`event attributes are not allowed: ${name}`);
    node.setAttribute(name, String(value));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}
