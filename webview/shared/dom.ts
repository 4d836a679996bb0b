// DOM building that never parses API-supplied strings as HTML: text goes through
// textContent, attributes through setAttribute, and URLs are never made live links
// unless their scheme is http(s).

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (/^on/i.test(name)) throw new Error(`event attributes are not allowed: ${name}`);
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

// escapeHtml lives in a DOM-free module so node code (the HTML report CLI) shares the same escaping.
export { escapeHtml } from './escape';

/** Only http(s) URLs may become links; anything else (javascript:, data:) stays text. */
export function isSafeLink(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}
