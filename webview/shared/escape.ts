// HTML escaping without any DOM dependency: used by webviews and by node code that writes
// HTML (the `netmon har report` CLI), so both escape exactly the same characters.

/** Escapes the characters that could end a text node or an attribute value (quoted or not). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
